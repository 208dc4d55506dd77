package tron

import (
	"strconv"

	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/engines/tron/bots"
	"github.com/agentgames/bundle/games/tron/arena"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/wire"
)

// BotName is the name the bot endpoint gives the arena at init.
const BotName = "agentgames-wise"

// Answer answers one message of the botsArena protocol with the wise bot
// as the bots of a match play it (WiseMixed), drawing among its near-ties
// from the board's stream: Tron's bot endpoint. The options width and
// height (5 to 100, default 100) give the grid, which the arena's messages
// do not carry.
func (Game) Answer(message []byte, options map[string]string) (any, error) {
	b := arena.Bot{Name: BotName, Policy: bots.WiseMixed, Width: engine.DefaultSide, Height: engine.DefaultSide}
	for name, v := range options {
		var side *int
		switch name {
		case "width":
			side = &b.Width
		case "height":
			side = &b.Height
		default:
			return nil, play.Errorf(play.CodeInvalidRequest, "the bot endpoint takes the options width and height, not %s", wire.Quote(name))
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < engine.MinSide || n > engine.MaxSide {
			return nil, play.Errorf(play.CodeInvalidRequest, "%s must be a whole number from %d to %d, not %s", name, engine.MinSide, engine.MaxSide, wire.Quote(v))
		}
		*side = n
	}
	return b.Answer(message)
}
