package bots

import "github.com/agentgames/bundle/engines/tron"

// board is the part of a state the search plays on: cell i is x + y*w.
type board struct {
	w, h    int
	occ     []bool
	heads   [tron.MaxPlayers]int
	alive   [tron.MaxPlayers]bool
	players int
	dist    []int32 // scratch for breadth-first searches
	label   []uint8 // scratch for territory
	queue   []int
}

// boardOf copies the occupied cells, heads and living cycles of s.
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

// safe are the moves from cell c onto a free cell of the grid, in the
// arena's order x+, x-, y+, y-.
func (b *board) safe(c int) []tron.Dir {
	var out []tron.Dir
	for d := range tron.Dir(4) {
		if t := b.step(c, d); t >= 0 && !b.occ[t] {
			out = append(out, d)
		}
	}
	return out
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
// head can reach, and counts the region's free cells.
func (b *board) rivalsReachable(p int) ([]int, int) {
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
	return out, len(b.queue) - 1
}

// territory is the number of free cells p reaches strictly before every
// other living head, less the number some other head reaches first. One
// breadth-first search from all the heads at once labels each cell with
// who reaches it first: the union of the labels of its neighbours one step
// nearer (1 for p, 2 for a rival), so a cell labelled 3 is reached first
// by both.
func (b *board) territory(p int) int {
	if len(b.dist) != len(b.occ) {
		b.dist = make([]int32, len(b.occ))
	}
	if len(b.label) != len(b.occ) {
		b.label = make([]uint8, len(b.occ))
	}
	dist, label := b.dist, b.label
	clear(dist)
	b.queue = b.queue[:0]
	for q := range b.players {
		if b.alive[q] {
			h := b.heads[q]
			dist[h], label[h] = 1, 2
			if q == p {
				label[h] = 1
			}
			b.queue = append(b.queue, h)
		}
	}
	heads := len(b.queue)
	w, n := b.w, len(b.occ)
	visit := func(t int, d int32, l uint8) {
		switch {
		case b.occ[t]:
		case dist[t] == 0:
			dist[t], label[t] = d, l
			b.queue = append(b.queue, t)
		case dist[t] == d:
			label[t] |= l
		}
	}
	for i := 0; i < len(b.queue); i++ {
		c := b.queue[i]
		d, l := dist[c]+1, label[c]
		if c%w+1 < w {
			visit(c+1, d, l)
		}
		if c%w > 0 {
			visit(c-1, d, l)
		}
		if c+w < n {
			visit(c+w, d, l)
		}
		if c >= w {
			visit(c-w, d, l)
		}
	}
	score := 0
	for _, c := range b.queue[heads:] {
		switch label[c] {
		case 1:
			score++
		case 2:
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

// region counts the free cells reachable from cell c.
func (b *board) region(c int) int {
	if len(b.dist) != len(b.occ) {
		b.dist = make([]int32, len(b.occ))
	}
	b.bfs(b.dist, []int{c})
	return len(b.queue)
}
