package tron

// This file holds the Tron referee's own resolution of a round: the moves
// (the bots' judged against the docs), the crashes, the erased trails, and
// the result once the match ends.

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/rules"
)

// move sends one move and judges the round it plays.
func (m *match) move(dir string) error {
	var a answer
	e, err := m.Play(json.RawMessage(`{"type":"move","dir":"`+dir+`"}`), &a)
	if err != nil {
		return err
	}
	before := m.board
	m.after = nil
	if f := m.judgeRound(e, &a, dir); f != nil {
		if f.Detail == "" && m.after != nil {
			f.Detail = m.picture(before, &a)
		}
		return m.Place(f)
	}
	return nil
}

// judgeRound re-derives the round from the board at its start and the
// moves its event shows, then checks the answer against it.
func (m *match) judgeRound(e *rules.Envelope, a *answer, dir string) *check.Failure {
	switch {
	case a.View == nil:
		return rules.Broke("view", "an answer carries the view", "a view", "none")
	case e.Seed != nil && *e.Seed != m.seed:
		return rules.Broke("seed", "an answer that shows the seed shows the match's", m.seed, *e.Seed)
	}
	if f := m.judgeFixed(a.View); f != nil {
		return f
	}
	round := m.round + 1
	if a.View.Round != round {
		return rules.Broke("view.round", "each move plays one round", round, a.View.Round)
	}
	if len(a.Events) != 1 {
		return rules.Broke("events", "a move while your cycle is alive plays one round, one event", 1, len(a.Events))
	}
	ev := a.Events[0]
	if ev.Round != round {
		return rules.Broke("events[0].round", "the event is the round played", round, ev.Round)
	}
	if len(ev.Moves) != m.setup.players {
		return rules.Broke("events[0].moves", "the event has a move a cycle", m.setup.players, len(ev.Moves))
	}
	moves := make([]string, m.setup.players)
	for p, mv := range ev.Moves {
		path := fmt.Sprintf("events[0].moves[%d]", p)
		switch {
		case m.died[p] != 0 && mv != nil:
			return rules.Broke(path, "a crashed cycle has no move (null)", "null", *mv)
		case m.died[p] != 0:
			continue
		case mv == nil || !slices.Contains(Directions, *mv):
			return rules.Broke(path, "a living cycle moves x+, x-, y+ or y-", "a direction", rules.OrNone(mv))
		case p == 0 && *mv != dir:
			return rules.Broke(path, "your cycle moves as you sent", dir, *mv)
		}
		moves[p] = *mv
	}
	if f := m.judgeBots(moves); f != nil {
		return f
	}

	// The round as the rules make it: the survivors grow onto their
	// targets, the crashed are erased.
	fate, targets := Resolve(m.board, moves, m.setup.width, m.setup.height)
	var want []int
	m.after = make([][]Cell, len(m.board))
	for p, why := range fate {
		if why != "" {
			want = append(want, p)
		} else if m.died[p] == 0 {
			m.after[p] = append([]Cell{targets[p]}, m.board[p]...)
		}
	}
	got := slices.Clone(ev.Died)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		return rules.Broke("events[0].died", why(fate, got, want), listText(want), listText(ev.Died))
	}
	for p := range m.board {
		switch {
		case fate[p] != "":
			for _, c := range m.board[p] {
				m.erased[c] = true
			}
			m.died[p] = round
		case m.died[p] == 0 && m.erased[targets[p]]:
			m.stats["cell reused after erasure"]++
		}
	}
	for p, why := range fate {
		if why != "" {
			m.stats[why]++
			if p == 0 {
				m.stats["agent crash"]++
			} else {
				m.stats["bot crash"]++
			}
		}
	}
	m.board, m.round = m.after, round
	m.stats["rounds"]++
	return m.judgeState(e, a)
}

// Resolve plays one round of the rules on a width x height grid: board is
// each cycle's trail, head first (empty for a crashed cycle), and moves a
// direction for each living cycle, or "" for one that did not move, which
// is out: it crashes, its trail standing through the round, and enters no
// cell. It answers each living cycle's target and, for those that crash,
// why ("" for the survivors). The protocol level's live Tron checks judge
// their rounds with it too.
func Resolve(board [][]Cell, moves []string, width, height int) (fate []string, targets []Cell) {
	owner := map[Cell]int{}
	for p, trail := range board {
		for _, c := range trail {
			owner[c] = p
		}
	}
	n := len(board)
	fate, targets = make([]string, n), make([]Cell, n)
	for p := range n {
		if len(board[p]) == 0 {
			continue
		}
		if moves[p] == "" {
			fate[p] = "no move"
			continue
		}
		t := Step(board[p][0], moves[p])
		targets[p] = t
		o, taken := owner[t]
		switch {
		case t[0] < 0 || t[1] < 0 || t[0] >= width || t[1] >= height:
			fate[p] = "wall crash"
		case !taken:
		case o == p && len(board[p]) > 1 && t == board[p][1]:
			fate[p] = "reversal crash"
		case o == p:
			fate[p] = "own trail crash"
		case t == board[o][0] && moves[o] != "" && Step(board[o][0], moves[o]) == board[p][0]:
			fate[p] = "swap crash"
		case t == board[o][0]:
			fate[p] = "head crash"
		default:
			fate[p] = "trail crash"
		}
	}
	for p := range n {
		for q := range n {
			if p != q && len(board[p]) > 0 && len(board[q]) > 0 && targets[p] == targets[q] && (fate[p] == "" || fate[p] == "head-on crash") && (fate[q] == "" || fate[q] == "head-on crash") {
				fate[p] = "head-on crash"
			}
		}
	}
	return fate, targets
}

