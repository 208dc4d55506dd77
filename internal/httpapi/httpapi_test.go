package httpapi

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	bundle "github.com/agentgames/bundle"
	"github.com/agentgames/bundle/internal/games"
	"github.com/agentgames/bundle/internal/play"
	"github.com/agentgames/bundle/internal/seal"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
)

var testKey = seal.Key{ID: 1, Secret: bytes.Repeat([]byte{1}, seal.KeySize)}

func newServer(t testing.TB, keys ...seal.Key) *Server {
	t.Helper()
	if len(keys) == 0 {
		keys = []seal.Key{testKey}
	}
	ring, err := seal.NewKeyring(keys...)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(play.NewService(ring, games.All()...), bundle.OpenAPI)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// exchange is one request and its answer, checked against the contract.
type exchange struct {
	status int
	body   []byte
	header http.Header
}

func (e exchange) json(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(e.body, &m); err != nil {
		t.Fatalf("answer is not JSON: %v\n%s", err, e.body)
	}
	return m
}

// do sends a request to the handler and checks the answer against the
// OpenAPI contract: status, content type and body schema.
func do(t *testing.T, h http.Handler, method, target, body string) exchange {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, target, rd)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	res := rec.Result()
	data, _ := io.ReadAll(res.Body)
	checkAnswer(t, req, res.StatusCode, res.Header, data)
	return exchange{status: res.StatusCode, body: data, header: res.Header}
}

var contractRouter = func() routers.Router {
	openapi3filter.RegisterBodyDecoder("text/markdown", openapi3filter.PlainBodyDecoder)
	openapi3filter.RegisterBodyDecoder("application/yaml", openapi3filter.PlainBodyDecoder)
	c, err := LoadContract(bundle.OpenAPI)
	if err != nil {
		panic(err)
	}
	r, err := legacy.NewRouter(c.doc)
	if err != nil {
		panic(err)
	}
	return r
}()

// checkAnswer validates an answer against the contract when the contract
// has the operation; answers to paths outside it must be JSON errors.
func checkAnswer(t *testing.T, req *http.Request, status int, header http.Header, body []byte) {
	t.Helper()
	route, params, err := contractRouter.FindRoute(req)
	if err != nil || req.Method == http.MethodOptions {
		if req.Method != http.MethodOptions && !json.Valid(body) {
			t.Fatalf("%s %s: answer outside the contract is not JSON: %s", req.Method, req.URL, body)
		}
		return
	}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}}
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: status, Header: header,
		Options: &openapi3filter.Options{IncludeResponseStatus: true}}
	out.SetBodyBytes(body)
	if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
		t.Fatalf("%s %s: answer breaks the contract: %v\n%s", req.Method, req.URL, err, body)
	}
}

func initMatch(t *testing.T, h http.Handler, query string) map[string]any {
	t.Helper()
	e := do(t, h, "GET", "/api/games/tinrail/init?"+query, "")
	if e.status != 200 {
		t.Fatalf("init: %d %s", e.status, e.body)
	}
	return e.json(t)
}

func actionBody(state string, action string) string {
	return `{"state":"` + state + `","action":` + action + `}`
}

func errorCode(t *testing.T, e exchange) string {
	t.Helper()
	m := e.json(t)
	errObj, _ := m["error"].(map[string]any)
	code, _ := errObj["code"].(string)
	return code
}

func TestInit(t *testing.T) {
	h := newServer(t)
	env := initMatch(t, h, "seed=7")
	if env["seed"] != 7.0 || env["ok"] != true || env["gameOver"] != false || env["spec"] == nil {
		t.Errorf("init envelope: %v", env)
	}
	if n := len(env["legalActions"].([]any)); n != 12 {
		t.Errorf("%d legal actions at the start, want 12", n)
	}
	if view := env["view"].(map[string]any); view["opponent"] != "wise" {
		t.Errorf("default opponent %v, want wise", view["opponent"])
	}
	picked := initMatch(t, h, "opponent=easy")
	if _, ok := picked["seed"].(float64); !ok {
		t.Errorf("a missing seed must be picked and reported: %v", picked["seed"])
	}
	again := initMatch(t, h, "seed=7")
	if env["observation"] != again["observation"] || env["state"] == again["state"] {
		t.Error("the same seed must deal the same match, under a fresh token")
	}
}

