package conformance_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/client/inproc"
	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/conformance/check"
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
	cases, err := golden.Load(golden.Files, "brinebell")
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
		impl := &tamper{Transport: inproc.Handler{Handler: testserver.New(t)}, step: step,
			edit: func(m map[string]any) { m["view"].(map[string]any)["streak"] = 99.0 }}
		err := conformance.Replay(context.Background(), &c, impl, ref, true)
		var f *check.Failure
		if !errors.As(err, &f) || f.Step != step || f.Path != "view.streak" || f.Got != "99" || f.Match != c.Ref() || string(f.Action) != string(c.Steps[step].Action) {
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
		d, err := golden.Digest([]byte(s))
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

// TestDifferencesReadWell: a one-word change deep in a long text shows
// the line where it differs, with the word in both strings; a list with
// its first item moved to the end is reported as reordered, not as a
// missing item; a list one item short names that item by content.
func TestDifferencesReadWell(t *testing.T) {
	t.Parallel()
	var lines []string
	for i := range 40 {
		lines = append(lines, fmt.Sprintf("line %d of a long observation, padded so the whole text is well over 300 characters", i))
	}
	text := strings.Join(lines, "\n")
	changed := strings.Replace(text, "line 31 of a long", "line 31 of a short", 1)
	want, _ := json.Marshal(map[string]any{"observation": text, "legalActions": []string{"a", "b", "c", "d"}})
	for _, tt := range []struct {
		name   string
		got    map[string]any
		path   string
		shows  []string
		absent []string
	}{
		{"one word", map[string]any{"observation": changed, "legalActions": []string{"a", "b", "c", "d"}},
			"observation (line 32)", []string{"line 32", "- line 31 of a long", "+ line 31 of a short", "  line 30 of"}, nil},
		{"first item moved last", map[string]any{"observation": text, "legalActions": []string{"b", "c", "d", "a"}},
			"legalActions", []string{"reordered", `[0] is at [3]: "a"`}, []string{"missing"}},
		{"an item dropped", map[string]any{"observation": text, "legalActions": []string{"a", "c", "d"}},
			"legalActions[1 (missing)]", []string{`missing: [1] "b"`}, []string{"extra"}},
	} {
		got, _ := json.Marshal(tt.got)
		m, err := conformance.Compare(want, got)
		if err != nil || m == nil {
			t.Fatalf("%s: Compare = %v, %v", tt.name, m, err)
		}
		msg := m.Error()
		if m.Path != tt.path {
			t.Errorf("%s: path %q, want %q", tt.name, m.Path, tt.path)
		}
		for _, s := range tt.shows {
			if !strings.Contains(msg, s) {
				t.Errorf("%s: the report lacks %q:\n%s", tt.name, s, msg)
			}
		}
		for _, s := range tt.absent {
			if strings.Contains(msg, s) {
				t.Errorf("%s: the report says %q:\n%s", tt.name, s, msg)
			}
		}
	}
}

// rewrite is an implementation whose every answer is edited.
type rewrite struct {
	client.Transport
	edit func(map[string]any)
}

func (r rewrite) Init(ctx context.Context, game string, query map[string]string) (int, []byte, error) {
	return r.do(r.Transport.Init(ctx, game, query))
}

func (r rewrite) Act(ctx context.Context, game, field, token string, action json.RawMessage) (int, []byte, error) {
	return r.do(r.Transport.Act(ctx, game, field, token, action))
}

func (r rewrite) do(status int, body []byte, err error) (int, []byte, error) {
	var m map[string]any
	if json.Unmarshal(body, &m) == nil {
		r.edit(m)
		body, _ = json.Marshal(m)
	}
	return status, body, err
}

// TestFactsOnly: an implementation with its own observation text and its
// own order of legal actions passes a replay that compares facts, and
// fails an exact one; a changed fact fails both.
func TestFactsOnly(t *testing.T) {
	t.Parallel()
	cases, err := golden.Load(golden.Files, "tinrail")
	if err != nil {
		t.Fatal(err)
	}
	c := &cases[0]
	ref := reference(t)
	ownWords := func(m map[string]any) {
		m["observation"] = "in my own words"
		if list, ok := m["legalActions"].([]any); ok {
			slices.Reverse(list)
		}
	}
	wrongScore := func(m map[string]any) {
		if _, ok := m["score"]; ok {
			m["score"] = 1234.5
		}
	}
	for _, tt := range []struct {
		name     string
		edit     func(map[string]any)
		exact    bool
		wantPass bool
	}{
		{"own words, facts", ownWords, false, true},
		{"own words, exact", ownWords, true, false},
		{"wrong score, facts", wrongScore, false, false},
		{"wrong score, exact", wrongScore, true, false},
	} {
		impl := rewrite{Transport: inproc.Handler{Handler: testserver.New(t)}, edit: tt.edit}
		err := conformance.Replay(context.Background(), c, impl, ref, tt.exact)
		if (err == nil) != tt.wantPass {
			t.Errorf("%s: Replay = %v", tt.name, err)
		}
	}
}

// TestRun: checks that wait on the server's clock start first, results
// come back in the checks' order, and a plain error is given as the
// failure's rule.
func TestRun(t *testing.T) {
	t.Parallel()
	var started []string
	mk := func(name string, wait time.Duration, err error) check.Check {
		return check.Check{Game: "g", Level: check.Rules, Name: name, Wait: wait,
			Run: func(context.Context, check.Target) error { started = append(started, name); return err }}
	}
	cs := []check.Check{mk("a", 0, nil), mk("b", time.Second, errors.New("broke")), mk("c", 2*time.Second, nil), mk("d", 0, nil)}
	results := conformance.Run(context.Background(), check.Target{}, cs, 1, nil)
	if got := strings.Join(started, ""); got != "cbad" {
		t.Errorf("started in the order %s, want cbad", got)
	}
	for i, r := range results {
		if r.Name != cs[i].Name {
			t.Errorf("result %d is %s, want %s", i, r.Name, cs[i].Name)
		}
	}
	if f := results[1].Failure(); f == nil || f.Rule != "broke" || results[0].Failure() != nil {
		t.Errorf("failures: %v, %v", results[0].Failure(), f)
	}
	sums := conformance.Summarize(results)
	if len(sums) != 1 || sums[0].Passed != 3 || sums[0].Failed != 1 {
		t.Errorf("summary %+v", sums)
	}
}
