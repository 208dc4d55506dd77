package tron

import (
	"encoding/binary"
	"fmt"
	"slices"
)

// AppendSnapshot appends the match's snapshot (see snapshot.go), as the
// live server wrote them before: the tests write the snapshots
// FromSnapshot reads. A state whose trails are not a match's answers an
// error.
func (s *State) AppendSnapshot(b []byte) ([]byte, error) {
	cells, moves := 0, 0 // the living trails' first cells, and their later ones
	for p := range s.players {
		if n := s.length[p]; s.alive[p] && n != s.round+1 || !s.alive[p] && n != 0 {
			return b, fmt.Errorf("tron: cycle %d's trail of %d cells in round %d is not a match's", p, n, s.round)
		}
		if n := s.length[p]; n > 0 {
			cells, moves = cells+1, moves+n-1
		}
	}
	b = append(b, snapshotFormat)
	b = binary.LittleEndian.AppendUint64(b, s.seed)
	b = append(b, byte(s.width), byte(s.height), byte(s.players))
	b = binary.AppendUvarint(b, uint64(s.round))
	for p := range s.players {
		b = binary.AppendUvarint(b, uint64(s.died[p]))
	}
	// Each trail is walked back from its head: its directions are written
	// last to first, then its first cell.
	starts := len(b)
	dirs := starts + 2*cells
	end := dirs + (moves+3)/4
	b = slices.Grow(b, end-len(b))[:end]
	clear(b[starts:])
	k := 0 // the directions of the trails before
	for p := range s.players {
		n := s.length[p]
		if n == 0 {
			continue
		}
		c := s.heads[p]
		for i := k + n - 2; i >= k; i-- {
			b[dirs+i/4] |= byte(enteredBy(s.grid[c.Y*s.width+c.X])) << (2 * (i % 4))
			c = s.before(c)
		}
		b[starts], b[starts+1] = byte(c.X), byte(c.Y)
		starts += 2
		k += n - 1
	}
	return b, nil
}
