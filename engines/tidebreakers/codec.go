package tidebreakers

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// stateFormat is the version byte that starts every encoded state;
// stateFormatV1, whose seed was a uvarint, is still read.
const (
	stateFormat   = 2
	stateFormatV1 = 1
)

// MaxStrength bounds a garrison in an encoded state: all the supply of a
// whole match, added to every starting garrison, stays far below it.
const MaxStrength = 1 << 14

// ErrBadState is wrapped by every UnmarshalBinary failure.
var ErrBadState = errors.New("tidebreakers: bad state encoding")

// MarshalBinary encodes the state compactly:
//
//	format | seed (8 bytes, little endian) | players | opener | turn |
//	round | supply left | phase | out (bit per seat) | ending | winner+1 |
//	25 islands (owner+1, strength uvarint) |
//	log count, entries (kind, round, seat+1, from, to, sent, before, after;
//	numbers as uvarints)
//
// The seed, the one hidden value, has a fixed width; the fields of varying
// width (garrisons, the log and its numbers) are on the board or in the
// log for every captain to see, so an encoding's length tells nothing
// hidden.
func (s *State) MarshalBinary() ([]byte, error) {
	b := make([]byte, 0, 128)
	b = append(b, stateFormat)
	b = binary.LittleEndian.AppendUint64(b, s.seed)
	var out byte
	for p, o := range s.out {
		if o {
			out |= 1 << p
		}
	}
	b = append(b, byte(s.players), byte(s.opener), byte(s.turn), byte(s.round), byte(s.supplyLeft),
		byte(s.phase), out, byte(s.ending), byte(s.winner+1))
	for _, is := range s.islands {
		b = append(b, byte(is.Owner+1))
		b = binary.AppendUvarint(b, uint64(is.Strength))
	}
	b = append(b, byte(len(s.log)))
	for _, e := range s.log {
		b = append(b, byte(e.Kind), byte(e.Round), byte(e.Seat+1), byte(e.From), byte(e.To))
		for _, v := range []int{e.Sent, e.Before, e.After} {
			b = binary.AppendUvarint(b, uint64(v))
		}
	}
	return b, nil
}

// UnmarshalBinary decodes a state written by MarshalBinary, or in format 1
// (the seed as a canonical uvarint, the rest alike). Any other byte string,
// including one describing an impossible match, answers an error wrapping
// ErrBadState and leaves s unchanged.
func (s *State) UnmarshalBinary(data []byte) error {
	d := decoder{data: data}
	var n State
	switch d.byte() {
	case stateFormat:
		n.seed = d.uint64()
	case stateFormatV1:
		n.seed = d.uvarint(1<<64 - 1)
	default:
		return fmt.Errorf("%w: unknown format", ErrBadState)
	}
	n.players = int(d.byte())
	n.opener, n.turn, n.round, n.supplyLeft = int(d.byte()), int(d.byte()), int(d.byte()), int(d.byte())
	n.phase = Phase(d.byte())
	out := d.byte()
	if out >= 1<<MaxPlayers {
		d.err = true
	}
	n.ending, n.winner = Ending(d.byte()), int(d.byte())-1
	for p := range n.out {
		n.out[p] = out&(1<<p) != 0
	}
	for i := range n.islands {
		n.islands[i] = Island{Owner: int(d.byte()) - 1, Strength: int(d.uvarint(MaxStrength))}
	}
	count := int(d.byte())
	if count > LogKept {
		d.err = true
	}
	for range count {
		if d.err {
			break
		}
		e := Entry{Kind: EntryKind(d.byte()), Round: int(d.byte()), Seat: int(d.byte()) - 1, From: int(d.byte()), To: int(d.byte())}
		e.Sent, e.Before, e.After = int(d.uvarint(MaxStrength)), int(d.uvarint(MaxStrength)), int(d.uvarint(MaxStrength))
		n.log = append(n.log, e)
	}
	if d.err || d.pos != len(data) {
		return fmt.Errorf("%w: truncated or trailing bytes", ErrBadState)
	}
	if err := n.validate(); err != nil {
		return fmt.Errorf("%w: %v", ErrBadState, err)
	}
	*s = n
	return nil
}

