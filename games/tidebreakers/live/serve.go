package live

import (
	"context"

	engine "github.com/agentgames/bundle/engines/tidebreakers"
	"github.com/agentgames/bundle/engines/tidebreakers/captains"
	"github.com/agentgames/bundle/play"
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
	if op == "get" {
		return s.Get(ctx, code)
	}
	o, err := wire.ReadObject(body, "")
	if err != nil {
		return nil, play.Errorf(play.CodeBadJSON, "the body must be one JSON object: %v", err)
	}
	bad := func(err error) error { return play.Errorf(play.CodeInvalidRequest, "%v", err) }
	switch op {
	case "create":
		if err := o.Only("a create request", "players", "name", "bots", "captain"); err != nil {
			return nil, bad(err)
		}
		players, err := o.Int("players", engine.MinPlayers, engine.MaxPlayers)
		if err != nil {
			return nil, bad(err)
		}
		name, err := core.ReadName(o)
		if err != nil {
			return nil, bad(err)
		}
		bots := 0
		if o.Has("bots") {
			if bots, err = o.Int("bots", 0, players-1); err != nil {
				return nil, bad(err)
			}
		}
		captain := captains.Names()[0]
		if o.Has("captain") {
			if captain, err = o.String("captain"); err != nil {
				return nil, bad(err)
			}
		}
		return s.Create(ctx, players, name, bots, captain)
	case "join":
		if err := o.Only("a join request", "name"); err != nil {
			return nil, bad(err)
		}
		name, err := core.ReadName(o)
		if err != nil {
			return nil, bad(err)
		}
		return s.Join(ctx, code, name)
	}
	a, token, err := action(o, op)
	if err != nil {
		return nil, bad(err)
	}
	return s.Act(ctx, code, token, a)
}

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
