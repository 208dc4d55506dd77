// Package games is the registry: every game the bundle serves, one line
// each (All), and every game it also plays live, one line each (Live). The contract, the SAM template, the index, llms.txt, the Lambda
// functions, the end-to-end tests and the token budgets follow from it, and
// tests name whatever a new game still lacks.
package games

import (
	"github.com/agentgames/bundle/games/brinebell"
	"github.com/agentgames/bundle/games/tidebreakers"
	tidebreakerslive "github.com/agentgames/bundle/games/tidebreakers/live"
	"github.com/agentgames/bundle/games/tinrail"
	tinraillive "github.com/agentgames/bundle/games/tinrail/live"
	"github.com/agentgames/bundle/games/tron"
	tronlive "github.com/agentgames/bundle/games/tron/live"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/live"
)

// All is every game, in the order the index lists them.
func All() []play.Game {
	return []play.Game{
		tinrail.Game{},
		brinebell.Game{},
		tidebreakers.Game{},
		tron.Game{},
	}
}

// Named is the game with that slug, or nil.
func Named(slug string) play.Game {
	for _, g := range All() {
		if g.Info().Slug == slug {
			return g
		}
	}
	return nil
}

// Live is every game played live (package play/live), in the order the
// index lists them: the assembly, the HTTP routes, the MCP tools and the
// boards of ratings follow from it.
func Live() []*live.Game {
	return []*live.Game{
		tinraillive.Game,
		tidebreakerslive.Game,
		tronlive.Game,
	}
}
