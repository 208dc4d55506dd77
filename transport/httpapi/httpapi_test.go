package httpapi_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
	"time"

	bundle "github.com/agentgames/bundle"
	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/internal/seal"
	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/token"
	"github.com/agentgames/bundle/transport/httpapi"
)

func initMatch(t *testing.T, h *httpapi.Server, game, query string) map[string]any {
	t.Helper()
	e := do(t, h, "GET", "/api/games/"+game+"/init?"+query, "")
	if e.Status != 200 {
		t.Fatalf("init: %d %s", e.Status, e.Body)
	}
	return e.JSON(t)
}

func actionBody(state string, action string) string {
	return `{"state":"` + state + `","action":` + action + `}`
}

func TestInit(t *testing.T) {
	t.Parallel()
	h := testserver.New(t)
	env := initMatch(t, h, "tinrail", "seed=7")
	if env["seed"] != 7.0 || env["ok"] != true || env["gameOver"] != false || env["spec"] == nil {
		t.Errorf("init envelope: %v", env)
	}
	if n := len(env["legalActions"].([]any)); n != 12 {
		t.Errorf("%d legal actions at the start, want 12", n)
	}
	if view := env["view"].(map[string]any); view["opponent"] != "wise" {
		t.Errorf("default opponent %v, want wise", view["opponent"])
	}
	again := initMatch(t, h, "tinrail", "seed=7")
	if env["observation"] != again["observation"] || env["state"] == again["state"] {
		t.Error("the same seed must deal the same match, under a fresh token")
	}
}

