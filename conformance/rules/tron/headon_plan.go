package tron

import (
	"slices"

	"github.com/agentgames/bundle/conformance/livewire"
)

// plan is how the live head-on check steers: cycles a and b along path, from a's
// start to b's, its length even, so that they enter its middle cell in
// the same round; the third (off the path) in direction ray, whose
// straight line to the wall crosses no cell of the path, then back.
type plan struct {
	a, b, third int
	path        [][2]int
	ray         string
}

// meeting plans a head-on meeting in a match's opening state of 3
// cycles: of 3 cells' parities of x+y two are alike, so two cycles are at
// an even distance. The path turns once where it can, else steps aside
// rows or columns; the plan is the first whose meeting comes after the
// third is out (so that its move is refused while the match goes on), or
// failing that the first that works; false when none does.
func meeting(s *livewire.TronState) (plan, bool) {
	var first *plan
	for _, pair := range [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 2, 0}} {
		p, q, o := s.Seats[pair[0]].Trail[0], s.Seats[pair[1]].Trail[0], s.Seats[pair[2]].Trail[0]
		if (p[0]+p[1]+q[0]+q[1])%2 != 0 {
			continue
		}
		for _, path := range paths(p, q, s.Width, s.Height) {
			r, ok := clearRay(s, o, path)
			if !fits(s, path) || slices.Contains(path, o) || !ok {
				continue
			}
			pl := plan{pair[0], pair[1], pair[2], path, r}
			out := 2 // back into its trail in round 2
			if next := step(o, r); !Inside(s, next) {
				out = 1 // into the wall in round 1
			}
			if len(path)/2 > out {
				return pl, true
			}
			if first == nil {
				first = &pl
			}
		}
	}
	if first == nil {
		return plan{}, false
	}
	return *first, true
}

// paths are paths from p to q of a grid of width x height: the two
// turning once, then those stepping aside to each row and column around
// the two, nearest first.
func paths(p, q [2]int, width, height int) [][][2]int {
	out := [][][2]int{walk(p, [2]int{q[0], p[1]}, q), walk(p, [2]int{p[0], q[1]}, q)}
	for o := 1; o < max(width, height); o++ {
		for _, y := range []int{min(p[1], q[1]) - o, max(p[1], q[1]) + o} {
			out = append(out, walk(p, [2]int{p[0], y}, [2]int{q[0], y}, q))
		}
		for _, x := range []int{min(p[0], q[0]) - o, max(p[0], q[0]) + o} {
			out = append(out, walk(p, [2]int{x, p[1]}, [2]int{x, q[1]}, q))
		}
	}
	return out
}

// walk is the cells from start through each of points in turn, in
// straight lines.
func walk(start [2]int, points ...[2]int) [][2]int {
	out := [][2]int{start}
	for _, to := range points {
		for at := out[len(out)-1]; at != to; out = append(out, at) {
			for i := range at {
				if at[i] != to[i] {
					at[i] += min(1, max(-1, to[i]-at[i]))
					break
				}
			}
		}
	}
	return out
}

// fits reports whether path is a path of s's grid: inside it, no cell
// twice, 3 cells or more.
func fits(s *livewire.TronState, path [][2]int) bool {
	seen := map[[2]int]bool{}
	for _, c := range path {
		if seen[c] || !Inside(s, c) {
			return false
		}
		seen[c] = true
	}
	return len(path) >= 3
}

// clearRay is a direction whose straight line from head to the wall
// crosses no cell of path, if one does (a path turning once blocks two
// directions at most).
func clearRay(s *livewire.TronState, head [2]int, path [][2]int) (string, bool) {
	for _, d := range Directions {
		c := step(head, d)
		for Inside(s, c) && !slices.Contains(path, c) {
			c = step(c, d)
		}
		if !Inside(s, c) {
			return d, true
		}
	}
	return "", false
}

// dirOf is the direction from a cell to the next.
func dirOf(from, to [2]int) string {
	for _, d := range Directions {
		if step(from, d) == to {
			return d
		}
	}
	return ""
}

// step is the cell next to c in direction d.
func step(c [2]int, d string) [2]int { return [2]int(Step(Cell(c), d)) }
