// Package tron holds the rules of Tron as the botsArena arena plays them:
// 2 to 4 light cycles on a grid (100x100 by default) all move at once each
// round, each growing its trail by one cell.
//
//   - Start cells are drawn from the seed (stream 1 of package rng): for
//     each player in turn, x = 1 + Intn(width-1) and y = 1 + Intn(height-1),
//     drawn again until the cell differs from every earlier player's, as
//     the arena draws them in 1..99 on its 100x100 grid.
//   - Directions: x+ adds 1 to x, x- subtracts 1, y+ adds 1 to y, y- takes
//     1 from y.
//   - In a round, a living cycle dies when its target cell is outside the
//     grid or was occupied at the start of the round (by any trail, its own
//     included: reversing kills). Then, among the cycles still alive, any
//     that target the same cell all die. The survivors grow.
//   - A dead cycle's trail is erased at the end of its round: its cells are
//     free for the living.
//   - The game ends when fewer than two cycles are alive. Cycles rank by the
//     round they died in, later first; the last one alive ranks first; those
//     that died in the same round tie.
package tron

import (
	"fmt"

	"github.com/agentgames/bundle/engines/rng"
)

// Bounds of a match.
const (
	MinSide, MaxSide       = 5, 100
	DefaultSide            = 100
	MinPlayers, MaxPlayers = 2, 4
)

// streamStarts is the random stream of the start cells.
const streamStarts = 1

// Dir is a direction of move.
type Dir uint8

// The four directions, in the arena's order.
const (
	XPlus Dir = iota
	XMinus
	YPlus
	YMinus
)

// dirNames are the arena's names of the directions, in its order.
var dirNames = [4]string{"x+", "x-", "y+", "y-"}

// String is the arena's name of d (read modulo 4, as Play reads it).
func (d Dir) String() string { return dirNames[d&3] }

// ParseDir reads a direction by its arena name.
func ParseDir(s string) (Dir, bool) {
	for i, n := range dirNames {
		if n == s {
			return Dir(i), true
		}
	}
	return 0, false
}

// Step is the cell one move in d leads to from (x, y).
func Step(x, y int, d Dir) (int, int) {
	switch d {
	case XPlus:
		return x + 1, y
	case XMinus:
		return x - 1, y
	case YPlus:
		return x, y + 1
	}
	return x, y - 1
}

// Cell is a cell of the grid.
type Cell struct{ X, Y int }

// State is a whole match. Its trails live in its grid, each cell's mark
// saying whose trail holds it and which cell of the trail comes before
// (see ownerBits): per cycle it keeps only its head and its trail's
// length.
type State struct {
	seed          uint64
	width, height int
	players       int
	heads         [MaxPlayers]Cell // each trail's head; the zero cell for none
	length        [MaxPlayers]int  // each trail's cells, 0 for none
	alive         [MaxPlayers]bool
	died          [MaxPlayers]int // the round a cycle died in; 0 while alive
	round         int
	grid          []byte            // each cell's mark, 0 free
	jumps         map[Cell]Cell     // the cell before each jump, read where a mark says jump; written by FromBoard alone
	moves         [][MaxPlayers]Dir // every round's moves, 0 for the dead
	putOut        bool              // a cycle died by PlayOut's out
	restored      bool              // read FromSnapshot or Rewound: no moves are kept
}

// New sets up a match on a width x height grid (5 to 100 each) for players
// cycles (2 to 4), from the seed.
func New(seed uint64, width, height, players int) (*State, error) {
	switch {
	case width < MinSide || width > MaxSide || height < MinSide || height > MaxSide:
		return nil, fmt.Errorf("tron: a %dx%d grid, want sides of %d to %d", width, height, MinSide, MaxSide)
	case players < MinPlayers || players > MaxPlayers:
		return nil, fmt.Errorf("tron: %d players, want %d to %d", players, MinPlayers, MaxPlayers)
	}
	s := &State{seed: seed, width: width, height: height, players: players, grid: make([]byte, width*height)}
	rs := rng.New(seed, streamStarts)
	for p := range players {
		for !s.start(p, Cell{1 + rs.Intn(width-1), 1 + rs.Intn(height-1)}) {
			// drawn again: the cell is an earlier cycle's
		}
		s.alive[p] = true
	}
	return s, nil
}

// Seed is the seed the match was set up from.
func (s *State) Seed() uint64 { return s.seed }

// Width is the grid's width.
func (s *State) Width() int { return s.width }

// Height is the grid's height.
func (s *State) Height() int { return s.height }

// Players is the number of cycles.
func (s *State) Players() int { return s.players }

// Round is the number of rounds played.
func (s *State) Round() int { return s.round }

// Alive reports whether cycle p is alive.
func (s *State) Alive(p int) bool { return s.alive[p] }

// Died is the round cycle p died in, 0 while it is alive.
func (s *State) Died(p int) int { return s.died[p] }

// Trail is cycle p's trail, head first (empty once it is dead), walked
// back from its head.
func (s *State) Trail(p int) []Cell { return s.Recent(p, s.length[p]) }

// Length is the number of cells in cycle p's trail: round+1 while it
// rides (its first cell and one a round), 0 once it is dead.
func (s *State) Length(p int) int { return s.length[p] }

// Recent is the last n cells of cycle p's trail, head first (all of them
// when it has fewer), walked back from its head: it costs the n cells, so
// the cells laid since a round cost the rounds since, not the trail.
func (s *State) Recent(p, n int) []Cell {
	out := make([]Cell, min(max(n, 0), s.length[p]))
	if len(out) > 0 {
		out[0] = s.heads[p]
		for i := 1; i < len(out); i++ {
			out[i] = s.before(out[i-1])
		}
	}
	return out
}

