package tron

import "slices"

// Clone is a copy of s that plays on apart from it, each free to change
// while the other is read: a server keeping a match between requests
// hands each request its own. Its cost is the grid, a byte a cell, and
// never the rounds played: the two share only what neither writes, the
// cells before FromBoard's jumps and the moves s recorded so far, which
// the copy's slice holds with no room to grow (its next round's moves go
// to a slice of its own, and those s records next lie past the copy's
// end).
func (s *State) Clone() *State {
	c := *s
	c.grid = slices.Clone(s.grid)
	c.moves = s.moves[:len(s.moves):len(s.moves)]
	return &c
}
