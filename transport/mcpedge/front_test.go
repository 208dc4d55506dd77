package mcpedge_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/agentgames/bundle/games/tidebreakers/live"
	"github.com/agentgames/bundle/internal/testserver"
	core "github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/wire"
	"github.com/agentgames/bundle/store/memory"
	"github.com/agentgames/bundle/transport/httpapi"
	"github.com/agentgames/bundle/transport/mcpedge"
)

// post sends body to /mcp of h as an MCP client does, with the headers
// given on top (an empty value deletes one).
func post(h http.Handler, body string, header map[string]string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, request(body, header))
	return rec
}

// request is a POST /mcp of body with the headers every client sends,
// changed by header ("" removes one).
func request(body string, header map[string]string) *http.Request {
	r := httptest.NewRequest(http.MethodPost, "/mcp", strings.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range header {
		if v == "" {
			r.Header.Del(k)
		} else {
			r.Header.Set(k, v)
		}
	}
	return r
}

// rpcRefusal is a JSON-RPC error answer with the bundle's error as data.
type rpcRefusal struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
		Data    struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"data"`
	} `json:"error"`
}

// refusal reads rec as a JSON-RPC error answer, or fails.
func refusal(t *testing.T, rec *httptest.ResponseRecorder) rpcRefusal {
	t.Helper()
	var out rpcRefusal
	if !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") || json.Unmarshal(rec.Body.Bytes(), &out) != nil ||
		out.JSONRPC != "2.0" || out.Error.Code == 0 || out.Error.Data.Code == "" || !strings.HasPrefix(out.Error.Message, out.Error.Data.Code+": ") {
		t.Fatalf("not a JSON-RPC error: %d %s %.300s", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}
	return out
}

const listTools = `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`

// TestMessagesAreReadStrictly: /mcp takes one JSON-RPC message a request,
// read as strictly as every other body; a batch, a repeated key, a member
// JSON-RPC or the method does not define, or a member of the wrong type is
// refused with a JSON-RPC error carrying the bundle's code, and the
// request is not served.
func TestMessagesAreReadStrictly(t *testing.T) {
	h := testserver.WithLive(t, nil)
	start := func(params string) string {
		return `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":` + params + `}`
	}
	for _, tt := range []struct {
		name, body, code string
		status, rpc      int
		id               string
	}{
		{"a batch", "[" + listTools + "," + listTools + "]", "invalid_request", 400, -32600, "null"},
		{"a batch of one", "[" + listTools + "]", "invalid_request", 400, -32600, "null"},
		{"a batch that is not JSON", "[" + listTools, "bad_json", 400, -32700, "null"},
		{"not JSON", "{", "bad_json", 400, -32700, "null"},
		{"a repeated method", `{"jsonrpc":"2.0","id":1,"method":"tools/list","method":"ping"}`, "bad_json", 400, -32700, "null"},
		{"a repeated id", `{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}`, "bad_json", 400, -32700, "null"},
		{"a repeated name", start(`{"name":"list_games","name":"start_tinrail"}`), "bad_json", 400, -32700, "null"},
		{"repeated arguments", start(`{"name":"start_tinrail","arguments":{"seed":1},"arguments":{}}`), "bad_json", 400, -32700, "null"},
		{"a repeated argument", start(`{"name":"start_tinrail","arguments":{"seed":1,"seed":2}}`), "bad_json", 400, -32700, "null"},
		{"Arguments in capitals", start(`{"name":"start_tinrail","Arguments":{"seed":1}}`), "invalid_request", 400, -32600, "7"},
		{"an unknown member", `{"jsonrpc":"2.0","id":1,"method":"tools/list","extra":true}`, "invalid_request", 400, -32600, "1"},
		{"a result from the client", `{"jsonrpc":"2.0","id":1,"result":{}}`, "invalid_request", 400, -32600, "1"},
		{"no jsonrpc", `{"id":1,"method":"tools/list"}`, "invalid_request", 400, -32600, "1"},
		{"jsonrpc 1.0", `{"jsonrpc":"1.0","id":"a","method":"tools/list"}`, "invalid_request", 400, -32600, `"a"`},
		{"an object id", `{"jsonrpc":"2.0","id":{},"method":"tools/list"}`, "invalid_request", 400, -32600, "null"},
		{"params not an object", `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":[]}`, "invalid_request", 400, -32600, "1"},
		{"a name not a string", start(`{"name":5}`), "invalid_request", 400, -32600, "7"},
		{"arguments not an object", start(`{"name":"start_tinrail","arguments":"seed=1"}`), "invalid_request", 400, -32600, "7"},
		{"an unknown member of params", start(`{"name":"start_tinrail","arguments":{},"task":{}}`), "invalid_request", 400, -32600, "7"},
		{"a body over 16 KiB", start(`{"name":"start_tinrail","arguments":{"x":"` + strings.Repeat("a", mcpedge.MaxBody) + `"}}`), "body_too_large", 413, -32600, "null"},
		{"a value too many", metaOf(mcpedge.MaxValues - 6), "bad_json", 400, -32700, "null"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rec := post(h, tt.body, nil)
			got := refusal(t, rec)
			if rec.Code != tt.status || got.Error.Data.Code != tt.code || got.Error.Code != tt.rpc || string(got.ID) != tt.id {
				t.Errorf("%d %s, want %d %s (%d, id %s)", rec.Code, rec.Body, tt.status, tt.code, tt.rpc, tt.id)
			}
		})
	}
	for _, version := range []string{"", "2025-03-26", "2025-06-18"} {
		rec := post(h, listTools, map[string]string{"Mcp-Protocol-Version": version})
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"start_tinrail"`) {
			t.Errorf("one tools/list, protocol version %q: %d %.200s", version, rec.Code, rec.Body)
		}
	}
	if rec := post(h, metaOf(mcpedge.MaxValues-7), nil); rec.Code != 200 || !strings.Contains(rec.Body.String(), `"start_tinrail"`) {
		t.Errorf("a tools/list of %d values: %d %.200s", mcpedge.MaxValues, rec.Code, rec.Body)
	}
}

// metaOf is a tools/list whose _meta holds an array of n elements: the
// message holds n+7 JSON values.
func metaOf(n int) string {
	return `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"x":[` + strings.Repeat("0,", n-1) + `0]}}}`
}

// TestTransportRefusalsAreJSON: what the SDK refuses (a wrong content type,
// an Accept header without event streams, an unknown protocol version) and
// a method but POST are JSON-RPC errors too, not plain text.
func TestTransportRefusalsAreJSON(t *testing.T) {
	h := testserver.WithLive(t, nil)
	for _, tt := range []struct {
		name   string
		header map[string]string
		status int
	}{
		{"text content", map[string]string{"Content-Type": "text/plain"}, 400},
		{"no Accept", map[string]string{"Accept": ""}, 400},
		{"an unknown protocol version", map[string]string{"Mcp-Protocol-Version": "1999-01-01"}, 400},
	} {
		rec := post(h, listTools, tt.header)
		if got := refusal(t, rec); rec.Code != tt.status || got.Error.Data.Code != "invalid_request" {
			t.Errorf("%s: %d %s", tt.name, rec.Code, rec.Body)
		}
	}
	for _, method := range []string{"GET", "DELETE", "PUT"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(method, "/mcp", nil))
		if got := refusal(t, rec); rec.Code != 405 || got.Error.Data.Code != "method_not_allowed" || rec.Header().Get("Allow") != "OPTIONS, POST" {
			t.Errorf("%s /mcp: %d %v %s", method, rec.Code, rec.Header(), rec.Body)
		}
	}
}

// TestOrigins: a web page may call /mcp only from the server's own origin
// or one it was told to allow; other pages are refused (origin_forbidden,
// 403), their CORS preflights too, and a client that sends no Origin (any
// program) is served.
func TestOrigins(t *testing.T) {
	svc, matches, _ := testserver.Parts(t, nil)
	allowing := httpapi.New(svc, nil)
	allowing.ServeMCP(mcpedge.Handler(mcpedge.New(svc, []*core.Server{matches}, mcpedge.Agents{}, nil), mcpedge.Options{Origins: []string{"https://inspector.example"}}))
	for _, tt := range []struct {
		origin  string
		allowed bool
	}{
		{"", true},
		{"http://example.com", true}, // the test request's own host
		{"https://inspector.example", true},
		{"https://evil.example", false},
		{"http://example.com.evil.example", false},
		{"null", false},
		{"http://localhost:6274", false},
		{"https://inspector.example/path", false},
	} {
		rec := post(allowing, listTools, map[string]string{"Origin": tt.origin})
		if tt.allowed && (rec.Code != 200 || (tt.origin != "" && rec.Header().Get("Access-Control-Allow-Origin") != tt.origin)) {
			t.Errorf("origin %q: %d %v %.100s", tt.origin, rec.Code, rec.Header(), rec.Body)
		}
		if !tt.allowed {
			if got := refusal(t, rec); rec.Code != 403 || got.Error.Data.Code != "origin_forbidden" || rec.Header().Get("Access-Control-Allow-Origin") != "" {
				t.Errorf("origin %q: %d %v %s", tt.origin, rec.Code, rec.Header(), rec.Body)
			}
		}
		pre := httptest.NewRequest(http.MethodOptions, "/mcp", nil)
		pre.Header.Set("Origin", tt.origin)
		pre.Header.Set("Access-Control-Request-Method", "POST")
		rec = httptest.NewRecorder()
		allowing.ServeHTTP(rec, pre)
		if allowed := rec.Code == 204 && rec.Header().Get("Access-Control-Allow-Origin") == tt.origin; tt.origin != "" && allowed != tt.allowed {
			t.Errorf("preflight from %q: %d %v", tt.origin, rec.Code, rec.Header())
		}
	}
	rec := post(testserver.WithLive(t, nil), listTools, map[string]string{"Origin": "https://inspector.example"})
	if rec.Code != 403 {
		t.Errorf("an origin allowed elsewhere, by default: %d", rec.Code)
	}
	if got := mcpedge.ParseOrigins(" https://a.example, ,http://b.example:8080,"); strings.Join(got, " ") != "https://a.example http://b.example:8080" {
		t.Errorf("ParseOrigins: %q", got)
	}
}

// calls are, for every tool, the arguments it takes, to fill with a long
// text in turn.
var calls = map[string][]string{
	"list_games": nil, "game_rules": {"game"},
	"start_tinrail": {"opponent", "answer"}, "act_tinrail": {"state", "action"},
	"start_brinebell": {"answer"}, "act_brinebell": {"stateToken", "action"},
	"start_tidebreakers": {"opponent", "players"}, "act_tidebreakers": {"state", "action"},
	"start_tron": {"opponent", "width"}, "act_tron": {"state", "action"},
	"live_create": {"name", "captain"}, "live_join": {"code", "name"},
	"live_state": {"code", "token"}, "live_act": {"code", "token", "action"},
	"tron_live_create": {"name", "bot"}, "tron_live_join": {"code", "name"},
	"tron_live_state": {"code", "token"}, "tron_live_move": {"code", "token", "dir"},
}

// TestAnswersStayShort: whatever argument of whatever tool holds 14 KB,
// or an unknown argument is named with 14 KB, the answer (an error, a
// refusal or a result) stays under 8 KB: nothing is echoed whole.
func TestAnswersStayShort(t *testing.T) {
	h := testserver.WithLive(t, nil)
	long := strings.Repeat("é", 7000)
	for tool, args := range calls {
		for _, arg := range append(args, long) {
			for _, value := range []string{strconv.Quote(long), `{"type":"` + long + `"}`, `{"` + long + `":1}`} {
				body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"` + tool + `","arguments":{"` + arg + `":` + value + `}}}`
				if len(body) > mcpedge.MaxBody {
					continue
				}
				rec := post(h, body, nil)
				if rec.Code >= 500 || rec.Body.Len() > 8<<10 {
					t.Errorf("%s with %.20s=%.20s: %d, %d bytes: %.300s", tool, arg, value, rec.Code, rec.Body.Len(), rec.Body)
				}
			}
		}
	}
}

