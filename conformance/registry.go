package conformance

import (
	"github.com/agentgames/bundle/conformance/protocol"
	"github.com/agentgames/bundle/conformance/rules"
)

// Game is what the suite knows of one game: the protocol level's spec of
// its wire format and the rules level's referee. The golden level needs
// nothing more than the game's folder of golden files.
type Game struct {
	Slug     string
	Protocol protocol.Spec
	Referee  rules.Referee
}

// Games is every game the suite checks, in slug order: the one list of
// them (a test holds it to the bundle's own registry, games.All).
var Games = []Game{
	{"brinebell", protocol.Brinebell, rules.Brinebell},
	{"tidebreakers", protocol.Tidebreakers, rules.Tidebreakers},
	{"tinrail", protocol.Tinrail, rules.Tinrail},
	{"tron", protocol.Tron, rules.Tron},
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
