package rules

// This file holds a Tron match under judgement: playing it, and judging
// the init, the state every accepted answer shows, and the refusals.

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/conformance/check"
)

// tronMatch is one match under judgement: what the referee knows of the
// last accepted answer.
type tronMatch struct {
	ctx         context.Context
	loop        *client.HTTP
	label       string
	setup       tronSetup
	seed        uint64
	adversarial bool
	goal        string
	rng         *rand.Rand
	stats       map[string]int

	step   int
	token  string
	round  int
	board  [][]tronCell // each cycle's trail, head first; empty once crashed
	died   []int        // the round each cycle crashed in, 0 while alive
	over   bool
	erased map[tronCell]bool // cells of erased trails
	after  [][]tronCell      // the board the rules make of the round under judgement
}

// tronPlay plays the i-th seed's match with the random or the adversarial
// agent and judges it; it answers what happened (crashes by kind, bot
// moves checked) for the tests' coverage.
func tronPlay(ctx context.Context, t check.Target, i int, adversarial bool) (map[string]int, error) {
	agent := "random agent"
	if adversarial {
		agent = "adversarial agent"
	}
	m := &tronMatch{ctx: ctx, loop: t.Loop(), setup: tronSetupFor(i), seed: tronSeed(i), adversarial: adversarial,
		goal: tronGoals[i%len(tronGoals)], stats: map[string]int{}, erased: map[tronCell]bool{}}
	m.label = fmt.Sprintf("seed %d, %s (%s)", m.seed, agent, m.setup)
	if adversarial {
		m.label += ", seeking " + tronGoalWords[m.goal]
	}
	stream := uint64(0)
	if adversarial {
		stream = 1
	}
	m.rng = rand.New(rand.NewPCG(m.seed, stream))
	if err := m.start(); err != nil {
		return m.stats, err
	}
	for !m.over {
		if m.step >= 2000 {
			return m.stats, m.place(&check.Failure{Rule: "a match ends when your cycle crashes (the agents court a crash from round 60 on)", Want: "the end", Got: fmt.Sprintf("round %d", m.round)}, nil)
		}
		if m.adversarial && m.rng.IntN(10) < 3 {
			if err := m.refuse(json.RawMessage(tronIllegal[m.rng.IntN(len(tronIllegal))]), "invalid_action"); err != nil {
				return m.stats, err
			}
		}
		if err := m.move(m.choose()); err != nil {
			return m.stats, err
		}
	}
	return m.stats, m.refuse(json.RawMessage(`{"type":"move","dir":"x+"}`), "game_over")
}

// decode reads an HTTP answer into an answer, or a failure.
func (m *tronMatch) decode(status int, body []byte, err error, action json.RawMessage) (*tronAnswer, error) {
	if err != nil {
		return nil, m.place(&check.Failure{Rule: "the server answers the request", Want: "an answer", Got: err.Error()}, action)
	}
	if status != 200 {
		return nil, m.place(&check.Failure{Path: "status", Rule: "the loop answers a move, and a refused action, with HTTP 200", Want: "200", Got: strconv.Itoa(status), Detail: check.Brief(string(body), 400)}, action)
	}
	var a tronAnswer
	if err := json.Unmarshal(body, &a); err != nil {
		return nil, m.place(&check.Failure{Rule: "the answer reads as the documented envelope", Want: "a Tron envelope", Got: err.Error(), Detail: check.Brief(string(body), 400)}, action)
	}
	return &a, nil
}

// start sends the init, judges it, and sends it again: one seed deals
// the same starts.
func (m *tronMatch) start() error {
	status, body, err := m.loop.Init(m.ctx, "tron", m.setup.query(m.seed))
	a, err := m.decode(status, body, err, nil)
	if err != nil {
		return err
	}
	if f := m.judgeInit(a); f != nil {
		return m.place(f, nil)
	}
	status, body, err = m.loop.Init(m.ctx, "tron", m.setup.query(m.seed))
	again, err := m.decode(status, body, err, nil)
	if err != nil {
		return err
	}
	if again.View == nil || !reflect.DeepEqual(again.View.Board, a.View.Board) {
		var got any = "no view"
		if again.View != nil {
			got = again.View.Board
		}
		return m.place(tronFail("view.board", "the same seed and options deal the same start cells", a.View.Board, got), nil)
	}
	return nil
}

