package tinrail

import (
	"flag"
	"testing"

	"github.com/agentgames/bundle/engines/rng"
)

var matches = flag.Int("matches", 200, "matches per pairing in TestWiseIsStronger")

// agent picks the player's placement from the player's fair view.
type agent func(v *view, rs *rng.Stream) option

// randomAgent plays any legal placement uniformly.
func randomAgent(v *view, rs *rng.Stream) option {
	n := v.hand.Len() * Rotations
	k := rs.Intn(n)
	return option{k / Rotations, k % Rotations}
}

// playMatch plays one match of an agent against G-Bot and answers the result.
func playMatch(seed uint64, opp Opponent, a agent) *State {
	s := New(seed, opp)
	rs := rng.New(seed, 99)
	for !s.Over() {
		v := s.viewFor(You)
		o := a(&v, &rs)
		if _, err := s.Play(o.index, o.rotation); err != nil {
			panic(err)
		}
	}
	return s
}

type tally struct{ win, draw, loss, score int }

func (t *tally) add(s *State) {
	switch s.Result() {
	case Win:
		t.win++
	case Draw:
		t.draw++
	default:
		t.loss++
	}
	t.score += s.Score()
}

func TestWiseIsStronger(t *testing.T) {
	if testing.Short() {
		t.Skip("plays hundreds of matches")
	}
	agents := []struct {
		name string
		play agent
	}{{"random", randomAgent}, {"one-ply safe", easyChoice}}
	for _, a := range agents {
		var rates [2]float64
		for _, opp := range []Opponent{Easy, Wise} {
			var tl tally
			for seed := range uint64(*matches) {
				tl.add(playMatch(seed, opp, a.play))
			}
			rates[opp] = float64(tl.win) / float64(*matches)
			t.Logf("%-13s vs %-4s: %d matches, win %.1f%% draw %.1f%% loss %.1f%%, mean score %.1f",
				a.name, []string{"Easy", "Wise"}[opp], *matches,
				100*float64(tl.win)/float64(*matches), 100*float64(tl.draw)/float64(*matches),
				100*float64(tl.loss)/float64(*matches), float64(tl.score)/float64(*matches))
		}
		if rates[Wise] > rates[Easy]*0.75 {
			t.Errorf("%s wins %.1f%% against Wise and %.1f%% against Easy: Wise is not clearly stronger",
				a.name, 100*rates[Wise], 100*rates[Easy])
		}
	}
}
