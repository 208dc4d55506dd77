package mcpedge_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/play"
)

// resolved holds, by client session, every tool's output schema resolved.
var resolved sync.Map // *mcp.ClientSession -> map[string]*jsonschema.Resolved

// outputSchemas answers the output schema of every tool cs lists, each
// an object schema.
func outputSchemas(t *testing.T, cs *mcp.ClientSession) map[string]*jsonschema.Resolved {
	t.Helper()
	if m, ok := resolved.Load(cs); ok {
		return m.(map[string]*jsonschema.Resolved)
	}
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]*jsonschema.Resolved{}
	for _, tool := range res.Tools {
		raw, _ := json.Marshal(tool.OutputSchema)
		var s jsonschema.Schema
		if err := json.Unmarshal(raw, &s); err != nil || s.Type != "object" {
			t.Fatalf("%s's output schema is not an object schema (%v): %.200s", tool.Name, err, raw)
		}
		if m[tool.Name], err = s.Resolve(nil); err != nil {
			t.Fatalf("%s's output schema: %v", tool.Name, err)
		}
	}
	resolved.Store(cs, m)
	return m
}

// conforms fails t unless the structured content of res, tool's result,
// conforms to the output schema tool declares.
func conforms(t *testing.T, cs *mcp.ClientSession, tool string, res *mcp.CallToolResult) {
	t.Helper()
	if err := validate(outputSchemas(t, cs)[tool], res.StructuredContent); err != nil {
		raw, _ := json.Marshal(res.StructuredContent)
		t.Errorf("%s's result does not conform to its output schema: %v\n%.600s", tool, err, raw)
	}
}

// validate holds a structured content, as JSON reads it, to rs.
func validate(rs *jsonschema.Resolved, content any) error {
	raw, err := json.Marshal(content)
	if err != nil {
		return err
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return err
	}
	return rs.Validate(v)
}

// TestOutputSchemas: every tool declares an object output schema, and
// its results conform to it (call checks every result of the package's
// tests): here, every tool's answers and tool errors, every answer shape,
// refusals, and a whole match of every game by its first legal actions.
// The schemas hold: a result without a required member, or a tool error
// without its code, does not conform.
func TestOutputSchemas(t *testing.T) {
	cs := newBench(t).inMemory(t)
	schemas := outputSchemas(t, cs)
	call(t, cs, "list_games", nil)
	toolError(t, call(t, cs, "list_games", map[string]any{"game": "tron"}), play.CodeInvalidRequest)
	toolError(t, call(t, cs, "game_rules", map[string]any{"game": "chess"}), play.CodeUnknownGame)
	for _, g := range games.All() {
		slug := g.Info().Slug
		call(t, cs, "game_rules", map[string]any{"game": slug})
		for _, shape := range []string{"text", "view"} {
			call(t, cs, "start_"+slug, map[string]any{"seed": 5, "answer": shape})
		}
		toolError(t, call(t, cs, "start_"+slug, map[string]any{"seed": -1}), play.CodeInvalidRequest)
		toolError(t, call(t, cs, "act_"+slug, map[string]any{"state": "AAAA", "action": map[string]any{}}), play.CodeTokenMalformed)
		args := map[string]any{"seed": 5}
		if slug == "tron" {
			args["width"], args["height"] = 5, 5
		}
		var env struct {
			State        string            `json:"state"`
			GameOver     bool              `json:"gameOver"`
			LegalActions []json.RawMessage `json:"legalActions"`
		}
		structured(t, call(t, cs, "start_"+slug, args), &env)
		var refusal struct {
			OK *bool `json:"ok"`
		}
		if structured(t, call(t, cs, "act_"+slug, map[string]any{"state": env.State, "action": map[string]any{"type": "nope"}}), &refusal); refusal.OK == nil || *refusal.OK {
			t.Errorf("act_%s with a bad action: want a refusal", slug)
		}
		for steps := 0; !env.GameOver; steps++ {
			if steps > 500 || len(env.LegalActions) == 0 {
				t.Fatalf("%s: no end after %d actions", slug, steps)
			}
			structured(t, call(t, cs, "act_"+slug, map[string]any{"state": env.State, "action": env.LegalActions[0]}), &env)
		}
	}

	var joined struct {
		Code string `json:"code"`
	}
	structured(t, call(t, cs, "live_create", map[string]any{"players": 2}), &joined)
	call(t, cs, "live_state", map[string]any{"code": joined.Code})
	call(t, cs, "live_join", map[string]any{"code": joined.Code})
	toolError(t, call(t, cs, "live_join", map[string]any{"code": joined.Code}), play.CodeMatchFull)
	toolError(t, call(t, cs, "live_state", map[string]any{"code": "0000000000"}), play.CodeNoMatch)
	toolError(t, call(t, cs, "live_act", map[string]any{"code": joined.Code, "token": "x", "action": map[string]any{"type": "pass"}}), play.CodeForbidden)
	toolError(t, call(t, cs, "live_create", map[string]any{"players": "2"}), play.CodeInvalidRequest)

	started := call(t, cs, "start_tinrail", map[string]any{"seed": 1})
	failure := call(t, cs, "start_tinrail", map[string]any{"seed": "1"})
	for name, c := range map[string]struct {
		res    *mcp.CallToolResult
		member []string
	}{
		"an envelope without its state": {started, []string{"state"}},
		"a tool error without its code": {failure, []string{"error", "code"}},
	} {
		var v map[string]any
		structured(t, c.res, &v)
		parent := v
		for _, m := range c.member[:len(c.member)-1] {
			parent = parent[m].(map[string]any)
		}
		delete(parent, c.member[len(c.member)-1])
		if validate(schemas["start_tinrail"], v) == nil {
			t.Errorf("%s conforms to start_tinrail's output schema", name)
		}
	}
}
