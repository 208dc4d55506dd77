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
// stream.
func Wise(s *tron.State, p int, _ *rng.Stream) tron.Dir {
	b := boardOf(s)
	me := b.heads[p]
	var safe []tron.Dir
	for d := range tron.Dir(4) {
		if t := b.step(me, d); t >= 0 && !b.occ[t] {
			safe = append(safe, d)
		}
	}
	switch {
	case len(safe) == 0:
		return tron.XPlus
	case len(safe) == 1:
		return safe[0]
	}
	rivals := b.rivalsReachable(p)
	switch {
	case len(rivals) == 0:
		return b.fill(me, safe)
	case b.living() == 2:
		return b.duel(p, rivals[0], safe)
	}
	return b.crowd(p, safe)
}

// duelDepth is how many rounds the duel search looks ahead.
const duelDepth = 2

// board is the part of a state the search plays on: cell i is x + y*w.
type board struct {
	w, h    int
	occ     []bool
	heads   [tron.MaxPlayers]int
	alive   [tron.MaxPlayers]bool
	players int
	dist    [2][]int32 // scratch for the Voronoi partition
	queue   []int
}

func boardOf(s *tron.State) *board {
	b := &board{w: s.Width(), h: s.Height(), players: s.Players(), occ: make([]bool, s.Width()*s.Height())}
	for y := range b.h {
		for x := range b.w {
			b.occ[y*b.w+x] = !s.Free(x, y)
		}
	}
	for p := range b.players {
		if b.alive[p] = s.Alive(p); b.alive[p] {
			h := s.Head(p)
			b.heads[p] = h.Y*b.w + h.X
		}
	}
	return b
}

func (b *board) living() int {
	n := 0
	for p := range b.players {
		if b.alive[p] {
			n++
		}
	}
	return n
}

// step is the cell one move in d leads to from cell c, or -1 off the grid.
func (b *board) step(c int, d tron.Dir) int {
	x, y := c%b.w, c/b.w
	x, y = tron.Step(x, y, d)
	if x < 0 || y < 0 || x >= b.w || y >= b.h {
		return -1
	}
	return y*b.w + x
}

// neighbours calls f with every free cell next to c.
func (b *board) neighbours(c int, f func(int)) {
	for d := range tron.Dir(4) {
		if t := b.step(c, d); t >= 0 && !b.occ[t] {
			f(t)
		}
	}
}

// rivalsReachable lists the living rivals whose heads border the region p's
// head can reach.
func (b *board) rivalsReachable(p int) []int {
	seen := make([]bool, len(b.occ))
	b.queue = append(b.queue[:0], b.heads[p])
	seen[b.heads[p]] = true
	near := map[int]bool{}
	for i := 0; i < len(b.queue); i++ {
		c := b.queue[i]
		for d := range tron.Dir(4) {
			t := b.step(c, d)
			if t < 0 {
				continue
			}
			for q := range b.players {
				if q != p && b.alive[q] && b.heads[q] == t {
					near[q] = true
				}
			}
			if !b.occ[t] && !seen[t] {
				seen[t] = true
				b.queue = append(b.queue, t)
			}
		}
	}
	var out []int
	for q := range b.players {
		if near[q] {
			out = append(out, q)
		}
	}
	return out
}

// territory is the number of free cells p reaches strictly before every
// other living head, less the number some other head reaches first.
func (b *board) territory(p int) int {
	for k := range b.dist {
		if len(b.dist[k]) != len(b.occ) {
			b.dist[k] = make([]int32, len(b.occ))
		}
	}
	mine, theirs := b.dist[0], b.dist[1]
	b.bfs(mine, []int{b.heads[p]})
	var others []int
	for q := range b.players {
		if q != p && b.alive[q] {
			others = append(others, b.heads[q])
		}
	}
	b.bfs(theirs, others)
	score := 0
	for c, occ := range b.occ {
		if occ {
			continue
		}
		switch m, o := mine[c], theirs[c]; {
		case m > 0 && (o == 0 || m < o):
			score++
		case o > 0 && (m == 0 || o < m):
			score--
		}
	}
	return score
}

// bfs writes into dist the distance+1 of every free cell from the nearest
// source (0 for unreached).
func (b *board) bfs(dist []int32, sources []int) {
	clear(dist)
	b.queue = b.queue[:0]
	for _, s := range sources {
		b.neighbours(s, func(t int) {
			if dist[t] == 0 {
				dist[t] = 1
				b.queue = append(b.queue, t)
			}
		})
	}
	for i := 0; i < len(b.queue); i++ {
		c := b.queue[i]
		next := dist[c] + 1
		b.neighbours(c, func(t int) {
			if dist[t] == 0 {
				dist[t] = next
				b.queue = append(b.queue, t)
			}
		})
	}
}

const (
	winScore  = 1 << 20
	drawScore = -1 << 10 // a draw is worse than any live position
)

// duel answers p's move against rival q by alpha-beta.
func (b *board) duel(p, q int, safe []tron.Dir) tron.Dir {
	best, bestV := safe[0], -winScore-1
	for _, d := range safe {
		if v := b.afterMine(p, q, d, duelDepth, bestV, winScore); v > bestV {
			best, bestV = d, v
		}
	}
	return best
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

// crowd takes the safe move with the most territory against every other
// cycle, avoiding cells another head can also enter next round.
func (b *board) crowd(p int, safe []tron.Dir) tron.Dir {
	best, bestV := safe[0], -winScore-1
	for _, d := range safe {
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
		if v > bestV {
			best, bestV = d, v
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

// region counts the free cells reachable from cell c.
func (b *board) region(c int) int {
	if len(b.dist[0]) != len(b.occ) {
		b.dist[0] = make([]int32, len(b.occ))
	}
	b.bfs(b.dist[0], []int{c})
	return len(b.queue)
}
