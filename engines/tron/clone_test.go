package tron

import (
	"fmt"
	"reflect"
	"slices"
	"sync"
	"testing"

	"github.com/agentgames/bundle/engines/rng"
)

// randomBoard is a board on a w x h grid for players cycles, drawn from r:
// each trail, listed head first as a board lists it, holds up to most cells
// (none for some), walked from a random cell to a free neighbour, or
// jumping to a random free cell one time in four and when no neighbour is
// free.
func randomBoard(r *rng.Stream, w, h, players, most int) [][]Cell {
	taken := make([]bool, w*h)
	free := func(c Cell) bool { return c.X >= 0 && c.Y >= 0 && c.X < w && c.Y < h && !taken[c.Y*w+c.X] }
	out := make([][]Cell, players)
	for p := range out {
		var t []Cell // first cell first
		for n, tries := r.Intn(most+1), 0; len(t) < n && tries < 50; {
			var next []Cell
			if len(t) > 0 && r.Intn(4) != 0 {
				last := t[len(t)-1]
				for d := range Dir(4) {
					if x, y := Step(last.X, last.Y, d); free(Cell{x, y}) {
						next = append(next, Cell{x, y})
					}
				}
			}
			if len(next) == 0 {
				if c := (Cell{r.Intn(w), r.Intn(h)}); free(c) {
					next = append(next, c)
				} else {
					tries++
					continue
				}
			}
			c := next[r.Intn(len(next))]
			taken[c.Y*w+c.X] = true
			t = append(t, c)
		}
		slices.Reverse(t)
		out[p] = t
	}
	return out
}

// randomMoves are moves for s's living cycles drawn from r: a random free
// direction, or any one time in eight and when none is free.
func randomMoves(s *State, r *rng.Stream) [MaxPlayers]Dir {
	var m [MaxPlayers]Dir
	for p := range s.players {
		if s.alive[p] {
			m[p] = Dir(r.Intn(4))
			if h := s.heads[p]; r.Intn(8) != 0 {
				m[p] = freeDir(s, h, r)
			}
		}
	}
	return m
}

// hasJump reports whether a trail, head first, holds two cells in a row
// that are not neighbours.
func hasJump(t []Cell) bool {
	for i := 1; i < len(t); i++ {
		if _, ok := dirOf(t[i], t[i-1]); !ok {
			return true
		}
	}
	return false
}

// cloneSource builds the same state afresh each time it is called with
// the same seed.
type cloneSource struct {
	name  string
	build func(t *testing.T, seed uint64) *State
}

// cloneSources are states to clone: a match played from New (its moves
// recorded), the same read back from its snapshot (none recorded), and a
// random board, whose trails jump; on grids of 5 to 100 cells a side with
// 2 to 4 cycles, some of them dead.
func cloneSources() []cloneSource {
	side := func(seed uint64) int { return []int{5, 7, 12, 30, 100}[seed%5] }
	players := func(seed uint64) int { return MinPlayers + int(seed/5%3) }
	played := func(t *testing.T, seed uint64) *State {
		s, _ := match(t, seed, side(seed), side(seed), players(seed), 6, int(seed%40))
		return s
	}
	return []cloneSource{
		{"played", played},
		{"snapshot", func(t *testing.T, seed uint64) *State {
			s, err := FromSnapshot(snapshot(t, played(t, seed)))
			if err != nil {
				t.Fatal(err)
			}
			return s
		}},
		{"board", func(t *testing.T, seed uint64) *State {
			r := rng.New(seed, 31)
			s, err := FromBoard(side(seed), side(seed), randomBoard(&r, side(seed), side(seed), players(seed), side(seed)))
			if err != nil {
				t.Fatal(err)
			}
			consistent(t, s)
			return s
		}},
	}
}

