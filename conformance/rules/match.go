package rules

// This file holds a match a referee plays over the stateless loop: the
// init, each action sent with the token of the answer before it, and the
// probes every referee makes (a refusal changes nothing; after the end,
// an action is refused game_over).

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/conformance/check"
)

// Match is one match a referee plays over the stateless loop: where its
// requests go, where a failure is placed in it, and the last accepted
// answer, which the next action carries on from.
type Match struct {
	Where
	// Field is the request field the token goes in: "state" (the
	// default) or "stateToken". A referee may change it between requests.
	Field string
	// Last is the last accepted answer: the next action sends its token,
	// and a refusal must leave it as it was.
	Last *Envelope

	ctx  context.Context
	loop *client.HTTP
	game string
}

// NewMatch is a match of game (its slug) at the implementation t, named
// name in failures.
func NewMatch(ctx context.Context, t check.Target, game, name string) *Match {
	return &Match{Where: Where{Name: name}, Field: "state", ctx: ctx, loop: t.Loop(), game: game}
}

// Open sends the init with query and answers its envelope, reading the
// game's fields into v (a pointer, or nil). The init must be accepted
// with a token; when query chooses a seed, the answer must echo it, and
// a second init with the same query must deal the same match (the same
// answer but for the token).
func (m *Match) Open(query map[string]string, v any) (*Envelope, error) {
	m.Step, m.Action = 0, nil
	status, body, err := m.loop.Init(m.ctx, m.game, query)
	e, err := m.read(status, body, err, v)
	if err != nil {
		return nil, err
	}
	if err := m.accept(e, "init deals a match"); err != nil {
		return nil, err
	}
	seed, chosen := query["seed"]
	if !chosen {
		return e, nil
	}
	if e.Seed == nil || strconv.FormatUint(*e.Seed, 10) != seed {
		return nil, m.Fail("seed", "init echoes the seed the caller chose", seed, OrNone(e.Seed))
	}
	return e, m.redeal(query, body)
}

// redeal sends the init of query again and holds its answer to first's,
// the tokens aside.
func (m *Match) redeal(query map[string]string, first []byte) error {
	status, body, err := m.loop.Init(m.ctx, m.game, query)
	if _, err := m.read(status, body, err, nil); err != nil {
		return err
	}
	var want, got map[string]any
	if json.Unmarshal(first, &want) != nil || json.Unmarshal(body, &got) != nil {
		return m.Fail("", "an init answers one JSON object", "an object", check.Brief(string(body), 200))
	}
	for _, k := range []string{"state", "stateToken"} {
		delete(want, k)
		delete(got, k)
	}
	if d := check.Diff(want, got); d != nil {
		f := m.Fail(d.Path, "the same seed and options deal the same match", d.Want, d.Got)
		f.Detail = d.Detail
		return f
	}
	return nil
}

// Play sends an action the rules allow and answers its envelope, reading
// the game's fields into v. The action must be accepted, with a token,
// and the answer becomes the last one.
func (m *Match) Play(action json.RawMessage, v any) (*Envelope, error) {
	e, err := m.send(action, v)
	if err != nil {
		return nil, err
	}
	return e, m.accept(e, "a legal action is accepted")
}

// accept holds an answer to being accepted with a token (sent again as
// stateToken, if at all, the same) and takes it as the last one.
func (m *Match) accept(e *Envelope, rule string) error {
	switch {
	case !e.OK:
		f := m.Fail("ok", rule, true, fmt.Sprintf("false (%s)", e.Code))
		f.Detail = "reason: " + e.Reason
		return f
	case e.State == "":
		return m.Fail("state", "an accepted answer carries the next token", "a token", `""`)
	case e.StateToken != "" && e.StateToken != e.State:
		return m.Fail("stateToken", "stateToken, when an answer carries it, echoes state", check.Brief(e.State, 24), check.Brief(e.StateToken, 24))
	}
	m.Last = e
	return nil
}

// refused says which actions each code of a refusal every game shares is
// for.
var refused = map[string]string{
	"invalid_action": "an action outside the grammar",
	"illegal_action": "an action the rules do not allow now",
	"game_over":      "an action after the end",
}

