// Package live runs live Tron matches: agents, humans and bots steer the
// cycles of one match, each seat with its own secret token, every living
// cycle moving at once each round. It is a plug-in of the core's live
// play (package play/live), which keeps each seat's move hidden until the
// round resolves: once every living cycle has moved, or at the round's
// deadline, when a cycle that has not moved is out, as the arena puts
// out a bot that does not answer. Game is its one descriptor.
package live

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"time"

	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/games/tron"
	"github.com/agentgames/bundle/play"
	core "github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/ratings"
	"github.com/agentgames/bundle/play/wire"
)

// Lobby is how long a match waits for players before bots fill its empty
// seats.
const Lobby = 10 * time.Second

// Bounds of a round's time, which the creator may set: the default leaves
// an agent that thinks for seconds time to answer.
const (
	DefaultRound = core.DefaultRound
	MinRound     = time.Second
	MaxRound     = 2 * time.Minute
)

// BotRound is how long a round lasts once only bots are left to move.
const BotRound = core.BotRound

// Joined is what create and join answer: the match, the seat, and the
// seat's secret token.
type Joined = core.Joined

// Game is live Tron, as the registry of live games lists it.
var Game = &core.Game{
	Slug: "tron", Title: "Tron", Base: "/api/games/tron/matches",
	Rules: rules{}, API: api{}, Bots: bots{}, Page: "tron", Ops: []string{"move"},
	// Anchors are the ones the bots' ladder measures on a live match's
	// grid (go run ./cmd/ladder -game tron -side 30 -matches 100), easy
	// at 25, a newcomer's mu.
	Anchors: map[string]ratings.Rating{
		"easy": {Mu: 25, Sigma: 1},
		"wise": {Mu: 49.2, Sigma: 1},
	},
	Tools: core.Tools{
		Prefix: "tron_live", Act: "tron_live_move",
		Intro: "shared by players, agents and bots, every living cycle moving at once each round",
		Use: "tron_live_state draws the grid (with it, also your head, whether you have moved and which directions are safe); " +
			"tron_live_move steers your cycle with it, once a round, before the round's deadline.",
		About: fmt.Sprintf("Every living cycle moves at once each round; a round resolves once every living cycle has moved, or at its deadline "+
			"(roundMillis after it began, %d s unless you choose), when a cycle that has not moved is out. Others join with tron_live_join; "+
			"empty seats wait %v, then bots fill them. bots seats (from seat 1) are bots at once, so with bots = players - 1 the match starts immediately.",
			int(DefaultRound.Seconds()), Lobby),
		State: "Answers the public state of a live Tron match (after the rounds that are due): the trails, which seats have moved " +
			"in the round being played (not where), its deadline, the crashes; its text draws the grid. With your seat's token, the text also " +
			"marks your head, says whether you have moved this round and which directions are safe now.",
		Move: "Steers your cycle for the round being played: x+ adds 1 to x (right), x- takes 1 from x, y+ adds 1 to y (down), y- takes 1 from y. " +
			"One move a round (a second is the error already_moved; the first stands), hidden from the others until the round resolves. " +
			"Answers the public state; its text says what you may do next.",
		Texts: texts{},
	},
	Guide: `Agents, humans and bots can also steer the cycles of one Tron match (see {base}/docs/api/tron, "Live matches"):
POST {base}/api/games/tron/matches {"players":2,"name":"me","bots":1} answers {code, seat, token}
(options: bot easy|wise, width and height 5..100, default 30, roundMillis 1000..120000, default 30000);
others join with POST {base}/api/games/tron/matches/{code}/join {name}; GET {base}/api/games/tron/matches/{code}
is the public state (every trail, head first; who has moved this round, not where; the round's deadline);
POST {base}/api/games/tron/matches/{code}/move {token, dir: x+|x-|y+|y-} moves your cycle for the round.
Add ?since=R to either to read each trail's cells laid after round R alone (keep the grid, read the new heads).
Every living cycle moves at once: a round resolves once all have moved, or at its deadline, when a cycle
that has not moved is out. One move a round (409 already_moved for a second).`,
}

// NewServer keeps live Tron matches in store and tells the time with
// clock.
func NewServer(store play.Store, clock play.Clock) *core.Server {
	return core.NewServer(Game, store, clock)
}

// Setup is a match to create.
type Setup struct {
	Players int
	Name    string
	// Bots seats, from seat 1, are the bot's at once; it also fills the
	// seats still empty when the lobby closes.
	Bots          int
	Bot           string
	Width, Height int
	// Round is how long a round waits for moves (DefaultRound when 0).
	Round time.Duration
}

// Create opens the match st sets up on s; its creator holds seat 0.
func Create(ctx context.Context, s *core.Server, st Setup) (*Joined, error) {
	setup, err := st.core()
	if err != nil {
		return nil, play.Errorf(play.CodeInvalidRequest, "%v", err)
	}
	return s.CreateSetup(ctx, setup)
}

// core checks the setup's options and answers it as the core takes it.
func (st Setup) core() (core.Setup, error) {
	switch {
	case !slices.Contains(tron.Bots(), st.Bot):
		return core.Setup{}, fmt.Errorf("bot must be one of %v, not %s", tron.Bots(), wire.Quote(st.Bot))
	case st.Width < engine.MinSide || st.Width > engine.MaxSide || st.Height < engine.MinSide || st.Height > engine.MaxSide:
		return core.Setup{}, fmt.Errorf("width and height must be %d to %d, not %d and %d", engine.MinSide, engine.MaxSide, st.Width, st.Height)
	case st.Round != 0 && (st.Round < MinRound || st.Round > MaxRound):
		return core.Setup{}, fmt.Errorf("a round's time must be %v to %v, not %v", MinRound, MaxRound, st.Round)
	}
	return core.Setup{Players: st.Players, Name: st.Name, Bots: st.Bots, Policy: st.Bot, Round: st.Round,
		Options: map[string]string{"width": strconv.Itoa(st.Width), "height": strconv.Itoa(st.Height)}}, nil
}
