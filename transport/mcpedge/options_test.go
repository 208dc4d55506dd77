package mcpedge_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/agentgames/bundle/play"
)

// TestOptionsAreTypedOneWay: an argument several tools take has one JSON
// type in all of them (players, in start_tidebreakers, start_tron and
// live_create, the same integer schema), and each start tool refuses, as
// invalid_request, a value of another type than its schema declares,
// while it takes a whole number written 3.0 as JSON Schema does.
func TestOptionsAreTypedOneWay(t *testing.T) {
	cs := newBench(t).inMemory(t)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	type prop struct {
		Type    string   `json:"type"`
		Minimum *float64 `json:"minimum"`
		Maximum *float64 `json:"maximum"`
		Enum    []any    `json:"enum"`
	}
	first := map[string]string{}
	props := map[string]map[string]prop{}
	for _, tool := range res.Tools {
		raw, _ := json.Marshal(tool.InputSchema)
		var s struct {
			Properties map[string]prop `json:"properties"`
		}
		if err := json.Unmarshal(raw, &s); err != nil {
			t.Fatal(err)
		}
		props[tool.Name] = s.Properties
		for name, p := range s.Properties {
			if p.Type == "" {
				t.Errorf("%s: argument %s declares no type", tool.Name, name)
			}
			if other, ok := first[name]; ok && props[other][name].Type != p.Type {
				t.Errorf("argument %s is %s in %s, %s in %s", name, props[other][name].Type, other, p.Type, tool.Name)
			}
			first[name] = tool.Name
		}
	}
	for _, tool := range []string{"start_tron", "live_create"} {
		if d := cmp.Diff(props["start_tidebreakers"]["players"], props[tool]["players"]); d != "" {
			t.Errorf("players in start_tidebreakers and %s (-+):\n%s", tool, d)
		}
	}
	if p := props["live_create"]["players"]; p.Type != "integer" || p.Minimum == nil || *p.Minimum != 2 || *p.Maximum != 4 {
		t.Errorf("live_create's players: %+v", p)
	}

	wrong := map[string]any{"integer": "2", "string": 1, "boolean": "true"}
	for tool, ps := range props {
		if len(tool) < 6 || tool[:6] != "start_" {
			continue
		}
		for name, p := range ps {
			toolError(t, call(t, cs, tool, map[string]any{name: wrong[p.Type]}), play.CodeInvalidRequest)
		}
	}
	for _, tool := range []string{"start_tidebreakers", "start_tron"} {
		if res := call(t, cs, tool, map[string]any{"players": 3.0, "seed": 1}); res.IsError {
			t.Errorf("%s with players 3.0: %+v", tool, res.Content[0])
		}
	}
}
