package bots_test

import (
	"flag"
	"strings"
	"testing"
	"time"

	"github.com/agentgames/bundle/engines/rng"
	"github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/engines/tron/bots"
)

var (
	matches  = flag.Int("matches", 50, "seeded matches per line of TestStrength")
	side     = flag.Int("side", 30, "the grid side of TestStrength's matches")
	endpoint = flag.Bool("endpoint", false, "TestStrength plays wise as the bot endpoint does (drawing from the board's stream), not as the bots of a match")
)

// play runs one match with a policy per cycle and answers it finished, and
// the slowest decision of cycle 0.
func play(t testing.TB, seed uint64, side int, seats []bots.Policy) (*tron.State, time.Duration) {
	s, err := tron.New(seed, side, side, len(seats))
	if err != nil {
		t.Fatal(err)
	}
	var slowest time.Duration
	for !s.Over() {
		var moves [tron.MaxPlayers]tron.Dir
		for p, policy := range seats {
			if s.Alive(p) {
				rs := rng.New(seed, 1<<32+uint64(s.Round())*4+uint64(p))
				start := time.Now()
				moves[p] = policy(s, p, &rs)
				if p == 0 {
					slowest = max(slowest, time.Since(start))
				}
			}
		}
		s.Play(moves)
	}
	return s, slowest
}

// TestStrength: wise, as the bots of a match play it (WiseMixed, its seat's
// stream for each round as the game's), wins at least 95 % of duels
// against easy, the random-safe bot and the first-free-neighbour bot,
// drawing at most one in 50 (the ladder measures at most 2 draws in 1,000
// on 30x30, none on 100x100), and wins at least 80 % of four-cycle
// matches against three easy bots, most against three random-safe ones.
// The documented figures are the ladder's (cmd/ladder); run with
// -endpoint for wise as the endpoint plays.
func TestStrength(t *testing.T) {
	n := *matches
	if testing.Short() {
		n = 6
	}
	lines := []struct {
		name    string
		rivals  []bots.Policy
		atLeast float64
	}{
		{"wise vs easy", []bots.Policy{bots.Easy}, 0.95},
		{"wise vs safe", []bots.Policy{bots.Safe}, 0.95},
		{"wise vs first", []bots.Policy{bots.First}, 0.95},
		{"wise vs 3 easy", []bots.Policy{bots.Easy, bots.Easy, bots.Easy}, 0.8},
		{"wise vs 3 safe", []bots.Policy{bots.Safe, bots.Safe, bots.Safe}, 0.5},
	}
	for _, l := range lines {
		t.Run(strings.ReplaceAll(l.name, " ", "_"), func(t *testing.T) { strength(t, n, l.rivals, l.atLeast) })
	}
}

// strength plays n seeded matches of wise against rivals, logs its wins,
// draws and slowest move, and fails below atLeast wins or on more than one drawn duel in 50.
func strength(t *testing.T, n int, rivals []bots.Policy, atLeast float64) {
	wins, draws := 0, 0
	var drawn []int
	var slowest time.Duration
	wise := bots.WiseMixed
	if *endpoint {
		wise = func(s *tron.State, p int, _ *rng.Stream) tron.Dir {
			rs := bots.BoardStream(s, p)
			return bots.WiseMixed(s, p, &rs)
		}
	}
	for m := range n {
		s, slow := play(t, uint64(m), *side, append([]bots.Policy{wise}, rivals...))
		slowest = max(slowest, slow)
		switch {
		case s.Rank(0) == 1 && s.Alive(0):
			wins++
		case s.Rank(0) == 1:
			draws++
			drawn = append(drawn, m)
		}
	}
	t.Logf("%dx%d: %d matches, wise wins %.1f%%, draws %.1f%% (seeds %v); slowest wise move %s", *side, *side, n,
		100*float64(wins)/float64(n), 100*float64(draws)/float64(n), drawn, slowest.Round(time.Microsecond))
	if len(rivals) == 1 && draws*50 > n {
		t.Errorf("wise drew %d of %d duels, want at most 1 in 50", draws, n)
	}
	if float64(wins) < atLeast*float64(n) {
		t.Errorf("wise wins %d of %d, want at least %.0f%%", wins, n, 100*atLeast)
	}
}
