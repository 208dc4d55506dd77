// Package brinebell serves Brinebell through the play core: one seat, no
// bots. It reads actions, and shows a run as the observation text, the
// structured view and the legal actions. Answers carry the token as
// "stateToken", the card's name, as well as "state".
package brinebell

import (
	"encoding/json"
	"time"

	engine "github.com/agentgames/bundle/engines/brinebell"
	"github.com/agentgames/bundle/play"
)

// Game is Brinebell as the core serves it.
type Game struct{}

// Info describes Brinebell.
func (Game) Info() play.Info { return info }

var info = play.Info{
	Slug:           "brinebell",
	Name:           "Brinebell",
	Genre:          "delivery simulation",
	Description:    "Dispatch ferries around a ring of island docks to deliver seeded arrivals of travellers, couriers and carts before they lose patience.",
	Goal:           goal,
	EchoStateToken: true,
	ActionSchema:   actionSchema,
	MaxToken:       2048,
}

// New creates the run of a seed, before its start. Brinebell has no
// options besides the seed.
func (Game) New(seed uint64, _ map[string]string) (play.Match, error) {
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

// Phase: the one seat acts until the run is over.
func (m *match) Phase() play.Phase {
	if m.s.Finished() {
		return play.Phase{Over: true}
	}
	return play.Phase{ToAct: []play.Seat{play.Caller}}
}

// BotMove: no bot plays Brinebell.
func (m *match) BotMove(play.Seat) (json.RawMessage, bool) { return nil, false }

// Act applies the seat's action. Brinebell's answers carry no events of
// their own: the view lists the recent events.
func (m *match) Act(moves []play.Move, _ time.Time) ([]any, error) {
	a, err := parseAction(moves[0].Action)
	if err != nil {
		return nil, err
	}
	if _, err := m.s.Apply(a); err != nil {
		return nil, play.AsError(err)
	}
	return nil, nil
}
