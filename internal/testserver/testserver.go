// Package testserver builds the bundle's HTTP handler for tests: every
// game of the registry over sealed tokens under a fresh random key.
package testserver

import (
	"slices"
	"testing"
	"time"

	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/internal/assemble"
	"github.com/agentgames/bundle/internal/assemble/mcpassemble"
	"github.com/agentgames/bundle/internal/egress"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/arena"
	"github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/store/memory"
	"github.com/agentgames/bundle/transport/httpapi"
)

// New is the handler serving every game under a random key, with a
// ledger in memory for ranked play.
func New(t testing.TB) *httpapi.Server {
	t.Helper()
	return Of(t, games.All()...)
}

// Of is New serving only the games given: a partial implementation.
func Of(t testing.TB, served ...play.Game) *httpapi.Server {
	t.Helper()
	var lives []*live.Game // the boards of ratings of the live games served
	for _, g := range games.Live() {
		if slices.ContainsFunc(served, func(s play.Game) bool { return s.Info().Slug == g.Slug }) {
			lives = append(lives, g)
		}
	}
	p, err := assemble.New(assemble.Config{Games: served, Live: lives, Ledger: &memory.Store{}})
	if err != nil {
		t.Fatal(err)
	}
	return p.HTTP()
}

// WithLive is New serving live matches too (Tidebreakers, Tron), kept in memory
// and timed by clock (time.Now when nil), and every game and live match
// over MCP at /mcp: the whole local server, but that it lets a client
// create as many live matches as it likes (the suites create hundreds
// from one address), and its boards of ratings list an agent after its
// first opponent, so that a test's one match shows there.
func WithLive(t testing.TB, clock play.Clock) *httpapi.Server {
	t.Helper()
	_, _, h := Parts(t, clock)
	return h
}

// Parts is WithLive with the service and the live Tidebreakers server it
// serves, for tests that reach them other ways too.
func Parts(t testing.TB, clock play.Clock) (*play.Service, *live.Server, *httpapi.Server) {
	t.Helper()
	p, err := mcpassemble.New(assemble.Config{Clock: clock, Games: games.All(), Live: games.Live(), Ledger: &memory.Store{}, Matches: &memory.Store{}, ListAfter: 1,
		Arena: &assemble.Arena{Calls: egress.Policy{AllowHTTP: true, AllowPrivate: true, Timeout: 2 * time.Second}, Settings: arena.Settings{LaunchesPerMinute: -1}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p.Service, p.LiveGame("tidebreakers"), p.HTTP()
}