// Refuse sends an action the rules refuse with code and holds the
// refusal to changing nothing: ok false, the code, a reason, the token
// handed back unchanged (as state, and as stateToken when the answers
// carry it), and the same gameOver, legalActions and actionRanges as the
// last answer. The match goes on from that answer.
func (m *Match) Refuse(action json.RawMessage, code string) error {
	e, err := m.send(action, nil)
	if err != nil {
		return err
	}
	last, token := m.Last, m.Last.State
	what := cmp.Or(refused[code], "an action the rules refuse")
	var f *check.Failure
	switch {
	case e.OK:
		f = m.Fail("ok", what+" is refused", "false ("+code+")", true)
	case e.Code != code:
		f = m.Fail("code", fmt.Sprintf("%s is refused with %s", what, code), code, e.Code)
		f.Detail = "reason: " + e.Reason
	case e.Reason == "":
		f = m.Fail("reason", "a refusal says why", "a reason", `""`)
	case e.State != token || last.StateToken != "" && e.StateToken != token:
		f = m.Fail("state", "a refusal hands back the token it was sent, unchanged (as state, and as stateToken when answers carry it)",
			check.Brief(token, 24), check.Brief(e.State, 24)+" / "+check.Brief(e.StateToken, 24))
	case e.GameOver != last.GameOver:
		f = m.Fail("gameOver", "a refusal changes nothing: gameOver stays", last.GameOver, e.GameOver)
	default:
		f = m.same("legalActions", last.LegalActions, e.LegalActions)
		if f == nil {
			f = m.same("actionRanges", last.ActionRanges, e.ActionRanges)
		}
	}
	if f != nil {
		return f
	}
	return nil
}

// same holds a refusal's list at path to the last answer's, as sets.
func (m *Match) same(path string, want, got json.RawMessage) *check.Failure {
	w, err := Keys(want)
	if err != nil {
		return m.Fail(path, "a list of the answer before", "a JSON list", err.Error())
	}
	g, err := Keys(got)
	if err != nil {
		return m.Fail(path, path+" is a list", "a JSON list", err.Error())
	}
	if f := SetBreak(path, "a refusal changes nothing: the same "+path+" as the answer before", w, g); f != nil {
		return m.Place(f)
	}
	return nil
}

// AfterEnd holds a finished match to its end: the last answer lists no
// legal action, and action, sent now, is refused with game_over, changing
// nothing.
func (m *Match) AfterEnd(action json.RawMessage) error {
	if keys, err := Keys(m.Last.LegalActions); err != nil || len(keys) > 0 {
		return m.Fail("legalActions", "no action is legal once the match is over", "none", check.Brief(string(m.Last.LegalActions), 200))
	}
	return m.Refuse(action, "game_over")
}

// send posts action with the last answer's token, as the next step.
func (m *Match) send(action json.RawMessage, v any) (*Envelope, error) {
	m.Step++
	m.Action = action
	status, body, err := m.loop.Act(m.ctx, m.game, m.Field, m.Last.State, action)
	return m.read(status, body, err, v)
}

// read decodes an answer of HTTP status 200 into the envelope and v.
func (m *Match) read(status int, body []byte, err error, v any) (*Envelope, error) {
	if err != nil {
		return nil, m.Fail("", "the server answers", "an HTTP answer", err.Error())
	}
	if status != 200 {
		f := m.Fail("status", "the loop answers HTTP 200, an action accepted or refused", 200, status)
		f.Detail = check.Brief(string(body), 400)
		return nil, f
	}
	var e Envelope
	err = json.Unmarshal(body, &e)
	if err == nil && v != nil {
		err = json.Unmarshal(body, v)
	}
	if err != nil {
		f := m.Fail("", "the answer reads as the documented envelope", "a "+m.game+" answer", err.Error())
		f.Detail = check.Brief(string(body), 400)
		return nil, f
	}
	return &e, nil
}

// OrNone writes an optional value: its value, or "none".
func OrNone[T any](p *T) any {
	if p == nil {
		return "none"
	}
	return *p
}