// worstMCPBodies are the costliest /mcp bodies we know how to build within
// MaxBody: the batch of the report (refused now, as too large), the biggest answer there
// is, and tool calls whose arguments fill the body in the shapes that cost
// a reader most.
func worstMCPBodies() map[string]string {
	call := func(tool, args string) string {
		return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"` + tool + `","arguments":` + args
	}
	fill := func(prefix, unit, suffix string) string {
		n := (mcpedge.MaxBody - len(prefix) - len(suffix)) / len(unit)
		return prefix + strings.Repeat(unit, n) + suffix
	}
	report := "[" + strings.Repeat(listTools+",", 1331) + listTools + "]"
	var keys strings.Builder
	keys.WriteString(`{"k0":0`)
	for i := 1; i < wire.MaxKeys; i++ {
		keys.WriteString(`,"k` + strconv.Itoa(i) + `":0`)
	}
	keys.WriteString("}")
	open := call("act_tron", `{"state":"A","action":`)
	const close = "}}}"
	return map[string]string{
		"a batch of 1,332 tools/list (the report's body)": report,
		"a batch of tools/list":                           fill("[", listTools+",", listTools+"]"),
		"tools/list (the longest answer)":                 listTools,
		"arrays nested 32 deep, many times":               fill(open+"[", strings.Repeat("[", 28)+strings.Repeat("]", 28)+",", "0]"+close),
		"objects of 64 keys in an action":                 fill(open+"[", keys.String()+",", "{}]"+close),
		"escapes in a string argument":                    fill(call("start_tron", `{"opponent":"`), `\u0000`, `"`+close),
		"a long number":                                   fill(call("start_tron", `{"width":`), "9", close),
		"many elements":                                   fill(open+"[", "0,", "0]"+close),
		"a live name filling the body":                    fill(call("live_create", `{"players":2,"name":"`), "é", `"`+close),
	}
}

// TestWorstMCPBodiesStayCheap holds every worst /mcp body to 2 MB
// allocated and its answer to 256 KB, but tools/list to 3 MB: its cost is
// the server's catalog of tools (the SDK encodes them anew each time,
// about 15 bytes allocated a byte answered), the same for every caller;
// BenchmarkWorstMCPBody times them.
func TestWorstMCPBodiesStayCheap(t *testing.T) {
	h := testserver.WithLive(t, nil)
	for name, body := range worstMCPBodies() {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		rec := post(h, body, nil)
		runtime.ReadMemStats(&after)
		allocated := after.TotalAlloc - before.TotalAlloc
		t.Logf("%s: %d bytes, answered %d with %d bytes, %d bytes allocated", name, len(body), rec.Code, rec.Body.Len(), allocated)
		most := uint64(2 << 20)
		if body == listTools {
			most = 3 << 20
		}
		if rec.Code >= 500 || allocated > most || rec.Body.Len() > 256<<10 {
			t.Errorf("%s: %d, %d bytes allocated, %d answered: %.200s", name, rec.Code, allocated, rec.Body.Len(), rec.Body)
		}
	}
}

// BenchmarkWorstMCPBody: go test ./transport/mcpedge -bench WorstMCP
func BenchmarkWorstMCPBody(b *testing.B) {
	h := testserver.WithLive(b, nil)
	for name, body := range worstMCPBodies() {
		b.Run(strings.Join(strings.Fields(strings.Split(name, "(")[0]), "_"), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				post(h, body, nil)
			}
		})
	}
}

// TestLiveCreateIsLimitedOverMCP: live_create counts against the same
// limit as POST /api/matches, per client address; past it the tool error
// is rate_limited.
func TestLiveCreateIsLimitedOverMCP(t *testing.T) {
	svc, _, _ := testserver.Parts(t, nil)
	h := httpapi.New(svc, nil)
	h.ServeMCP(mcpedge.Handler(mcpedge.New(svc, []*core.Server{live.NewServer(&memory.Store{}, time.Now)}, mcpedge.Agents{}, nil), mcpedge.Options{}))
	create := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"live_create","arguments":{"players":2,"bots":1}}}`
	for i := range live.DefaultCreatesPerMinute {
		if rec := post(h, create, nil); rec.Code != 200 || strings.Contains(rec.Body.String(), `"isError":true`) {
			t.Fatalf("match %d: %d %.300s", i+1, rec.Code, rec.Body)
		}
	}
	rec := post(h, create, nil)
	if !strings.Contains(rec.Body.String(), `"isError":true`) || !strings.Contains(rec.Body.String(), `rate_limited`) {
		t.Errorf("one match too many: %d %.300s", rec.Code, rec.Body)
	}
	r := httptest.NewRequest(http.MethodPost, "/mcp", strings.NewReader(create))
	r.RemoteAddr = "198.51.100.9:5000"
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Accept", "application/json, text/event-stream")
	other := httptest.NewRecorder()
	h.ServeHTTP(other, r)
	if strings.Contains(other.Body.String(), `"isError":true`) {
		t.Errorf("another client: %.300s", other.Body)
	}
}
