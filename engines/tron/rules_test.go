package tron

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/agentgames/bundle/engines/rng"
)

// dirs reads directions written as the arena names them, separated by
// spaces ("x+ y- x-"); it fails the test on any other word.
func dirs(t testing.TB, s string) []Dir {
	t.Helper()
	var out []Dir
	for _, w := range strings.Fields(s) {
		d, ok := ParseDir(w)
		if !ok {
			t.Fatalf("bad direction %q", w)
		}
		out = append(out, d)
	}
	return out
}

// moves is one round's moves, one direction per player in player order.
func moves(t testing.TB, s string) [MaxPlayers]Dir {
	t.Helper()
	var m [MaxPlayers]Dir
	copy(m[:], dirs(t, s))
	return m
}

// cyc is a cycle built by hand: it started on (x, y), then moved as walk
// says (the arena's direction names, separated by spaces).
type cyc struct {
	x, y int
	walk string
}

// trail is c's trail head first, as a board lists it.
func (c cyc) trail(t testing.TB) []Cell {
	t.Helper()
	out := []Cell{{c.x, c.y}}
	x, y := c.x, c.y
	for _, d := range dirs(t, c.walk) {
		x, y = Step(x, y, d)
		out = append(out, Cell{x, y})
	}
	slices.Reverse(out)
	return out
}

// staged is a match in progress on a w x h grid, built by hand: one living
// cycle per cyc, in player order, and as many rounds played as the longest
// walk has moves. It fails the test when a trail leaves the grid, crosses
// itself or another, or the state is not consistent.
func staged(t testing.TB, w, h int, cycles ...cyc) *State {
	t.Helper()
	trails := make([][]Cell, len(cycles))
	round := 0
	for p, c := range cycles {
		trails[p] = c.trail(t)
		round = max(round, len(trails[p])-1)
	}
	s, err := FromBoard(w, h, trails)
	if err != nil {
		t.Fatalf("staged: %v", err)
	}
	s.round = round
	consistent(t, s)
	return s
}

// consistent fails the test unless s's fields agree: players in range; a
// living cycle never died and its trail, walked back from its head through
// its cells' marks, holds its length in cells on the grid, all marked with
// their owner, the last and only the last marked as the first cell, each
// other one entered from its neighbour in the direction its mark says, or
// marked as a jump, whose cell before is in s.jumps and is no neighbour;
// a dead cycle, and a
// player beyond the match's, has no trail, and the dead died in 1..Round
// (in round 1 for those FromBoard sets up out of the game, in round 0);
// no cell outside the living trails is marked.
func consistent(t testing.TB, s *State) {
	t.Helper()
	if s.players < MinPlayers || s.players > MaxPlayers || len(s.grid) != s.width*s.height {
		t.Fatalf("%d players on a %dx%d grid of %d cells", s.players, s.width, s.height, len(s.grid))
	}
	inTrail := make([]bool, len(s.grid))
	for p := range MaxPlayers {
		n := s.length[p]
		switch {
		case p >= s.players:
			if n != 0 || s.heads[p] != (Cell{}) || s.alive[p] || s.died[p] != 0 {
				t.Fatalf("player %d beyond %d has a trail of %d cells, alive %v, died %d", p, s.players, n, s.alive[p], s.died[p])
			}
			continue
		case !s.alive[p]:
			if n != 0 || s.heads[p] != (Cell{}) || s.died[p] < 1 || s.died[p] > max(s.round, 1) {
				t.Fatalf("dead cycle %d: trail of %d cells, died in round %d of %d", p, n, s.died[p], s.round)
			}
			continue
		case s.died[p] != 0 || n == 0:
			t.Fatalf("living cycle %d: trail of %d cells, died in round %d", p, n, s.died[p])
		}
		c := s.heads[p]
		for i := range n {
			if c.X < 0 || c.Y < 0 || c.X >= s.width || c.Y >= s.height {
				t.Fatalf("cycle %d: cell %d from the head %v is off the grid", p, i, c)
			}
			m := s.grid[c.Y*s.width+c.X]
			if inTrail[c.Y*s.width+c.X] {
				t.Fatalf("cell %v in two trails or twice in one", c)
			}
			inTrail[c.Y*s.width+c.X] = true
			if i == n-1 {
				if m != byte(p+1)|firstCell {
					t.Fatalf("cycle %d: its last cell %v is marked %08b", p, c, m)
				}
				break
			}
			b := s.before(c)
			_, jump := s.jumps[c]
			if d, near := dirOf(b, c); m&jumpCell == 0 && m != entered(p, d) || m&jumpCell != 0 && (m != byte(p+1)|jumpCell || !jump || near) {
				t.Fatalf("cycle %d: cell %v, marked %08b, follows %v", p, c, m, b)
			}
			c = b
		}
	}
	for i, m := range s.grid {
		if (m != 0) != inTrail[i] {
			t.Fatalf("cell (%d,%d) is marked %08b, in a living trail %v:\n%s", i%s.width, i/s.width, m, inTrail[i], picture(s))
		}
	}
}

