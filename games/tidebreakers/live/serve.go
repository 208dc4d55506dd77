package live

import (
	"context"
	"encoding/json"

	engine "github.com/agentgames/bundle/engines/tidebreakers"
	"github.com/agentgames/bundle/engines/tidebreakers/captains"
	"github.com/agentgames/bundle/games/tidebreakers"
	core "github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/wire"
)

// Base is where the card's match API's paths start.
func (s *Server) Base() string { return "/api/matches" }

// Ops are what a match's path may name: join, and the card's actions.
func (s *Server) Ops() []string { return []string{"join", "supply", "attack", "pass"} }

// Serve answers one request of the card's match API: op is create, join,
// get, supply, attack or pass; code names the match (empty for create);
// body is the request's JSON (nil for get). Bodies are read strictly:
// exactly the card's fields, whole numbers in range.
func (s *Server) Serve(ctx context.Context, op, code string, body []byte) (any, error) {
	return s.core.Serve(ctx, api{}, op, code, body)
}

// Transcript is the page of the match's transcript that begins at frame
// from: the match after its deal and after each change since, as its
// public state showed it (see core.Server.Transcript).
func (s *Server) Transcript(ctx context.Context, code string, from int) (*core.Transcript, error) {
	t, err := s.core.Transcript(ctx, api{}, code, from)
	if t != nil {
		t.Game = "tidebreakers"
	}
	return t, err
}

// api is the card's match API as the core serves it.
type api struct{}

// Setup reads a create request: {players, name?, bots?, captain?}.
func (api) Setup(o *wire.Object) (core.Setup, error) {
	st, err := core.ReadSeats(o, engine.MinPlayers, engine.MaxPlayers, "captain", captains.Names())
	if err != nil {
		return st, err
	}
	return st, checkCaptain(st.Policy)
}

// Action reads the body of supply, attack or pass.
func (api) Action(op string, o *wire.Object) (string, json.RawMessage, error) {
	a, token, err := action(o, op)
	return token, tidebreakers.WireAction(a), err
}

// Public is the card's public state.
func (api) Public(m *core.Match) any { return public(m) }

// action reads the body of supply, attack or pass.
func action(o *wire.Object, op string) (engine.Action, string, error) {
	var a engine.Action
	fields := map[string][]string{"supply": {"token", "tile", "amount"}, "attack": {"token", "from", "to", "send"}, "pass": {"token"}}[op]
	if err := o.Only("a "+op+" request", fields...); err != nil {
		return a, "", err
	}
	token, err := o.String("token")
	if err != nil {
		return a, "", err
	}
	last := engine.Islands - 1
	switch op {
	case "supply":
		a.Kind = engine.Supply
		if a.Tile, err = o.Int("tile", 0, last); err == nil {
			a.Amount, err = o.Int("amount", 1, engine.BaseSupply+engine.MaxExtraSupply)
		}
	case "attack":
		a.Kind = engine.Attack
		if a.From, err = o.Int("from", 0, last); err == nil {
			if a.To, err = o.Int("to", 0, last); err == nil {
				a.Send, err = o.Int("send", 1, engine.MaxStrength-1)
			}
		}
	default:
		a.Kind = engine.Pass
	}
	return a, token, err
}
