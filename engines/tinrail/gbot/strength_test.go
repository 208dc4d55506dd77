package gbot

import (
	"flag"
	"testing"

	"github.com/agentgames/bundle/engines/rng"
	"github.com/agentgames/bundle/engines/tinrail"
)

var matches = flag.Int("matches", 200, "matches per pairing in TestWiseIsStronger")

// agent picks the player's placement from the player's seat view.
type agent func(v *tinrail.SeatView, rs *rng.Stream) (tileIndex, rotation int)

// randomAgent plays any legal placement uniformly.
func randomAgent(v *tinrail.SeatView, rs *rng.Stream) (int, int) {
	k := rs.Intn(v.Hand().Len() * tinrail.Rotations)
	return k / tinrail.Rotations, k % tinrail.Rotations
}

// place plays a placement that must be legal.
func place(s *tinrail.State, i, r int) {
	if _, err := s.Place(i, r); err != nil {
		panic(err)
	}
}

// reply plays G-Bot's placement at the match's level.
func reply(s *tinrail.State) {
	v := s.SeatView(tinrail.GBot)
	rs := s.BotStream()
	i, r := Choose(s.Opponent(), &v, &rs)
	place(s, i, r)
}

// playMatch plays one match of an agent against G-Bot and answers the result.
func playMatch(seed uint64, opp tinrail.Opponent, a agent) *tinrail.State {
	s := tinrail.New(seed, opp)
	rs := rng.New(seed, 99)
	for !s.Over() {
		if s.Turn() == tinrail.GBot {
			reply(s)
			continue
		}
		v := s.SeatView(tinrail.You)
		i, r := a(&v, &rs)
		place(s, i, r)
	}
	return s
}

type tally struct{ win, draw, loss, score int }

func (t *tally) add(s *tinrail.State) {
	switch s.Result() {
	case tinrail.Win:
		t.win++
	case tinrail.Draw:
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
	}{{"random", randomAgent}, {"one-ply safe", Easy}}
	for _, a := range agents {
		var rates [2]float64
		for _, opp := range []tinrail.Opponent{tinrail.Easy, tinrail.Wise} {
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
		if rates[tinrail.Wise] > rates[tinrail.Easy]*0.75 {
			t.Errorf("%s wins %.1f%% against Wise and %.1f%% against Easy: Wise is not clearly stronger",
				a.name, 100*rates[tinrail.Wise], 100*rates[tinrail.Easy])
		}
	}
}
