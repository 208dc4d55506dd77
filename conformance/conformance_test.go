package conformance_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/internal/testserver"
)

func reference(t *testing.T) client.Transport {
	t.Helper()
	ref, err := conformance.Reference()
	if err != nil {
		t.Fatal(err)
	}
	return ref
}

// tamper is an implementation that answers one step of a case with one
// field changed.
type tamper struct {
	client.Transport
	step, at int
	edit     func(map[string]any)
}

func (t *tamper) Act(ctx context.Context, game, field, token string, action json.RawMessage) (int, []byte, error) {
	status, body, err := t.Transport.Act(ctx, game, field, token, action)
	if t.at++; t.at == t.step {
		var m map[string]any
		json.Unmarshal(body, &m)
		t.edit(m)
		body, _ = json.Marshal(m)
	}
	return status, body, err
}

// TestReplayNamesTheFirstDifference: an answer that differs in one field
// fails at that field and step, whether the case keeps that answer or
// only its digest (the expected answer is then rebuilt).
func TestReplayNamesTheFirstDifference(t *testing.T) {
	t.Parallel()
	cases, err := conformance.Load(golden.Files, "brinebell")
	if err != nil {
		t.Fatal(err)
	}
	c := cases[0]
	kept, digestOnly := -1, -1
	for i, s := range c.Steps[1:] {
		switch {
		case s.Answer != nil && kept < 0 && strings.Contains(string(s.Answer), `"view"`):
			kept = i + 1
		case s.Answer == nil && digestOnly < 0:
			digestOnly = i + 1
		}
	}
	if kept < 0 || digestOnly < 0 {
		t.Fatalf("%s keeps no answer or every answer", c.Ref())
	}
	ref := reference(t)
	for _, step := range []int{kept, digestOnly} {
		impl := &tamper{Transport: client.Handler{Handler: testserver.New(t)}, step: step,
			edit: func(m map[string]any) { m["view"].(map[string]any)["streak"] = 99.0 }}
		err := conformance.Replay(context.Background(), &c, impl, ref)
		var se *conformance.StepError
		var m *conformance.Mismatch
		if !errors.As(err, &se) || se.Step != step || !errors.As(err, &m) || m.Path != "view.streak" || m.Got != "99" {
			t.Errorf("step %d altered: got %v", step, err)
		}
	}
}

func TestCompare(t *testing.T) {
	t.Parallel()
	tests := []struct {
		want, got, path string
	}{
		{`{"a":1}`, `{"a":1,"state":"x","spec":{},"reason":"r"}`, ""},
		{`{"a":[1,2]}`, `{"a":[1,3]}`, "a[1]"},
		{`{"a":[1,2]}`, `{"a":[1]}`, "a[1 (missing)]"},
		{`{"a":{"b":1},"c":2}`, `{"a":{"b":1},"c":3}`, "c"},
		{`{"a":1}`, `{}`, "a"},
		{`{"a":1}`, `not json`, "(answer)"},
		{`{"a":[1]}`, `{"a":[1,{"b":2}]}`, "a[1 (extra)]"},
		{`{"a":{"b":[{"c":1}]}}`, `{"a":{"b":[{"c":"1"}]}}`, "a.b[0].c"},
		{`{"a":{"b":1}}`, `{"a":[1]}`, "a"},
		{`{"b":1}`, `{"a":1,"b":1}`, "a"},
		{`{"a":null}`, `{"a":null}`, ""},
	}
	for _, tt := range tests {
		m, err := conformance.Compare([]byte(tt.want), []byte(tt.got))
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case tt.path == "" && m != nil:
			t.Errorf("Compare(%s, %s) = %v, want equal", tt.want, tt.got, m)
		case tt.path != "" && (m == nil || m.Path != tt.path):
			t.Errorf("Compare(%s, %s) = %v, want a difference at %s", tt.want, tt.got, m, tt.path)
		}
	}
}

// TestDigest: answers that Compare finds equal have one digest, and any
// compared difference changes it.
func TestDigest(t *testing.T) {
	t.Parallel()
	digest := func(s string) string {
		d, err := conformance.Digest([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	base := digest(`{"ok":false,"code":"game_over","legalActions":[],"n":1}`)
	for _, same := range []string{
		`{"n":1,"legalActions":[],"code":"game_over","ok":false}`,
		`{"ok":false,"code":"game_over","legalActions":[],"n":1.0,"reason":"other words","state":"abc"}`,
		`{ "ok" : false , "code":"game_over","legalActions":[ ],"n":1e0, "stateToken":"x","spec":{}}`,
	} {
		if d := digest(same); d != base {
			t.Errorf("%s: digest %s, want %s", same, d, base)
		}
	}
	for _, other := range []string{
		`{"ok":false,"code":"illegal_action","legalActions":[],"n":1}`,
		`{"ok":false,"code":"game_over","legalActions":[],"n":2}`,
		`{"ok":false,"code":"game_over","legalActions":[{}],"n":1}`,
	} {
		if digest(other) == base {
			t.Errorf("%s: same digest as a different answer", other)
		}
	}
}
