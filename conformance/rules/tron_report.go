package rules

// This file holds what Tron's referee puts in a failure: its place in the
// match, short values, and a picture of the board.

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agentgames/bundle/conformance/check"
)

// place puts a failure in the match at the current step.
func (m *tronMatch) place(f *check.Failure, action json.RawMessage) *check.Failure {
	f.Match, f.Step, f.Action = m.label, m.step, action
	return f
}

func tronFail(path, rule string, want, got any) *check.Failure {
	return &check.Failure{Path: path, Rule: rule, Want: fmt.Sprint(want), Got: fmt.Sprint(got)}
}

// picture draws the board before the round and after it as the rules
// make it (heads A-D, trails a-d), with each cycle's move and fate, for a
// failure's detail; grids over 40 cells a side are left out.
func (m *tronMatch) picture(before [][]tronCell, a *tronAnswer) string {
	var b strings.Builder
	if len(a.Events) == 1 {
		for p, mv := range a.Events[0].Moves {
			if mv != nil && p < len(before) && len(before[p]) > 0 {
				fmt.Fprintf(&b, "cycle %d: %v %s -> %v\n", p, before[p][0], *mv, tronStep(before[p][0], *mv))
			}
		}
	}
	if m.setup.width > 40 || m.setup.height > 40 {
		return b.String()
	}
	l, r := tronDraw(m.setup.width, m.setup.height, before), tronDraw(m.setup.width, m.setup.height, m.after)
	fmt.Fprintf(&b, "%-*s   %s\n", m.setup.width, "before", "after, by the rules")
	for y := range l {
		fmt.Fprintf(&b, "%s   %s\n", l[y], r[y])
	}
	return b.String()
}

func tronDraw(w, h int, board [][]tronCell) []string {
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

func tronTrail(t []tronCell) string {
	if len(t) == 0 {
		return "[]"
	}
	return check.Brief(fmt.Sprint(t), 80)
}

func tronList(l []int) string {
	if len(l) == 0 {
		return "none"
	}
	return fmt.Sprint(l)
}

func tronOrNone[T any](p *T) any {
	if p == nil {
		return "none"
	}
	return *p
}
