package mcpedge_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/transport/mcpedge/mcptest"
)

// call calls a tool and answers its result, failing on a protocol error
// and on a result that does not conform to the tool's output schema.
func call(t *testing.T, cs *mcp.ClientSession, tool string, args any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	conforms(t, cs, tool, res)
	return res
}

// structured decodes a result's structured content into v.
func structured(t *testing.T, res *mcp.CallToolResult, v any) {
	t.Helper()
	raw, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("structured content %s: %v", raw, err)
	}
}

// TestRefusalIsAResult: actions off the grammar and one the rules forbid
// now are tool results, not errors: ok false, the code and reason, the
// legal actions and the unchanged state, and a text that says why and
// lists what is legal.
func TestRefusalIsAResult(t *testing.T) {
	for _, conn := range connectors {
		t.Run(conn.name, func(t *testing.T) {
			cs := conn.connect(newBench(t), t)
			for _, c := range []struct {
				game, action string
				code         play.Code
			}{
				{"tinrail", `{"type":"place","tileIndex":9,"rotation":0}`, play.CodeInvalidAction},
				{"tinrail", `{"type":"jump"}`, play.CodeInvalidAction},
				{"brinebell", `{"type":"bank"}`, play.CodeNotStarted},
			} {
				var start struct {
					State string `json:"state"`
				}
				structured(t, call(t, cs, "start_"+c.game, map[string]any{"seed": 7}), &start)
				action, code := c.action, c.code
				res := call(t, cs, "act_"+c.game, map[string]any{"state": start.State, "action": json.RawMessage(action)})
				var got struct {
					OK           bool            `json:"ok"`
					Code         play.Code       `json:"code"`
					Reason       string          `json:"reason"`
					LegalActions json.RawMessage `json:"legalActions"`
					State        string          `json:"state"`
				}
				structured(t, res, &got)
				text, err := mcptest.Text(res)
				if err != nil {
					t.Fatal(err)
				}
				switch {
				case res.IsError:
					t.Errorf("%s: a refusal is a tool error: %s", action, text)
				case got.OK || got.Code != code || got.Reason == "" || got.State != start.State:
					t.Errorf("%s: want a refusal %s with the unchanged state, got %+v", action, code, got)
				case !strings.HasPrefix(text, "Refused ("+string(code)+"): "+got.Reason) || !strings.Contains(text, start.State):
					t.Errorf("%s: the text must say why and give the state back:\n%s", action, text)
				}
				_, listed, _ := strings.Cut(text, "exactly as listed): ")
				listed, _, _ = strings.Cut(listed, "\n")
				var want, inText any
				json.Unmarshal(got.LegalActions, &want)
				json.Unmarshal([]byte(listed), &inText)
				if d := cmp.Diff(want, inText); d != "" || want == nil {
					t.Errorf("%s: the text's legal actions are not the answer's (-answer +text):\n%s", action, d)
				}
			}
		})
	}
}

// TestErrorsAreToolErrors: a request the service cannot act on is a tool
// error whose structured content is the HTTP answer's {error: {code,
// message}} and whose text is "code: message", with the HTTP edge's codes.
func TestErrorsAreToolErrors(t *testing.T) {
	for _, conn := range connectors {
		t.Run(conn.name, func(t *testing.T) {
			b := newBench(t)
			cs := conn.connect(b, t)
			var start struct {
				State string `json:"state"`
			}
			structured(t, call(t, cs, "start_tinrail", map[string]any{"seed": 7}), &start)
			// The token with one character of its middle changed.
			mid := len(start.State) / 2
			swap := "A"
			if start.State[mid] == 'A' {
				swap = "B"
			}
			forged := start.State[:mid] + swap + start.State[mid+1:]
			// A token sealed under another key with the same id.
			other := newBench(t)
			var elsewhere struct {
				State string `json:"state"`
			}
			structured(t, call(t, other.inMemory(t), "start_tinrail", map[string]any{"seed": 7}), &elsewhere)
			place := json.RawMessage(`{"type":"place","tileIndex":0,"rotation":0}`)
			for _, c := range []struct {
				tool string
				args any
				code play.Code
			}{
				{"act_tinrail", map[string]any{"state": forged, "action": place}, play.CodeTokenForged},
				{"act_tinrail", map[string]any{"state": elsewhere.State, "action": place}, play.CodeTokenForged},
				{"act_tinrail", map[string]any{"state": "not a token!", "action": place}, play.CodeTokenMalformed},
				{"act_tinrail", map[string]any{"state": 7, "action": place}, play.CodeTokenMalformed},
				{"act_tinrail", map[string]any{"action": place}, play.CodeMissingState},
				{"act_tinrail", map[string]any{"state": start.State}, play.CodeInvalidRequest},
				{"act_tinrail", map[string]any{"state": start.State, "action": place, "extra": 1}, play.CodeInvalidRequest},
				{"start_tinrail", map[string]any{"opponent": "godlike"}, play.CodeInvalidRequest},
				{"start_tinrail", map[string]any{"players": "2"}, play.CodeInvalidRequest},
				{"start_tinrail", map[string]any{"seed": -1}, play.CodeInvalidRequest},
				{"start_tinrail", map[string]any{"seed": map[string]any{}}, play.CodeInvalidRequest},
				{"start_tinrail", map[string]any{"ranked": true, "seed": 7}, play.CodeInvalidRequest},
				{"game_rules", map[string]any{"game": "chess"}, play.CodeUnknownGame},
				{"game_rules", map[string]any{"game": "tinrail", "level": 1}, play.CodeInvalidRequest},
				{"list_games", map[string]any{"verbose": true}, play.CodeInvalidRequest},
				{"live_act", map[string]any{"code": "NOSUCH", "token": "t", "action": map[string]any{"type": "fly"}}, play.CodeInvalidRequest},
				{"live_state", map[string]any{"code": "NOSUCH"}, play.CodeNoMatch},
			} {
				t.Run(c.tool, func(t *testing.T) { toolError(t, call(t, cs, c.tool, c.args), c.code) })
			}
		})
	}
}

// TestMCPPath: the local server takes POST at /mcp; another method there
// answers 405 with the JSON error and the Allow header of any other path.
func TestMCPPath(t *testing.T) {
	b := newBench(t)
	rec := httptest.NewRecorder()
	b.http.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/mcp", nil))
	if rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") != "OPTIONS, POST" || !strings.Contains(rec.Body.String(), `"method_not_allowed"`) {
		t.Errorf("GET /mcp: %d Allow %q %s", rec.Code, rec.Header().Get("Allow"), rec.Body)
	}
}
