package captains_test

import (
	"flag"
	"testing"

	tb "github.com/agentgames/bundle/engines/tidebreakers"
	"github.com/agentgames/bundle/engines/tidebreakers/captains"
)

var matches = flag.Int("matches", 200, "seeded matches per line of TestStrength")

// play runs one match with the given captain in each seat and answers the
// final state.
func play(t testing.TB, seed uint64, seats []captains.Policy) *tb.State {
	s, err := tb.New(seed, len(seats))
	if err != nil {
		t.Fatal(err)
	}
	for steps := 0; !s.Over(); steps++ {
		if steps > 10000 {
			t.Fatalf("seed %d: no end after %d actions", seed, steps)
		}
		rs := s.BotStream()
		a := seats[s.Turn()](s, &rs)
		if err := s.Apply(s.Turn(), a); err != nil {
			t.Fatalf("seed %d: %v refused: %v", seed, a, err)
		}
	}
	return s
}

// record plays n matches, the first captain in every seat in turn (so that
// no seat or opening favours it), and answers its wins, draws and losses.
func record(t testing.TB, n int, hero captains.Policy, rivals ...captains.Policy) (win, draw, loss int) {
	players := 1 + len(rivals)
	for m := range n {
		heroSeat := m % players
		seats := make([]captains.Policy, 0, players)
		for p, k := 0, 0; p < players; p++ {
			if p == heroSeat {
				seats = append(seats, hero)
			} else {
				seats = append(seats, rivals[k])
				k++
			}
		}
		s := play(t, uint64(m), seats)
		switch s.Outcome(heroSeat) {
		case tb.Win:
			win++
		case tb.Draw:
			draw++
		default:
			loss++
		}
	}
	return
}

// TestStrength: strong beats sample in at least 80 % of 2-captain matches
// and wins far more than its fair quarter against three samples; sample
// beats random. Run with -matches 1000 -v for the documented figures.
func TestStrength(t *testing.T) {
	n := *matches
	if testing.Short() {
		n = 40
	}
	lines := []struct {
		name    string
		hero    captains.Policy
		rivals  []captains.Policy
		atLeast float64
	}{
		{"strong vs sample", captains.Strong, []captains.Policy{captains.Sample}, 0.8},
		{"sample vs random", captains.Sample, []captains.Policy{captains.Random}, 0.8},
		{"strong vs 3 samples", captains.Strong, []captains.Policy{captains.Sample, captains.Sample, captains.Sample}, 0.5},
	}
	for _, l := range lines {
		w, d, lo := record(t, n, l.hero, l.rivals...)
		t.Logf("%s: %d matches, win %.1f%% draw %.1f%% loss %.1f%%", l.name, n, 100*float64(w)/float64(n), 100*float64(d)/float64(n), 100*float64(lo)/float64(n))
		if float64(w) < l.atLeast*float64(n) {
			t.Errorf("%s wins %d of %d, want at least %.0f%%", l.name, w, n, 100*l.atLeast)
		}
	}
}
