package assemble_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/games/tinrail"
	"github.com/agentgames/bundle/internal/assemble"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/memory"
)

// do sends a request to h and answers the status and the body.
func do(h http.Handler, method, path, body string) (int, string) {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(method, path, strings.NewReader(body)))
	return rec.Code, rec.Body.String()
}

// parts is assemble.New of c, failing t if it fails.
func parts(t *testing.T, c assemble.Config) *assemble.Parts {
	t.Helper()
	p, err := assemble.New(c)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestHTTP: the handler serves the games given, over the ledger given,
// and live matches kept in Matches, one client creating as many as
// CreatesPerMinute says, of every game together.
func TestHTTP(t *testing.T) {
	store := &memory.Store{}
	p := parts(t, assemble.Config{Games: []play.Game{tinrail.Game{}}, Live: games.Live(), Ledger: store, Matches: store, CreatesPerMinute: 1})
	h := p.HTTP()
	if code, body := do(h, "GET", "/api/games", ""); code != 200 || strings.Count(body, `"slug"`) != 1 || !strings.Contains(body, `"tinrail"`) {
		t.Errorf("the index: %d %.200s", code, body)
	}
	if code, body := do(h, "GET", "/api/games/tinrail/init?ranked=true", ""); code != 200 || !strings.Contains(body, `"ranked"`) {
		t.Errorf("a ranked init: %d %.200s", code, body)
	}
	if code, body := do(h, "GET", "/api/games/tron/init", ""); code != 404 {
		t.Errorf("a game not given: %d %.200s", code, body)
	}
	code, body := do(h, "POST", "/api/matches", `{"players":2,"bots":1}`)
	var created struct{ Code string }
	if err := json.Unmarshal([]byte(body), &created); code != 200 || err != nil || created.Code == "" {
		t.Fatalf("a live match: %d %.200s", code, body)
	}
	if code, body := do(h, "GET", "/api/matches/"+created.Code, ""); code != 200 {
		t.Errorf("the live match: %d %.200s", code, body)
	}
	if got, err := p.LiveGame("tidebreakers").Read(t.Context(), created.Code); err != nil || got == nil {
		t.Errorf("the live match through Live: %v", err)
	}
	if code, body := do(h, "POST", "/api/matches", `{"players":2,"bots":1}`); code != 429 {
		t.Errorf("a second live match in the minute: %d %.200s", code, body)
	}
	if code, body := do(h, "POST", "/api/games/tron/matches", `{"players":2,"bots":1}`); code != 429 {
		t.Errorf("a live Tron match after a live Tidebreakers match in the minute: %d %.200s; the limit counts both", code, body)
	}
}

// TestNoStores: without a ledger ranked play is refused, and without
// Matches there is no live server and no live route.
func TestNoStores(t *testing.T) {
	p := parts(t, assemble.Config{Games: []play.Game{tinrail.Game{}}, Live: games.Live()})
	if p.Live != nil {
		t.Errorf("a live server without Matches")
	}
	h := p.HTTP()
	if code, body := do(h, "GET", "/api/games/tinrail/init", ""); code != 200 {
		t.Errorf("an init: %d %.200s", code, body)
	}
	if code, body := do(h, "GET", "/api/games/tinrail/init?ranked=true", ""); code != 400 || !strings.Contains(body, "no ledger") {
		t.Errorf("a ranked init: %d %.200s", code, body)
	}
	if code, body := do(h, "POST", "/api/matches", `{"players":2,"bots":1}`); code != 404 {
		t.Errorf("a live match: %d %.200s", code, body)
	}
}
