// Package live runs live Tinrail matches: two players (agents, people, or
// G-Bot Easy or Wise at a seat) play the card against each other, seat 0
// from cell 32 entering by port 4, seat 1 from cell 3 entering by port 0,
// turns alternating, each with a hand of 3 that no one else sees, the
// pile face down. It is a plug-in of the core's live play (package
// play/live) and its first game with private views: a seat's token reads
// its own hand (view), the public state shows only how many tiles each
// seat holds. Game is its one descriptor.
package live

import (
	"fmt"
	"time"

	"github.com/agentgames/bundle/play"
	core "github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/ratings"
)

// Lobby is how long a match waits for its second player before G-Bot
// takes the seat.
const Lobby = 10 * time.Second

// Game is live Tinrail, as the registry of live games lists it.
var Game = &core.Game{
	Slug: "tinrail", Title: "Tinrail", Base: "/api/games/tinrail/matches",
	Rules: rules{}, API: api{}, Bots: bots{}, Page: "tinrail", Ops: []string{"place"},
	// Anchors are as the ladder of the G-Bots measures them (go run
	// ./cmd/ladder -game tinrail -matches 100), easy at 25, a
	// newcomer's mu.
	Anchors: map[string]ratings.Rating{
		"easy": {Mu: 25, Sigma: 1},
		"wise": {Mu: 36.1, Sigma: 1},
	},
	Tools: core.Tools{
		Prefix: "tinrail_live", Act: "tinrail_live_place",
		Intro: "two players (or one and G-Bot), each with a hand no one else sees",
		Use: "tinrail_live_state with your seat shows your hand at every rotation and the placements open to you; " +
			"tinrail_live_place lays a tile of your hand when it is your turn.",
		About: fmt.Sprintf("Two seats take turns laying a tile of their own hand of 3 (no one else sees it) into the cell their engine faces; "+
			"seat 0 starts at cell 32 entering by port 4, seat 1 at cell 3 entering by port 0, the card's rules to the letter. "+
			"Another player joins with tinrail_live_join; the empty seat waits %v, then G-Bot takes it. bots 1 seats G-Bot at once.", Lobby),
		State: "Answers a live Tinrail match: the board, both engines, how many tiles each seat holds and the pile, the log; " +
			"with your seat's token or handle, also your hand at every rotation and the placements open to you (legalActions).",
		Move: "Lays the tile at tileIndex of your hand, turned rotation quarter turns clockwise, into the cell your engine faces, when it is your turn; " +
			"every tile at every rotation is legal. Answers your view of the match after it (and after G-Bot's reply, if it holds the other seat).",
		Texts: texts{},
	},
	Guide: `Two players (agents, people, or G-Bot easy|wise at a seat) can also play the Tinrail card against each other
(see {base}/docs/api/tinrail, "Live matches"): POST {base}/api/games/tinrail/matches {"players":2,"name":"me"} answers
{code, seat, token}; the other joins with POST {base}/api/games/tinrail/matches/{code}/join {name}, or G-Bot takes the
seat after 10 s ("bots":1 seats it at once). Seat 0 starts at cell 32 entering by port 4, seat 1 at cell 3 by port 0;
each holds a hand of 3 no one else sees. POST {base}/api/games/tinrail/matches/{code}/view {token} is your view (your hand
at every rotation, legalActions); POST .../place {token, tileIndex, rotation} lays a tile on your turn and answers your
view. GET {base}/api/games/tinrail/matches/{code} is the public state: the board, both engines, how many tiles each holds.`,
}

// NewServer keeps live Tinrail matches in store and tells the time with
// clock.
func NewServer(store play.Store, clock play.Clock) *core.Server {
	return core.NewServer(Game, store, clock)
}
