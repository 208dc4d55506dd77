package httpapi_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/agentgames/bundle/internal/contracttest"
	"github.com/agentgames/bundle/internal/testserver"
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
