package httpapi_test

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	bundle "github.com/agentgames/bundle"
	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/internal/contracttest"
	"github.com/agentgames/bundle/internal/seal"
	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/memory"
	"github.com/agentgames/bundle/store/storetest"
	"github.com/agentgames/bundle/store/token"
	"github.com/agentgames/bundle/transport/httpapi"
)

// TestRankedOverHTTP: a ranked init carries the match's id and no seed; a
// token played twice answers 409 token_spent; the ledger shows the
// actions, and its seed only if the match is over; every answer is
// held to the contract.
func TestRankedOverHTTP(t *testing.T) {
	t.Parallel()
	h := testserver.New(t)
	init := contracttest.Do(t, h, "GET", "/api/games/tinrail/init?ranked=true&opponent=easy&answer=view", "")
	env := init.JSON(t)
	id, _ := env["ranked"].(string)
	if init.Status != http.StatusOK || id == "" || env["seed"] != nil || env["observation"] != nil {
		t.Fatalf("ranked init: %d %s", init.Status, init.Body)
	}
	token := env["state"].(string)
	body := func(token string) string {
		b, _ := json.Marshal(map[string]any{"state": token, "action": map[string]any{"type": "place", "tileIndex": 0, "rotation": 0}})
		return string(b)
	}
	first := contracttest.Do(t, h, "POST", "/api/games/tinrail/action", body(token))
	if first.Status != http.StatusOK || first.JSON(t)["ranked"] != id {
		t.Fatalf("first action: %d %s", first.Status, first.Body)
	}
	again := contracttest.Do(t, h, "POST", "/api/games/tinrail/action", body(token))
	if again.Status != http.StatusConflict || again.Code(t) != "token_spent" {
		t.Errorf("the token again: %d %s, want 409 token_spent", again.Status, again.Body)
	}
	ledger := contracttest.Do(t, h, "GET", "/api/games/tinrail/ranked/"+id, "")
	l := ledger.JSON(t)
	over := first.JSON(t)["gameOver"] == true
	if ledger.Status != http.StatusOK || len(l["actions"].([]any)) != 1 || (l["seed"] != nil) != over || l["over"] != over {
		t.Errorf("the ledger: %d %s", ledger.Status, ledger.Body)
	}
	for _, path := range []string{"/api/games/tinrail/ranked/00112233445566778899aabbccddeeff", "/api/games/brinebell/ranked/" + id} {
		if x := contracttest.Do(t, h, "GET", path, ""); x.Status != http.StatusNotFound || x.Code(t) != "no_match" {
			t.Errorf("GET %s: %d %s, want 404 no_match", path, x.Status, x.Body)
		}
	}
	if x := contracttest.Do(t, h, "GET", "/api/games/tinrail/init?ranked=true&seed=4", ""); x.Status != http.StatusBadRequest || x.Code(t) != "invalid_request" {
		t.Errorf("ranked with a seed: %d %s", x.Status, x.Body)
	}
}

// TestRankedTokensRefusedOverHTTP: a ranked token past its 24 hours
// answers 410 token_expired, and one taken to a server whose store lacks
// its ledger 404 ledger_missing, both as the contract describes them.
func TestRankedTokensRefusedOverHTTP(t *testing.T) {
	t.Parallel()
	ring, err := seal.NewKeyring(seal.NewRandomKey(1))
	if err != nil {
		t.Fatal(err)
	}
	clock := &storetest.Clock{At: time.Now()}
	server := func() *httpapi.Server {
		svc := play.NewService(token.Store{Keys: ring}, clock.Now, games.All()...).WithLedger(&memory.Store{Clock: clock.Now})
		return httpapi.New(svc, bundle.OpenAPI)
	}
	h, other := server(), server()
	env := contracttest.Do(t, h, "GET", "/api/games/tron/init?ranked=true&width=5&height=5", "").JSON(t)
	body := `{"state":"` + env["state"].(string) + `","action":{"type":"move","dir":"x+"}}`
	if x := contracttest.Do(t, other, "POST", "/api/games/tron/action", body); x.Status != http.StatusNotFound || x.Code(t) != "ledger_missing" {
		t.Errorf("on another store: %d %s, want 404 ledger_missing", x.Status, x.Body)
	}
	clock.Add(play.RankedLifetime)
	if x := contracttest.Do(t, h, "POST", "/api/games/tron/action", body); x.Status != http.StatusGone || x.Code(t) != "token_expired" {
		t.Errorf("after 24 hours: %d %s, want 410 token_expired", x.Status, x.Body)
	}
}
