package tinrail

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// stateFormat is the version byte that starts every encoded state.
const stateFormat = 1

// ErrBadState is wrapped by every UnmarshalBinary failure.
var ErrBadState = errors.New("tinrail: bad state encoding")

// MarshalBinary encodes the state compactly:
//
//	format (1) | seed (8, little endian) | flags (1) | ending (1) |
//	placements (1) | survived (1) | engines 2 x (cell, port) |
//	board (36: 0 empty, else 1 + tile*4 + rotation) |
//	your hand (count, tiles) | G-Bot's hand (count, tiles) | pile (count, tiles top first)
//
// flags: bit 0 opponent (1 Wise), bit 1 turn (1 G-Bot), bits 2-3 engines
// out (player, G-Bot), bits 4-5 result.
func (s *State) MarshalBinary() ([]byte, error) {
	b := make([]byte, 0, 64+Cells+len(s.pile))
	b = append(b, stateFormat)
	b = binary.LittleEndian.AppendUint64(b, s.seed)
	flags := byte(s.opponent) | byte(s.turn)<<1 | byte(s.result)<<4
	for i, out := range s.pos.out {
		if out {
			flags |= 1 << (2 + i)
		}
	}
	b = append(b, flags, byte(s.ending), byte(s.placements), byte(s.survived))
	for _, n := range s.pos.at {
		b = append(b, byte(n.Cell), byte(n.Port))
	}
	b = append(b, s.pos.board[:]...)
	for _, h := range s.hands {
		b = append(b, h.n)
		for _, t := range h.tiles[:h.n] {
			b = append(b, byte(t))
		}
	}
	b = append(b, byte(len(s.pile)))
	for _, t := range s.pile {
		b = append(b, byte(t))
	}
	return b, nil
}

// UnmarshalBinary decodes a state written by MarshalBinary between turns:
// finished, or open and waiting for the player. Any other byte string,
// including one describing an impossible match or an open match waiting for
// G-Bot (a state caught between the player's placement and G-Bot's reply),
// answers an error wrapping ErrBadState and leaves s unchanged.
func (s *State) UnmarshalBinary(data []byte) error {
	d := decoder{data: data}
	var n State
	if v := d.byte(); v != stateFormat {
		return d.fail(fmt.Sprintf("unknown format %d", v))
	}
	n.seed = d.uint64()
	flags := d.byte()
	n.opponent = Opponent(flags & 1)
	n.turn = Player(flags >> 1 & 1)
	n.pos.out = [2]bool{flags&4 != 0, flags&8 != 0}
	n.result = Result(flags >> 4 & 3)
	if flags>>6 != 0 {
		return d.fail("unknown flags")
	}
	n.ending = Ending(d.byte())
	n.placements = int(d.byte())
	n.survived = int(d.byte())
	for i := range n.pos.at {
		n.pos.at[i] = Notch{Cell: int(d.byte()), Port: int(d.byte())}
	}
	copy(n.pos.board[:], d.bytes(Cells))
	for i := range n.hands {
		c := int(d.byte())
		if c > HandSize {
			return d.fail("hand too large")
		}
		for _, t := range d.bytes(c) {
			n.hands[i].add(Tile(t))
		}
	}
	pile := d.bytes(int(d.byte()))
	n.pile = make([]Tile, len(pile))
	for i, t := range pile {
		n.pile[i] = Tile(t)
	}
	if d.err != nil {
		return d.err
	}
	if len(d.data) != 0 {
		return d.fail("trailing bytes")
	}
	if err := n.check(); err != nil {
		return d.fail(err.Error())
	}
	if n.result == Ongoing && n.turn != You {
		return d.fail("an open match must wait for the player, with both engines on the table")
	}
	*s = n
	return nil
}

// check verifies the invariants every reachable state keeps. A stored state
// (see UnmarshalBinary) must moreover be finished or wait for the player.
func (s *State) check() error {
	var seen [TileCount]bool
	mark := func(t Tile) error {
		if t >= TileCount || seen[t] {
			return fmt.Errorf("tile %d missing or repeated", t)
		}
		seen[t] = true
		return nil
	}
	placed := 0
	for c := range Cells {
		v := s.pos.board[c]
		if v == 0 {
			continue
		}
		if v > TileCount*Rotations {
			return errors.New("bad board cell")
		}
		pl, _ := s.pos.board.At(c)
		if err := mark(pl.Tile); err != nil {
			return err
		}
		placed++
	}
	for _, h := range s.hands {
		for _, t := range h.tiles[:h.n] {
			if err := mark(t); err != nil {
				return err
			}
		}
	}
	for _, t := range s.pile {
		if err := mark(t); err != nil {
			return err
		}
	}
	switch {
	case placed+s.hands[0].Len()+s.hands[1].Len()+len(s.pile) != TileCount:
		return errors.New("tiles do not add up to the deck")
	case placed != s.placements || s.survived > s.placements:
		return errors.New("bad counters")
	case s.opponent > Wise || s.result > Draw || s.ending > TilesExhausted:
		return errors.New("bad enum")
	case (s.result == Ongoing) != (s.ending == NotEnded):
		return errors.New("result and ending disagree")
	case s.result == Ongoing && (s.turn > GBot || s.pos.out[0] || s.pos.out[1] || s.hands[s.turn].Len() == 0):
		return errors.New("an open match must wait for a side holding a tile, with both engines on the table")
	}
	for i, n := range s.pos.at {
		if n.Cell >= Cells || n.Port >= Ports {
			return errors.New("engine off the board")
		}
		if !s.pos.out[i] && !s.pos.board.Empty(n.Cell) {
			return errors.New("engine faces a tiled cell")
		}
	}
	return nil
}

// decoder reads bytes and remembers the first shortage.
type decoder struct {
	data []byte
	err  error
}

func (d *decoder) bytes(n int) []byte {
	if d.err != nil || len(d.data) < n {
		d.err = fmt.Errorf("%w: truncated", ErrBadState)
		d.data = nil
		return nil
	}
	b := d.data[:n]
	d.data = d.data[n:]
	return b
}

func (d *decoder) byte() byte {
	if b := d.bytes(1); b != nil {
		return b[0]
	}
	return 0
}

func (d *decoder) uint64() uint64 {
	if b := d.bytes(8); b != nil {
		return binary.LittleEndian.Uint64(b)
	}
	return 0
}

func (d *decoder) fail(why string) error {
	if d.err != nil {
		return d.err
	}
	return fmt.Errorf("%w: %s", ErrBadState, why)
}