// Head is cycle p's head. A cycle with no trail (a dead one) has none:
// Head panics.
func (s *State) Head(p int) Cell {
	if s.length[p] == 0 {
		panic("tron: Head of a cycle with no trail")
	}
	return s.heads[p]
}

// Free reports whether (x, y) is on the grid and free.
func (s *State) Free(x, y int) bool {
	return x >= 0 && y >= 0 && x < s.width && y < s.height && s.grid[y*s.width+x] == 0
}

// Owner is the cycle whose trail holds (x, y), or -1.
func (s *State) Owner(x, y int) int { return int(s.grid[y*s.width+x]&ownerBits) - 1 }

// Living counts the cycles alive.
func (s *State) Living() int {
	n := 0
	for p := range s.players {
		if s.alive[p] {
			n++
		}
	}
	return n
}

// Over reports whether fewer than two cycles are alive.
func (s *State) Over() bool { return s.Living() < 2 }

// Rank is cycle p's place: 1 plus the number of cycles that outlived it
// (the last one alive, and every cycle still alive, ranks 1).
func (s *State) Rank(p int) int {
	r := 1
	for q := range s.players {
		if q != p && s.died[p] != 0 && (s.died[q] == 0 || s.died[q] > s.died[p]) {
			r++
		}
	}
	return r
}

// Play resolves one round: moves[p] for every living cycle p (the others
// are ignored; a direction is read modulo 4, as it is encoded). It answers
// the cycles that died in it.
func (s *State) Play(moves [MaxPlayers]Dir) (died []int) {
	return s.PlayOut(moves, [MaxPlayers]bool{})
}

// PlayOut is Play where every living cycle p with out[p] dies in the round
// whatever its move, as a bot that fails to answer the arena: its trail
// stands until the end of the round and it clashes with no one. A state
// where a cycle was put out does not encode: MarshalBinary records moves
// only, so it answers an error.
func (s *State) PlayOut(moves [MaxPlayers]Dir, out [MaxPlayers]bool) (died []int) {
	if s.Over() {
		return nil
	}
	for p := range moves {
		moves[p] &= 3
	}
	s.round++
	var target [MaxPlayers]Cell
	var dead [MaxPlayers]bool
	for p := range s.players {
		if !s.alive[p] {
			continue
		}
		h := s.heads[p]
		x, y := Step(h.X, h.Y, moves[p])
		target[p] = Cell{x, y}
		dead[p] = out[p] || !s.Free(x, y)
		s.putOut = s.putOut || out[p]
	}
	var clash [MaxPlayers]bool
	for p := range s.players {
		for q := range s.players {
			if p != q && s.alive[p] && s.alive[q] && !dead[p] && !dead[q] && target[p] == target[q] {
				clash[p] = true
			}
		}
	}
	for p := range s.players {
		dead[p] = dead[p] || clash[p]
	}
	// Both loops above read the grid as it was at the start of the round.
	for p := range s.players {
		if s.alive[p] && dead[p] {
			died = append(died, p)
		}
	}
	var played [MaxPlayers]Dir
	for p := range s.players {
		if !s.alive[p] {
			continue
		}
		played[p] = moves[p]
		if dead[p] {
			continue
		}
		s.grow(p, target[p], moves[p])
	}
	for _, p := range died {
		s.erase(p)
		s.alive[p], s.died[p] = false, s.round
	}
	if !s.restored {
		s.moves = append(s.moves, played)
	}
	return died
}

// FromBoard sets up a position from the arena's board: each player's
// trail head first, empty for a player out of the game. It is what a bot
// answering the arena sees; the state has no moves, so it is for choosing
// a move, not for encoding. A trail may hold any cells: where a cell does
// not follow its neighbour (the arena's off-board head, put in a corner)
// the trail jumps, and plays on and is erased as any other.
func FromBoard(width, height int, trails [][]Cell) (*State, error) {
	switch {
	case width < MinSide || width > MaxSide || height < MinSide || height > MaxSide:
		return nil, fmt.Errorf("tron: a %dx%d grid, want sides of %d to %d", width, height, MinSide, MaxSide)
	case len(trails) < MinPlayers || len(trails) > MaxPlayers:
		return nil, fmt.Errorf("tron: %d players, want %d to %d", len(trails), MinPlayers, MaxPlayers)
	}
	s := &State{width: width, height: height, players: len(trails), grid: make([]byte, width*height)}
	for p, t := range trails {
		for i := len(t) - 1; i >= 0; i-- {
			c := t[i]
			if c.X < 0 || c.Y < 0 || c.X >= width || c.Y >= height {
				return nil, fmt.Errorf("tron: player %d's cell (%d,%d) is off the %dx%d grid", p, c.X, c.Y, width, height)
			}
			if s.grid[c.Y*width+c.X] != 0 {
				return nil, fmt.Errorf("tron: the cell (%d,%d) is in two trails", c.X, c.Y)
			}
			s.grid[c.Y*width+c.X] = s.boardMark(p, t, i)
		}
		s.alive[p] = len(t) > 0
		if s.alive[p] {
			s.heads[p], s.length[p] = t[0], len(t)
		} else {
			s.died[p] = 1
		}
	}
	return s, nil
}

// boardMark is the mark of t[i], a cell of cycle p's trail t (head
// first) on a board: its first cell, a cell entered from its neighbour
// t[i+1], or a jump from t[i+1], which it keeps in s.jumps.
func (s *State) boardMark(p int, t []Cell, i int) byte {
	if i == len(t)-1 {
		return byte(p+1) | firstCell
	}
	if d, ok := dirOf(t[i+1], t[i]); ok {
		return entered(p, d)
	}
	if s.jumps == nil {
		s.jumps = map[Cell]Cell{}
	}
	s.jumps[t[i]] = t[i+1]
	return byte(p+1) | jumpCell
}
