package conformance_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/internal/testserver"
)

func handler(t *testing.T) conformance.HandlerClient {
	return conformance.HandlerClient{Handler: testserver.New(t)}
}

// TestReplayEveryGolden replays every embedded transcript against this
// implementation, in process.
func TestReplayEveryGolden(t *testing.T) {
	ts, err := conformance.Load(golden.Files, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(ts) < 20 {
		t.Fatalf("only %d transcripts", len(ts))
	}
	c := handler(t)
	for i := range ts {
		if err := conformance.Replay(&ts[i], c); err != nil {
			t.Error(err)
		}
	}
}

// TestReplayReportsTheFirstDifference: a transcript altered in one field
// fails at that field and step.
func TestReplayReportsTheFirstDifference(t *testing.T) {
	ts, err := conformance.Load(golden.Files, "tinrail")
	if err != nil || len(ts) == 0 {
		t.Fatal(err)
	}
	tr := ts[0]
	var answer map[string]any
	json.Unmarshal(tr.Steps[1].Answer, &answer)
	view := answer["view"].(map[string]any)
	view["tilesSurvived"] = 99.0
	tr.Steps[1].Answer, _ = json.Marshal(answer)
	err = conformance.Replay(&tr, handler(t))
	var se *conformance.StepError
	var m *conformance.Mismatch
	if !errors.As(err, &se) || se.Step != 1 || !errors.As(err, &m) || m.Path != "view.tilesSurvived" || m.Want != "99" {
		t.Fatalf("got %v", err)
	}
}

func TestCompare(t *testing.T) {
	tests := []struct {
		want, got, path string
	}{
		{`{"a":1}`, `{"a":1,"state":"x","spec":{},"reason":"r"}`, ""},
		{`{"a":[1,2]}`, `{"a":[1,3]}`, "a[1]"},
		{`{"a":[1,2]}`, `{"a":[1]}`, "a[1 (missing)]"},
		{`{"a":{"b":1},"c":2}`, `{"a":{"b":1},"c":3}`, "c"},
		{`{"a":1}`, `{}`, "a"},
		{`{"a":1}`, `not json`, "(answer)"},
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