// why names the rule behind the first cycle whose fate differs.
func why(fate []string, got, want []int) string {
	for p, why := range fate {
		if slices.Contains(want, p) == slices.Contains(got, p) {
			continue
		}
		switch why {
		case "":
			return fmt.Sprintf("cycle %d enters a cell free at the start of the round that no other cycle enters: it survives", p)
		case "wall crash":
			return fmt.Sprintf("cycle %d leaves the grid: it crashes", p)
		case "head-on crash":
			return fmt.Sprintf("cycle %d enters the same cell as another cycle: all of them crash", p)
		case "swap crash":
			return fmt.Sprintf("cycle %d enters another cycle's head while that one enters its head: a taken cell, both crash", p)
		default:
			return fmt.Sprintf("cycle %d enters a cell taken at the start of the round (any trail, its own included): it crashes", p)
		}
	}
	return "the crashed cycles are listed once each"
}

// judgeBots checks the bots' moves against what the docs say of them: an
// easy bot exactly, a wise bot's safety.
func (m *match) judgeBots(moves []string) *check.Failure {
	for p := 1; p < len(moves); p++ {
		if m.died[p] != 0 {
			continue
		}
		path := fmt.Sprintf("events[0].moves[%d]", p)
		head := m.board[p][0]
		if m.setup.opponent == "easy" {
			best, run, runs := "", -1, []string{}
			for _, d := range Directions {
				n := 0
				for c := Step(head, d); m.free(c); c = Step(c, d) {
					n++
				}
				runs = append(runs, fmt.Sprintf("%s: %d", d, n))
				if n > run {
					best, run = d, n
				}
			}
			if moves[p] != best {
				f := rules.Broke(path, "an easy bot takes the direction with the longest straight run of free cells, ties in the order x+, x-, y+, y-", best, moves[p])
				f.Detail = fmt.Sprintf("cycle %d's head %v; free runs %s", p, head, strings.Join(runs, ", "))
				return f
			}
			m.stats["easy move"]++
			continue
		}
		var safe []string
		for _, d := range Directions {
			if m.free(Step(head, d)) {
				safe = append(safe, d)
			}
		}
		if len(safe) > 0 && !slices.Contains(safe, moves[p]) {
			return rules.Broke(path, "a wise bot takes a safe move (a free cell) when one exists", "one of "+strings.Join(safe, " "), moves[p])
		}
		m.stats["wise move"]++
	}
	return nil
}

// free reports whether c is on the grid and in no trail.
func (m *match) free(c Cell) bool {
	if c[0] < 0 || c[1] < 0 || c[0] >= m.setup.width || c[1] >= m.setup.height {
		return false
	}
	for _, trail := range m.board {
		if slices.Contains(trail, c) {
			return false
		}
	}
	return true
}

// judgeResult: every place is 1 plus the cycles that outlived it (the
// living outlive every crashed cycle; one round's crashes tie).
func (m *match) judgeResult(r *result, score int) *check.Failure {
	if r == nil {
		return rules.Broke("result", "the answer that ends the match carries the result", "a result", "null")
	}
	ranks := make([]int, len(m.died))
	for p, d := range m.died {
		ranks[p] = 1
		for q, e := range m.died {
			if q != p && d != 0 && (e == 0 || e > d) {
				ranks[p]++
			}
		}
	}
	outcome := "win"
	switch {
	case ranks[0] > 1:
		outcome = "loss"
	case slices.Contains(ranks[1:], 1):
		outcome = "draw"
	}
	detail := fmt.Sprintf("crash rounds by cycle (0 alive): %v", m.died)
	switch {
	case !slices.Equal(r.Ranks, ranks):
		f := rules.Broke("result.ranks", "a cycle's place is 1 plus the cycles that outlived it; cycles that crash in one round tie", ranks, r.Ranks)
		f.Detail = detail
		return f
	case r.Rank != ranks[0]:
		return rules.Broke("result.rank", "your place is 1 plus the cycles that outlived you", ranks[0], r.Rank)
	case r.Outcome != outcome:
		f := rules.Broke("result.outcome", "win when you outlived every other cycle, draw when none outlived you but some crashed with you, loss otherwise", outcome, r.Outcome)
		f.Detail = detail
		return f
	case r.Rounds != score:
		return rules.Broke("result.rounds", "result.rounds is the rounds your cycle survived", score, r.Rounds)
	}
	m.stats[outcome]++
	return nil
}
