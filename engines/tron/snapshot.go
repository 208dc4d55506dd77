package tron

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// snapshotFormat is the version byte that starts every snapshot.
const snapshotFormat = 1

// A snapshot is a match as it stands, not as it was played, so that
// reading it back costs its trails, never its rounds; the live server
// stored its matches so before it stored the record of their rounds
// (games/tron/live), and reads those it stored then with FromSnapshot:
//
//	format | seed (8 bytes, little endian) | width | height | players |
//	round (uvarint) | per cycle, the round it died in (uvarint, 0 alive) |
//	per living cycle, its first cell (x, y) | per living cycle, the
//	direction of each later cell from the one before, 2 bits each (x+ 0,
//	x- 1, y+ 2, y- 3), packed from the low bits up, cycle after cycle
//
// A living cycle's trail holds round+1 cells and a dead one's none, so the
// lengths are not written. A snapshot keeps no moves: the match it reads
// back plays on but does not MarshalBinary.

// ErrBadSnapshot is wrapped by every FromSnapshot failure.
var ErrBadSnapshot = errors.New("tron: bad snapshot")

// FromSnapshot reads a match AppendSnapshot wrote. Any other byte string,
// a trail off the grid or across another included, answers an error
// wrapping ErrBadSnapshot.
func FromSnapshot(data []byte) (*State, error) {
	bad := func(why string, args ...any) (*State, error) {
		return nil, fmt.Errorf("%w: %s", ErrBadSnapshot, fmt.Sprintf(why, args...))
	}
	if len(data) < 12 || data[0] != snapshotFormat {
		return bad("unknown format or truncated")
	}
	s := &State{seed: binary.LittleEndian.Uint64(data[1:]), width: int(data[9]), height: int(data[10]), players: int(data[11]), restored: true}
	m, err := New(0, s.width, s.height, s.players)
	if err != nil {
		return bad("%v", err)
	}
	s.grid = m.grid
	pos := 12
	uvarint := func(most uint64) (int, bool) {
		v, n := binary.Uvarint(data[pos:])
		if n <= 0 || n != len(binary.AppendUvarint(nil, v)) || v > most {
			return 0, false
		}
		pos += n
		return int(v), true
	}
	var ok bool
	if s.round, ok = uvarint(MaxSide * MaxSide); !ok {
		return bad("bad round")
	}
	for p := range s.players {
		if s.died[p], ok = uvarint(uint64(s.round)); !ok {
			return bad("bad round of death for cycle %d", p)
		}
		s.alive[p] = s.died[p] == 0
	}
	starts := pos
	if pos += 2 * s.Living(); len(data) < pos+(s.Living()*s.round+3)/4 {
		return bad("truncated trails")
	}
	if err := s.emptyGrid(); err != nil {
		return nil, err
	}
	k := 0 // directions read
	for p := range s.players {
		if !s.alive[p] {
			continue
		}
		ok := s.start(p, Cell{int(data[starts]), int(data[starts+1])})
		starts += 2
		for i := 1; ok && i <= s.round; i++ {
			ok = s.step(p, Dir(data[pos+k/4]>>(2*(k%4))&3))
			k++
		}
		if !ok {
			return nil, crossed(p)
		}
	}
	if pos+(k+3)/4 != len(data) || k%4 != 0 && data[len(data)-1]>>(2*(k%4)) != 0 {
		return bad("stray bytes or bits")
	}
	return s, nil
}

// Rewound is the match dealt from seed as it stood after round rounds,
// worked out from how it was played rather than played again: died[p] is
// the round cycle p died in (0 if it lived through them all; later rounds
// count as 0), dir(r, p) the direction cycle p moved in round r (1 to
// round) while it lived. Each cycle's trail is walked from its start, so
// the cost is the cells walked, with no round resolved. Trails that
// leave the grid or meet answer an error wrapping ErrBadSnapshot; that
// the cycles died when died says is the caller's to know.
// Like a snapshot, the match keeps no moves, those it plays on included:
// it does not MarshalBinary, and a Clone of it costs the grid alone (at
// round 0, it is the match New deals, for a caller that keeps its own
// record of the moves).
func Rewound(seed uint64, width, height, players, round int, died [MaxPlayers]int, dir func(r, p int) Dir) (*State, error) {
	s, err := New(seed, width, height, players)
	if err != nil {
		return nil, err
	}
	if round < 0 || round > MaxSide*MaxSide {
		return nil, fmt.Errorf("%w: round %d", ErrBadSnapshot, round)
	}
	s.round, s.restored = round, true
	for p := range players {
		if d := died[p]; d > 0 && d <= round {
			s.alive[p], s.died[p] = false, d
		}
	}
	starts := s.heads
	if err := s.emptyGrid(); err != nil {
		return nil, err
	}
	for p := range players {
		if !s.alive[p] {
			continue
		}
		ok := s.start(p, starts[p])
		for r := 1; ok && r <= round; r++ {
			ok = s.step(p, dir(r, p))
		}
		if !ok {
			return nil, crossed(p)
		}
	}
	return s, nil
}

// emptyGrid empties s's grid and trails for the living trails of
// round+1 cells to be laid on it, refusing with an error wrapping
// ErrBadSnapshot trails too long to fit it.
func (s *State) emptyGrid() error {
	if s.Living() > 0 && (s.round+1)*s.Living() > s.width*s.height {
		return fmt.Errorf("%w: %d living trails of %d cells do not fit the grid", ErrBadSnapshot, s.Living(), s.round+1)
	}
	clear(s.grid)
	s.heads, s.length = [MaxPlayers]Cell{}, [MaxPlayers]int{}
	return nil
}

// step lays the cell a move in d leads to from cycle p's head as its new
// head (a direction past the four read as Step reads it), answering false
// when the cell is off the grid or taken.
func (s *State) step(p int, d Dir) bool {
	d = min(d, YMinus)
	h := s.heads[p]
	x, y := Step(h.X, h.Y, d)
	if !s.Free(x, y) {
		return false
	}
	s.grow(p, Cell{x, y}, d)
	return true
}

// crossed is the error of cycle p's trail laid off the grid or across a
// trail.
func crossed(p int) error {
	return fmt.Errorf("%w: cycle %d's trail leaves the grid or crosses a trail", ErrBadSnapshot, p)
}
