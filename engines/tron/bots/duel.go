package bots

import "github.com/agentgames/bundle/engines/tron"

// duelDepth is how many rounds the duel search looks ahead.
const duelDepth = 2

const (
	winScore  = 1 << 20
	drawScore = -1 << 10 // a draw is worse than any live position
)

// duel values p's safe moves against rival q by alpha-beta, each searched
// with alpha slack below the best value before it: a move valued above
// alpha gets its exact value, one that is not answers a value no higher
// than alpha. Slack 0 finds the first best move; nearTie+1 its near-ties
// too.
func (b *board) duel(p, q int, safe []tron.Dir, slack int) []int {
	values := make([]int, len(safe))
	best := -winScore - 1
	for i, d := range safe {
		values[i] = b.afterMine(p, q, d, duelDepth, best-slack, winScore)
		best = max(best, values[i])
	}
	return values
}

// afterMine values p moving in d with q to answer, depth rounds left.
func (b *board) afterMine(p, q int, d tron.Dir, depth, alpha, beta int) int {
	t1 := b.step(b.heads[p], d)
	if t1 < 0 || b.occ[t1] {
		return -winScore
	}
	worst := winScore
	answered := false
	for e := range tron.Dir(4) {
		t2 := b.step(b.heads[q], e)
		if t2 < 0 || b.occ[t2] {
			continue
		}
		answered = true
		var v int
		if t2 == t1 {
			v = drawScore
		} else {
			hp, hq := b.heads[p], b.heads[q]
			b.occ[t1], b.occ[t2] = true, true
			b.heads[p], b.heads[q] = t1, t2
			if depth <= 1 {
				v = b.territory(p)
			} else {
				v = -winScore
				for d2 := range tron.Dir(4) {
					v = max(v, b.afterMine(p, q, d2, depth-1, max(alpha, v), min(beta, worst)))
				}
			}
			b.occ[t1], b.occ[t2] = false, false
			b.heads[p], b.heads[q] = hp, hq
		}
		worst = min(worst, v)
		if worst <= alpha {
			return worst
		}
	}
	if !answered {
		return winScore // every answer of the rival dies
	}
	return worst
}