// TestClone: a state and its clone, played on round by round in turn with
// different moves, are each the state built afresh and played alone with
// the same moves: the same deaths every round, and equal in every field
// (grid, trails, moves recorded) after it; neither changes the other. The
// matches are played to their end or for 300 rounds, and between them see
// deaths in the state and in the clone, and deaths of trails that jump.
func TestClone(t *testing.T) {
	var deaths, clones, jumps int
	for _, src := range cloneSources() {
		for seed := range uint64(90) {
			s := src.build(t, seed)
			c := s.Clone()
			if !reflect.DeepEqual(c, s) {
				t.Fatalf("%s seed %d: the clone differs from its state", src.name, seed)
			}
			wantS, wantC := src.build(t, seed), src.build(t, seed)
			rs, rc := rng.New(seed, 41), rng.New(seed, 42)
			for round := 0; round < 300 && !(s.Over() && c.Over()); round++ {
				for _, pair := range []struct {
					got, want *State
					r         *rng.Stream
					clone     bool
				}{{s, wantS, &rs, false}, {c, wantC, &rc, true}} {
					var jumped [MaxPlayers]bool
					for p := range pair.got.players {
						jumped[p] = hasJump(pair.got.Trail(p))
					}
					m := randomMoves(pair.got, pair.r)
					died := pair.got.Play(m)
					if want := pair.want.Play(m); !slices.Equal(died, want) {
						t.Fatalf("%s seed %d, clone %v, round %d: %v died, %v alone", src.name, seed, pair.clone, round, died, want)
					}
					consistent(t, pair.got)
					for _, p := range died {
						deaths++
						if pair.clone {
							clones++
						}
						if jumped[p] {
							jumps++
						}
					}
				}
				if !reflect.DeepEqual(s, wantS) || !reflect.DeepEqual(c, wantC) {
					t.Fatalf("%s seed %d, round %d: the state or its clone is not the one played alone:\n%s\n%s", src.name, seed, round, picture(s), picture(c))
				}
			}
		}
	}
	if deaths == 0 || clones == 0 || jumps == 0 {
		t.Fatalf("%d deaths, %d in clones, %d of trails that jump: the matches do not test erasing", deaths, clones, jumps)
	}
	t.Logf("%d deaths, %d in clones, %d of trails that jump", deaths, clones, jumps)
}

// TestCloneConcurrent: clones of a state played each in a goroutine of its
// own, while the state plays on in another, end as each played alone;
// under -race, no two of them write, or write and read, one place of
// memory. Each also encodes (when it records its moves), snapshots (when
// its trails are a match's) and lists its trails as it plays.
func TestCloneConcurrent(t *testing.T) {
	for _, src := range cloneSources() {
		for _, seed := range []uint64{4, 9, 13, 24} {
			t.Run(fmt.Sprintf("%s seed %d", src.name, seed), func(t *testing.T) {
				s := src.build(t, seed)
				states := []*State{s.Clone(), s.Clone(), s.Clone(), s}
				var wg sync.WaitGroup
				for i, st := range states {
					wg.Go(func() { playAlone(st, uint64(i)) })
				}
				wg.Wait()
				for i, st := range states {
					want := src.build(t, seed)
					playAlone(want, uint64(i))
					if !reflect.DeepEqual(st, want) {
						t.Fatalf("state %d is not the one played alone:\n%s\nwant\n%s", i, picture(st), picture(want))
					}
				}
			})
		}
	}
}

// playAlone plays s on for up to 200 rounds with random moves from stream
// k, reading everything it shows along the way.
func playAlone(s *State, k uint64) {
	r := rng.New(k, 43)
	for range 200 {
		if s.Over() {
			return
		}
		s.Play(randomMoves(s, &r))
		_, _ = s.MarshalBinary()
		_, _ = s.AppendSnapshot(nil)
		for p := range s.players {
			s.Trail(p)
		}
	}
}

// TestRecent: a trail's last n cells are its first n listed head first,
// all of them past its length and none below 1; its length is its cells.
// A state read back from a snapshot plays on keeping no moves, so that
// its clones cost the grid however long it plays.
func TestRecent(t *testing.T) {
	for _, src := range cloneSources() {
		for seed := range uint64(30) {
			s := src.build(t, seed)
			r := rng.New(seed, 43)
			for round := 0; round < 20 && !s.Over(); round++ {
				s.Play(randomMoves(s, &r))
			}
			for p := range s.players {
				trail := s.Trail(p)
				if s.Length(p) != len(trail) {
					t.Fatalf("%s seed %d: cycle %d's length %d, its trail %d cells", src.name, seed, p, s.Length(p), len(trail))
				}
				for _, n := range []int{-1, 0, 1, 2, len(trail) - 1, len(trail), len(trail) + 3} {
					if got, want := s.Recent(p, n), trail[:min(max(n, 0), len(trail))]; !slices.Equal(got, want) {
						t.Fatalf("%s seed %d: cycle %d's last %d cells %v, want %v", src.name, seed, p, n, got, want)
					}
				}
			}
			if src.name == "snapshot" && len(s.moves) != 0 {
				t.Fatalf("seed %d: a state read from a snapshot recorded %d moves", seed, len(s.moves))
			}
		}
	}
}
