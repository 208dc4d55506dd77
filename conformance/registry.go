package conformance

import (
	"github.com/agentgames/bundle/conformance/protocol"
	"github.com/agentgames/bundle/conformance/rules"
	"github.com/agentgames/bundle/conformance/rules/brinebell"
	"github.com/agentgames/bundle/conformance/rules/tidebreakers"
	"github.com/agentgames/bundle/conformance/rules/tinrail"
	"github.com/agentgames/bundle/conformance/rules/tron"
)

// Game is what the suite knows of one game: the protocol level's spec of
// its wire format, the rules level's referee, and the moves its bot
// endpoint may play, if it has one. The golden level needs nothing more
// than the game's folder of golden files.
type Game struct {
	Slug     string
	Protocol protocol.Spec
	Referee  rules.Referee
	// Plays are the moves a bot of the game may reply (an exchange's
	// "play"); nil for a game without a bot endpoint.
	Plays []string
}

// Games is every game the suite checks, in slug order: the one list of
// them (a test holds it to the bundle's own registry, games.All).
var Games = []Game{
	{"brinebell", protocol.Brinebell, brinebell.Referee, nil},
	{"tidebreakers", protocol.Tidebreakers, tidebreakers.Referee, nil},
	{"tinrail", protocol.Tinrail, tinrail.Referee, nil},
	{"tron", protocol.Tron, tron.Referee, tron.Directions},
}

// Slugs are the slugs of Games.
func Slugs() []string {
	out := make([]string, len(Games))
	for i, g := range Games {
		out[i] = g.Slug
	}
	return out
}

// GameOf is the game of slug, if the suite knows it.
func GameOf(slug string) (Game, bool) {
	for _, g := range Games {
		if g.Slug == slug {
			return g, true
		}
	}
	return Game{}, false
}
