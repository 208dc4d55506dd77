package live

import (
	"encoding/json"
	"fmt"
	"slices"

	engine "github.com/agentgames/bundle/engines/tidebreakers"
	"github.com/agentgames/bundle/engines/tidebreakers/captains"
	"github.com/agentgames/bundle/games/tidebreakers"
	core "github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/wire"
)

// api is the card's match API as the core serves it: its actions are
// POST Base/{code}/supply, attack and pass. Bodies are read strictly:
// exactly the card's fields, whole numbers in range.
type api struct{}

// Setup reads a create request: {players, name?, bots?, captain?}.
func (api) Setup(o *wire.Object) (core.Setup, error) {
	st, err := core.ReadSeats(o, engine.MinPlayers, engine.MaxPlayers, "captain", captains.Names())
	if err == nil && !slices.Contains(captains.Names(), st.Policy) {
		err = fmt.Errorf("captain must be one of %v, not %s", captains.Names(), wire.Quote(st.Policy))
	}
	return st, err
}

// Action reads the body of supply, attack or pass.
func (api) Action(op string, o *wire.Object) (string, json.RawMessage, error) {
	a, token, err := action(o, op)
	return token, tidebreakers.WireAction(a), err
}

// Public is the card's public state.
func (api) Public(m *core.Match) any { return Public(m) }

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
