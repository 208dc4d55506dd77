package bots

import (
	"cmp"
	"slices"

	"github.com/agentgames/bundle/engines/tron"
)

const (
	// minDepth is how many rounds the search looks ahead at least, and
	// how near (in rounds) a rival must be to answer in a crowd.
	minDepth = 2
	// maxDepth is how many rounds it looks ahead at most.
	maxDepth = 6
	// searchBudget bounds the cells the leaves of a search may visit.
	searchBudget = 500_000
)

// depth is how many rounds the search looks ahead with movers answering
// when p's head reaches region free cells: the most, from minDepth to
// maxDepth, for which region times the joint moves a round (3 of p's and
// 3 of each mover's) to the power of the rounds stays within
// searchBudget. So it looks further as the space shrinks, where a clash
// or a dead end is decided a few rounds ahead, at a bounded cost.
func (b *board) depth(region int, movers []int) int {
	if b.living() > 2 {
		return minDepth
	}
	branching := 3
	for range movers {
		branching *= 3
	}
	d, cost := minDepth, region*branching*branching
	for d < maxDepth && cost*branching <= searchBudget {
		d, cost = d+1, cost*branching
	}
	return d
}

// maxMovers is how many rivals, the nearest, answer in the search; the
// others stand still (their heads still claim territory).
const maxMovers = 2

const (
	// winScore values a win and -winScore dying alone. Both, and
	// clashScore, move by the rounds left when they happen, so that a win
	// sooner, and a death or a clash later, value higher.
	winScore = 1 << 20
	// clashScore values entering a cell a rival can enter in the same
	// round, a draw in a duel and a death among more: below every way of
	// staying alive, above dying alone. Valued any higher, wise takes
	// that risk when its territory looks poor, and draws more duels
	// against easy, random-safe and first bots than it saves.
	clashScore = -winScore / 2
)

// search values p's safe moves depth rounds ahead, each searched with
// alpha slack below the best value before it: a move valued above alpha
// gets its exact value, one that is not answers a value no higher than
// alpha. Slack 0 finds the first best move; nearTie+1 its near-ties too. Each round is p's move and
// then the movers' joint answer to it (a cautious view of simultaneous
// moves: a rival that can enter p's cell does); leaves are valued by
// territory.
func (b *board) search(p int, movers []int, safe []tron.Dir, depth, slack int) []int {
	values := make([]int, len(safe))
	best := -2 * winScore
	for i, d := range safe {
		values[i] = b.afterMine(p, movers, d, depth, best-slack, 2*winScore)
		best = max(best, values[i])
	}
	return values
}

// movers are the living rivals that can meet p's head within minDepth
// rounds, the nearest first, at most maxMovers; in a duel, the rival.
func (b *board) movers(p int, rivals []int) []int {
	if len(rivals) == 1 && b.living() == 2 {
		return rivals
	}
	if len(b.dist) != len(b.occ) {
		b.dist = make([]int32, len(b.occ))
	}
	b.bfs(b.dist, []int{b.heads[p]})
	type near struct{ q, d int }
	var out []near
	for _, q := range rivals {
		d := int32(0)
		b.neighbours(b.heads[q], func(c int) {
			if n := b.dist[c]; n > 0 && (d == 0 || n < d) {
				d = n
			}
		})
		if d > 0 && int(d) < 2*minDepth {
			out = append(out, near{q, int(d)})
		}
	}
	slices.SortStableFunc(out, func(a, b near) int { return cmp.Compare(a.d, b.d) })
	var qs []int
	for i := range min(len(out), maxMovers) {
		qs = append(qs, out[i].q)
	}
	return qs
}

// living counts the living cycles.
func (b *board) living() int {
	n := 0
	for q := range b.players {
		if b.alive[q] {
			n++
		}
	}
	return n
}

// afterMine values p moving in d with the movers to answer, depth rounds
// left.
func (b *board) afterMine(p int, movers []int, d tron.Dir, depth, alpha, beta int) int {
	t1 := b.step(b.heads[p], d)
	if t1 < 0 || b.occ[t1] {
		return -winScore - depth
	}
	// options[i] are mover i's targets, -1 alone when every move kills it,
	// -2 when it died earlier in the search.
	var options [maxMovers][]int
	for i, q := range movers {
		if !b.alive[q] {
			options[i] = []int{-2}
			continue
		}
		for e := range tron.Dir(4) {
			if t := b.step(b.heads[q], e); t >= 0 && !b.occ[t] {
				options[i] = append(options[i], t)
			}
		}
		if len(options[i]) == 0 {
			options[i] = []int{-1}
		}
		b.nearestFirst(options[i], t1)
	}
	worst := 2 * winScore
	var pick [maxMovers]int
	var answer func(i int) bool
	answer = func(i int) bool {
		if i < len(movers) {
			for _, t := range options[i] {
				pick[i] = t
				if answer(i + 1) {
					return true
				}
			}
			return false
		}
		worst = min(worst, b.afterReply(p, movers, t1, pick[:len(movers)], depth, alpha, min(beta, worst)))
		return worst <= alpha
	}
	answer(0)
	return worst
}

// nearestFirst orders targets by their distance to cell c, nearest first
// (stable): the answers that close in on p's head, tried first, are the
// likeliest to cut the search short. The order changes no move chosen.
func (b *board) nearestFirst(targets []int, c int) {
	dist := func(t int) int {
		if t < 0 {
			return 1 << 30
		}
		dx, dy := t%b.w-c%b.w, t/b.w-c/b.w
		return max(dx, -dx) + max(dy, -dy)
	}
	slices.SortStableFunc(targets, func(a, b int) int { return cmp.Compare(dist(a), dist(b)) })
}

// afterReply values the round where p enters t1 and movers[i] enters
// targets[i] (-1: it dies), depth rounds left counting this one.
func (b *board) afterReply(p int, movers []int, t1 int, targets []int, depth, alpha, beta int) int {
	for _, t := range targets {
		if t == t1 {
			return clashScore - depth
		}
	}
	var saved [maxMovers]int
	var died [maxMovers]bool
	hp := b.heads[p]
	b.occ[t1], b.heads[p] = true, t1
	for i, q := range movers {
		saved[i] = b.heads[q]
		t := targets[i]
		if t == -2 {
			continue
		}
		for j, u := range targets {
			died[i] = died[i] || t < 0 || j != i && u == t
		}
		if died[i] {
			b.alive[q] = false
		} else {
			b.occ[t], b.heads[q] = true, t
		}
	}
	var v int
	switch {
	case b.living() == 1:
		v = winScore + depth
	case depth <= 1:
		v = b.territory(p)
	default:
		v = -2 * winScore
		for d2 := range tron.Dir(4) {
			v = max(v, b.afterMine(p, movers, d2, depth-1, max(alpha, v), beta))
			if v >= beta {
				break
			}
		}
	}
	for i, q := range movers {
		switch {
		case targets[i] == -2:
		case died[i]:
			b.alive[q] = true
		default:
			b.occ[targets[i]], b.heads[q] = false, saved[i]
		}
	}
	b.occ[t1], b.heads[p] = false, hp
	return v
}
