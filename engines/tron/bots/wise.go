package bots

import (
	"github.com/agentgames/bundle/engines/rng"
	"github.com/agentgames/bundle/engines/tron"
)

// Wise is a strong bot in the tradition of the light-cycle contests:
//
//   - In a duel where the two cycles can still reach each other, it searches
//     duelDepth rounds with alpha-beta, each round its own move then its
//     rival's answer to it (a cautious view of simultaneous moves: moving
//     into one cell kills both, a draw), and values the leaves by territory:
//     the cells it reaches strictly before its rival (a Voronoi partition by
//     breadth-first search from both heads).
//   - With three or four cycles it takes the safe move that leaves it the
//     most such territory against all the others, avoiding cells another
//     head can also enter next round.
//   - Once separated from every rival it fills its own space: the move into
//     the largest free region, hugging walls and trails (fewest free
//     neighbours) to waste no cells.
//
// Ties go to the first move in the arena's order; it draws nothing from the
// stream, so a board always gets the same move: the bot endpoint, which has
// no match to draw from, plays it. The bots of a match play WiseMixed.
func Wise(s *tron.State, p int, _ *rng.Stream) tron.Dir { return wise(s, p, nil) }

// wise is Wise, breaking near-ties in a duel or a crowd with a draw from
// rs unless rs is nil.
func wise(s *tron.State, p int, rs *rng.Stream) tron.Dir {
	b := boardOf(s)
	me := b.heads[p]
	safe := b.safe(me)
	switch {
	case len(safe) == 0:
		return tron.XPlus
	case len(safe) == 1:
		return safe[0]
	}
	rivals := b.rivalsReachable(p)
	if len(rivals) == 0 {
		return b.fill(me, safe)
	}
	slack := 0
	if rs != nil {
		slack = nearTie + 1
	}
	var values []int
	if s.Living() == 2 {
		values = b.duel(p, rivals[0], safe, slack)
	} else {
		values = b.crowd(p, safe)
	}
	if rs == nil {
		return safe[first(values)]
	}
	return drawNear(safe, values, rs)
}

// first is the index of the first highest value.
func first(values []int) int {
	best := 0
	for i, v := range values {
		if v > values[best] {
			best = i
		}
	}
	return best
}

// crowd values p's safe moves by the territory each leaves it against
// every other cycle, less a whole grid for a cell another head can also
// enter next round.
func (b *board) crowd(p int, safe []tron.Dir) []int {
	values := make([]int, len(safe))
	for i, d := range safe {
		t := b.step(b.heads[p], d)
		contested := false
		for q := range b.players {
			if q == p || !b.alive[q] {
				continue
			}
			for e := range tron.Dir(4) {
				contested = contested || b.step(b.heads[q], e) == t
			}
		}
		h := b.heads[p]
		b.occ[t], b.heads[p] = true, t
		v := b.territory(p)
		b.occ[t], b.heads[p] = false, h
		if contested {
			v -= len(b.occ)
		}
		values[i] = v
	}
	return values
}

// fill takes the move into the largest free region, the fewest free
// neighbours breaking ties (hugging walls and trails).
func (b *board) fill(me int, safe []tron.Dir) tron.Dir {
	best, bestSize, bestNeighbours := safe[0], -1, 5
	for _, d := range safe {
		t := b.step(me, d)
		b.occ[t] = true
		size := b.region(t)
		free := 0
		b.neighbours(t, func(int) { free++ })
		b.occ[t] = false
		if size > bestSize || size == bestSize && free < bestNeighbours {
			best, bestSize, bestNeighbours = d, size, free
		}
	}
	return best
}
