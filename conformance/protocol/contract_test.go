package protocol

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/internal/testserver"
)

// contractTestAnswer is a real answer of the bundle's server, decoded.
func contractTestAnswer(t *testing.T, target check.Target, method, path string, body []byte) (*check.Reply, map[string]any) {
	t.Helper()
	r, err := target.Do(context.Background(), method, path, nil, body)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	json.Unmarshal(r.Body, &m)
	return r, m
}

// contractTestStart is the contract and, from the bundle's server, a
// target and its real init of a Tinrail match (seed 3), decoded.
func contractTestStart(t *testing.T) (*contractDoc, check.Target, *check.Reply, map[string]any) {
	t.Helper()
	d, f := contractOf()
	if f != nil {
		t.Fatal(f)
	}
	target := check.HandlerTarget(testserver.New(t))
	r, init := contractTestAnswer(t, target, "GET", "/api/games/tinrail/init?seed=3", nil)
	return d, target, r, init
}

// contractTestWith is r with its body replaced by m.
func contractTestWith(t *testing.T, r *check.Reply, m map[string]any) *check.Reply {
	t.Helper()
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return &check.Reply{Status: r.Status, Header: r.Header, Body: b}
}

// TestContractAcceptsRealAnswers: the server's own answers (an init, an
// action, a refusal and a 4xx) pass the validator.
func TestContractAcceptsRealAnswers(t *testing.T) {
	t.Parallel()
	d, target, r, init := contractTestStart(t)
	if f := d.validate("GET", "/api/games/tinrail/init", r); f != nil {
		t.Fatalf("the real init fails: %v", f)
	}
	for action, ok := range map[string]bool{`{"type":"place","tileIndex":0,"rotation":1}`: true, `{"type":"place","tileIndex":9,"rotation":1}`: false} {
		body := []byte(`{"state":"` + init["state"].(string) + `","action":` + action + `}`)
		r, m := contractTestAnswer(t, target, "POST", "/api/games/tinrail/action", body)
		if m["ok"] != ok {
			t.Fatalf("%s answers ok %v: %s", action, m["ok"], r.Body)
		}
		if f := d.validate("POST", "/api/games/tinrail/action", r); f != nil {
			t.Errorf("the real answer to %s fails: %v", action, f)
		}
	}
	r, _ = contractTestAnswer(t, target, "POST", "/api/games/tinrail/action", []byte(`{"state":`))
	if r.Status != 400 {
		t.Fatalf("a broken body answers %d", r.Status)
	}
	if f := d.validate("POST", "/api/games/tinrail/action", r); f != nil {
		t.Errorf("the real 400 fails: %v", f)
	}
	r, _ = contractTestAnswer(t, target, "GET", "/api/games/nosuch/init", nil)
	if f := d.validate("GET", "", r); f != nil {
		t.Errorf("the real 404 of an unknown game fails: %v", f)
	}
}

// TestContractRejectsWrongAnswers: the validator fails a missing required
// field, a wrong type, a wrong enum value, an extra field where none is
// allowed, a refusal without its code, a wrong content type, an undocumented
// status and a body that is not JSON, each at the field that is wrong.
func TestContractRejectsWrongAnswers(t *testing.T) {
	t.Parallel()
	d, target, r, init := contractTestStart(t)
	refusalReply, refusal := contractTestAnswer(t, target, "POST", "/api/games/tinrail/action",
		[]byte(`{"state":"`+init["state"].(string)+`","action":{"type":"jump"}}`))
	// edited is base, copied and edited, in the answer on.
	edited := func(base map[string]any, on *check.Reply, edit func(m map[string]any)) func() *check.Reply {
		return func() *check.Reply {
			b, _ := json.Marshal(base)
			var m map[string]any
			json.Unmarshal(b, &m)
			edit(m)
			return contractTestWith(t, on, m)
		}
	}
	cases := []struct {
		name, route, method, path string
		reply                     func() *check.Reply
	}{
		{"legalActions dropped", "/api/games/tinrail/init", "GET", "legalActions", edited(init, r, func(m map[string]any) {
			delete(m, "legalActions")
		})},
		{"score a string", "/api/games/tinrail/init", "GET", "score", edited(init, r, func(m map[string]any) {
			m["score"] = "0"
		})},
		{"gameOver null", "/api/games/tinrail/init", "GET", "gameOver", edited(init, r, func(m map[string]any) {
			m["gameOver"] = nil
		})},
		{"turn out of its enum", "/api/games/tinrail/init", "GET", "turn", edited(init, r, func(m map[string]any) {
			m["turn"] = "gbot"
		})},
		{"a legal action with an extra field", "/api/games/tinrail/init", "GET", "legalActions[0].x", edited(init, r, func(m map[string]any) {
			m["legalActions"].([]any)[0].(map[string]any)["x"] = 1
		})},
		{"a board cell out of range", "/api/games/tinrail/init", "GET", "view.you.cell", edited(init, r, func(m map[string]any) {
			m["view"].(map[string]any)["you"].(map[string]any)["cell"] = 36
		})},
		{"a refusal without its code", "/api/games/tinrail/action", "POST", "code", edited(refusal, refusalReply, func(m map[string]any) {
			delete(m, "code")
		})},
		{"a refusal with an unlisted code", "/api/games/tinrail/action", "POST", "code", edited(refusal, refusalReply, func(m map[string]any) {
			m["code"] = "nope"
		})},
		{"text/plain", "/api/games/tinrail/init", "GET", "Content-Type", func() *check.Reply {
			return &check.Reply{Status: 200, Header: http.Header{"Content-Type": {"text/plain; charset=utf-8"}}, Body: r.Body}
		}},
		{"HTTP 500", "/api/games/tinrail/init", "GET", "HTTP status", func() *check.Reply {
			return &check.Reply{Status: 500, Header: r.Header, Body: []byte(`{"error":{"code":"internal","message":"x"}}`)}
		}},
		{"not JSON", "/api/games/tinrail/init", "GET", "body", func() *check.Reply {
			return &check.Reply{Status: 200, Header: r.Header, Body: []byte(`{"ok":true`)}
		}},
		{"an unknown game's init answered 200", "", "GET", "HTTP status", func() *check.Reply { return r }},
		{"an error without its message", "", "GET", "error.message", func() *check.Reply {
			return &check.Reply{Status: 404, Header: r.Header, Body: []byte(`{"error":{"code":"unknown_game"}}`)}
		}},
	}
	for _, c := range cases {
		f := d.validate(c.method, c.route, c.reply())
		if f == nil {
			t.Errorf("%s: the validator passes it", c.name)
			continue
		}
		if f.Path != c.path {
			t.Errorf("%s: failure at %q, want %q: %v", c.name, f.Path, c.path, f)
		}
		if !strings.Contains(f.Rule, "openapi.yaml") {
			t.Errorf("%s: the rule does not name the contract: %v", c.name, f)
		}
	}
}

// TestContractSchemaNullable: nullable becomes a JSON Schema null type.
func TestContractSchemaNullable(t *testing.T) {
	t.Parallel()
	got, _ := json.Marshal(contractSchema(map[string]any{
		"a": map[string]any{"type": "string", "enum": []any{"x"}, "nullable": true},
		"b": map[string]any{"allOf": []any{map[string]any{"$ref": "#/x"}}, "nullable": true},
		"c": map[string]any{"nullable": false, "type": "integer"},
	}))
	want := `{"a":{"enum":["x",null],"type":["string","null"]},"b":{"anyOf":[{"type":"null"},{"allOf":[{"$ref":"#/x"}]}]},"c":{"nullable":false,"type":"integer"}}`
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
