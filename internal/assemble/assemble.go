// Package assemble puts the bundle's server together once for every
// program that serves it: the play core (package core), the live games of
// the registry, and the HTTP handler of both; package mcpassemble adds the
// MCP edge. A program picks its keys and its stores, then runs its edge. The
// MCP edge is apart so that the functions without it (a game's, the
// catalog's, the live matches') do not link the MCP SDK.
package assemble

import (
	"time"

	bundle "github.com/agentgames/bundle"
	"github.com/agentgames/bundle/internal/assemble/core"
	"github.com/agentgames/bundle/internal/egress"
	"github.com/agentgames/bundle/internal/seal"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/agents"
	"github.com/agentgames/bundle/play/arena"
	"github.com/agentgames/bundle/play/boards"
	"github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/transport/httpapi"
)

// Config is what tells one program's server from another's. A store
// (package store/memory, store/bolt or store/dynamo) may be both the
// Ledger and the Matches.
type Config struct {
	// Keys seal the state tokens; nil seals them under a random key made
	// for the run.
	Keys *seal.Keyring
	// Clock tells the time to the games, the ledger and the live matches;
	// nil is time.Now.
	Clock play.Clock
	// Games are the games served, in the order the index lists them.
	Games []play.Game
	// Ledger keeps the ledgers of ranked matches; nil offers no ranked
	// play.
	Ledger play.Ledger
	// Live are the live games (games.Live): their boards of ratings are
	// answered with a Ledger, their matches played with Matches.
	Live []*live.Game
	// Matches keeps live matches, and the MCP edge's match handles; nil
	// serves none.
	Matches play.Store
	// CreatesPerMinute is how many live matches one client may create in
	// a minute, and how many MCP match handles; 0 sets no limit (see
	// live.Server.WithCreateLimit).
	CreatesPerMinute int
	// Arena, when not nil, runs the arena of the live games (package
	// play/arena), keeping its records with Matches, and plays the ranked
	// runs of Games for the bots registered to play them; it needs a
	// Ledger, whose agents register its bots and whose boards count the
	// runs.
	Arena *Arena
	// ListAfter is how many distinct opponents an agent must count before
	// a board of ratings lists it (or every bot of the game); 0 is
	// boards.MinOpponents, what a public server should keep.
	ListAfter int
}

// Parts are the assembled server, whose edges a program runs.
type Parts struct {
	Service *play.Service
	// LiveGames are Config.Live: their pages are served, and their
	// boards of ratings with a Ledger.
	LiveGames []*live.Game
	// Live run the live games' matches, in Config.Live's order; none
	// without Matches.
	Live []*live.Server
	// Agents keeps the agents, and Boards the boards of their ranked
	// runs, in the Ledger's store; nil without one.
	Agents *agents.Registry
	Boards *boards.Boards
	// Arena is the arena of the live games; nil without Config.Arena.
	Arena *arena.Arena
	// Raters rate the agents of each live game's matches, by slug, in
	// the Ledger's store (the catalog function, which runs no live match,
	// answers their boards); nil without a Ledger.
	Raters map[string]*boards.Rater
}

// New assembles the server c describes. It fails only when it cannot
// make a random key.
func New(c Config) (*Parts, error) {
	svc, err := core.Service(core.Config{Keys: c.Keys, Clock: c.Clock, Games: c.Games, Ledger: c.Ledger})
	if err != nil {
		return nil, err
	}
	p := &Parts{Service: svc, LiveGames: c.Live}
	clock := c.Clock
	if clock == nil {
		clock = time.Now
	}
	if c.Ledger != nil {
		p.Agents = agents.New(c.Ledger, clock)
		p.Boards = boards.New(c.Ledger, clock, svc.RankedLast)
		svc.WithCredits(p.Boards)
		p.Raters = map[string]*boards.Rater{}
		for _, g := range c.Live {
			p.Raters[g.Slug] = p.Boards.Rater(g.Slug, g.Anchors).ListAfter(c.ListAfter)
		}
	}
	if c.Matches == nil {
		return p, nil
	}
	for _, g := range c.Live {
		s := live.NewServer(g, c.Matches, clock).WithCreateLimit(c.CreatesPerMinute)
		if p.Raters != nil {
			s.WithRatings(p.Raters[g.Slug]).WithNames(p.Agents)
		}
		p.Live = append(p.Live, s)
	}
	if c.Arena != nil && p.Agents != nil {
		p.Arena = arena.New(p.Live, c.Matches, clock, egress.New(c.Arena.Calls), c.Arena.Settings)
		if err := p.Arena.CheckSettings(); err != nil {
			return nil, err
		}
		if len(c.Games) > 0 {
			// the runs the arena plays keep their state in Matches, not in
			// sealed tokens: any instance goes on with a run another began
			runs := play.NewService(c.Matches, clock, c.Games...).WithLedger(c.Ledger).WithCredits(p.Boards)
			p.Arena.WithRuns(runs)
		}
	}
	return p, nil
}

// Arena is how a program runs the arena: the calls its bots may be sent
// (egress.Policy: the strict one unless a host allows plain HTTP or
// private addresses), and its settings.
type Arena struct {
	Calls    egress.Policy
	Settings arena.Settings
}

// LiveGame is the server of the live game slug names, or nil.
func (p *Parts) LiveGame(slug string) *live.Server {
	for _, s := range p.Live {
		if s.Game().Slug == slug {
			return s
		}
	}
	return nil
}

// HTTP is a new HTTP handler of the parts: every game, and the live match
// APIs when there are live servers. A program that serves no HTTP does
// not call it, and so does not link the handler.
func (p *Parts) HTTP() *httpapi.Server {
	h := httpapi.New(p.Service, bundle.OpenAPI)
	if p.Agents != nil {
		h.ServeAgents(p.Agents)
		h.ServeBoards(p.Boards, p.Raters)
	}
	var arenaGames []string
	for _, g := range p.LiveGames {
		h.ServeLiveGame(g)
		if g.Bots != nil {
			arenaGames = append(arenaGames, g.Slug)
		}
	}
	if len(arenaGames) > 0 {
		h.ServeArenaPage(arenaGames)
	}
	for _, l := range p.Live {
		h.ServeLive(l)
	}
	if p.Arena != nil {
		h.ServeArena(p.Arena)
	}
	return h
}
