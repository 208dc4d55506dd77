package live

import (
	"encoding/json"

	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/games/tron"
	"github.com/agentgames/bundle/games/tron/arena"
	"github.com/agentgames/bundle/play"
	core "github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/wire"
)

// bots is the botsArena protocol as the arena speaks it to bots that play
// live Tron seats: the board as the arena's PHP writes it, and the play
// of a reply a direction.
type bots struct{}

// Board is every trail, head first, as the botsArena site sends it.
func (bots) Board(m *core.Match, _ int) json.RawMessage { return arena.Board(m.Table.(*table).s) }

// Moves reads a play: one of "x+", "x-", "y+", "y-".
func (bots) Moves(_ *core.Match, _ int, p json.RawMessage) ([]json.RawMessage, error) {
	var s string
	if err := json.Unmarshal(p, &s); err != nil {
		return nil, play.Errorf(play.CodeInvalidAction, `the play must be a direction, "x+", "x-", "y+" or "y-", not %s`, wire.Brief(p))
	}
	d, ok := engine.ParseDir(s)
	if !ok {
		return nil, play.Errorf(play.CodeInvalidAction, `the play must be "x+", "x-", "y+" or "y-", not %s`, wire.Quote(s))
	}
	return []json.RawMessage{tron.WireAction(d)}, nil
}
