// Package client is the one protocol client of the bundle: it reaches an
// implementation of the games over HTTP at a base URL, through an
// http.Handler in process, or straight through a play.Service with no HTTP
// at all, and decodes answers into the envelope types of package play and
// the view types of each game. The conformance suite, the end-to-end tests,
// the sample agents and the tests all use it.
package client

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/agentgames/bundle/golden"
)

// Transport sends the loop's two requests and answers the reply's HTTP
// status and body, as the HTTP edge would write them.
type Transport interface {
	// Init starts a match of game with the given query (seed and options).
	Init(ctx context.Context, game string, query map[string]string) (status int, body []byte, err error)
	// Act sends action with the state token under field ("state" or
	// "stateToken").
	Act(ctx context.Context, game, field, token string, action json.RawMessage) (status int, body []byte, err error)
}

// ActionBody is the JSON body of an action request.
func ActionBody(field, token string, action json.RawMessage) ([]byte, error) {
	return json.Marshal(map[string]any{field: token, "action": action})
}

// Answer is one decoded reply of the loop.
type Answer struct {
	Status int
	Body   []byte
	// OK, Code, GameOver and Token are read from the body: Token is the
	// state to send next ("state", else "stateToken").
	OK       bool
	Code     string
	Reason   string
	GameOver bool
	Token    string
}

// Decode reads a reply. A reply that is not HTTP 200 is an *HTTPError.
func Decode(status int, body []byte) (*Answer, error) {
	if status != 200 {
		return nil, &HTTPError{Status: status, Body: body}
	}
	var head struct {
		OK         bool   `json:"ok"`
		Code       string `json:"code"`
		Reason     string `json:"reason"`
		GameOver   bool   `json:"gameOver"`
		State      string `json:"state"`
		StateToken string `json:"stateToken"`
	}
	if err := json.Unmarshal(body, &head); err != nil {
		return nil, fmt.Errorf("the answer is not a JSON object: %w", err)
	}
	a := &Answer{Status: status, Body: body, OK: head.OK, Code: head.Code, Reason: head.Reason, GameOver: head.GameOver, Token: head.State}
	if a.Token == "" {
		a.Token = head.StateToken
	}
	return a, nil
}

// View decodes the answer's "view" into v, a pointer to the game's view
// type.
func (a *Answer) View(v any) error {
	var env struct {
		View json.RawMessage `json:"view"`
	}
	if err := json.Unmarshal(a.Body, &env); err != nil {
		return err
	}
	return json.Unmarshal(env.View, v)
}

// HTTPError is a reply other than HTTP 200.
type HTTPError struct {
	Status int
	Body   []byte
}

func (e *HTTPError) Error() string {
	return fmt.Sprintf("HTTP %d: %s", e.Status, bytes.TrimSpace(e.Body))
}

// Session plays one match: it carries the state token from answer to
// answer.
type Session struct {
	T     Transport
	Game  string
	Field string // the name the token is sent under; "state" when empty
	Last  *Answer
	rec   *golden.Case // the transcript being recorded (see Record)
}

// Start begins a session with an init.
func Start(ctx context.Context, t Transport, game string, query map[string]string) (*Session, error) {
	s := &Session{T: t, Game: game}
	status, body, err := t.Init(ctx, game, query)
	if err != nil {
		return nil, err
	}
	if s.Last, err = Decode(status, body); err != nil {
		return nil, err
	}
	return s, nil
}

// Act sends an action with the newest token. A refused action keeps the
// token, so the session can go on.
func (s *Session) Act(ctx context.Context, action json.RawMessage) (*Answer, error) {
	field := s.Field
	if field == "" {
		field = "state"
	}
	status, body, err := s.T.Act(ctx, s.Game, field, s.Last.Token, action)
	if err != nil {
		return nil, err
	}
	a, err := Decode(status, body)
	if err != nil {
		return nil, err
	}
	s.Last = a
	return a, s.keep(action, a)
}