func (m *tronMatch) judgeInit(a *tronAnswer) *check.Failure {
	s, v := m.setup, a.View
	switch {
	case !a.OK:
		return tronFail("ok", "an init is accepted", true, "false ("+a.Code+")")
	case a.State == "":
		return tronFail("state", "an answer carries the state token", "a token", "none")
	case a.Seed == nil || *a.Seed != m.seed:
		return tronFail("seed", "init echoes the seed the caller chose", m.seed, tronOrNone(a.Seed))
	case v == nil:
		return tronFail("view", "an answer carries the view", "a view", "none")
	case v.Width != s.width || v.Height != s.height:
		return tronFail("view.width", "the grid is the one asked for (100x100 by default)", fmt.Sprintf("%dx%d", s.width, s.height), fmt.Sprintf("%dx%d", v.Width, v.Height))
	case v.Players != s.players:
		return tronFail("view.players", "the match has the cycles asked for (2 by default)", s.players, v.Players)
	case v.Opponent != s.opponent:
		return tronFail("view.opponent", "the bots are the kind asked for (easy by default)", s.opponent, v.Opponent)
	case v.Round != 0:
		return tronFail("view.round", "init plays no round", 0, v.Round)
	case len(a.Events) != 0:
		return tronFail("events", "init plays no round", "no events", len(a.Events))
	}
	if f := m.judgeFixed(v); f != nil {
		return f
	}
	board, f := tronBoard(v)
	if f != nil {
		return f
	}
	seen := map[tronCell]int{}
	for p, trail := range board {
		path := fmt.Sprintf("view.board[%d]", p)
		if len(trail) != 1 {
			return tronFail(path, "every cycle starts as one cell", 1, len(trail))
		}
		c := trail[0]
		if c[0] < 1 || c[0] > s.width-1 || c[1] < 1 || c[1] > s.height-1 {
			return tronFail(path, fmt.Sprintf("a start cell has x in 1..%d and y in 1..%d", s.width-1, s.height-1), "a cell in range", c)
		}
		if q, ok := seen[c]; ok {
			return tronFail(path, fmt.Sprintf("start cells differ (cycle %d starts there too)", q), "a free cell", c)
		}
		seen[c] = p
	}
	m.token, m.board, m.died = a.State, board, make([]int, s.players)
	return m.judgeState(a)
}

// judgeFixed checks what no round changes: the grid, the players, you,
// the bots.
func (m *tronMatch) judgeFixed(v *tronView) *check.Failure {
	s := m.setup
	switch {
	case v.Width != s.width || v.Height != s.height:
		return tronFail("view.width", "the grid never changes", fmt.Sprintf("%dx%d", s.width, s.height), fmt.Sprintf("%dx%d", v.Width, v.Height))
	case v.Players != s.players:
		return tronFail("view.players", "the number of cycles never changes", s.players, v.Players)
	case v.You != 0:
		return tronFail("view.you", "you drive cycle 0", 0, v.You)
	case v.Opponent != s.opponent:
		return tronFail("view.opponent", "the bots never change", s.opponent, v.Opponent)
	case len(v.Board) != s.players:
		return tronFail("view.board", "the board has one trail a cycle", s.players, len(v.Board))
	case len(v.Cycles) != s.players:
		return tronFail("view.cycles", "the view has one entry a cycle", s.players, len(v.Cycles))
	}
	return nil
}

// tronBoard reads the view's board as cells.
func tronBoard(v *tronView) ([][]tronCell, *check.Failure) {
	board := make([][]tronCell, len(v.Board))
	for p, trail := range v.Board {
		board[p] = make([]tronCell, len(trail))
		for i, c := range trail {
			if len(c) != 2 {
				return nil, tronFail(fmt.Sprintf("view.board[%d][%d]", p, i), "a cell is [x, y]", "2 numbers", len(c))
			}
			board[p][i] = tronCell{c[0], c[1]}
		}
	}
	return board, nil
}

