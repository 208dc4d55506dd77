package tron

// This file holds what Tron's referee puts in a failure: short values and
// a picture of the board.

import (
	"fmt"
	"strings"

	"github.com/agentgames/bundle/conformance/check"
)

// picture draws the board before the round and after it as the rules
// make it (heads A-D, trails a-d), with each cycle's move and fate, for a
// failure's detail; grids over 40 cells a side are left out.
func (m *match) picture(before [][]Cell, a *answer) string {
	var b strings.Builder
	if len(a.Events) == 1 {
		for p, mv := range a.Events[0].Moves {
			if mv != nil && p < len(before) && len(before[p]) > 0 {
				fmt.Fprintf(&b, "cycle %d: %v %s -> %v\n", p, before[p][0], *mv, Step(before[p][0], *mv))
			}
		}
	}
	if m.setup.width > 40 || m.setup.height > 40 {
		return b.String()
	}
	l, r := draw(m.setup.width, m.setup.height, before), draw(m.setup.width, m.setup.height, m.after)
	fmt.Fprintf(&b, "%-*s   %s\n", m.setup.width, "before", "after, by the rules")
	for y := range l {
		fmt.Fprintf(&b, "%s   %s\n", l[y], r[y])
	}
	return b.String()
}

func draw(w, h int, board [][]Cell) []string {
	rows := make([][]byte, h)
	for y := range rows {
		rows[y] = []byte(strings.Repeat(".", w))
	}
	for p, trail := range board {
		for i, c := range trail {
			if c[0] >= 0 && c[1] >= 0 && c[0] < w && c[1] < h {
				mark := byte('a' + p)
				if i == 0 {
					mark = byte('A' + p)
				}
				rows[c[1]][c[0]] = mark
			}
		}
	}
	out := make([]string, h)
	for y, r := range rows {
		out[y] = string(r)
	}
	return out
}

func trailText(t []Cell) string {
	if len(t) == 0 {
		return "[]"
	}
	return check.Brief(fmt.Sprint(t), 80)
}

func listText(l []int) string {
	if len(l) == 0 {
		return "none"
	}
	return fmt.Sprint(l)
}
