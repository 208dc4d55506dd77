// Package testserver builds the bundle's HTTP handler for tests: every
// game, a fresh random key.
package testserver

import (
	"testing"

	bundle "github.com/agentgames/bundle"
	"github.com/agentgames/bundle/internal/games"
	"github.com/agentgames/bundle/internal/httpapi"
	"github.com/agentgames/bundle/internal/play"
	"github.com/agentgames/bundle/internal/seal"
)

// New is the handler serving every game under a random key.
func New(t testing.TB) *httpapi.Server {
	t.Helper()
	ring, err := seal.NewKeyring(seal.NewRandomKey(1))
	if err != nil {
		t.Fatal(err)
	}
	h, err := httpapi.New(play.NewService(ring, games.All()...), bundle.OpenAPI)
	if err != nil {
		t.Fatal(err)
	}
	return h
}