func TestInitRefusesBadQueries(t *testing.T) {
	h := newServer(t)
	for _, q := range []string{"seed=-1", "seed=abc", "seed=9007199254740992", "seed=1.5", "opponent=hard"} {
		e := do(t, h, "GET", "/api/games/tinrail/init?"+q, "")
		if e.status != 400 || errorCode(t, e) != "invalid_request" {
			t.Errorf("init?%s = %d %s, want 400 invalid_request", q, e.status, e.body)
		}
	}
}

func TestActionLoop(t *testing.T) {
	h := newServer(t)
	env := initMatch(t, h, "seed=3&opponent=easy")
	state := env["state"].(string)
	for step := 0; env["gameOver"] == false; step++ {
		legal := env["legalActions"].([]any)
		action, _ := json.Marshal(legal[step%len(legal)])
		e := do(t, h, "POST", "/api/games/tinrail/action", actionBody(state, string(action)))
		if e.status != 200 {
			t.Fatalf("action: %d %s", e.status, e.body)
		}
		env = e.json(t)
		if env["ok"] != true || len(env["events"].([]any)) == 0 {
			t.Fatalf("action answer: %s", e.body)
		}
		state = env["state"].(string)
	}
	if env["result"] == nil || env["turn"] != "over" || len(env["legalActions"].([]any)) != 0 {
		t.Errorf("finished match: %v", env)
	}
	e := do(t, h, "POST", "/api/games/tinrail/action", actionBody(state, `{"type":"place","tileIndex":0,"rotation":0}`))
	if m := e.json(t); m["ok"] != false || m["code"] != "game_over" || m["state"] != state {
		t.Errorf("acting after the end: %s", e.body)
	}
}

func TestRefusedActions(t *testing.T) {
	h := newServer(t)
	state := initMatch(t, h, "seed=5")["state"].(string)
	tests := []struct{ name, action, code string }{
		{"tileIndex past the grammar", `{"type":"place","tileIndex":5,"rotation":0}`, "invalid_action"},
		{"rotation outside the enum", `{"type":"place","tileIndex":0,"rotation":4}`, "invalid_action"},
		{"wrong type", `{"type":"pass","tileIndex":0,"rotation":0}`, "invalid_action"},
		{"missing field", `{"type":"place","tileIndex":0}`, "invalid_action"},
		{"not an object", `"place"`, "invalid_action"},
		{"fractional index", `{"type":"place","tileIndex":0.5,"rotation":0}`, "invalid_action"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := do(t, h, "POST", "/api/games/tinrail/action", actionBody(state, tt.action))
			m := e.json(t)
			if e.status != 200 || m["ok"] != false || m["code"] != tt.code || m["state"] != state || m["reason"] == "" {
				t.Fatalf("%d %s", e.status, e.body)
			}
			if n := len(m["legalActions"].([]any)); n != 12 {
				t.Errorf("refusal lists %d legal actions", n)
			}
		})
	}
}

func TestStateTokenField(t *testing.T) {
	h := newServer(t)
	state := initMatch(t, h, "seed=5")["state"].(string)
	action := `{"type":"place","tileIndex":0,"rotation":0}`
	e := do(t, h, "POST", "/api/games/tinrail/action", `{"stateToken":"`+state+`","action":`+action+`}`)
	if e.status != 200 || e.json(t)["ok"] != true {
		t.Errorf("stateToken refused: %s", e.body)
	}
	e = do(t, h, "POST", "/api/games/tinrail/action", `{"state":"`+state+`","stateToken":"AAAA","action":`+action+`}`)
	if e.status != 400 || errorCode(t, e) != "invalid_request" {
		t.Errorf("differing state and stateToken: %d %s", e.status, e.body)
	}
}

