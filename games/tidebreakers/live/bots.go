package live

import (
	"encoding/json"

	engine "github.com/agentgames/bundle/engines/tidebreakers"
	"github.com/agentgames/bundle/games/tidebreakers"
	"github.com/agentgames/bundle/play"
	core "github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/wire"
)

// bots reads the play of a bot that captains a seat in the arena: its
// whole turn, the supplies then one expedition or a pass, each an action
// of the game's grammar. The board it is sent is the public state, as
// anyone sees it.
type bots struct{}

// maxTurn bounds the actions of a turn: every supply a captain may have
// (one ship each at least), then the expedition or pass.
const maxTurn = engine.BaseSupply + engine.MaxExtraSupply + 1

// Moves reads a turn: a list of 1 to maxTurn actions, the last an attack
// or a pass.
func (bots) Moves(_ *core.Match, _ int, p json.RawMessage) ([]json.RawMessage, error) {
	var raws []json.RawMessage
	if err := json.Unmarshal(p, &raws); err != nil || len(raws) == 0 || len(raws) > maxTurn {
		return nil, play.Errorf(play.CodeInvalidAction, "the play must be the whole turn, a list of 1 to %d actions (the supplies, then an attack or a pass), not %s", maxTurn, wire.Brief(p))
	}
	moves := make([]json.RawMessage, len(raws))
	for i, raw := range raws {
		a, err := tidebreakers.ParseAction(raw)
		if err != nil {
			return nil, err
		}
		if last := i == len(raws)-1; last == (a.Kind == engine.Supply) {
			return nil, play.Errorf(play.CodeInvalidAction, "action %d of the play: a turn is its supplies, then one attack or a pass, which ends it", i)
		}
		moves[i] = tidebreakers.WireAction(a)
	}
	return moves, nil
}
