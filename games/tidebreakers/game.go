// Package tidebreakers serves Tidebreakers through the play core: the
// caller holds seat 0 and built-in captains (package
// engines/tidebreakers/captains) hold the other seats, replying inside the
// caller's action until the caller must act again or the match is over. The
// package reads actions and options, and shows a match as the observation
// text, the structured view and the legal actions.
package tidebreakers

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	engine "github.com/agentgames/bundle/engines/tidebreakers"
	"github.com/agentgames/bundle/engines/tidebreakers/captains"
	"github.com/agentgames/bundle/play"
)

// Game is Tidebreakers as the core serves it.
type Game struct{}

// Info describes Tidebreakers.
func (Game) Info() play.Info { return info }

var info = play.Info{
	Slug:        "tidebreakers",
	Name:        "Tidebreakers",
	Genre:       "island strategy",
	Description: "Command a fleet on a " + n(engine.Size) + "x" + n(engine.Size) + " grid of islands against 1 to " + n(engine.MaxPlayers-1) + " built-in captains: supply your islands, then send one expedition a turn.",
	Goal:        goal,
	Options: []play.Option{
		{Name: "players", Min: engine.MinPlayers, Max: engine.MaxPlayers, Default: "2", Doc: "how many captains, you included: 2 (the default), 3 or 4."},
		{Name: "opponent", Values: captains.Names(), Doc: "the built-in captains in the other seats: \"sample\" (the default, the card's sample bot), \"strong\" (a searching captain) or \"random\"."},
	},
	ActionSchema: actionSchema,
	MaxToken:     400,
	Boards:       []string{"players", "opponent"},
}

// New sets up a match with the options' captains.
func (Game) New(seed uint64, options map[string]string) (play.Match, error) {
	players := 2
	if p := options["players"]; p != "" {
		players, _ = strconv.Atoi(p)
	}
	opponent := 0
	if o := options["opponent"]; o != "" {
		opponent = slices.Index(captains.Names(), o)
	}
	s, err := engine.New(seed, players)
	if err != nil {
		return nil, err
	}
	return &match{s: s, opponent: opponent}, nil
}

// Decode restores a match: the captains' index, then the engine's state.
func (Game) Decode(state []byte) (play.Match, error) {
	if len(state) < 1 || int(state[0]) >= len(captains.Names()) {
		return nil, errors.New("tidebreakers: unknown captains")
	}
	var s engine.State
	if err := s.UnmarshalBinary(state[1:]); err != nil {
		return nil, err
	}
	return &match{s: &s, opponent: int(state[0])}, nil
}

type match struct {
	s        *engine.State
	opponent int // index in captains.Names()
}

func (m *match) MarshalBinary() ([]byte, error) {
	b, err := m.s.MarshalBinary()
	return append([]byte{byte(m.opponent)}, b...), err
}

// Phase: the captain to act, until the end.
func (m *match) Phase() play.Phase {
	if m.s.Over() {
		return play.Phase{Over: true}
	}
	return play.Phase{ToAct: []play.Seat{play.Seat(m.s.Turn())}}
}

// BotMove is the action of the captain in seat, chosen from the public
// state with the stream of this decision.
func (m *match) BotMove(seat play.Seat) (json.RawMessage, bool) {
	if seat == play.Caller {
		return nil, false
	}
	policy, _ := captains.Named(captains.Names()[m.opponent])
	rs := m.s.BotStream()
	return WireAction(policy(m.s, &rs)), true
}

// Act applies the action of the seat to act.
func (m *match) Act(moves []play.Move, _ time.Time) ([]any, error) {
	mv := moves[0]
	if len(moves) != 1 || (!m.s.Over() && int(mv.Seat) != m.s.Turn()) {
		return nil, fmt.Errorf("tidebreakers: moves %v out of turn", moves)
	}
	a, err := ParseAction(mv.Action)
	if err != nil {
		return nil, err
	}
	if err := m.s.Apply(int(mv.Seat), a); err != nil {
		return nil, play.AsError(err)
	}
	return []any{event(int(mv.Seat), a, m.s.Recorded())}, nil
}
