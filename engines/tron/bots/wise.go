package bots

import (
	"github.com/agentgames/bundle/engines/rng"
	"github.com/agentgames/bundle/engines/tron"
)

// Wise is a strong bot in the tradition of the light-cycle contests:
//
//   - While a rival can still reach it, it searches with alpha-beta, each
//     round its own move and then the joint answer of the rivals that can
//     meet it soon (the nearest maxMovers; in a duel, the rival), a
//     cautious view of simultaneous moves: minDepth rounds, and in a duel
//     up to maxDepth as the space it reaches shrinks (depth). It values
//     the leaves by territory: the cells it reaches strictly before every
//     rival less those a rival reaches first (a Voronoi partition by
//     breadth-first search from the heads). Entering a cell a rival can
//     enter in the same round is valued below every way of staying alive
//     (clashScore): it takes that risk only when every other move dies.
//   - Once separated from every rival it fills its own space: the move into
//     the largest free region, hugging walls and trails (fewest free
//     neighbours) to waste no cells.
//
// Ties go to the first move in the arena's order; it draws nothing from the
// stream, so a board always gets the same move. The bots of a match play
// WiseMixed, and so does the bot endpoint, from the board's own stream.
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
	rivals, region := b.rivalsReachable(p)
	if len(rivals) == 0 {
		return b.fill(me, safe)
	}
	slack := 0
	if rs != nil {
		slack = nearTie + 1
	}
	movers := b.movers(p, rivals)
	values := b.search(p, movers, safe, b.depth(region, movers), slack)
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
