package play

import (
	"io"
	"strconv"

	"github.com/agentgames/bundle/play/wire"
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
	Seed *uint64 `json:"seed,omitempty"`
	// Ranked is a ranked match's id (see RankedOption).
	Ranked       string `json:"ranked,omitempty"`
	Observation  string `json:"observation,omitempty"`
	LegalActions any    `json:"legalActions"`
	ActionRanges any    `json:"actionRanges,omitempty"`
	// Spec documents the game, on init only.
	Spec     *Spec  `json:"spec,omitempty"`
	Score    *int   `json:"score,omitempty"`
	GameOver bool   `json:"gameOver"`
	Result   any    `json:"result"`
	Turn     string `json:"turn,omitempty"`
	View     any    `json:"view,omitempty"`
	// Events says what the action caused (and, on init, what bots did
	// before the caller's first turn), in games that have events.
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
	Ranked       string `json:"ranked,omitempty"`
}

// Ref is the unchanged state.
func (r *Refusal) Ref() string { return r.State }

// AppendJSON writes the envelope as encoding/json would, faster.
func (e *Envelope) AppendJSON(b []byte) ([]byte, error) {
	var err error
	b = append(b, `{"ok":`...)
	b = wire.AppendBool(b, e.OK)
	b = wire.AppendString(append(b, `,"state":`...), e.State)
	if e.StateToken != "" {
		b = wire.AppendString(append(b, `,"stateToken":`...), e.StateToken)
	}
	if e.Seed != nil {
		b = strconv.AppendUint(append(b, `,"seed":`...), *e.Seed, 10)
	}
	if e.Ranked != "" {
		b = wire.AppendString(append(b, `,"ranked":`...), e.Ranked)
	}
	if e.Observation != "" {
		b = wire.AppendString(append(b, `,"observation":`...), e.Observation)
	}
	if b, err = wire.AppendValue(append(b, `,"legalActions":`...), e.LegalActions); err != nil {
		return b, err
	}
	if e.ActionRanges != nil {
		if b, err = wire.AppendValue(append(b, `,"actionRanges":`...), e.ActionRanges); err != nil {
			return b, err
		}
	}
	if e.Spec != nil {
		if b, err = wire.AppendValue(append(b, `,"spec":`...), e.Spec); err != nil {
			return b, err
		}
	}
	if e.Score != nil {
		b = wire.AppendInt(append(b, `,"score":`...), *e.Score)
	}
	b = wire.AppendBool(append(b, `,"gameOver":`...), e.GameOver)
	if b, err = wire.AppendValue(append(b, `,"result":`...), e.Result); err != nil {
		return b, err
	}
	if e.Turn != "" {
		b = wire.AppendString(append(b, `,"turn":`...), e.Turn)
	}
	if e.View != nil {
		if b, err = wire.AppendValue(append(b, `,"view":`...), e.View); err != nil {
			return b, err
		}
	}
	if len(e.Events) > 0 {
		b = append(b, `,"events":[`...)
		for i, ev := range e.Events {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = wire.AppendValue(b, ev); err != nil {
				return b, err
			}
		}
		b = append(b, ']')
	}
	return append(b, '}'), nil
}

// AppendJSON writes the refusal as encoding/json would, faster.
func (r *Refusal) AppendJSON(b []byte) ([]byte, error) {
	var err error
	b = wire.AppendBool(append(b, `{"ok":`...), r.OK)
	b = wire.AppendString(append(b, `,"code":`...), string(r.Code))
	b = wire.AppendString(append(b, `,"reason":`...), r.Reason)
	if b, err = wire.AppendValue(append(b, `,"legalActions":`...), r.LegalActions); err != nil {
		return b, err
	}
	if r.ActionRanges != nil {
		if b, err = wire.AppendValue(append(b, `,"actionRanges":`...), r.ActionRanges); err != nil {
			return b, err
		}
	}
	b = wire.AppendBool(append(b, `,"gameOver":`...), r.GameOver)
	b = wire.AppendString(append(b, `,"state":`...), r.State)
	if r.StateToken != "" {
		b = wire.AppendString(append(b, `,"stateToken":`...), r.StateToken)
	}
	if r.Ranked != "" {
		b = wire.AppendString(append(b, `,"ranked":`...), r.Ranked)
	}
	return append(b, '}'), nil
}

// appendAnswer is an answer that writes its own JSON.
type appendAnswer interface {
	AppendJSON(b []byte) ([]byte, error)
}

// Encode writes v as every edge answers it: JSON without HTML escaping,
// with a final newline. Envelopes and refusals write themselves, the rest
// through encoding/json.
func Encode(w io.Writer, v any) error {
	b, err := Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// Marshal is what Encode writes.
func Marshal(v any) ([]byte, error) { return AppendJSON(make([]byte, 0, 8192), v) }

// AppendJSON appends what Encode writes to b.
func AppendJSON(b []byte, v any) ([]byte, error) {
	var err error
	if a, ok := v.(appendAnswer); ok {
		b, err = a.AppendJSON(b)
	} else {
		b, err = wire.AppendValue(b, v)
	}
	return append(b, '\n'), err
}
