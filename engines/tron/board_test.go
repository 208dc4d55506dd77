package tron

import (
	"slices"
	"testing"

	"github.com/agentgames/bundle/engines/rng"
)

// TestFromBoard pins positions read from boards whose trails jump (a cell
// that does not follow its neighbour, as the arena's off-board head put in
// the corner): Trail answers each board trail as given, head first, and
// Owner marks its cells; an empty trail is a cycle out of the game, dead
// in round 1; a cycle put out in the next round leaves every one of its
// cells free and the others' trails whole, each grown by one cell.
func TestFromBoard(t *testing.T) {
	tests := []struct {
		name  string
		board [][]Cell
	}{
		{"neighbours only", [][]Cell{{{2, 1}, {1, 1}, {1, 2}}, {{4, 4}}}},
		{"the off-board head in the corner", [][]Cell{{{0, 0}, {3, 3}, {3, 4}}, {{5, 5}, {5, 6}}}},
		{"a jump along a row", [][]Cell{{{3, 1}, {1, 1}}, {{5, 5}}}},
		{"scattered cells, one cycle out", [][]Cell{{{1, 1}, {3, 3}, {5, 1}, {5, 2}, {0, 6}}, {{6, 6}, {6, 5}, {2, 5}}, {}}},
		{"the jumping trail not put out", [][]Cell{{{4, 4}}, {{0, 0}, {6, 6}, {6, 5}, {2, 2}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := FromBoard(7, 7, tt.board)
			if err != nil {
				t.Fatal(err)
			}
			consistent(t, s)
			for p, want := range tt.board {
				died := 0
				if len(want) == 0 {
					died = 1
				}
				if got := s.Trail(p); !slices.Equal(got, want) || s.Alive(p) != (len(want) > 0) || s.Died(p) != died {
					t.Fatalf("cycle %d: trail %v, alive %v, died %d; want trail %v", p, got, s.Alive(p), s.Died(p), want)
				}
				for _, c := range want {
					if s.Owner(c.X, c.Y) != p || s.Free(c.X, c.Y) {
						t.Fatalf("cycle %d's cell %v: owner %d, free %v", p, c, s.Owner(c.X, c.Y), s.Free(c.X, c.Y))
					}
				}
			}
			r := rng.New(1, 1)
			var m [MaxPlayers]Dir
			for p := 1; p < s.players; p++ {
				if s.alive[p] {
					m[p] = freeDir(s, s.heads[p], &r)
				}
			}
			if died := s.PlayOut(m, [MaxPlayers]bool{true}); !slices.Equal(died, []int{0}) {
				t.Fatalf("died %v, want [0]:\n%s", died, picture(s))
			}
			consistent(t, s)
			for _, c := range tt.board[0] {
				if !s.Free(c.X, c.Y) {
					t.Fatalf("the dead cycle's cell %v is not free:\n%s", c, picture(s))
				}
			}
			for p := 1; p < s.players; p++ {
				if got := s.Trail(p); len(tt.board[p]) > 0 && !slices.Equal(got[1:], tt.board[p]) {
					t.Fatalf("cycle %d's trail %v, want a cell and %v", p, got, tt.board[p])
				}
			}
		})
	}
}

// TestFromBoardRefuses pins the boards FromBoard refuses, with their
// errors: grids and player counts out of bounds, a cell off the grid, a
// cell in two trails or twice in one.
func TestFromBoardRefuses(t *testing.T) {
	tests := []struct {
		name  string
		w, h  int
		board [][]Cell
		err   string
	}{
		{"narrow grid", 4, 5, [][]Cell{{{1, 1}}, {{2, 2}}}, "tron: a 4x5 grid, want sides of 5 to 100"},
		{"one player", 5, 5, [][]Cell{{{1, 1}}}, "tron: 1 players, want 2 to 4"},
		{"five players", 5, 5, make([][]Cell, 5), "tron: 5 players, want 2 to 4"},
		{"left of the grid", 5, 5, [][]Cell{{{1, 1}}, {{2, 2}, {-1, 2}}}, "tron: player 1's cell (-1,2) is off the 5x5 grid"},
		{"below the grid", 5, 6, [][]Cell{{{1, 6}}, {{2, 2}}}, "tron: player 0's cell (1,6) is off the 5x6 grid"},
		{"two trails", 5, 5, [][]Cell{{{1, 1}, {1, 2}}, {{2, 2}, {1, 2}}}, "tron: the cell (1,2) is in two trails"},
		{"twice in one", 5, 5, [][]Cell{{{1, 1}, {1, 2}, {1, 1}}, {{3, 3}}}, "tron: the cell (1,1) is in two trails"},
	}
	for _, tt := range tests {
		s, err := FromBoard(tt.w, tt.h, tt.board)
		if s != nil || err == nil || err.Error() != tt.err {
			t.Errorf("%s: %v, %v; want the error %q", tt.name, s != nil, err, tt.err)
		}
	}
}
