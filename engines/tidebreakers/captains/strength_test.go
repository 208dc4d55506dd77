package captains_test

import (
	"flag"
	"testing"

	tb "github.com/agentgames/bundle/engines/tidebreakers"
	"github.com/agentgames/bundle/engines/tidebreakers/captains"
)

var matches = flag.Int("matches", 40, "seeded matches per line of TestStrength")

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

// TestStrength: strong beats sample, random and each sparring captain
// (rusher, hunter, turtle) in at least 75 % of 2-captain matches, seats
// turning, and wins at least 40 % of 4-captain matches against a mix of
// sample, hunter and rusher; sample beats random. Run with -matches 500
// -v for the documented figures (cmd/ladder measures every pairing).
func TestStrength(t *testing.T) {
	n := *matches
	if testing.Short() {
		n = 20
	}
	lines := []struct {
		name    string
		hero    captains.Policy
		rivals  []captains.Policy
		atLeast float64
	}{
		{"strong vs sample", captains.Strong, []captains.Policy{captains.Sample}, 0.8},
		{"strong vs random", captains.Strong, []captains.Policy{captains.Random}, 0.75},
		{"strong vs rusher", captains.Strong, []captains.Policy{captains.Rusher}, 0.75},
		{"strong vs hunter", captains.Strong, []captains.Policy{captains.Hunter}, 0.75},
		{"strong vs turtle", captains.Strong, []captains.Policy{captains.Turtle}, 0.75},
		{"sample vs random", captains.Sample, []captains.Policy{captains.Random}, 0.8},
		{"strong vs 3 samples", captains.Strong, []captains.Policy{captains.Sample, captains.Sample, captains.Sample}, 0.5},
		{"strong vs sample, hunter, rusher", captains.Strong, []captains.Policy{captains.Sample, captains.Hunter, captains.Rusher}, 0.4},
	}
	for _, l := range lines {
		w, d, lo := record(t, n, l.hero, l.rivals...)
		t.Logf("%s: %d matches, win %.1f%% draw %.1f%% loss %.1f%%", l.name, n, 100*float64(w)/float64(n), 100*float64(d)/float64(n), 100*float64(lo)/float64(n))
		if float64(w) < l.atLeast*float64(n) {
			t.Errorf("%s wins %d of %d, want at least %.0f%%", l.name, w, n, 100*l.atLeast)
		}
	}
}

// TestSparring: each sparring captain plays its strategy: the turtle
// never sails; the rusher and the hunter send all but one, and only to
// capture; the hunter takes a rival's island whenever it can.
func TestSparring(t *testing.T) {
	hunts := 0
	for seed := range uint64(20) {
		seats := []captains.Policy{captains.Turtle, captains.Rusher, captains.Hunter}
		s, err := tb.New(seed, len(seats))
		if err != nil {
			t.Fatal(err)
		}
		for !s.Over() {
			p := s.Turn()
			rs := s.BotStream()
			sailing := s.Phase() == tb.Sailing
			var rivalTakeable bool
			for _, e := range s.Expeditions() {
				if to := s.Island(e.To); to.Owner != tb.Wild && e.MaxSend > to.Strength {
					rivalTakeable = true
				}
			}
			a := seats[p](s, &rs)
			switch {
			case sailing && p == 0 && a.Kind != tb.Pass:
				t.Fatalf("seed %d: the turtle sailed: %+v", seed, a)
			case sailing && a.Kind == tb.Attack && (a.Send != s.Island(a.From).Strength-1 || a.Send <= s.Island(a.To).Strength):
				t.Fatalf("seed %d: seat %d sent %+v, not all but one to capture", seed, p, a)
			case sailing && p == 2 && rivalTakeable && (a.Kind != tb.Attack || s.Island(a.To).Owner == tb.Wild):
				t.Fatalf("seed %d: the hunter passed a rival's island by: %+v", seed, a)
			case !sailing && a.Amount != s.SupplyLeft():
				t.Fatalf("seed %d: seat %d supplied %+v, not all at once", seed, p, a)
			}
			if p == 2 && a.Kind == tb.Attack && s.Island(a.To).Owner != tb.Wild {
				hunts++
			}
			if err := s.Apply(p, a); err != nil {
				t.Fatalf("seed %d: %+v refused: %v", seed, a, err)
			}
		}
	}
	if hunts == 0 {
		t.Error("in 20 matches the hunter took no rival's island")
	}
}
