package live_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/agentgames/bundle/games/tron/live"
	"github.com/agentgames/bundle/internal/contracttest"
	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/store/memory"
	"github.com/agentgames/bundle/store/storetest"
)

// TestCreateOverHTTP: past its limit a client is answered 429 with
// Retry-After; when no code can be had, 503 with Retry-After; both are
// JSON errors the contract describes, never a 500.
func TestCreateOverHTTP(t *testing.T) {
	h := testserver.New(t)
	h.ServeLive(live.NewServer(&memory.Store{}, time.Now).WithCreateLimit(2))
	for i := range 3 {
		e := contracttest.Do(t, h, http.MethodPost, "/api/games/tron/matches", `{"players":2,"bots":1}`)
		if i < 2 && e.Status != 200 {
			t.Fatalf("create %d: %d %s", i+1, e.Status, e.Body)
		}
		if i == 2 && (e.Status != 429 || e.Code(t) != "rate_limited" || e.Header.Get("Retry-After") == "") {
			t.Errorf("the third create: %d %v %s", e.Status, e.Header, e.Body)
		}
	}
	full := testserver.New(t)
	full.ServeLive(live.NewServer(&storetest.Taken{}, time.Now).WithCreateLimit(0))
	e := contracttest.Do(t, full, http.MethodPost, "/api/games/tron/matches", `{"players":2,"bots":1}`)
	if e.Status != 503 || e.Code(t) != "unavailable" || e.Header.Get("Retry-After") != "1" {
		t.Errorf("no free code: %d %v %s", e.Status, e.Header, e.Body)
	}
}
