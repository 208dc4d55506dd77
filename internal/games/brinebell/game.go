// Package brinebell serves Brinebell through the stateless loop: it reads
// actions, and shows a run as the observation text, the structured view and
// the legal actions. Answers carry the token as "stateToken", the card's
// name, as well as "state".
package brinebell

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"

	"github.com/agentgames/bundle/engines"
	engine "github.com/agentgames/bundle/engines/brinebell"
	"github.com/agentgames/bundle/internal/play"
)

// Game is Brinebell as the loop serves it.
type Game struct{}

// Info describes Brinebell in the index.
func (Game) Info() play.Info {
	return play.Info{
		Slug:           "brinebell",
		Name:           "Brinebell",
		Genre:          "delivery simulation",
		Description:    "Dispatch ferries around a ring of island docks to deliver seeded arrivals of travellers, couriers and carts before they lose patience.",
		Goal:           "Score as many delivery points as you can; bank them whenever you like. Five passengers giving up ends the run.",
		EchoStateToken: true,
	}
}

// New creates the run of a seed, before its start. Brinebell has no
// options.
func (Game) New(seed uint64, _ url.Values) (play.Match, error) {
	return &match{engine.New(seed)}, nil
}

// Decode restores a run.
func (Game) Decode(state []byte) (play.Match, error) {
	var s engine.State
	if err := s.UnmarshalBinary(state); err != nil {
		return nil, err
	}
	return &match{&s}, nil
}

type match struct {
	s *engine.State
}

func (m *match) MarshalBinary() ([]byte, error) { return m.s.MarshalBinary() }

// wireAction is an action as sent: the card's strict objects.
type wireAction struct {
	Type  string `json:"type"`
	Ferry *int   `json:"ferry"`
	Dock  *int   `json:"dock"`
	Ticks *int   `json:"ticks"`
}

var kinds = map[string]engine.Kind{"start": engine.Start, "order": engine.Order, "advance": engine.Advance, "bank": engine.Bank}

// parseAction reads the card's grammar strictly: a known type, exactly its
// fields, whole numbers.
func parseAction(raw json.RawMessage) (engine.Action, error) {
	var w wireAction
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	bad := func(why string) (engine.Action, error) {
		return engine.Action{}, &engines.Illegal{Code: play.CodeInvalidAction, Reason: why +
			`; actions are {"type":"start"}, {"type":"order","ferry":0|1,"dock":0..4}, {"type":"advance","ticks":1..90} and {"type":"bank"}`}
	}
	if err := dec.Decode(&w); err != nil || dec.More() {
		return bad(fmt.Sprintf("%s is not an action object", raw))
	}
	k, ok := kinds[w.Type]
	if !ok {
		return bad(fmt.Sprintf("unknown action type %q", w.Type))
	}
	a := engine.Action{Kind: k}
	switch k {
	case engine.Start, engine.Bank:
		if w.Ferry != nil || w.Dock != nil || w.Ticks != nil {
			return bad(w.Type + " takes no other field")
		}
	case engine.Order:
		if w.Ferry == nil || w.Dock == nil || w.Ticks != nil {
			return bad("order takes exactly ferry and dock")
		}
		a.Ferry, a.Dock = *w.Ferry, *w.Dock
	case engine.Advance:
		if w.Ticks == nil || w.Ferry != nil || w.Dock != nil {
			return bad("advance takes exactly ticks")
		}
		a.Ticks = *w.Ticks
	}
	return a, nil
}

// Act applies one action. Brinebell's answers carry no events of their own:
// the view lists the recent events.
func (m *match) Act(raw json.RawMessage) (any, error) {
	a, err := parseAction(raw)
	if err != nil {
		return nil, err
	}
	if _, err := m.s.Apply(a); err != nil {
		return nil, err
	}
	return nil, nil
}
