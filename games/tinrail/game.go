// Package tinrail serves Tinrail through the play core: seat 0 is the
// caller, seat 1 is G-Bot, a bot whose policy (package gbot) chooses from
// what its seat may see. The package reads actions and options, and shows a
// match as the observation text, the structured view and the legal actions.
package tinrail

import (
	"encoding/json"
	"fmt"
	"time"

	engine "github.com/agentgames/bundle/engines/tinrail"
	"github.com/agentgames/bundle/engines/tinrail/gbot"
	"github.com/agentgames/bundle/play"
)

// Game is Tinrail as the core serves it.
type Game struct{}

// Info describes Tinrail.
func (Game) Info() play.Info { return info }

var info = play.Info{
	Slug:        "tinrail",
	Name:        "Tinrail",
	Genre:       "tile-laying duel",
	Description: "Lay track tiles on a 6x6 board to keep your engine riding while G-Bot's rides off the table.",
	Goal:        goal,
	Options: []play.Option{{Name: "opponent", Values: []string{"wise", "easy"},
		Doc: "G-Bot's level: \"wise\" (the default, score x1.0) or \"easy\" (score x0.6)."}},
	ActionSchema: actionSchema,
	MaxToken:     300,
	Boards:       []string{"opponent"},
}

// New deals a match against the G-Bot level the option "opponent" names.
func (Game) New(seed uint64, options map[string]string) (play.Match, error) {
	opp := engine.Wise
	if options["opponent"] == "easy" {
		opp = engine.Easy
	}
	return &match{*engine.New(seed, opp)}, nil
}

// Decode restores a match.
func (Game) Decode(state []byte) (play.Match, error) {
	m := &match{}
	if err := m.s.UnmarshalBinary(state); err != nil {
		return nil, err
	}
	return m, nil
}

// Seats: the caller plays You, G-Bot plays the other side.
const gbotSeat play.Seat = 1

func seatOf(p engine.Player) play.Seat {
	if p == engine.You {
		return play.Caller
	}
	return gbotSeat
}

// match is a match in play: the engine's state, held in the match so
// that decoding one allocates once.
type match struct {
	s engine.State
}

func (m *match) MarshalBinary() ([]byte, error) { return m.s.MarshalBinary() }

// Phase: the side to move, until the end.
func (m *match) Phase() play.Phase {
	if m.s.Over() {
		return play.Phase{Over: true}
	}
	return play.Phase{ToAct: toAct[seatOf(m.s.Turn())]}
}

// toAct are the phases' lists of seats, one for each seat: the service
// reads a phase's list and never changes it, and a list per call would be
// an allocation every time the service asks (three times an action).
var toAct = [2][]play.Seat{{play.Caller}, {gbotSeat}}

// BotMove is G-Bot's placement, chosen from its seat's view with the
// stream of this turn.
func (m *match) BotMove(seat play.Seat) (json.RawMessage, bool) {
	if seat != gbotSeat {
		return nil, false
	}
	v := m.s.SeatView(engine.GBot)
	rs := m.s.BotStream()
	i, r := gbot.Choose(m.s.Opponent(), &v, &rs)
	// Room for any placement's text, so that it is written in one allocation.
	return Action{Type: "place", TileIndex: i, Rotation: r}.AppendJSON(make([]byte, 0, 64)), true
}

// Act lays the placement of the seat to move.
func (m *match) Act(moves []play.Move, _ time.Time) ([]any, error) {
	if len(moves) != 1 || (!m.s.Over() && moves[0].Seat != seatOf(m.s.Turn())) {
		return nil, fmt.Errorf("tinrail: moves %v out of turn", moves)
	}
	a, err := parseAction(moves[0].Action)
	if err != nil {
		return nil, err
	}
	pl, err := m.s.Place(a.TileIndex, a.Rotation)
	if err != nil {
		return nil, play.AsError(err)
	}
	return []any{event(pl)}, nil
}
