package live

import (
	"encoding/json"

	"github.com/agentgames/bundle/games/tinrail"
	core "github.com/agentgames/bundle/play/live"
)

// bots reads the play of a bot that holds a seat in the arena: one
// placement of the game's grammar. The board it is sent is what the seat
// sees, its own hand and none of the other's.
type bots struct{}

// Moves reads a placement, {"type": "place", "tileIndex", "rotation"}.
func (bots) Moves(_ *core.Match, _ int, p json.RawMessage) ([]json.RawMessage, error) {
	a, err := tinrail.ParseAction(p)
	if err != nil {
		return nil, err
	}
	return []json.RawMessage{a.AppendJSON(nil)}, nil
}