// picture draws s's grid, y = 0 on the first line: '.' for a free cell,
// the owner's number for a trail's cell.
func picture(s *State) string {
	var b strings.Builder
	for y := range s.height {
		for x := range s.width {
			if o := s.Owner(x, y); o < 0 {
				b.WriteByte('.')
			} else {
				fmt.Fprint(&b, o)
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// TestStartCells pins the start cells: drawn from stream 1 of the seed, for
// each player in turn x = 1 + Intn(width-1) then y = 1 + Intn(height-1),
// drawn again while the cell is an earlier player's; so every start cell
// has x in 1..width-1 and y in 1..height-1 (both ends reached), the cells
// are distinct, each trail is that one cell, the same seed gives the same
// cells and different seeds different ones.
func TestStartCells(t *testing.T) {
	tests := []struct{ w, h, players int }{
		{5, 5, 4}, {5, 9, 3}, {9, 5, 2}, {7, 7, 4}, {100, 100, 4}, {100, 100, 2}, {5, 100, 3},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%dx%d_%d", tt.w, tt.h, tt.players), func(t *testing.T) {
			lo, hi := Cell{tt.w, tt.h}, Cell{-1, -1}
			seen := map[[MaxPlayers]Cell]uint64{}
			for seed := range uint64(400) {
				s, err := New(seed, tt.w, tt.h, tt.players)
				if err != nil {
					t.Fatal(err)
				}
				consistent(t, s)
				rs := rng.New(seed, 1)
				var want, got [MaxPlayers]Cell
				for p := range tt.players {
					for {
						c := Cell{1 + rs.Intn(tt.w-1), 1 + rs.Intn(tt.h-1)}
						if !slices.Contains(want[:p], c) {
							want[p] = c
							break
						}
					}
					tr := s.Trail(p)
					if len(tr) != 1 {
						t.Fatalf("seed %d: cycle %d starts with trail %v", seed, p, tr)
					}
					got[p] = tr[0]
					c := tr[0]
					lo.X, lo.Y, hi.X, hi.Y = min(lo.X, c.X), min(lo.Y, c.Y), max(hi.X, c.X), max(hi.Y, c.Y)
					if !s.Alive(p) || s.Died(p) != 0 || s.Head(p) != c || s.Owner(c.X, c.Y) != p || s.Free(c.X, c.Y) {
						t.Fatalf("seed %d: cycle %d at %v: alive %v, died %d, head %v, owner %d",
							seed, p, c, s.Alive(p), s.Died(p), s.Head(p), s.Owner(c.X, c.Y))
					}
				}
				if got != want {
					t.Fatalf("seed %d: start cells %v, want %v", seed, got, want)
				}
				again, _ := New(seed, tt.w, tt.h, tt.players)
				for p := range tt.players {
					if !slices.Equal(again.Trail(p), s.Trail(p)) {
						t.Fatalf("seed %d: cycle %d starts on %v then on %v", seed, p, s.Trail(p), again.Trail(p))
					}
				}
				if s.Seed() != seed || s.Width() != tt.w || s.Height() != tt.h || s.Players() != tt.players ||
					s.Round() != 0 || s.Living() != tt.players || s.Over() {
					t.Fatalf("seed %d: fresh match reads seed %d, %dx%d, %d players, round %d, %d living, over %v",
						seed, s.Seed(), s.Width(), s.Height(), s.Players(), s.Round(), s.Living(), s.Over())
				}
				if tt.w*tt.h >= 10000 {
					if other, ok := seen[got]; ok {
						t.Fatalf("seeds %d and %d start on the same cells %v", other, seed, got)
					}
					seen[got] = seed
				}
			}
			if lo != (Cell{1, 1}) || hi != (Cell{tt.w - 1, tt.h - 1}) {
				t.Errorf("start cells span %v to %v, want (1,1) to (%d,%d)", lo, hi, tt.w-1, tt.h-1)
			}
		})
	}
}

// TestNewBounds pins the match bounds: sides of 5 to 100 each, 2 to 4
// players; New refuses anything else with an error and no state.
func TestNewBounds(t *testing.T) {
	tests := []struct {
		w, h, players int
		ok            bool
	}{
		{5, 5, 2, true}, {100, 100, 4, true}, {5, 100, 3, true}, {100, 5, 2, true}, {DefaultSide, DefaultSide, 4, true},
		{4, 5, 2, false}, {5, 4, 2, false}, {101, 100, 2, false}, {100, 101, 2, false},
		{0, 0, 2, false}, {-5, 5, 2, false}, {5, -5, 2, false}, {255, 255, 2, false}, {256, 5, 2, false},
		{10, 10, 1, false}, {10, 10, 5, false}, {10, 10, 0, false}, {10, 10, -2, false},
	}
	for _, tt := range tests {
		s, err := New(7, tt.w, tt.h, tt.players)
		if (err == nil) != tt.ok || (s != nil) != tt.ok {
			t.Errorf("New(7, %d, %d, %d) = %v, %v; want ok %v", tt.w, tt.h, tt.players, s != nil, err, tt.ok)
		}
	}
}

// TestDirections pins the directions: their values in the arena's order
// (x+, x-, y+, y-: the codec writes these values), their names, that
// ParseDir reads exactly those names back, and the cell each leads to.
func TestDirections(t *testing.T) {
	tests := []struct {
		d      Dir
		name   string
		dx, dy int
	}{
		{0, "x+", 1, 0}, {1, "x-", -1, 0}, {2, "y+", 0, 1}, {3, "y-", 0, -1},
	}
	for i, tt := range tests {
		if []Dir{XPlus, XMinus, YPlus, YMinus}[i] != tt.d {
			t.Errorf("direction constant %d is not %d", i, tt.d)
		}
		if got := tt.d.String(); got != tt.name {
			t.Errorf("Dir(%d).String() = %q, want %q", tt.d, got, tt.name)
		}
		if got, ok := ParseDir(tt.name); !ok || got != tt.d {
			t.Errorf("ParseDir(%q) = %d, %v; want %d", tt.name, got, ok, tt.d)
		}
		for _, from := range []Cell{{5, 7}, {0, 0}, {99, 99}} {
			if x, y := Step(from.X, from.Y, tt.d); x != from.X+tt.dx || y != from.Y+tt.dy {
				t.Errorf("Step(%d, %d, %s) = (%d, %d), want (%d, %d)", from.X, from.Y, tt.name, x, y, from.X+tt.dx, from.Y+tt.dy)
			}
		}
	}
	for _, bad := range []string{"", "x", "y", "X+", "x +", " x+", "x+ ", "+x", "up", "left", "x++", "z+"} {
		if d, ok := ParseDir(bad); ok {
			t.Errorf("ParseDir(%q) = %d, true; want refused", bad, d)
		}
	}
}

// TestPlay pins one round of the rules on hand-built positions: every
// living cycle grows by the cell its direction leads to; it dies instead
// when that cell is off the grid, or was taken at the start of the round by
// any trail (its own included, so reversing kills; a head counts even when
// its cycle moves away in the same round); then the cycles still alive that
// target one cell all die, however many they are. A dead cycle's trail is
// gone and its cells free at the end of the round; Play answers the dead,
// in player order.
func TestPlay(t *testing.T) {
	tests := []struct {
		name   string
		w, h   int
		cycles []cyc
		moves  string
		died   []int
	}{
		{"x+ grows right", 7, 7, []cyc{{2, 2, ""}, {5, 5, ""}}, "x+ x-", nil},
		{"x- grows left", 7, 7, []cyc{{2, 2, ""}, {5, 5, ""}}, "x- y+", nil},
		{"y+ grows down the rows", 7, 7, []cyc{{2, 2, ""}, {5, 5, ""}}, "y+ y-", nil},
		{"y- grows up the rows", 7, 7, []cyc{{2, 2, "y+ x+"}, {5, 5, "x-"}}, "y- y+", nil},
		{"along the walls is fine", 5, 5, []cyc{{0, 1, ""}, {4, 3, ""}, {2, 0, ""}}, "y+ y- x+", nil},
		{"into a corner is fine", 5, 5, []cyc{{1, 0, ""}, {4, 3, ""}}, "x- y+", nil},

		{"off the left wall", 5, 5, []cyc{{1, 2, "x-"}, {3, 3, ""}, {3, 1, ""}}, "x- y+ y-", []int{0}},
		{"off the right wall", 5, 5, []cyc{{3, 3, ""}, {4, 2, ""}, {1, 1, ""}}, "x- x+ y-", []int{1}},
		{"off the top wall", 5, 5, []cyc{{3, 3, ""}, {1, 1, ""}, {2, 1, "y-"}}, "y+ x- y-", []int{2}},
		{"off the bottom wall", 5, 5, []cyc{{2, 4, ""}, {3, 3, ""}}, "y+ y-", []int{0}},
		{"out of a corner both ways", 5, 5, []cyc{{0, 0, ""}, {4, 4, ""}, {2, 2, ""}}, "y- x+ x+", []int{0, 1}},
		{"off the far corner on a wide grid", 9, 5, []cyc{{8, 4, ""}, {2, 2, ""}, {0, 0, ""}}, "y+ x+ x-", []int{0, 2}},

		{"into another trail's body", 7, 7, []cyc{{1, 3, "x+"}, {3, 1, "y+ y+ y+"}}, "x+ y+", []int{0}},
		{"into another trail's tail", 7, 7, []cyc{{2, 2, ""}, {3, 2, "y+ y+"}}, "x+ y+", []int{0}},
		{"into another's start cell", 7, 7, []cyc{{2, 2, ""}, {3, 2, ""}, {5, 5, ""}}, "x+ y+ y-", []int{0}},
		{"into a head that moves away", 7, 7, []cyc{{2, 2, ""}, {4, 2, "x-"}, {5, 5, ""}}, "x+ y- x-", []int{0}},
		{"into its own tail", 7, 7, []cyc{{1, 1, "x+ y+ x-"}, {5, 5, ""}}, "y- x-", []int{0}},
		{"into its own body", 7, 7, []cyc{{1, 2, "y- x+ x+ y+ x-"}, {5, 5, ""}}, "y- x-", []int{0}},
		{"reversing x+ to x-", 7, 7, []cyc{{1, 1, "x+"}, {5, 5, ""}}, "x- y+", []int{0}},
		{"reversing y- to y+", 7, 7, []cyc{{5, 5, ""}, {1, 3, "y-"}, {4, 1, ""}}, "x+ y+ y+", []int{1}},
		{"both into each other's trail", 7, 7, []cyc{{1, 1, "x+ x+"}, {3, 2, "y+ x- x- y-"}, {5, 5, ""}}, "y+ y- x+", []int{0, 1}},

		{"heads side by side into each other", 7, 7, []cyc{{1, 2, "x+"}, {4, 2, "x-"}}, "x+ x-", []int{0, 1}},
		{"heads side by side, the third lives", 7, 7, []cyc{{0, 0, ""}, {2, 3, ""}, {3, 3, ""}}, "x+ x+ x-", []int{1, 2}},
		{"two apart into the middle cell", 7, 7, []cyc{{1, 2, ""}, {3, 2, ""}, {6, 6, ""}}, "x+ x- y-", []int{0, 1}},
		{"at a right angle into one cell", 7, 7, []cyc{{5, 5, ""}, {1, 2, ""}, {2, 1, ""}}, "y- x+ y+", []int{1, 2}},
		{"two pairs into two cells", 7, 7, []cyc{{1, 1, ""}, {3, 1, ""}, {1, 5, ""}, {1, 3, ""}}, "x+ x- y- y+", []int{0, 1, 2, 3}},
		{"a neighbour of the clash lives", 7, 7, []cyc{{1, 2, ""}, {3, 2, ""}, {2, 1, ""}}, "x+ x- x+", []int{0, 1}},
		{"three into one cell, players 0 1 2", 7, 7, []cyc{{1, 2, ""}, {3, 2, ""}, {2, 1, ""}}, "x+ x- y+", []int{0, 1, 2}},
		{"three into one cell, players 1 2 3", 7, 7, []cyc{{6, 6, ""}, {1, 2, ""}, {3, 2, ""}, {2, 3, ""}}, "y- x+ x- y-", []int{1, 2, 3}},
		{"three into one cell, players 0 2 3", 7, 7, []cyc{{1, 2, ""}, {6, 6, ""}, {3, 2, ""}, {2, 1, ""}}, "x+ y- x- y+", []int{0, 2, 3}},
		{"four into one cell", 7, 7, []cyc{{1, 2, ""}, {3, 2, ""}, {2, 1, ""}, {2, 3, ""}}, "x+ x- y+ y-", []int{0, 1, 2, 3}},

		{"a wall death spares its neighbour", 5, 5, []cyc{{0, 2, ""}, {1, 1, ""}, {3, 3, ""}}, "x- y+ x+", []int{0}},
		{"a reversal spares the cycle next to it", 7, 7, []cyc{{2, 2, "x+"}, {3, 3, ""}, {5, 5, ""}}, "x- x- x+", []int{0}},
		{"dead on a trail, the clash beside it still kills", 7, 7,
			[]cyc{{1, 1, "x+"}, {1, 0, "x+ x+"}, {2, 3, ""}, {4, 3, ""}}, "y- y+ x+ x-", []int{0, 2, 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := staged(t, tt.w, tt.h, tt.cycles...)
			m := moves(t, tt.moves)
			before := make([][]Cell, s.players)
			for p := range s.players {
				before[p] = s.Trail(p)
			}
			round := s.round
			died := s.Play(m)
			consistent(t, s)
			if !slices.Equal(died, tt.died) {
				t.Fatalf("died %v, want %v; after the round:\n%s", died, tt.died, picture(s))
			}
			if s.Round() != round+1 {
				t.Errorf("round %d, want %d", s.Round(), round+1)
			}
			for p := range s.players {
				if slices.Contains(tt.died, p) {
					if s.Alive(p) || s.Died(p) != round+1 || len(s.Trail(p)) != 0 {
						t.Errorf("cycle %d: alive %v, died in %d, trail %v; want dead in round %d, no trail",
							p, s.Alive(p), s.Died(p), s.Trail(p), round+1)
					}
					for _, c := range before[p] {
						if !s.Free(c.X, c.Y) || s.Owner(c.X, c.Y) != -1 {
							t.Errorf("cycle %d is dead but its cell %v is not free", p, c)
						}
					}
					continue
				}
				h := before[p][0]
				x, y := Step(h.X, h.Y, m[p])
				want := append([]Cell{{x, y}}, before[p]...)
				if !s.Alive(p) || s.Died(p) != 0 || !slices.Equal(s.Trail(p), want) || s.Head(p) != want[0] {
					t.Errorf("cycle %d: alive %v, died %d, trail %v; want alive with trail %v", p, s.Alive(p), s.Died(p), s.Trail(p), want)
				}
			}
			if living := s.players - len(tt.died); s.Living() != living || s.Over() != (living < 2) {
				t.Errorf("living %d, over %v; want %d living", s.Living(), s.Over(), living)
			}
		})
	}
}

// TestErasedTrail pins when a dead cycle's cells come free: not in the
// round it dies in (a cycle entering them then dies too) but at its end, so
// that the next round a living cycle may enter them and live.
func TestErasedTrail(t *testing.T) {
	t.Run("still taken in the round of the death", func(t *testing.T) {
		// Cycle 0 runs off the left wall while cycle 1 turns into its trail.
		s := staged(t, 7, 7, cyc{0, 3, "y- y-"}, cyc{2, 2, "x-"}, cyc{5, 5, ""})
		if died := s.Play(moves(t, "x- x- y-")); !slices.Equal(died, []int{0, 1}) {
			t.Fatalf("died %v, want [0 1]:\n%s", died, picture(s))
		}
		consistent(t, s)
	})
	t.Run("free the next round", func(t *testing.T) {
		s := staged(t, 7, 7, cyc{0, 3, "y- y-"}, cyc{2, 2, "x-"}, cyc{5, 5, ""})
		if died := s.Play(moves(t, "x- y+ y-")); !slices.Equal(died, []int{0}) {
			t.Fatalf("died %v, want [0]:\n%s", died, picture(s))
		}
		for y := 1; y <= 3; y++ {
			if !s.Free(0, y) {
				t.Fatalf("cell (0,%d) of the dead trail is not free:\n%s", y, picture(s))
			}
		}
		// Cycle 1, at (1,3), enters (0,3) then climbs the erased trail; the
		// dead cycle's moves are ignored.
		for i, d := range []string{"x+ x- x-", "y+ y- x-", "x- y- y-"} {
			if died := s.Play(moves(t, d)); len(died) != 0 {
				t.Fatalf("move %d: died %v:\n%s", i, died, picture(s))
			}
			consistent(t, s)
		}
		if want := []Cell{{0, 1}, {0, 2}, {0, 3}, {1, 3}, {1, 2}, {2, 2}}; !slices.Equal(s.Trail(1), want) {
			t.Fatalf("cycle 1's trail %v, want %v", s.Trail(1), want)
		}
	})
}

// TestGameEnd pins the end of a match: it ends when fewer than two cycles
// are alive, one survivor or none (all dying together), and not while two
// or more live; Play after the end answers nothing and changes nothing.
func TestGameEnd(t *testing.T) {
	tests := []struct {
		name   string
		cycles []cyc
		rounds []string
		over   []bool // after each round
		living int
	}{
		{"one of two dies", []cyc{{0, 2, ""}, {3, 3, ""}}, []string{"x- y+"}, []bool{true}, 1},
		{"both of two die together", []cyc{{1, 2, ""}, {3, 2, ""}}, []string{"x+ x-"}, []bool{true}, 0},
		{"both of two die at the walls", []cyc{{0, 2, ""}, {4, 3, ""}}, []string{"x- x+"}, []bool{true}, 0},
		{"one of three dies, two play on", []cyc{{0, 2, ""}, {3, 3, ""}, {2, 0, ""}},
			[]string{"x- y+ x+", "x- x+ y+", "x- x+ y+"}, []bool{false, false, true}, 1},
		{"all four die together", []cyc{{1, 2, ""}, {3, 2, ""}, {2, 1, ""}, {2, 3, ""}}, []string{"x+ x- y+ y-"}, []bool{true}, 0},
		{"three of four die, at once", []cyc{{0, 0, ""}, {4, 4, ""}, {0, 4, ""}, {2, 2, ""}}, []string{"x- x+ y+ x+"}, []bool{true}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := staged(t, 5, 5, tt.cycles...)
			for i, r := range tt.rounds {
				s.Play(moves(t, r))
				consistent(t, s)
				if s.Over() != tt.over[i] {
					t.Fatalf("round %d: over %v with %d living, want %v:\n%s", i+1, s.Over(), s.Living(), tt.over[i], picture(s))
				}
			}
			if s.Living() != tt.living {
				t.Fatalf("%d living, want %d", s.Living(), tt.living)
			}
			round, played := s.Round(), len(s.moves)
			var trails [][]Cell
			var died []int
			for p := range s.players {
				trails, died = append(trails, s.Trail(p)), append(died, s.Died(p))
			}
			for _, m := range []string{"x+ x+ x+ x+", "x- x- x- x-", "y+ y+ y+ y+", "y- y- y- y-"} {
				if got := s.Play(moves(t, m)); got != nil {
					t.Errorf("Play after the end answered %v", got)
				}
			}
			if s.Round() != round || len(s.moves) != played {
				t.Errorf("Play after the end: round %d -> %d, moves %d -> %d", round, s.Round(), played, len(s.moves))
			}
			for p := range s.players {
				if !slices.Equal(s.Trail(p), trails[p]) || s.Died(p) != died[p] {
					t.Errorf("Play after the end changed cycle %d: trail %v died %d, was %v died %d", p, s.Trail(p), s.Died(p), trails[p], died[p])
				}
			}
			consistent(t, s)
		})
	}
}

// TestRank pins the ranking: a cycle's place is 1 plus the number of cycles
// that outlived it, so a later death ranks higher, cycles dying in the same
// round tie (and the next place is skipped), the survivor ranks 1, as does
// every cycle while it is alive, and all cycles dying together all rank 1.
func TestRank(t *testing.T) {
	tests := []struct {
		name   string
		cycles []cyc
		rounds []string
		ranks  [][]int // after each round
	}{
		{"one dies per round", []cyc{{0, 2, ""}, {1, 1, ""}, {4, 4, ""}, {3, 0, ""}},
			[]string{"x- x+ y- x-", "x+ x- y- x-", "x+ x+ x+ x-"},
			[][]int{{4, 1, 1, 1}, {4, 3, 1, 1}, {4, 3, 2, 1}}},
		{"two tie, then the last two tie", []cyc{{1, 2, ""}, {3, 2, ""}, {0, 0, ""}, {4, 4, ""}},
			[]string{"x+ x- x+ x-", "y+ y+ y+ y-", "x+ x+ x+ x-", "x+ x+ y+ y-"},
			[][]int{{3, 3, 1, 1}, {3, 3, 1, 1}, {3, 3, 1, 1}, {3, 3, 1, 1}}},
		{"three tie behind the survivor", []cyc{{1, 2, ""}, {3, 2, ""}, {0, 0, ""}, {4, 4, ""}},
			[]string{"x+ x- x- y-"},
			[][]int{{2, 2, 2, 1}}},
		{"two die together last", []cyc{{0, 2, ""}, {1, 4, ""}, {3, 4, ""}},
			[]string{"x- y- y-", "x- x+ x-"},
			[][]int{{3, 1, 1}, {3, 1, 1}}},
		{"all die together", []cyc{{1, 2, ""}, {3, 2, ""}},
			[]string{"x+ x-"},
			[][]int{{1, 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := staged(t, 5, 5, tt.cycles...)
			for p := range s.players {
				if s.Rank(p) != 1 {
					t.Fatalf("before any round cycle %d ranks %d", p, s.Rank(p))
				}
			}
			for i, r := range tt.rounds {
				s.Play(moves(t, r))
				consistent(t, s)
				var got []int
				for p := range s.players {
					got = append(got, s.Rank(p))
				}
				if !slices.Equal(got, tt.ranks[i]) {
					t.Fatalf("round %d: ranks %v, want %v (died %v):\n%s", i+1, got, tt.ranks[i], s.died[:s.players], picture(s))
				}
			}
		})
	}
}

// TestTrail pins Trail: the trail head first, the start cell last; a copy
// the caller may change without changing the match; Head is its first
// cell; once the cycle is dead, empty.
func TestTrail(t *testing.T) {
	s := staged(t, 7, 7, cyc{1, 1, ""}, cyc{5, 5, ""}, cyc{1, 5, ""})
	for _, m := range []string{"x+ x- y-", "x+ y- x+", "y+ y- x+", "x+ x- y+"} {
		if died := s.Play(moves(t, m)); died != nil {
			t.Fatalf("died %v", died)
		}
	}
	if want := []Cell{{4, 2}, {3, 2}, {3, 1}, {2, 1}, {1, 1}}; !slices.Equal(s.Trail(0), want) {
		t.Fatalf("trail %v, want %v", s.Trail(0), want)
	}
	if want := []Cell{{3, 3}, {4, 3}, {4, 4}, {4, 5}, {5, 5}}; !slices.Equal(s.Trail(1), want) {
		t.Fatalf("trail %v, want %v", s.Trail(1), want)
	}
	if s.Head(0) != (Cell{4, 2}) || s.Head(1) != (Cell{3, 3}) {
		t.Fatalf("heads %v %v", s.Head(0), s.Head(1))
	}
	tr := s.Trail(0)
	tr[0], tr[1] = Cell{6, 6}, Cell{0, 0}
	if s.Head(0) != (Cell{4, 2}) || s.Trail(0)[1] != (Cell{3, 2}) {
		t.Fatalf("changing the answer of Trail changed the match: %v", s.Trail(0))
	}
	consistent(t, s)
	// cycle 2 runs into cycle 1's trail and dies
	if died := s.Play(moves(t, "y- x- x+")); !slices.Equal(died, []int{2}) {
		t.Fatalf("died %v, want [2]:\n%s", died, picture(s))
	}
	if tr := s.Trail(2); len(tr) != 0 {
		t.Fatalf("dead cycle's trail %v", tr)
	}
}

// TestPlayDirModulo4 pins what Play makes of a direction outside the four
// (a Dir is a byte): it reads it modulo 4, as the encoding keeps it, so
// Dir(d) plays as Dir(d%4) and records that.
func TestPlayDirModulo4(t *testing.T) {
	for d := range 256 {
		got := staged(t, 7, 7, cyc{3, 3, ""}, cyc{1, 1, ""}, cyc{5, 5, "y-"})
		want := staged(t, 7, 7, cyc{3, 3, ""}, cyc{1, 1, ""}, cyc{5, 5, "y-"})
		gotDied := got.Play([MaxPlayers]Dir{Dir(d), Dir(255 - d), Dir(d + 1)})
		wantDied := want.Play([MaxPlayers]Dir{Dir(d % 4), Dir((255 - d) % 4), Dir((d + 1) % 4)})
		consistent(t, got)
		if !slices.Equal(gotDied, wantDied) || got.moves[0] != want.moves[0] {
			t.Fatalf("Dir(%d): died %v, recorded %v; want %v, %v", d, gotDied, got.moves[0], wantDied, want.moves[0])
		}
		for p := range 3 {
			if !slices.Equal(got.Trail(p), want.Trail(p)) {
				t.Fatalf("Dir(%d): cycle %d's trail %v, want %v", d, p, got.Trail(p), want.Trail(p))
			}
		}
	}
}

// TestPlayOut: a cycle put out dies whatever its move, its trail still
// blocks the round, it clashes with no one, and the match no longer
// encodes; a round with no one put out is Play's.
func TestPlayOut(t *testing.T) {
	tests := []struct {
		name   string
		cycles []cyc
		moves  string
		out    [MaxPlayers]bool
		died   []int
	}{
		{"put out on a free move", []cyc{{1, 1, ""}, {5, 5, ""}, {3, 3, ""}}, "x+ x- y+", [MaxPlayers]bool{true}, []int{0}},
		{"its trail blocks the round", []cyc{{1, 1, "x+"}, {2, 3, "y-"}, {5, 5, ""}}, "x+ y- x-", [MaxPlayers]bool{true}, []int{0, 1}},
		{"no clash with its target", []cyc{{1, 1, ""}, {3, 1, ""}, {5, 5, ""}}, "x+ x- x-", [MaxPlayers]bool{true}, []int{0}},
		{"two put out at once", []cyc{{1, 1, ""}, {5, 5, ""}, {3, 3, ""}}, "x+ x- y+", [MaxPlayers]bool{true, true}, []int{0, 1}},
	}
	for _, tt := range tests {
		s := staged(t, 7, 7, tt.cycles...)
		if got := s.PlayOut(moves(t, tt.moves), tt.out); !slices.Equal(got, tt.died) {
			t.Errorf("%s: died %v, want %v", tt.name, got, tt.died)
		}
		if _, err := s.MarshalBinary(); err == nil {
			t.Errorf("%s: a match with a cycle put out encodes", tt.name)
		}
	}
	s := staged(t, 7, 7, cyc{1, 1, ""}, cyc{5, 5, ""})
	if died := s.PlayOut(moves(t, "x+ x-"), [MaxPlayers]bool{}); died != nil {
		t.Errorf("no one put out: died %v", died)
	}
	if _, err := s.MarshalBinary(); err != nil {
		t.Errorf("no one put out: %v", err)
	}
}
