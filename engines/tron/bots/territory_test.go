package bots

import (
	"testing"

	"github.com/agentgames/bundle/engines/rng"
	"github.com/agentgames/bundle/engines/tron"
)

// distances are the numbers of moves from cell c to every free cell
// (-1: unreached), by a plain breadth-first search.
func distances(b *board, c int) []int {
	dist := make([]int, len(b.occ))
	for i := range dist {
		dist[i] = -1
	}
	queue := []int{c}
	dist[c] = 0
	for len(queue) > 0 {
		c, queue = queue[0], queue[1:]
		for d := range tron.Dir(4) {
			if t := b.step(c, d); t >= 0 && !b.occ[t] && dist[t] < 0 {
				dist[t] = dist[c] + 1
				queue = append(queue, t)
			}
		}
	}
	return dist
}

// TestTerritory: territory counts, as its definition says, the free cells
// p's head reaches in fewer moves than every living rival's, less those a
// rival reaches in fewer moves than every other head, on positions of
// seeded matches of 2 to 4 random-safe cycles (up to 3 living).
func TestTerritory(t *testing.T) {
	positions := 0
	for players := 2; players <= 4; players++ {
		for seed := range uint64(5) {
			s, err := tron.New(seed, 12, 9, players)
			if err != nil {
				t.Fatal(err)
			}
			rs := rng.New(seed, 7)
			for !s.Over() {
				b := boardOf(s)
				for p := range players {
					if !s.Alive(p) {
						continue
					}
					want := 0
					mine := distances(b, b.heads[p])
					var theirs [][]int
					for q := range players {
						if q != p && s.Alive(q) {
							theirs = append(theirs, distances(b, b.heads[q]))
						}
					}
					for c, occ := range b.occ {
						if occ {
							continue
						}
						first := -1
						for _, dist := range theirs {
							if dist[c] >= 0 && (first < 0 || dist[c] < first) {
								first = dist[c]
							}
						}
						switch m := mine[c]; {
						case m >= 0 && (first < 0 || m < first):
							want++
						case first >= 0 && (m < 0 || first < m):
							want--
						}
					}
					if got := b.territory(p); got != want {
						t.Fatalf("seed %d, %d players, round %d, cycle %d: territory %d, want %d", seed, players, s.Round(), p, got, want)
					}
					positions++
				}
				var moves [tron.MaxPlayers]tron.Dir
				for p := range players {
					if s.Alive(p) {
						moves[p] = Safe(s, p, &rs)
					}
				}
				s.Play(moves)
			}
		}
	}
	t.Logf("%d positions", positions)
}