// TestPickedSeedStaysSealed: a seed the server picks is not in the init
// answer nor any answer before the end; the answer that ends the match
// reports it, and it deals the same match again. A chosen seed is echoed
// on init only.
func TestPickedSeedStaysSealed(t *testing.T) {
	t.Parallel()
	h := testserver.New(t)
	for _, game := range []string{"tinrail", "brinebell"} {
		first := initMatch(t, h, game, "")
		if _, ok := first["seed"]; ok {
			t.Fatalf("%s: a picked seed is reported on init: %v", game, first["seed"])
		}
		env, state := first, first["state"].(string)
		for step := 0; env["gameOver"] != true; step++ {
			action := `{"type":"place","tileIndex":0,"rotation":` + []string{"0", "1", "2", "3"}[step%4] + `}`
			if game == "brinebell" {
				action = []string{`{"type":"start"}`, `{"type":"bank"}`}[min(step, 1)]
			}
			env = do(t, h, "POST", "/api/games/"+game+"/action", actionBody(state, action)).JSON(t)
			if _, ok := env["seed"]; ok && env["gameOver"] != true {
				t.Fatalf("%s: a picked seed is reported before the end: %v", game, env)
			}
			state = env["state"].(string)
		}
		seed, ok := env["seed"].(float64)
		if !ok {
			t.Fatalf("%s: the final answer does not report the picked seed: %v", game, env)
		}
		replay := initMatch(t, h, game, "seed="+json.Number(strings.TrimSuffix(strings.TrimSuffix(jsonText(seed), ".0"), "e+00")).String())
		if replay["observation"] != first["observation"] {
			t.Errorf("%s: the reported seed %v does not deal the same match", game, seed)
		}
		chosen := initMatch(t, h, game, "seed=12")
		if chosen["seed"] != 12.0 {
			t.Errorf("%s: a chosen seed is not echoed on init", game)
		}
	}
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestInitRefusesBadQueries(t *testing.T) {
	t.Parallel()
	h := testserver.New(t)
	for _, q := range []string{"seed=-1", "seed=abc", "seed=9007199254740992", "seed=1.5", "seed=", "seed=%zz",
		"seed=1&seed=2", "opponent=hard", "opponent=easy&opponent=wise", "colour=blue", "Seed=1", "OPPONENT=easy", "%zz=1"} {
		e := do(t, h, "GET", "/api/games/tinrail/init?"+q, "")
		if e.Status != 400 || e.Code(t) != "invalid_request" {
			t.Errorf("tinrail init?%s = %d %s, want 400 invalid_request", q, e.Status, e.Body)
		}
	}
	if e := do(t, h, "GET", "/api/games/brinebell/init?seed=1&opponent=easy", ""); e.Status != 400 || !strings.Contains(string(e.Body), "no option") {
		t.Errorf("brinebell accepts an option it does not read: %d %s", e.Status, e.Body)
	}
}

func TestActionLoop(t *testing.T) {
	t.Parallel()
	h := testserver.New(t)
	env := initMatch(t, h, "tinrail", "seed=3&opponent=easy")
	state := env["state"].(string)
	for step := 0; env["gameOver"] == false; step++ {
		legal := env["legalActions"].([]any)
		action, _ := json.Marshal(legal[step%len(legal)])
		e := do(t, h, "POST", "/api/games/tinrail/action", actionBody(state, string(action)))
		if e.Status != 200 {
			t.Fatalf("action: %d %s", e.Status, e.Body)
		}
		env = e.JSON(t)
		if env["ok"] != true || len(env["events"].([]any)) == 0 {
			t.Fatalf("action answer: %s", e.Body)
		}
		state = env["state"].(string)
	}
	if env["result"] == nil || env["turn"] != "over" || len(env["legalActions"].([]any)) != 0 {
		t.Errorf("finished match: %v", env)
	}
	e := do(t, h, "POST", "/api/games/tinrail/action", actionBody(state, `{"type":"place","tileIndex":0,"rotation":0}`))
	if m := e.JSON(t); m["ok"] != false || m["code"] != "game_over" || m["state"] != state {
		t.Errorf("acting after the end: %s", e.Body)
	}
}

// TestEveryLegalActionIsSendable: each entry of legalActions, sent exactly
// as listed, is accepted, in every game.
func TestEveryLegalActionIsSendable(t *testing.T) {
	t.Parallel()
	h := testserver.New(t)
	bb := initMatch(t, h, "brinebell", "seed=4")
	started := do(t, h, "POST", "/api/games/brinebell/action", `{"stateToken":"`+bb["state"].(string)+`","action":{"type":"start"}}`).JSON(t)
	for _, env := range []map[string]any{initMatch(t, h, "tinrail", "seed=4"), bb, started} {
		for _, a := range env["legalActions"].([]any) {
			action, _ := json.Marshal(a)
			game := "tinrail"
			if _, ok := env["stateToken"]; ok {
				game = "brinebell"
			}
			m := do(t, h, "POST", "/api/games/"+game+"/action", actionBody(env["state"].(string), string(action))).JSON(t)
			if m["ok"] != true {
				t.Errorf("%s: the listed action %s is refused: %v", game, action, m)
			}
		}
	}
	if r := started["actionRanges"].([]any); len(r) != 1 {
		t.Errorf("actionRanges: %v", r)
	}
}

func TestRefusedActions(t *testing.T) {
	t.Parallel()
	h := testserver.New(t)
	tr := initMatch(t, h, "tinrail", "seed=5")["state"].(string)
	bb := initMatch(t, h, "brinebell", "seed=5")["state"].(string)
	bb = do(t, h, "POST", "/api/games/brinebell/action", actionBody(bb, `{"type":"start"}`)).JSON(t)["state"].(string)
	tests := []struct{ name, game, action, code, field string }{
		{"tileIndex past the grammar", "tinrail", `{"type":"place","tileIndex":5,"rotation":0}`, "invalid_action", "action.tileIndex"},
		{"rotation outside the enum", "tinrail", `{"type":"place","tileIndex":0,"rotation":4}`, "invalid_action", "action.rotation"},
		{"wrong type", "tinrail", `{"type":"pass","tileIndex":0,"rotation":0}`, "invalid_action", "action.type"},
		{"missing field", "tinrail", `{"type":"place","tileIndex":0}`, "invalid_action", "action.rotation"},
		{"not an object", "tinrail", `"place"`, "invalid_action", "action"},
		{"fractional index", "tinrail", `{"type":"place","tileIndex":0.5,"rotation":0}`, "invalid_action", "action.tileIndex"},
		{"index as a string", "tinrail", `{"type":"place","tileIndex":"0","rotation":0}`, "invalid_action", "action.tileIndex"},
		{"key in another case", "tinrail", `{"type":"place","tileIndex":0,"ROTATION":3,"rotation":0}`, "invalid_action", "action.ROTATION"},
		{"unknown key", "tinrail", `{"type":"place","tileIndex":0,"rotation":0,"note":1}`, "invalid_action", "action.note"},
		{"ticks 0", "brinebell", `{"type":"advance","ticks":0}`, "invalid_action", "action.ticks"},
		{"ticks 91", "brinebell", `{"type":"advance","ticks":91}`, "invalid_action", "action.ticks"},
		{"ticks as a range", "brinebell", `{"type":"advance","ticks":{"min":1,"max":90}}`, "invalid_action", "action.ticks"},
		{"unknown type", "brinebell", `{"type":"wait"}`, "invalid_action", "action.type"},
		{"ferry 2", "brinebell", `{"type":"order","ferry":2,"dock":1}`, "invalid_action", "action.ferry"},
		{"missing dock", "brinebell", `{"type":"order","ferry":0}`, "invalid_action", "action.dock"},
		{"TICKS", "brinebell", `{"type":"advance","TICKS":45}`, "invalid_action", "action.TICKS"},
		{"Ferry B before it joins", "brinebell", `{"type":"order","ferry":1,"dock":1}`, "illegal_action", ""},
	}
	for _, tt := range tests {
		state := map[string]string{"tinrail": tr, "brinebell": bb}[tt.game]
		e := do(t, h, "POST", "/api/games/"+tt.game+"/action", actionBody(state, tt.action))
		m := e.JSON(t)
		reason, _ := m["reason"].(string)
		if e.Status != 200 || m["ok"] != false || m["code"] != tt.code || m["state"] != state || !strings.HasPrefix(reason, tt.field) {
			t.Errorf("%s: %d %s", tt.name, e.Status, e.Body)
		}
		if len(m["legalActions"].([]any)) == 0 {
			t.Errorf("%s: the refusal lists no legal action", tt.name)
		}
	}
}

// TestKeysMatchExactly: a request whose keys differ from the contract's
// only in case, or repeat, is refused; it is never read as another key.
func TestKeysMatchExactly(t *testing.T) {
	t.Parallel()
	h := testserver.New(t)
	bb := initMatch(t, h, "brinebell", "seed=5")["state"].(string)
	bb = do(t, h, "POST", "/api/games/brinebell/action", actionBody(bb, `{"type":"start"}`)).JSON(t)["state"].(string)
	tests := []struct{ name, body, code string }{
		{"ACTION beside action", `{"stateToken":"` + bb + `","action":{"type":"bank"},"ACTION":{"type":"advance","ticks":90}}`, "invalid_request"},
		{"action twice", `{"stateToken":"` + bb + `","action":{"type":"bank"},"action":{"type":"advance","ticks":90}}`, "bad_json"},
		{"ticks twice", `{"stateToken":"` + bb + `","action":{"type":"advance","ticks":1,"ticks":90}}`, "bad_json"},
		{"escaped repeat", `{"stateToken":"` + bb + `","action":{"type":"advance","ticks":1,"ti\u0063ks":90}}`, "bad_json"},
		{"State", `{"State":"` + bb + `","action":{"type":"bank"}}`, "invalid_request"},
	}
	for _, tt := range tests {
		e := do(t, h, "POST", "/api/games/brinebell/action", tt.body)
		if e.Code(t) != tt.code {
			t.Errorf("%s: %d %s, want %s", tt.name, e.Status, e.Body, tt.code)
		}
	}
}

func TestStateTokenField(t *testing.T) {
	t.Parallel()
	h := testserver.New(t)
	state := initMatch(t, h, "tinrail", "seed=5")["state"].(string)
	action := `{"type":"place","tileIndex":0,"rotation":0}`
	e := do(t, h, "POST", "/api/games/tinrail/action", `{"stateToken":"`+state+`","action":`+action+`}`)
	if e.Status != 200 || e.JSON(t)["ok"] != true {
		t.Errorf("stateToken refused: %s", e.Body)
	}
	e = do(t, h, "POST", "/api/games/tinrail/action", `{"state":"`+state+`","stateToken":"AAAA","action":`+action+`}`)
	if e.Status != 400 || e.Code(t) != "invalid_request" {
		t.Errorf("differing state and stateToken: %d %s", e.Status, e.Body)
	}
}

func TestBadRequests(t *testing.T) {
	t.Parallel()
	h := testserver.New(t)
	state := initMatch(t, h, "tinrail", "seed=5")["state"].(string)
	raw, _ := base64.RawURLEncoding.DecodeString(state)
	mutate := func(f func(b []byte)) string {
		b := bytes.Clone(raw)
		f(b)
		return base64.RawURLEncoding.EncodeToString(b)
	}
	otherRing, _ := seal.NewKeyring(seal.NewRandomKey(1))
	other := httpapi.New(play.NewService(token.Store{Keys: otherRing}, time.Now, games.All()...), bundle.OpenAPI)
	foreign := initMatch(t, other, "tinrail", "seed=5")["state"].(string)
	action := `{"type":"place","tileIndex":0,"rotation":0}`
	deep := `{"state":"` + state + `","action":` + strings.Repeat("[", 40) + strings.Repeat("]", 40) + `}`
	tests := []struct {
		name, method, path, body string
		status                   int
		code                     string
	}{
		{"not JSON", "POST", "/api/games/tinrail/action", `{"state":`, 400, "bad_json"},
		{"JSON array", "POST", "/api/games/tinrail/action", `[1,2]`, 400, "bad_json"},
		{"JSON null", "POST", "/api/games/tinrail/action", `null`, 400, "bad_json"},
		{"empty body", "POST", "/api/games/tinrail/action", ``, 400, "bad_json"},
		{"two values", "POST", "/api/games/tinrail/action", actionBody(state, action) + `{}`, 400, "bad_json"},
		{"nested too deep", "POST", "/api/games/tinrail/action", deep, 400, "bad_json"},
		{"invalid UTF-8", "POST", "/api/games/tinrail/action", `{"state":"` + state + `","action":{"type":"pl\xffce"}}`, 400, "bad_json"},
		{"no state", "POST", "/api/games/tinrail/action", `{"action":` + action + `}`, 400, "missing_state"},
		{"empty state", "POST", "/api/games/tinrail/action", actionBody("", action), 400, "missing_state"},
		{"no action", "POST", "/api/games/tinrail/action", `{"state":"` + state + `"}`, 400, "invalid_request"},
		{"unknown field", "POST", "/api/games/tinrail/action", `{"state":"` + state + `","action":` + action + `,"x":1}`, 400, "invalid_request"},
		{"state not a string", "POST", "/api/games/tinrail/action", `{"state":5,"action":` + action + `}`, 400, "token_malformed"},
		{"state not base64url", "POST", "/api/games/tinrail/action", actionBody("a+b/c", action), 400, "token_malformed"},
		{"state too short", "POST", "/api/games/tinrail/action", actionBody("AQEB", action), 400, "token_malformed"},
		{"old token format", "POST", "/api/games/tinrail/action", actionBody(mutate(func(b []byte) { b[0] = 0 }), action), 400, "token_format"},
		{"unknown key id", "POST", "/api/games/tinrail/action", actionBody(mutate(func(b []byte) { b[1] = 9 }), action), 400, "token_unknown_key"},
		{"one bit changed", "POST", "/api/games/tinrail/action", actionBody(mutate(func(b []byte) { b[len(b)/2] ^= 0x10 }), action), 400, "token_forged"},
		{"another server's key", "POST", "/api/games/tinrail/action", actionBody(foreign, action), 400, "token_forged"},
		{"another game's token", "POST", "/api/games/brinebell/action", actionBody(state, `{"type":"start"}`), 400, "token_forged"},
		{"bad state beats bad action", "POST", "/api/games/tinrail/action", actionBody("AQEB", `{"type":"x"}`), 400, "token_malformed"},
		{"too large", "POST", "/api/games/tinrail/action", `{"state":"` + strings.Repeat("A", httpapi.MaxBody) + `"}`, 413, "body_too_large"},
		{"unknown game init", "GET", "/api/games/chess/init", "", 404, "unknown_game"},
		{"unknown game action", "POST", "/api/games/chess/action", actionBody(state, action), 404, "unknown_game"},
		{"unknown game docs", "GET", "/docs/api/chess", "", 404, "unknown_game"},
		{"unknown path", "GET", "/nowhere", "", 404, "not_found"},
		{"unknown page file", "GET", "/tidebreakers/secret.txt", "", 404, "not_found"},
		{"page file outside", "GET", "/tidebreakers/%2e%2e/go.mod", "", 404, "not_found"},
		{"unknown tron page file", "GET", "/tron/secret.txt", "", 404, "not_found"},
		{"wrong method", "GET", "/api/games/tinrail/action", "", 405, "method_not_allowed"},
		{"wrong method on init", "POST", "/api/games/tinrail/init", "{}", 405, "method_not_allowed"},
	}
	for _, tt := range tests {
		e := do(t, h, tt.method, tt.path, tt.body)
		if e.Status != tt.status || e.Code(t) != tt.code {
			t.Errorf("%s: %d %s, want %d %s", tt.name, e.Status, e.Body, tt.status, tt.code)
		}
	}
}

func TestSitePages(t *testing.T) {
	t.Parallel()
	h := testserver.New(t)
	idx := do(t, h, "GET", "/api/games", "").JSON(t)
	entries := idx["games"].([]any)
	if len(entries) != len(games.All()) {
		t.Fatalf("index lists %d games", len(entries))
	}
	for i, g := range games.All() {
		if e := entries[i].(map[string]any); e["initUrl"] != "http://example.com/api/games/"+g.Info().Slug+"/init" {
			t.Errorf("initUrl %v", e["initUrl"])
		}
	}
	paths := []string{"/llms.txt", "/", "/openapi.yaml", "/tidebreakers/", "/tidebreakers/app.js", "/tidebreakers/style.css", "/tron/", "/tron/app.js", "/tron/style.css",
		"/view/", "/view/?game=tron&golden=p2-5x5-easy-seed001-safe&step=3", "/view/viewer.js", "/view/style.css"}
	for _, g := range games.All() {
		paths = append(paths, "/docs/api/"+g.Info().Slug, "/view/games/"+g.Info().Slug+".js")
	}
	for _, path := range paths {
		e := do(t, h, "GET", path, "")
		if e.Status != 200 || len(e.Body) == 0 {
			t.Errorf("GET %s = %d", path, e.Status)
		}
	}
	if e := do(t, h, "GET", "/view/games/chess.js", ""); e.Status != 404 {
		t.Errorf("GET a renderer the viewer lacks = %d", e.Status)
	}
	llms := do(t, h, "GET", "/llms.txt", "")
	for _, g := range games.All() {
		if !bytes.Contains(llms.Body, []byte("/api/games/"+g.Info().Slug+"/init")) {
			t.Errorf("llms.txt does not say how to start %s", g.Info().Name)
		}
	}
	if e := do(t, h, "OPTIONS", "/api/games/tinrail/action", ""); e.Status != 204 || e.Header.Get("Access-Control-Allow-Origin") != "*" ||
		!strings.Contains(e.Header.Get("Access-Control-Allow-Headers"), "Mcp-Protocol-Version") {
		t.Errorf("CORS preflight (a browser's MCP client sends Mcp-Protocol-Version): %d %v", e.Status, e.Header)
	}
}

// TestBrinebellCarriesStateToken: Brinebell answers and refusals carry the
// token under the card's name, stateToken, as well as state; both names are
// accepted.
func TestBrinebellCarriesStateToken(t *testing.T) {
	t.Parallel()
	h := testserver.New(t)
	env := initMatch(t, h, "brinebell", "seed=7")
	tok, _ := env["stateToken"].(string)
	if tok == "" || tok != env["state"] {
		t.Fatalf("init: stateToken %q, state %v", tok, env["state"])
	}
	e := do(t, h, "POST", "/api/games/brinebell/action", `{"stateToken":"`+tok+`","action":{"type":"advance","ticks":5}}`)
	if m := e.JSON(t); m["ok"] != false || m["code"] != "not_started" || m["stateToken"] != tok || m["state"] != tok {
		t.Fatalf("refusal before start: %s", e.Body)
	}
	e = do(t, h, "POST", "/api/games/brinebell/action", `{"state":"`+tok+`","action":{"type":"start"}}`)
	if m := e.JSON(t); m["ok"] != true || m["stateToken"] != m["state"] {
		t.Fatalf("start: %s", e.Body)
	}
	e = do(t, h, "POST", "/api/games/brinebell/action", `{"stateToken":"`+tok+`","action":{"type":"start","ticks":1}}`)
	if m := e.JSON(t); m["ok"] != false || m["code"] != "invalid_action" {
		t.Fatalf("extra field: %s", e.Body)
	}
}
