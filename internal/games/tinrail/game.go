// Package tinrail serves Tinrail through the stateless loop: it reads
// actions and options, and shows a match as the observation text, the
// structured view and the legal actions.
package tinrail

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"

	"github.com/agentgames/bundle/engines"
	engine "github.com/agentgames/bundle/engines/tinrail"
	"github.com/agentgames/bundle/internal/play"
)

// Game is Tinrail as the loop serves it.
type Game struct{}

// Info describes Tinrail in the index.
func (Game) Info() play.Info {
	return play.Info{
		Slug:        "tinrail",
		Name:        "Tinrail",
		Genre:       "tile-laying duel",
		Description: "Lay track tiles on a 6x6 board to keep your engine riding while G-Bot's rides off the table.",
		Goal:        "Survive longer than G-Bot: win when its engine leaves the table and yours does not.",
	}
}

// New deals a match. The option "opponent" is "wise" (the default) or "easy".
func (Game) New(seed uint64, options url.Values) (play.Match, error) {
	opp := engine.Wise
	switch o := options.Get("opponent"); o {
	case "", "wise":
	case "easy":
		opp = engine.Easy
	default:
		return nil, play.Errorf(play.CodeInvalidRequest, "opponent must be \"wise\" or \"easy\", not %q", o)
	}
	return &match{engine.New(seed, opp)}, nil
}

// Decode restores a match.
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

// Action is Tinrail's only action: lay the hand tile at tileIndex, turned
// rotation quarter turns clockwise, into the cell your engine faces.
type Action struct {
	Type      string `json:"type"`
	TileIndex int    `json:"tileIndex"`
	Rotation  int    `json:"rotation"`
}

// Act plays the player's placement and G-Bot's reply.
func (m *match) Act(raw json.RawMessage) (any, error) {
	var a struct {
		Type      string `json:"type"`
		TileIndex *int   `json:"tileIndex"`
		Rotation  *int   `json:"rotation"`
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(&a); err != nil || a.Type != "place" || a.TileIndex == nil || a.Rotation == nil {
		return nil, &engines.Illegal{Code: play.CodeInvalidAction,
			Reason: fmt.Sprintf("an action is {\"type\":\"place\",\"tileIndex\":0..2,\"rotation\":0..3}, not %s", raw)}
	}
	turns, err := m.s.Play(*a.TileIndex, *a.Rotation)
	if err != nil {
		return nil, err
	}
	return events(turns), nil
}
