// Package testserver builds the bundle's HTTP handler for tests: every
// game of the registry over sealed tokens under a fresh random key.
package testserver

import (
	"testing"
	"time"

	bundle "github.com/agentgames/bundle"
	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/games/tidebreakers/live"
	"github.com/agentgames/bundle/internal/seal"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/memory"
	"github.com/agentgames/bundle/store/token"
	"github.com/agentgames/bundle/transport/httpapi"
	"github.com/agentgames/bundle/transport/mcpedge"
)

// New is the handler serving every game under a random key, with a
// ledger in memory for ranked play.
func New(t testing.TB) *httpapi.Server {
	t.Helper()
	return httpapi.New(service(t, games.All()...), bundle.OpenAPI)
}

// Of is New serving only the games given: a partial implementation.
func Of(t testing.TB, served ...play.Game) *httpapi.Server {
	t.Helper()
	return httpapi.New(service(t, served...), bundle.OpenAPI)
}

// WithLive is New serving live Tidebreakers matches too, kept in memory
// and timed by clock (time.Now when nil), and every game and live match
// over MCP at /mcp: the whole local server, but that it lets a client
// create as many live matches as it likes (the suites create hundreds
// from one address).
func WithLive(t testing.TB, clock play.Clock) *httpapi.Server {
	t.Helper()
	_, _, h := Parts(t, clock)
	return h
}

// Parts is WithLive with the service and the live match server it serves,
// for tests that reach them other ways too.
func Parts(t testing.TB, clock play.Clock) (*play.Service, *live.Server, *httpapi.Server) {
	t.Helper()
	if clock == nil {
		clock = time.Now
	}
	svc := service(t, games.All()...)
	matches := live.NewServer(&memory.Store{}, clock).WithCreateLimit(0)
	h := httpapi.New(svc, bundle.OpenAPI)
	h.ServeLive(matches)
	h.ServeMCP(mcpedge.Handler(mcpedge.New(svc, matches), mcpedge.Options{}))
	return svc, matches, h
}

// service is the games over sealed tokens under a random key, with a
// ledger in memory.
func service(t testing.TB, served ...play.Game) *play.Service {
	t.Helper()
	ring, err := seal.NewKeyring(seal.NewRandomKey(1))
	if err != nil {
		t.Fatal(err)
	}
	return play.NewService(token.Store{Keys: ring}, time.Now, served...).WithLedger(&memory.Store{})
}
