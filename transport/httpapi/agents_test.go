package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/agentgames/bundle/internal/contracttest"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestAgentsOverHTTP registers an agent, reads it as anyone and as
// itself, adds a key, revokes the first and is refused with it after,
// every answer held to openapi.yaml; and the refusals: a taken name, a
// bad name, strict bodies, a missing, malformed or revoked key (401 with
// WWW-Authenticate), an unknown agent, the last key.
func TestAgentsOverHTTP(t *testing.T) {
	t.Parallel()
	h := testserver.WithLive(t, nil)
	reg := do(t, h, "POST", "/api/agents", `{"name":"  Ada   Bot "}`)
	a := reg.JSON(t)
	id, key, keyID := a["id"].(string), a["key"].(string), a["keyId"].(string)
	if reg.Status != 200 || a["name"] != "Ada Bot" {
		t.Fatalf("register: %d %s", reg.Status, reg.Body)
	}
	if e := do(t, h, "GET", "/api/agents/"+id, ""); e.Status != 200 || strings.Contains(string(e.Body), "key") {
		t.Errorf("the agent as anyone sees it: %d %s", e.Status, e.Body)
	}
	me := contracttest.DoAs(t, h, key, "GET", "/api/agents/me", "")
	if me.Status != 200 || !strings.Contains(string(me.Body), `"id":"`+keyID+`"`) || strings.Contains(string(me.Body), key) {
		t.Errorf("me: %d %s", me.Status, me.Body)
	}
	added := contracttest.DoAs(t, h, key, "POST", "/api/agents/me/keys", "")
	second, _ := added.JSON(t)["key"].(string)
	if added.Status != 200 || second == "" || second == key {
		t.Fatalf("a second key: %d %s", added.Status, added.Body)
	}
	if e := contracttest.DoAs(t, h, second, "DELETE", "/api/agents/me/keys/"+keyID, ""); e.Status != 200 || !strings.Contains(string(e.Body), `"revoked":"`) {
		t.Errorf("revoke the first key: %d %s", e.Status, e.Body)
	}
	secondID, _ := added.JSON(t)["keyId"].(string)
	for _, c := range []struct {
		key, method, path, body string
		status                  int
		code                    string
	}{
		{"", "POST", "/api/agents", `{"name":"ADA BOT"}`, 409, "name_taken"},
		{"", "POST", "/api/agents", `{"name":"ab"}`, 400, "invalid_request"},
		{"", "POST", "/api/agents", `{"name":"Bot 🤖"}`, 400, "invalid_request"},
		{"", "POST", "/api/agents", `{"name":"x","name":"y"}`, 400, "bad_json"},
		{"", "POST", "/api/agents", `{"name":"Eve Bot","admin":true}`, 400, "invalid_request"},
		{"", "POST", "/api/agents", `{"name":7}`, 400, "invalid_request"},
		{"", "POST", "/api/agents", strings.Repeat(" ", 1<<20), 413, "body_too_large"},
		{"", "GET", "/api/agents/me", "", 401, "unauthorized"},
		{"agk_nonsense", "GET", "/api/agents/me", "", 401, "unauthorized"},
		{key, "GET", "/api/agents/me", "", 401, "unauthorized"},
		{key, "POST", "/api/agents/me/keys", "", 401, "unauthorized"},
		{second, "POST", "/api/agents/me/keys", `{"note":"x"}`, 400, "invalid_request"},
		{second, "DELETE", "/api/agents/me/keys/" + secondID, "", 409, "conflict"},
		{second, "DELETE", "/api/agents/me/keys/nokey", "", 404, "not_found"},
		{"", "GET", "/api/agents/aaaaaaaaaaaaaaaa", "", 404, "not_found"},
		{"", "GET", "/api/agents/..%2F..%2Fx", "", 404, "not_found"},
	} {
		e := contracttest.DoAs(t, h, c.key, c.method, c.path, c.body)
		if e.Status != c.status || e.Code(t) != c.code {
			t.Errorf("%s %s %.40s: %d %s, want %d %s", c.method, c.path, c.body, e.Status, e.Body, c.status, c.code)
		}
		if c.status == http.StatusUnauthorized && e.Header.Get("WWW-Authenticate") == "" {
			t.Errorf("%s %s: a 401 without WWW-Authenticate", c.method, c.path)
		}
	}
}