func TestBadRequests(t *testing.T) {
	h := newServer(t)
	state := initMatch(t, h, "seed=5")["state"].(string)
	raw, _ := base64.RawURLEncoding.DecodeString(state)
	mutate := func(f func(b []byte)) string {
		b := bytes.Clone(raw)
		f(b)
		return base64.RawURLEncoding.EncodeToString(b)
	}
	other := newServer(t, seal.Key{ID: 1, Secret: bytes.Repeat([]byte{2}, seal.KeySize)})
	foreign := initMatch(t, other, "seed=5")["state"].(string)
	action := `{"type":"place","tileIndex":0,"rotation":0}`
	tests := []struct {
		name, method, path, body string
		status                   int
		code                     string
	}{
		{"not JSON", "POST", "/api/games/tinrail/action", `{"state":`, 400, "bad_json"},
		{"JSON array", "POST", "/api/games/tinrail/action", `[1,2]`, 400, "bad_json"},
		{"JSON null", "POST", "/api/games/tinrail/action", `null`, 400, "bad_json"},
		{"empty body", "POST", "/api/games/tinrail/action", ``, 400, "bad_json"},
		{"no state", "POST", "/api/games/tinrail/action", `{"action":` + action + `}`, 400, "missing_state"},
		{"empty state", "POST", "/api/games/tinrail/action", actionBody("", action), 400, "missing_state"},
		{"no action", "POST", "/api/games/tinrail/action", `{"state":"` + state + `"}`, 400, "invalid_request"},
		{"state not a string", "POST", "/api/games/tinrail/action", `{"state":5,"action":` + action + `}`, 400, "bad_json"},
		{"state not base64url", "POST", "/api/games/tinrail/action", actionBody("a+b/c", action), 400, "token_malformed"},
		{"state too short", "POST", "/api/games/tinrail/action", actionBody("AQEB", action), 400, "token_malformed"},
		{"old token format", "POST", "/api/games/tinrail/action", actionBody(mutate(func(b []byte) { b[0] = 0 }), action), 400, "token_format"},
		{"unknown key id", "POST", "/api/games/tinrail/action", actionBody(mutate(func(b []byte) { b[1] = 9 }), action), 400, "token_unknown_key"},
		{"one bit changed", "POST", "/api/games/tinrail/action", actionBody(mutate(func(b []byte) { b[len(b)/2] ^= 0x10 }), action), 400, "token_forged"},
		{"another server's key", "POST", "/api/games/tinrail/action", actionBody(foreign, action), 400, "token_forged"},
		{"bad state beats bad action", "POST", "/api/games/tinrail/action", actionBody("AQEB", `{"type":"x"}`), 400, "token_malformed"},
		{"too large", "POST", "/api/games/tinrail/action", `{"state":"` + strings.Repeat("A", MaxBody) + `"}`, 413, "body_too_large"},
		{"unknown game init", "GET", "/api/games/chess/init", "", 404, "unknown_game"},
		{"unknown game action", "POST", "/api/games/chess/action", actionBody(state, action), 404, "unknown_game"},
		{"unknown game docs", "GET", "/docs/api/chess", "", 404, "unknown_game"},
		{"unknown path", "GET", "/nowhere", "", 404, "not_found"},
		{"wrong method", "GET", "/api/games/tinrail/action", "", 405, "method_not_allowed"},
		{"wrong method on init", "POST", "/api/games/tinrail/init", "{}", 405, "method_not_allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := do(t, h, tt.method, tt.path, tt.body)
			if e.status != tt.status || errorCode(t, e) != tt.code {
				t.Errorf("%d %s, want %d %s", e.status, e.body, tt.status, tt.code)
			}
		})
	}
}

