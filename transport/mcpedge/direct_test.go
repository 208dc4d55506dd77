package mcpedge_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"regexp"
	"testing"

	"github.com/agentgames/bundle/transport/mcpedge"
)

// TestDirectAnswersAsTheSDK: the front's own tools/call answers every
// call byte for byte as the SDK's handler does (status, headers,
// body), for results, refusals, tool errors and bad arguments, each
// protocol revision it takes and both kinds of id; and it takes exactly
// the calls it should, leaving the SDK every other request.
func TestDirectAnswersAsTheSDK(t *testing.T) {
	t.Parallel()
	b := newBench(t)
	srv := mcpedge.New(b.svc, b.lives, b.agents, b.handles)
	direct, sdk := mcpedge.Handler(srv, mcpedge.Options{}), mcpedge.SDKOnly(srv, mcpedge.Options{})
	start := post(direct, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"start_tinrail","arguments":{"seed":7,"opponent":"easy"}}}`, nil)
	var started struct {
		Result struct {
			StructuredContent struct{ State string }
		}
	}
	if err := json.Unmarshal(start.Body.Bytes(), &started); err != nil || started.Result.StructuredContent.State == "" {
		t.Fatalf("start_tinrail: %v %s", err, start.Body.String())
	}
	state := started.Result.StructuredContent.State
	calls := []string{
		`{"name":"start_tinrail","arguments":{"seed":7,"opponent":"easy"}}`,
		`{"name":"act_tinrail","arguments":{"state":"` + state + `","action":{"type":"place","tileIndex":0,"rotation":1}}}`,
		`{"name":"act_tinrail","arguments":{"state":"` + state + `","action":{"type":"place","tileIndex":7,"rotation":1}}}`,
		`{"name":"act_tinrail","arguments":{"state":"AAAA","action":{"type":"place","tileIndex":0,"rotation":1}}}`,
		`{"name":"act_tinrail","arguments":{"state":7}}`,
		`{"name":"act_tinrail"}`,
		`{"name":"start_brinebell","arguments":{"seed":4,"colour":"red"}}`,
		`{"name":"start_brinebell","arguments":{"<b>&\u2028":1}}`,
		`{"name":"tinrail_live_state","arguments":{"code":"NOSUCH"}}`,
		`{"name":"leaderboard","arguments":{"game":"tinrail"}}`,
		`{"name":"list_games","arguments":{}}`,
	}
	versions := []string{"2025-03-26", "2025-06-18", "2025-11-25"}
	for i, c := range calls {
		for _, id := range []string{"3", `"call-3"`} {
			body := `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":` + c + `}`
			header := map[string]string{"Mcp-Protocol-Version": versions[i%len(versions)]}
			if !mcpedge.Direct(direct, request(body, header), []byte(body)) {
				t.Errorf("the front leaves %s to the SDK", body)
			}
			got, want := post(direct, body, header), post(sdk, body, header)
			g, w := sealed.ReplaceAll(got.Body.Bytes(), []byte("<sealed>")), sealed.ReplaceAll(want.Body.Bytes(), []byte("<sealed>"))
			if !reflect.DeepEqual(got.Header(), want.Header()) {
				t.Errorf("%s: direct's headers %v, sdk's %v", body, got.Header(), want.Header())
			}
			if got.Code != want.Code || !bytes.Equal(g, w) {
				at := 0
				for at < min(len(g), len(w)) && g[at] == w[at] {
					at++
				}
				t.Errorf("%s: direct %d, sdk %d; from byte %d direct %q, sdk %q", body, got.Code, want.Code, at, g[at:min(len(g), at+60)], w[at:min(len(w), at+60)])
			}
		}
	}
	call := `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"list_games","arguments":{}}}`
	for _, c := range []struct {
		what, body string
		header     map[string]string
	}{
		{"no protocol version", call, map[string]string{"Mcp-Protocol-Version": ""}},
		{"the oldest revision", call, map[string]string{"Mcp-Protocol-Version": "2024-11-05"}},
		{"a revision to come", call, map[string]string{"Mcp-Protocol-Version": "2026-07-28"}},
		{"JSON answers only", call, map[string]string{"Accept": "application/json"}},
		{"a body not JSON by its type", call, map[string]string{"Content-Type": "text/plain"}},
		{"a notification", `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"list_games"}}`, nil},
		{"_meta", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"list_games","_meta":{"progressToken":1}}}`, nil},
		{"a tool the server has not", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"fly"}}`, nil},
		{"another method", `{"jsonrpc":"2.0","id":3,"method":"tools/list"}`, nil},
	} {
		if mcpedge.Direct(direct, request(c.body, revision(c.header)), []byte(c.body)) {
			t.Errorf("%s: the front calls the tool itself", c.what)
		}
	}
}

// sealed matches what differs between two answers to one request: a
// state token (sealed with a random nonce) and a handle (random).
var sealed = regexp.MustCompile(`AQ[A-Za-z0-9_-]{40,}|[0-9A-Z]{20}`)

// revision is header with the protocol revision of a current client
// (2025-06-18) unless it sets one.
func revision(header map[string]string) map[string]string {
	out := map[string]string{"Mcp-Protocol-Version": "2025-06-18"}
	for k, v := range header {
		out[k] = v
	}
	return out
}

// FuzzCompactHTML: for any valid JSON, compactHTML writes what
// encoding/json writes of it as a json.RawMessage (json.Compact, then
// json.HTMLEscape).
func FuzzCompactHTML(f *testing.F) {
	for _, s := range []string{`{"a": "<b>&</b>", "c" : [1, 2]}`, `"\u2028 \u2029 … \" \\"`, "\"\u2028\u2029…\"", ` { "x" : "a\"<" } `, `"\\"`, `[]`, `"\t"`, "{\"k\":\"tab\\there\"}\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		if !json.Valid(raw) {
			return
		}
		var compact, want bytes.Buffer
		json.Compact(&compact, raw)
		json.HTMLEscape(&want, compact.Bytes())
		if got := mcpedge.CompactHTML(nil, raw); !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%q: %q, want %q", raw, got, want.Bytes())
		}
	})
}
