package tron

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// snapshotFormat is the version byte that starts every snapshot.
const snapshotFormat = 1

// AppendSnapshot appends the match as it stands, not as it was played, so
// that reading it back costs its trails, never its rounds:
//
//	format | seed (8 bytes, little endian) | width | height | players |
//	round (uvarint) | per cycle, the round it died in (uvarint, 0 alive) |
//	per living cycle, its first cell (x, y) | per living cycle, the
//	direction of each later cell from the one before, 2 bits each (x+ 0,
//	x- 1, y+ 2, y- 3), packed from the low bits up, cycle after cycle
//
// A living cycle's trail holds round+1 cells and a dead one's none, so the
// lengths are not written. A snapshot keeps no moves: the match it reads
// back plays on but does not MarshalBinary. A state FromBoard sets up, or
// one whose trails are not a match's, answers an error.
func (s *State) AppendSnapshot(b []byte) ([]byte, error) {
	for p := range s.players {
		if n := len(s.trails[p]); s.alive[p] && n != s.round+1 || !s.alive[p] && n != 0 {
			return b, fmt.Errorf("tron: cycle %d's trail of %d cells in round %d is not a match's", p, n, s.round)
		}
	}
	b = append(b, snapshotFormat)
	b = binary.LittleEndian.AppendUint64(b, s.seed)
	b = append(b, byte(s.width), byte(s.height), byte(s.players))
	b = binary.AppendUvarint(b, uint64(s.round))
	for p := range s.players {
		b = binary.AppendUvarint(b, uint64(s.died[p]))
	}
	for p := range s.players {
		if t := s.trails[p]; len(t) > 0 {
			b = append(b, byte(t[0].X), byte(t[0].Y))
		}
	}
	var acc byte
	n := 0
	for p := range s.players {
		t := s.trails[p]
		for i := 1; i < len(t); i++ {
			acc |= byte(dirOf(t[i-1], t[i])) << (2 * (n % 4))
			if n++; n%4 == 0 {
				b, acc = append(b, acc), 0
			}
		}
	}
	if n%4 != 0 {
		b = append(b, acc)
	}
	return b, nil
}

// dirOf is the direction of the move from a to its neighbour b.
func dirOf(a, b Cell) Dir {
	switch {
	case b.X > a.X:
		return XPlus
	case b.X < a.X:
		return XMinus
	case b.Y > a.Y:
		return YPlus
	}
	return YMinus
}

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
	if _, err := New(0, s.width, s.height, s.players); err != nil {
		return bad("%v", err)
	}
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
	if err := s.makeTrails(); err != nil {
		return nil, err
	}
	k := 0 // directions read
	for p := range s.players {
		t := s.trails[p]
		if len(t) == 0 {
			continue
		}
		t[0] = Cell{int(data[starts]), int(data[starts+1])}
		starts += 2
		for i := 1; i < len(t); i++ {
			t[i].X, t[i].Y = Step(t[i-1].X, t[i-1].Y, Dir(data[pos+k/4]>>(2*(k%4))&3))
			k++
		}
	}
	if err := s.placeTrails(); err != nil {
		return nil, err
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
// Like a snapshot, the match has no moves to MarshalBinary.
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
	starts := s.trails
	if err := s.makeTrails(); err != nil {
		return nil, err
	}
	for p, t := range s.trails[:players] {
		if len(t) == 0 {
			continue
		}
		t[0] = starts[p][0]
		for i := 1; i < len(t); i++ {
			t[i].X, t[i].Y = Step(t[i-1].X, t[i-1].Y, dir(i, p))
		}
	}
	if err := s.placeTrails(); err != nil {
		return nil, err
	}
	return s, nil
}

// makeTrails makes s's trails for its cycles as they stand: round+1
// cells for each living one, to be filled, in one array with room for
// each to grow a round without a copy (a request plays about one); none
// for the dead. Trails too long to fit the grid answer an error wrapping
// ErrBadSnapshot.
func (s *State) makeTrails() error {
	if s.Living() > 0 && (s.round+1)*s.Living() > s.width*s.height {
		return fmt.Errorf("%w: %d living trails of %d cells do not fit the grid", ErrBadSnapshot, s.Living(), s.round+1)
	}
	cells := make([]Cell, s.Living()*(s.round+2))
	for p := range s.players {
		s.trails[p] = nil
		if s.alive[p] {
			s.trails[p], cells = cells[:s.round+1:s.round+2], cells[s.round+2:]
		}
	}
	return nil
}

// placeTrails sets s's grid from its trails, refusing, with an error
// wrapping ErrBadSnapshot, a trail that leaves the grid or meets another.
func (s *State) placeTrails() error {
	s.grid = make([]int8, s.width*s.height)
	for p := range s.players {
		for _, c := range s.trails[p] {
			if uint(c.X) >= uint(s.width) || uint(c.Y) >= uint(s.height) || s.grid[c.Y*s.width+c.X] != 0 {
				return fmt.Errorf("%w: cycle %d's trail leaves the grid or crosses a trail", ErrBadSnapshot, p)
			}
			s.grid[c.Y*s.width+c.X] = int8(p + 1)
		}
	}
	return nil
}
