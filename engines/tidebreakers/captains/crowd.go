package captains

import (
	"github.com/agentgames/bundle/engines/rng"
	tb "github.com/agentgames/bundle/engines/tidebreakers"
)

// crowd is Strong's choice when three or four captains are in. At its
// supply it weighs putting all its supply on each island it holds; with
// that supply placed, it weighs a pass and, for every route, the smallest
// expedition that captures and an expedition of all but one. It plays
// each candidate turn out on a copy of the board, then lets every other
// captain still in reply once as a greedy rival would (supply on its
// weakest border island, then the expedition that captures with the
// largest surplus), and scores the board it leaves (crowdValue).
// Candidates of equal value are tied, and one is picked as sample picks
// (candidates in index order: islands, then routes by from and to, the
// smaller expedition first, the pass before all).
func crowd(s *tb.State, rs *rng.Stream) tb.Action {
	b := boardOf(s)
	me := s.Turn()
	if s.Phase() == tb.Supplying {
		var tiles ties[int]
		for i := range tb.Islands {
			if b.owner[i] != me {
				continue
			}
			c := b
			c.strength[i] += s.SupplyLeft()
			var best ties[tb.Action]
			c.expeditions(me, s.Round(), &best)
			tiles.offer(i, best.score)
		}
		return tb.Action{Kind: tb.Supply, Tile: tiles.pick(rs), Amount: s.SupplyLeft()}
	}
	var best ties[tb.Action]
	b.expeditions(me, s.Round(), &best)
	return best.pick(rs)
}

// expeditions offers every expedition (and the pass) of me on b in round
// to best, with its value.
func (b *board) expeditions(me, round int, best *ties[tb.Action]) {
	rb := b.replied(me, round)
	best.offer(tb.Action{Kind: tb.Pass}, rb.crowdValue(me))
	for _, a := range b.attacks(me) {
		c := *b
		c.attack(me, a.From, a.To, a.Send)
		rc := c.replied(me, round)
		best.offer(a, rc.crowdValue(me))
	}
}

// replied plays one greedy turn of every other captain still in, in turn
// order after me, on a copy of b.
func (b board) replied(me, round int) board {
	islands, _ := b.count()
	if islands[me] >= tb.WinIslands {
		return b
	}
	for k := 1; k < b.players; k++ {
		p := (me + k) % b.players
		if islands[p] == 0 {
			continue
		}
		r := round
		if (p-b.opener+b.players)%b.players <= (me-b.opener+b.players)%b.players {
			r++
		}
		b.greedyTurn(p, tb.SupplyIn(min(r, tb.MaxRounds)))
	}
	return b
}

// greedyTurn: supply on the weakest border island, then the capture with
// the largest surplus, sending all but one.
func (b *board) greedyTurn(p, supply int) {
	weak := -1
	for i, o := range b.owner {
		if o == p && b.onBorder(i) && (weak < 0 || b.strength[i] < b.strength[weak]) {
			weak = i
		}
	}
	if weak < 0 {
		return
	}
	b.strength[weak] += supply
	bestFrom, bestTo, margin := -1, -1, 0
	for from, o := range b.owner {
		if o != p {
			continue
		}
		for _, to := range tb.Neighbours(from) {
			if m := b.strength[from] - 1 - b.strength[to]; b.owner[to] != p && m > margin {
				bestFrom, bestTo, margin = from, to, m
			}
		}
	}
	if bestFrom >= 0 {
		b.attack(p, bestFrom, bestTo, b.strength[bestFrom]-1)
	}
}

// crowdValue scores b for me: lead with ten per island, minus three per
// island of mine that a neighbour could take next.
func (b *board) crowdValue(me int) int {
	v, decided := b.lead(me, 10)
	if decided {
		return v
	}
	exposed := 0
	for i, o := range b.owner {
		if o != me {
			continue
		}
		for _, n := range tb.Neighbours(i) {
			if b.owner[n] != me && b.owner[n] != tb.Wild && b.strength[n]-1 > b.strength[i] {
				exposed++
				break
			}
		}
	}
	return v - 3*exposed
}
