package captains

import (
	"github.com/agentgames/bundle/engines/rng"
	tb "github.com/agentgames/bundle/engines/tidebreakers"
)

// duel is Strong's choice when two captains are left: it plays its
// choices out against the strategies it may be facing. At its supply it weighs putting all its supply on
// each island it holds; with the supply placed, it weighs a pass and, for
// every route, the smallest expedition that captures and one of all but
// one. Each candidate is played out HorizonTurns turns on a copy of the
// board (see sim), once for each rival model (Models: every other captain
// a hunter, a sample, a rusher, or a greedy captain that takes the turn
// that leaves it the best board), twice per model with different ties,
// itself playing greedily after the candidate; the board left is valued
// (duelValue) or, if the match ended, scored as a win, a draw or a loss. A
// candidate is worth its worst model's total, so that the captain holds
// against each of them; the best worth wins, ties picked as sample picks
// them (candidates in the order above: islands, then the pass, then
// routes by from and to, the smaller expedition first). The rollouts'
// own ties come from a generator seeded by one draw from the decision's
// stream, so the choice is the stream's alone.
func duel(s *tb.State, rs *rng.Stream) tb.Action {
	me, b := s.Turn(), boardOf(s)
	var cands []tb.Action
	if s.Phase() == tb.Supplying {
		for i := range tb.Islands {
			if b.owner[i] == me {
				cands = append(cands, tb.Action{Kind: tb.Supply, Tile: i, Amount: s.SupplyLeft()})
			}
		}
	} else {
		cands = append(append(cands, tb.Action{Kind: tb.Pass}), b.attacks(me)...)
	}
	if len(cands) == 1 {
		return cands[0]
	}
	seed := rs.Uint64() | 1
	var best ties[tb.Action]
	for _, a := range cands {
		worth := 0
		for k, model := range Models {
			total := 0
			for r := range rolloutsPerModel {
				m := sim{b: b, turn: me, round: s.Round(), me: me, rand: seed + uint64(r)*0x9E3779B97F4A7C15}
				m.play(me, a)
				total += m.rollout(model, HorizonTurns)
			}
			if k == 0 || total < worth {
				worth = total
			}
		}
		best.offer(a, worth)
	}
	return best.pick(rs)
}

// Models are the strategies duel plays its candidates out against, the
// rivals all playing one of them.
var Models = []simPolicy{simHunter, simSample, simRusher, simGreedy}

// HorizonTurns is how many turns a candidate is played out, the
// candidate's own turn first; rolloutsPerModel how many times per model.
const (
	HorizonTurns     = 12
	rolloutsPerModel = 2
)

// islandWorth is what an island is worth in strength, in value.
const islandWorth = 30

// duelValue scores an open board for me: its lead with islandWorth per
// island.
func (b *board) duelValue(me int) int {
	v, _ := b.lead(me, islandWorth)
	return v
}
