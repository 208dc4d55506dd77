// Package transcripttest holds what tests of transcripts share: holding
// a transcript a server answers to the steps a client recorded.
package transcripttest

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/agentgames/bundle/golden"
)

// Accepted are the steps of a recorded transcript whose answers were
// accepted: a ranked match's transcript leaves the refusals out.
func Accepted(t testing.TB, steps []golden.Step) []golden.Step {
	t.Helper()
	var out []golden.Step
	for _, st := range steps {
		var a struct{ OK bool }
		if err := json.Unmarshal(st.Answer, &a); err != nil {
			t.Fatal(err)
		}
		if a.OK {
			out = append(out, st)
		}
	}
	return out
}

// Same holds a transcript's steps to the steps a client recorded: the
// same actions (as JSON values), and the same answers byte for byte with
// the same digests.
func Same(t testing.TB, got *golden.Case, want []golden.Step) {
	t.Helper()
	if len(got.Steps) != len(want) {
		t.Fatalf("the transcript has %d steps, the client recorded %d", len(got.Steps), len(want))
	}
	for i, st := range got.Steps {
		if !SameJSON(st.Action, want[i].Action) || !bytes.Equal(st.Answer, want[i].Answer) || st.Digest != want[i].Digest {
			t.Fatalf("step %d: %s %s %s\nrecorded %s %s %s", i, st.Action, st.Digest, st.Answer, want[i].Action, want[i].Digest, want[i].Answer)
		}
	}
}

// SameJSON reports whether two JSON texts (or two absent ones) hold the
// same value, written alike once compacted.
func SameJSON(a, b json.RawMessage) bool {
	var x, y bytes.Buffer
	return (a == nil) == (b == nil) && (a == nil || json.Compact(&x, a) == nil && json.Compact(&y, b) == nil && bytes.Equal(x.Bytes(), y.Bytes()))
}
