package play

import (
	"bytes"
	"encoding/json"
	"io"
)

// Answer is what init and action answer: an *Envelope, or a *Refusal.
type Answer interface {
	// Ref is the state token (or match reference) the answer carries.
	Ref() string
}

// Envelope is an accepted init or action: the state to send next and what
// the caller's seat sees.
type Envelope struct {
	OK         bool   `json:"ok"`
	State      string `json:"state"`
	StateToken string `json:"stateToken,omitempty"`
	// Seed is the match's seed: on init when the caller chose it, and on
	// the answer that ends a match whose seed the server picked.
	Seed         *uint64 `json:"seed,omitempty"`
	Observation  string  `json:"observation,omitempty"`
	LegalActions any     `json:"legalActions"`
	ActionRanges any     `json:"actionRanges,omitempty"`
	// Spec documents the game, on init only.
	Spec     any    `json:"spec,omitempty"`
	Score    *int   `json:"score,omitempty"`
	GameOver bool   `json:"gameOver"`
	Result   any    `json:"result"`
	Turn     string `json:"turn,omitempty"`
	View     any    `json:"view,omitempty"`
	// Events says what the action caused, on actions of games that have
	// events.
	Events []any `json:"events,omitempty"`
}

// Ref is the state the envelope carries.
func (e *Envelope) Ref() string { return e.State }

// Refusal is a refused action: why, what is legal, and the unchanged state.
type Refusal struct {
	OK           bool   `json:"ok"`
	Code         Code   `json:"code"`
	Reason       string `json:"reason"`
	LegalActions any    `json:"legalActions"`
	ActionRanges any    `json:"actionRanges,omitempty"`
	GameOver     bool   `json:"gameOver"`
	State        string `json:"state"`
	StateToken   string `json:"stateToken,omitempty"`
}

// Ref is the unchanged state.
func (r *Refusal) Ref() string { return r.State }

// Encode writes v as every edge answers it: JSON without HTML escaping,
// with a final newline.
func Encode(w io.Writer, v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}
