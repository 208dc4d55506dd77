// Package live serves Tidebreakers as the card's live match server: humans,
// agents and captains play one match, each seat acting with its own secret
// token. It is a plug-in of the core's live play (package play/live),
// which keeps the match in a play.Store and plays what is due (the lobby
// fill, the captains' turns, the time limit) when the next request reads
// or acts on it, at the time of the injected clock, so any instance serves
// any request. Game is its one descriptor: the card's rules (rules.go),
// its API (serve.go), its public state (public.go) and its words for a
// model (text.go).
package live

import (
	"fmt"
	"time"

	engine "github.com/agentgames/bundle/engines/tidebreakers"
	"github.com/agentgames/bundle/engines/tidebreakers/captains"
	"github.com/agentgames/bundle/play"
	core "github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/ratings"
)

// Timing of a match, from the card.
const (
	// Lobby is how long a match waits for players before captains fill
	// its empty seats.
	Lobby = 10 * time.Second
	// TimeLimit ends a match by scoring, this long after it starts.
	TimeLimit = 9 * time.Minute
)

// CodeLength is how many symbols a match code has.
const CodeLength = core.CodeLength

// DefaultCreatesPerMinute is how many matches one client may create in a
// minute unless the server is told otherwise (WithCreateLimit).
const DefaultCreatesPerMinute = core.DefaultCreatesPerMinute

// MinPlayers and MaxPlayers bound a live match's seats.
const (
	MinPlayers = engine.MinPlayers
	MaxPlayers = engine.MaxPlayers
)

// Captains are the kinds of captain that may fill a live match's seats,
// the default first.
func Captains() []string { return captains.Names() }

// Joined is what create and join answer: the match, the seat, and the
// seat's secret token.
type Joined = core.Joined

// Game is live Tidebreakers, as the registry of live games lists it. Its
// MCP tools keep the names they had when it was the one live game.
var Game = &core.Game{
	Slug: "tidebreakers", Title: "Tidebreakers", Base: "/api/matches",
	Rules: rules{}, API: api{}, Bots: bots{}, Page: "tidebreakers", Ops: []string{"supply", "attack", "pass"},
	// Anchors are as the ladder of the captains measures them (go run
	// ./cmd/ladder -game tidebreakers -matches 100; ladder.Anchors),
	// sample at 25, a newcomer's mu.
	Anchors: map[string]ratings.Rating{
		"random": {Mu: -3.2, Sigma: 1},
		"sample": {Mu: 25, Sigma: 1},
		"strong": {Mu: 46.3, Sigma: 1},
	},
	Tools: core.Tools{
		Prefix: "live", Act: "live_act",
		Intro: "shared by players, agents and captains",
		Use: "live_state shows the board (with it, also your seat and what you may do now); " +
			"live_act plays supply, attack or pass with it when it is your turn.",
		About: fmt.Sprintf("Others join with live_join; empty seats wait %v, then captains fill them. bots seats (from seat 1) are captains at once, "+
			"so with bots = players - 1 the match starts immediately.", Lobby),
		State: "Answers the public state of a live match (after the captains' turns and the limits that are due): the board, whose turn it is, the log; " +
			"with your seat's token, its text also says which seat is yours and what you may do now.",
		Move: "Plays one action for your seat when it is your turn (supply, attack or pass, Tidebreakers' action grammar) " +
			"and answers the public state, its text what you may do next. An action the rules forbid is an error (illegal_move) that says why.",
		Texts: texts{},
	},
	Guide: `Humans, agents and captains can also share one live match (see {base}/docs/api/tidebreakers):
POST {base}/api/matches {"players":2,"name":"me","bots":1} answers {code, seat, token};
GET {base}/api/matches/{code} is the public state; POST {base}/api/matches/{code}/supply {token, tile, amount},
/attack {token, from, to, send} and /pass {token} act; others join with POST {base}/api/matches/{code}/join {name}.
The code lets anyone watch and take an empty seat: share it only with those you would seat; your token is your seat.
One address may create a limited number of matches a minute (429 rate_limited, with Retry-After, past it).`,
}

// NewServer keeps live Tidebreakers matches in store and tells the time
// with clock. It limits creation to DefaultCreatesPerMinute matches a
// client.
func NewServer(store play.Store, clock play.Clock) *core.Server {
	return core.NewServer(Game, store, clock)
}
