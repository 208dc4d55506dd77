package protocol

import (
	"slices"

	"github.com/agentgames/bundle/conformance/livewire"
	rtron "github.com/agentgames/bundle/conformance/rules/tron"
)

// tronHeadOn: three players' cycles on a 12x12 grid, two of them at an
// even distance steered along a path to enter its middle cell in the same
// round, the third into a wall or back into its own trail at once; every
// round judged as the rules make it: the third out (after which its move
// answers not_your_turn, the match going on), then the two out in their
// head-on meeting, the match over, places shared by the two, and a move
// after the end answered match_over.
func tronHeadOn(c *liveClient) error {
	s, err := c.tronStart(3, map[string]any{"width": 12, "height": 12})
	if err != nil {
		return err
	}
	m := tronMeeting(s)
	refused := false
	for r := 1; r <= len(m.path)/2; r++ {
		moves := map[int]string{m.a: tronDir(m.path[r-1], m.path[r]), m.b: tronDir(m.path[len(m.path)-r], m.path[len(m.path)-1-r])}
		switch {
		case s.Seats[m.third].Alive && r == 1:
			moves[m.third] = m.ray
		case s.Seats[m.third].Alive:
			moves[m.third] = rtron.Directions[slices.Index(rtron.Directions, m.ray)^1] // back into its trail
		case !refused:
			if err := c.refuseAct("move", c.moveBody(m.third, "x+"), "not_your_turn", "a cycle that is out has no move to make"); err != nil {
				return err
			}
			refused = true
		}
		if s, err = c.tronPlay(s, nil, moves); err != nil {
			return err
		}
	}
	for _, p := range []int{m.a, m.third} {
		if err := c.refuseAct("move", c.moveBody(p, "x+"), "match_over", "no move is taken once the match is over"); err != nil {
			return err
		}
	}
	return nil
}

// tronPlan is how tronHeadOn steers: cycles a and b along path, from a's
// start to b's, its length even, so that they enter its middle cell in
// the same round; the third (off the path) in direction ray, whose
// straight line to the wall crosses no cell of the path, then back.
type tronPlan struct {
	a, b, third int
	path        [][2]int
	ray         string
}

// tronMeeting plans a head-on meeting in a match's opening state of 3
// cycles: of 3 cells' parities of x+y two are alike, so two cycles are at
// an even distance. The path turns once where it can, else steps aside
// rows or columns; the plan is the first whose meeting comes after the
// third is out (so that its move is refused while the match goes on), or
// failing that the first that works.
func tronMeeting(s *livewire.TronState) tronPlan {
	var first *tronPlan
	for _, pair := range [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 2, 0}} {
		p, q, o := s.Seats[pair[0]].Trail[0], s.Seats[pair[1]].Trail[0], s.Seats[pair[2]].Trail[0]
		if (p[0]+p[1]+q[0]+q[1])%2 != 0 {
			continue
		}
		for _, path := range tronPaths(p, q, s.Width, s.Height) {
			ray, ok := tronRay(s, o, path)
			if !tronFits(s, path) || slices.Contains(path, o) || !ok {
				continue
			}
			plan := tronPlan{pair[0], pair[1], pair[2], path, ray}
			out := 2 // back into its trail in round 2
			if next := tronStep(o, ray); !tronInside(s, next) {
				out = 1 // into the wall in round 1
			}
			if len(path)/2 > out {
				return plan
			}
			if first == nil {
				first = &plan
			}
		}
	}
	return *first
}

// tronPaths are paths from p to q of a grid of width x height: the two
// turning once, then those stepping aside to each row and column around
// the two, nearest first.
func tronPaths(p, q [2]int, width, height int) [][][2]int {
	out := [][][2]int{tronWalk(p, [2]int{q[0], p[1]}, q), tronWalk(p, [2]int{p[0], q[1]}, q)}
	for o := 1; o < max(width, height); o++ {
		for _, y := range []int{min(p[1], q[1]) - o, max(p[1], q[1]) + o} {
			out = append(out, tronWalk(p, [2]int{p[0], y}, [2]int{q[0], y}, q))
		}
		for _, x := range []int{min(p[0], q[0]) - o, max(p[0], q[0]) + o} {
			out = append(out, tronWalk(p, [2]int{x, p[1]}, [2]int{x, q[1]}, q))
		}
	}
	return out
}

// tronWalk is the cells from start through each of points in turn, in
// straight lines.
func tronWalk(start [2]int, points ...[2]int) [][2]int {
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

// tronFits reports whether path is a path of s's grid: inside it, no cell
// twice, 3 cells or more.
func tronFits(s *livewire.TronState, path [][2]int) bool {
	seen := map[[2]int]bool{}
	for _, c := range path {
		if seen[c] || !tronInside(s, c) {
			return false
		}
		seen[c] = true
	}
	return len(path) >= 3
}

// tronInside reports whether c is a cell of s's grid.
func tronInside(s *livewire.TronState, c [2]int) bool {
	return c[0] >= 0 && c[1] >= 0 && c[0] < s.Width && c[1] < s.Height
}

// tronRay is a direction whose straight line from head to the wall
// crosses no cell of path, if one does (a path turning once blocks two
// directions at most).
func tronRay(s *livewire.TronState, head [2]int, path [][2]int) (string, bool) {
	for _, d := range rtron.Directions {
		c := tronStep(head, d)
		for tronInside(s, c) && !slices.Contains(path, c) {
			c = tronStep(c, d)
		}
		if !tronInside(s, c) {
			return d, true
		}
	}
	return "", false
}

// tronDir is the direction from a cell to the next.
func tronDir(from, to [2]int) string {
	for _, d := range rtron.Directions {
		if tronStep(from, d) == to {
			return d
		}
	}
	return ""
}
