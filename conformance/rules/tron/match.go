package tron

// This file holds a Tron match under judgement: playing it, and judging
// the init, the state every accepted answer shows, and the refusals.

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/rules"
)

// match is one match under judgement: what the referee knows of the
// last accepted answer.
type match struct {
	*rules.Match
	setup       setup
	seed        uint64
	adversarial bool
	goal        string
	rng         *rand.Rand
	stats       map[string]int

	round  int
	board  [][]Cell // each cycle's trail, head first; empty once crashed
	died   []int    // the round each cycle crashed in, 0 while alive
	over   bool
	erased map[Cell]bool // cells of erased trails
	after  [][]Cell      // the board the rules make of the round under judgement
}

// play plays the i-th seed's match with the random or the adversarial
// agent and judges it; it answers what happened (crashes by kind, bot
// moves checked) for the tests' coverage.
func play(ctx context.Context, t check.Target, i int, adversarial bool) (map[string]int, error) {
	agent, stream := "random agent", uint64(0)
	if adversarial {
		agent, stream = "adversarial agent", 1
	}
	m := &match{setup: setupFor(i), seed: seedOf(i), adversarial: adversarial,
		goal: goals[i%len(goals)], stats: map[string]int{}, erased: map[Cell]bool{}}
	name := fmt.Sprintf("seed %d, %s (%s)", m.seed, agent, m.setup)
	if adversarial {
		name += ", seeking " + goalWords[m.goal]
	}
	m.Match = rules.NewMatch(ctx, t, "tron", name)
	m.rng = rand.New(rand.NewPCG(m.seed, stream))
	if err := m.start(); err != nil {
		return m.stats, err
	}
	for !m.over {
		if m.Step >= 2000 {
			return m.stats, m.Fail("", "a match ends when your cycle crashes (the agents court a crash from round 60 on)", "the end", fmt.Sprintf("round %d", m.round))
		}
		if m.adversarial && m.rng.IntN(10) < 3 {
			if err := m.Refuse(json.RawMessage(illegal[m.rng.IntN(len(illegal))]), "invalid_action"); err != nil {
				return m.stats, err
			}
			m.stats["refusal invalid_action"]++
		}
		if err := m.move(m.choose()); err != nil {
			return m.stats, err
		}
	}
	if err := m.AfterEnd(json.RawMessage(`{"type":"move","dir":"x+"}`)); err != nil {
		return m.stats, err
	}
	m.stats["refusal game_over"]++
	return m.stats, nil
}

// start sends the init (twice: one seed deals the same starts) and
// judges it.
func (m *match) start() error {
	var a answer
	e, err := m.Open(m.setup.query(m.seed), &a)
	if err != nil {
		return err
	}
	if f := m.judgeInit(e, &a); f != nil {
		return m.Place(f)
	}
	return nil
}

// judgeInit checks the init: the options asked for, no round played, one
// start cell a cycle in range and all distinct.
func (m *match) judgeInit(e *rules.Envelope, a *answer) *check.Failure {
	s, v := m.setup, a.View
	switch {
	case v == nil:
		return rules.Broke("view", "an answer carries the view", "a view", "none")
	case v.Width != s.width || v.Height != s.height:
		return rules.Broke("view.width", "the grid is the one asked for (100x100 by default)", fmt.Sprintf("%dx%d", s.width, s.height), fmt.Sprintf("%dx%d", v.Width, v.Height))
	case v.Players != s.players:
		return rules.Broke("view.players", "the match has the cycles asked for (2 by default)", s.players, v.Players)
	case v.Opponent != s.opponent:
		return rules.Broke("view.opponent", "the bots are the kind asked for (easy by default)", s.opponent, v.Opponent)
	case v.Round != 0:
		return rules.Broke("view.round", "init plays no round", 0, v.Round)
	case len(a.Events) != 0:
		return rules.Broke("events", "init plays no round", "no events", len(a.Events))
	}
	if f := m.judgeFixed(v); f != nil {
		return f
	}
	board, f := boardOf(v)
	if f != nil {
		return f
	}
	seen := map[Cell]int{}
	for p, trail := range board {
		path := fmt.Sprintf("view.board[%d]", p)
		if len(trail) != 1 {
			return rules.Broke(path, "every cycle starts as one cell", 1, len(trail))
		}
		c := trail[0]
		if c[0] < 1 || c[0] > s.width-1 || c[1] < 1 || c[1] > s.height-1 {
			return rules.Broke(path, fmt.Sprintf("a start cell has x in 1..%d and y in 1..%d", s.width-1, s.height-1), "a cell in range", c)
		}
		if q, ok := seen[c]; ok {
			return rules.Broke(path, fmt.Sprintf("start cells differ (cycle %d starts there too)", q), "a free cell", c)
		}
		seen[c] = p
	}
	m.board, m.died = board, make([]int, s.players)
	return m.judgeState(e, a)
}

