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
)

// New is the handler serving every game under a random key, with a
// ledger in memory for ranked play.
func New(t testing.TB) *httpapi.Server {
	t.Helper()
	ring, err := seal.NewKeyring(seal.NewRandomKey(1))
	if err != nil {
		t.Fatal(err)
	}
	return httpapi.New(play.NewService(token.Store{Keys: ring}, time.Now, games.All()...).WithLedger(&memory.Store{}), bundle.OpenAPI)
}

// WithLive is New serving live Tidebreakers matches too, kept in memory
// and timed by clock (time.Now when nil).
func WithLive(t testing.TB, clock play.Clock) *httpapi.Server {
	t.Helper()
	if clock == nil {
		clock = time.Now
	}
	h := New(t)
	h.ServeLive(live.NewServer(&memory.Store{}, clock))
	return h
}
