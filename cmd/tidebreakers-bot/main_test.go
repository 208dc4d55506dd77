package main

import (
	"bytes"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/agentgames/bundle/client/liveapi"
	"github.com/agentgames/bundle/games/tidebreakers/live"
	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/store/memory"
)

// TestPlaysAgainstTheServer: the bot creates a match against a bot seat on
// a real HTTP server and plays it to the end through the live API only;
// joining a match that does not exist fails with the server's code.
func TestPlaysAgainstTheServer(t *testing.T) {
	h := testserver.New(t)
	h.ServeLive(live.NewServer(&memory.Store{}, time.Now))
	srv := httptest.NewServer(h)
	defer srv.Close()
	b := &bot{api: &liveapi.Client{URL: srv.URL + live.Game.Base, HTTP: srv.Client()}, poll: time.Millisecond}
	var out bytes.Buffer
	if err := b.run(&out, "create", "", "MyBot"); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	text := out.String()
	if !strings.HasPrefix(text, "match ") || !strings.Contains(text, "round 1: supply") || !strings.Contains(text, "\nresult: ") || !strings.Contains(text, `"kind":"ended"`) {
		t.Errorf("the bot's output:\n%s", text)
	}
	if err := b.run(&out, "join", "QQQQ", "Late"); err == nil || !strings.Contains(err.Error(), "no_match") {
		t.Errorf("joining a match that does not exist: %v", err)
	}
}