// judgeFixed checks what no round changes: the grid, the players, you,
// the bots.
func (m *match) judgeFixed(v *view) *check.Failure {
	s := m.setup
	switch {
	case v.Width != s.width || v.Height != s.height:
		return rules.Broke("view.width", "the grid never changes", fmt.Sprintf("%dx%d", s.width, s.height), fmt.Sprintf("%dx%d", v.Width, v.Height))
	case v.Players != s.players:
		return rules.Broke("view.players", "the number of cycles never changes", s.players, v.Players)
	case v.You != 0:
		return rules.Broke("view.you", "you drive cycle 0", 0, v.You)
	case v.Opponent != s.opponent:
		return rules.Broke("view.opponent", "the bots never change", s.opponent, v.Opponent)
	case len(v.Board) != s.players:
		return rules.Broke("view.board", "the board has one trail a cycle", s.players, len(v.Board))
	case len(v.Cycles) != s.players:
		return rules.Broke("view.cycles", "the view has one entry a cycle", s.players, len(v.Cycles))
	}
	return nil
}

// boardOf reads the view's board as cells.
func boardOf(v *view) ([][]Cell, *check.Failure) {
	board := make([][]Cell, len(v.Board))
	for p, trail := range v.Board {
		board[p] = make([]Cell, len(trail))
		for i, c := range trail {
			if len(c) != 2 {
				return nil, rules.Broke(fmt.Sprintf("view.board[%d][%d]", p, i), "a cell is [x, y]", "2 numbers", len(c))
			}
			board[p][i] = Cell{c[0], c[1]}
		}
	}
	return board, nil
}

// judgeState checks an accepted answer against the match as the referee
// derived it (m.board, m.died, m.round): the board, the cycles, the end,
// the score and the result.
func (m *match) judgeState(e *rules.Envelope, a *answer) *check.Failure {
	board, f := boardOf(a.View)
	if f != nil {
		return f
	}
	for p := range m.board {
		if !slices.Equal(board[p], m.board[p]) {
			rule := "a living cycle's trail grows by its new head, head first"
			if m.died[p] != 0 {
				rule = fmt.Sprintf("a crashed cycle's trail is erased at the end of its round (cycle %d crashed in round %d)", p, m.died[p])
			}
			return rules.Broke(fmt.Sprintf("view.board[%d]", p), rule, trailText(m.board[p]), trailText(board[p]))
		}
	}
	living := 0
	for p, c := range a.View.Cycles {
		path := fmt.Sprintf("view.cycles[%d]", p)
		name := m.setup.opponent
		if p == 0 {
			name = "you"
		}
		alive := m.died[p] == 0
		if alive {
			living++
		}
		switch {
		case c.Seat != p:
			return rules.Broke(path+".seat", "cycles are listed by seat", p, c.Seat)
		case c.Name != name:
			return rules.Broke(path+".name", "cycle 0 is you, the others the bots' kind", name, c.Name)
		case c.Alive != alive:
			return rules.Broke(path+".alive", "a cycle is alive until it crashes", alive, c.Alive)
		case c.Length != len(m.board[p]):
			return rules.Broke(path+".length", "a cycle's length is its trail's (0 once crashed)", len(m.board[p]), c.Length)
		case alive && (len(c.Head) != 2 || Cell{c.Head[0], c.Head[1]} != m.board[p][0]):
			return rules.Broke(path+".head", "a living cycle's head is its trail's first cell", m.board[p][0], c.Head)
		case !alive && c.Head != nil:
			return rules.Broke(path+".head", "a crashed cycle has no head", "null", c.Head)
		case alive && c.Died != nil:
			return rules.Broke(path+".died", "a living cycle has no crash round", "null", *c.Died)
		case !alive && (c.Died == nil || *c.Died != m.died[p]):
			return rules.Broke(path+".died", "a crashed cycle shows the round it crashed in", m.died[p], rules.OrNone(c.Died))
		}
	}
	m.over = m.died[0] != 0 || living < 2
	score := m.round
	if m.died[0] != 0 {
		score = m.died[0] - 1
	}
	turn := "you"
	if m.over {
		turn = "over"
	}
	switch {
	case e.GameOver != m.over:
		return rules.Broke("gameOver", "the match is over when your cycle crashes or fewer than two cycles are alive", m.over, e.GameOver)
	case e.Turn != turn:
		return rules.Broke("turn", `turn is "you" while the match is open, "over" once it ends`, turn, e.Turn)
	case e.Score == nil || *e.Score != score:
		return rules.Broke("score", "score is the rounds your cycle has survived", score, rules.OrNone(e.Score))
	case e.Observation == "":
		return rules.Broke("observation", "every answer carries the observation text", "a text", "none")
	}
	if f := m.judgeLegal(a.LegalActions); f != nil {
		return f
	}
	if !m.over {
		if a.Result != nil {
			return rules.Broke("result", "result is null while the match is open", "null", *a.Result)
		}
		return nil
	}
	return m.judgeResult(a.Result, score)
}

// judgeLegal: the four moves while the match is open, none once over.
func (m *match) judgeLegal(legal []action) *check.Failure {
	var want, got []string
	for _, a := range legal {
		got = append(got, a.Type+" "+a.Dir)
	}
	rule := "no action is legal once the match is over"
	if !m.over {
		rule = "all four moves are always legal while the match is open, crashing ones included"
		for _, d := range Directions {
			want = append(want, "move "+d)
		}
	}
	return rules.SetBreak("legalActions", rule, want, got)
}