// judgeState checks an accepted answer against the match as the referee
// derived it (m.board, m.died, m.round): the board, the cycles, the end,
// the score and the result.
func (m *tronMatch) judgeState(a *tronAnswer) *check.Failure {
	board, f := tronBoard(a.View)
	if f != nil {
		return f
	}
	for p := range m.board {
		if !slices.Equal(board[p], m.board[p]) {
			rule := "a living cycle's trail grows by its new head, head first"
			if m.died[p] != 0 {
				rule = fmt.Sprintf("a crashed cycle's trail is erased at the end of its round (cycle %d crashed in round %d)", p, m.died[p])
			}
			return tronFail(fmt.Sprintf("view.board[%d]", p), rule, tronTrail(m.board[p]), tronTrail(board[p]))
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
			return tronFail(path+".seat", "cycles are listed by seat", p, c.Seat)
		case c.Name != name:
			return tronFail(path+".name", "cycle 0 is you, the others the bots' kind", name, c.Name)
		case c.Alive != alive:
			return tronFail(path+".alive", "a cycle is alive until it crashes", alive, c.Alive)
		case c.Length != len(m.board[p]):
			return tronFail(path+".length", "a cycle's length is its trail's (0 once crashed)", len(m.board[p]), c.Length)
		case alive && (len(c.Head) != 2 || tronCell{c.Head[0], c.Head[1]} != m.board[p][0]):
			return tronFail(path+".head", "a living cycle's head is its trail's first cell", m.board[p][0], c.Head)
		case !alive && c.Head != nil:
			return tronFail(path+".head", "a crashed cycle has no head", "null", c.Head)
		case alive && c.Died != nil:
			return tronFail(path+".died", "a living cycle has no crash round", "null", *c.Died)
		case !alive && (c.Died == nil || *c.Died != m.died[p]):
			return tronFail(path+".died", "a crashed cycle shows the round it crashed in", m.died[p], tronOrNone(c.Died))
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
	case a.GameOver != m.over:
		return tronFail("gameOver", "the match is over when your cycle crashes or fewer than two cycles are alive", m.over, a.GameOver)
	case a.Turn != turn:
		return tronFail("turn", `turn is "you" while the match is open, "over" once it ends`, turn, a.Turn)
	case a.Score == nil || *a.Score != score:
		return tronFail("score", "score is the rounds your cycle has survived", score, tronOrNone(a.Score))
	case a.Observation == "":
		return tronFail("observation", "every answer carries the observation text", "a text", "none")
	}
	if f := m.judgeLegal(a.LegalActions, "legalActions"); f != nil {
		return f
	}
	if !m.over {
		if a.Result != nil {
			return tronFail("result", "result is null while the match is open", "null", *a.Result)
		}
		return nil
	}
	return m.judgeResult(a.Result, score)
}

// judgeLegal: the four moves while the match is open, none once over.
func (m *tronMatch) judgeLegal(legal []tronAction, path string) *check.Failure {
	var got []string
	for _, a := range legal {
		if a.Type != "move" {
			return tronFail(path, `every legal action is a move`, "move", a.Type)
		}
		got = append(got, a.Dir)
	}
	want := tronDirs
	if m.over {
		want = nil
	}
	slices.Sort(got)
	w := slices.Clone(want)
	slices.Sort(w)
	if !slices.Equal(got, w) {
		rule := "all four moves are always legal while the match is open, crashing ones included"
		if m.over {
			rule = "no action is legal once the match is over"
		}
		return tronFail(path, rule, want, got)
	}
	return nil
}

// refuse sends an action that must be refused with code, and checks that
// the refusal changes nothing: the token comes back as sent, and the next
// move plays from the same round.
func (m *tronMatch) refuse(action json.RawMessage, code string) error {
	m.step++
	status, body, err := m.loop.Act(m.ctx, "tron", "state", m.token, action)
	a, err := m.decode(status, body, err, action)
	if err != nil {
		return err
	}
	rule := "an action off the grammar is refused (invalid_action)"
	if code == "game_over" {
		rule = "an action after the end is refused (game_over)"
	}
	var f *check.Failure
	switch {
	case a.OK:
		f = tronFail("ok", rule, false, true)
	case a.Code != code:
		f = tronFail("code", rule, code, a.Code)
	case a.State != m.token:
		f = tronFail("state", "a refusal answers the token sent, unchanged", check.Brief(m.token, 24), check.Brief(a.State, 24))
	case a.GameOver != m.over:
		f = tronFail("gameOver", "a refusal keeps the match as it was", m.over, a.GameOver)
	default:
		f = m.judgeLegal(a.LegalActions, "legalActions")
	}
	if f != nil {
		return m.place(f, action)
	}
	m.stats["refusal "+code]++
	return nil
}