// validate checks that a decoded state is one a match can reach.
func (s *State) validate() error {
	switch {
	case s.players < MinPlayers || s.players > MaxPlayers:
		return fmt.Errorf("%d captains", s.players)
	case s.opener >= s.players || s.turn >= s.players:
		return errors.New("seat out of range")
	case s.round < 1 || s.round > MaxRounds:
		return fmt.Errorf("round %d", s.round)
	case s.phase > Sailing || s.ending > TimeLimit:
		return errors.New("bad phase or ending")
	case s.winner < Wild || s.winner >= s.players || (s.ending == NotEnded && s.winner != Wild):
		return errors.New("bad winner")
	}
	for p := s.players; p < MaxPlayers; p++ {
		if s.out[p] {
			return errors.New("an absent seat is out")
		}
	}
	for p := range s.players {
		if n, _ := s.Count(p); (n == 0) != s.out[p] {
			return fmt.Errorf("seat %d out is %v with %d islands", p, s.out[p], n)
		}
	}
	for _, is := range s.islands {
		if is.Owner < Wild || is.Owner >= s.players {
			return fmt.Errorf("owner %d", is.Owner)
		}
	}
	if (s.phase == Supplying) != (s.supplyLeft > 0) || s.supplyLeft > SupplyIn(s.round) {
		return errors.New("supply and phase disagree")
	}
	if err := s.validateEnd(); err != nil {
		return err
	}
	for _, e := range s.log {
		if e.Kind < Captured || e.Kind > Ended || e.Round < 1 || e.Round > MaxRounds || e.Seat < Wild || e.Seat >= s.players ||
			e.From >= Islands || e.To >= Islands {
			return errors.New("bad log entry")
		}
	}
	return nil
}

// validateEnd checks that an open match has no winner yet, and that an
// ended one ended as its board says.
func (s *State) validateEnd() error {
	in, most := 0, 0
	for p := range s.players {
		n, _ := s.Count(p)
		if n > 0 {
			in++
		}
		most = max(most, n)
	}
	switch s.ending {
	case NotEnded:
		if s.out[s.turn] || in < 2 || most >= WinIslands {
			return errors.New("an open match that is over")
		}
	case Conquest:
		if n, _ := s.Count(s.winner); s.winner == Wild || n < WinIslands {
			return errors.New("a conquest without 13 islands")
		}
	case LastStanding:
		if s.winner == Wild || in != 1 || s.out[s.winner] {
			return errors.New("a last captain standing among others")
		}
	case RoundCap, TimeLimit:
		if s.ending == RoundCap && s.round != MaxRounds {
			return errors.New("a round cap before the last round")
		}
		if s.scoreWinner() != s.winner {
			return errors.New("a scored end with another winner")
		}
	}
	return nil
}

// decoder reads bytes, remembering the first failure.
type decoder struct {
	data []byte
	pos  int
	err  bool
}

func (d *decoder) byte() byte {
	if d.err || d.pos >= len(d.data) {
		d.err = true
		return 0
	}
	d.pos++
	return d.data[d.pos-1]
}

func (d *decoder) uint64() uint64 {
	if d.err || len(d.data)-d.pos < 8 {
		d.err = true
		return 0
	}
	d.pos += 8
	return binary.LittleEndian.Uint64(d.data[d.pos-8:])
}

func (d *decoder) uvarint(limit uint64) uint64 {
	if d.err {
		return 0
	}
	v, n := binary.Uvarint(d.data[d.pos:])
	if n <= 0 || v > limit || n != len(binary.AppendUvarint(nil, v)) {
		d.err = true
		return 0
	}
	d.pos += n
	return v
}
