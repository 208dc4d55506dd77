// Package games lists every game the bundle serves.
package games

import (
	"github.com/agentgames/bundle/internal/games/brinebell"
	"github.com/agentgames/bundle/internal/games/tinrail"
	"github.com/agentgames/bundle/internal/play"
)

// All is every game, in the order the index lists them.
func All() []play.Game {
	return []play.Game{tinrail.Game{}, brinebell.Game{}}
}
