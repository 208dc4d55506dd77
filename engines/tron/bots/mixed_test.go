package bots

import (
	"slices"
	"testing"

	"github.com/agentgames/bundle/engines/rng"
	"github.com/agentgames/bundle/engines/tron"
)

// nearTies are p's candidates as drawNear defines them, from every safe
// move valued exactly (the duel searched with no pruning at the root) in
// the arena's order, and whether p met a rival at all.
func nearTies(s *tron.State, p int) ([]tron.Dir, bool) {
	b := boardOf(s)
	safe := b.safe(b.heads[p])
	rivals, region := b.rivalsReachable(p)
	if len(safe) < 2 || len(rivals) == 0 {
		return nil, false
	}
	movers := b.movers(p, rivals)
	values := b.search(p, movers, safe, b.depth(region, movers), 4*winScore)
	var out []tron.Dir
	for i, v := range values {
		if v >= slices.Max(values)-nearTie {
			out = append(out, safe[i])
		}
	}
	return out, true
}

// TestWiseMixedDrawsNearTies: in a duel or a crowd WiseMixed plays
// candidates[Intn(len(candidates))] with the first draw of its stream,
// candidates being the moves valued within nearTie of the best in the
// arena's order, as an unpruned search values them; elsewhere it plays as
// Wise. Positions of seeded matches on small grids, duels and four cycles,
// the cycles moving as WiseMixed with the game's streams; some of them
// have several candidates, and there it sometimes plays another move than
// Wise's.
func TestWiseMixedDrawsNearTies(t *testing.T) {
	several, other := 0, 0
	for _, players := range []int{2, 4} {
		for seed := range uint64(4) {
			s, err := tron.New(seed, 10, 10, players)
			if err != nil {
				t.Fatal(err)
			}
			for !s.Over() {
				var moves [tron.MaxPlayers]tron.Dir
				for p := range players {
					if !s.Alive(p) {
						continue
					}
					rs := rng.New(seed, 1<<32+uint64(s.Round())*4+uint64(p))
					draw := rs
					moves[p] = WiseMixed(s, p, &rs)
					want := Wise(s, p, nil)
					if candidates, met := nearTies(s, p); met {
						want = candidates[draw.Intn(len(candidates))]
						if len(candidates) > 1 {
							several++
						}
					}
					if moves[p] != want {
						t.Fatalf("seed %d, %d players, round %d, cycle %d: played %v, want %v", seed, players, s.Round(), p, moves[p], want)
					}
					if moves[p] != Wise(s, p, nil) {
						other++
					}
				}
				s.Play(moves)
			}
		}
	}
	if several == 0 || other == 0 {
		t.Errorf("%d positions had several candidates, %d times wise's move was not drawn", several, other)
	}
}

// TestBoardStream: a board's stream is the same whether the state was
// played from a seed or set up from the arena's board, differs from seat
// to seat, and changes with any cell of any trail.
func TestBoardStream(t *testing.T) {
	s, err := tron.New(7, 12, 12, 3)
	if err != nil {
		t.Fatal(err)
	}
	for !s.Over() && s.Round() < 9 {
		var moves [tron.MaxPlayers]tron.Dir
		for p := range s.Players() {
			rs := rng.New(7, uint64(s.Round()*4+p))
			moves[p] = Safe(s, p, &rs)
		}
		s.Play(moves)
	}
	trails := make([][]tron.Cell, s.Players())
	for p := range trails {
		trails[p] = s.Trail(p)
	}
	first := func(s *tron.State, p int) uint64 { rs := BoardStream(s, p); return rs.Uint64() }
	same, err := tron.FromBoard(12, 12, trails)
	if err != nil {
		t.Fatal(err)
	}
	if first(s, 0) != first(same, 0) || first(s, 0) == first(s, 1) {
		t.Errorf("seat 0 draws %x played, %x set up; seat 1 draws %x", first(s, 0), first(same, 0), first(s, 1))
	}
	compared := 0
	for p, trail := range trails {
		for i := range trail {
			moved := make([][]tron.Cell, len(trails))
			for q := range trails {
				moved[q] = slices.Clone(trails[q])
			}
			moved[p][i] = tron.Cell{X: (moved[p][i].X + 5) % 12, Y: (moved[p][i].Y + 7) % 12}
			other, err := tron.FromBoard(12, 12, moved)
			if err != nil {
				continue // the moved cell lands on a trail
			}
			if compared++; first(other, 0) == first(s, 0) {
				t.Errorf("trail %d with cell %d at %v draws as the board did", p, i, moved[p][i])
			}
		}
	}
	if compared < 20 {
		t.Errorf("only %d boards with a cell moved", compared)
	}
}