func TestSitePages(t *testing.T) {
	h := newServer(t)
	idx := do(t, h, "GET", "/api/games", "").json(t)
	entries := idx["games"].([]any)
	if len(entries) != len(games.All()) {
		t.Fatalf("index lists %d games", len(entries))
	}
	first := entries[0].(map[string]any)
	if first["initUrl"] != "http://example.com/api/games/tinrail/init" {
		t.Errorf("initUrl %v", first["initUrl"])
	}
	paths := []string{"/llms.txt", "/", "/openapi.yaml"}
	for _, g := range games.All() {
		paths = append(paths, "/docs/api/"+g.Info().Slug)
	}
	for _, path := range paths {
		e := do(t, h, "GET", path, "")
		if e.status != 200 || len(e.body) == 0 {
			t.Errorf("GET %s = %d", path, e.status)
		}
	}
	if e := do(t, h, "GET", "/llms.txt", ""); !bytes.Contains(e.body, []byte("/api/games/tinrail/init")) {
		t.Error("llms.txt does not say how to start Tinrail")
	}
	if e := do(t, h, "OPTIONS", "/api/games/tinrail/action", ""); e.status != 204 || e.header.Get("Access-Control-Allow-Origin") != "*" {
		t.Errorf("CORS preflight: %d %v", e.status, e.header)
	}
}

// TestContractListsEveryCode: every error code the server can answer is in
// the contract's ErrorCode enum, with its status, and every refusal code in
// RefusalCode.
func TestContractListsEveryCode(t *testing.T) {
	c, err := LoadContract(bundle.OpenAPI)
	if err != nil {
		t.Fatal(err)
	}
	enum := func(name string) []string {
		var out []string
		for _, v := range c.doc.Components.Schemas[name].Value.Enum {
			out = append(out, v.(string))
		}
		return out
	}
	errs := enum("ErrorCode")
	for code := range statusOf {
		if !slices.Contains(errs, string(code)) {
			t.Errorf("error code %q missing from ErrorCode", code)
		}
	}
	if len(errs) != len(statusOf) {
		t.Errorf("ErrorCode lists %d codes, the server %d", len(errs), len(statusOf))
	}
	refusals := enum("RefusalCode")
	for _, code := range []string{play.CodeInvalidAction, "illegal_action", "game_over"} {
		if !slices.Contains(refusals, code) {
			t.Errorf("refusal code %q missing from RefusalCode", code)
		}
	}
}

// TestBrinebellCarriesStateToken: Brinebell answers and refusals carry the
// token under the card's name, stateToken, as well as state; both names are
// accepted.
func TestBrinebellCarriesStateToken(t *testing.T) {
	h := newServer(t)
	e := do(t, h, "GET", "/api/games/brinebell/init?seed=7", "")
	env := e.json(t)
	token, _ := env["stateToken"].(string)
	if token == "" || token != env["state"] {
		t.Fatalf("init: stateToken %q, state %v", token, env["state"])
	}
	e = do(t, h, "POST", "/api/games/brinebell/action", `{"stateToken":"`+token+`","action":{"type":"advance","ticks":5}}`)
	if m := e.json(t); m["ok"] != false || m["code"] != "not_started" || m["stateToken"] != token || m["state"] != token {
		t.Fatalf("refusal before start: %s", e.body)
	}
	e = do(t, h, "POST", "/api/games/brinebell/action", `{"state":"`+token+`","action":{"type":"start"}}`)
	if m := e.json(t); m["ok"] != true || m["stateToken"] != m["state"] {
		t.Fatalf("start: %s", e.body)
	}
	e = do(t, h, "POST", "/api/games/brinebell/action", `{"stateToken":"`+token+`","action":{"type":"start","ticks":1}}`)
	if m := e.json(t); m["ok"] != false || m["code"] != "invalid_action" {
		t.Fatalf("extra field: %s", e.body)
	}
}
