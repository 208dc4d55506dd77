package conformance_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/golden"
)

// TestCompactTranscripts: for every golden case's whole transcript, as
// the reference engines play it, Compact(k) for several k, expanded or
// written and read back, gives back every answer (in canonical form) and
// digest, and is written in fewer bytes than the whole transcript: the
// longest, a Tron match of 570 steps, in under a third.
func TestCompactTranscripts(t *testing.T) {
	t.Parallel()
	cases, err := golden.Load(golden.Files, "")
	if err != nil {
		t.Fatal(err)
	}
	ref := reference(t)
	var full, compact int
	var longest struct {
		ref                   string
		steps, whole, compact int
	}
	for i := range cases {
		tr, err := conformance.Transcript(context.Background(), &cases[i], ref)
		if err != nil {
			t.Fatal(err)
		}
		whole, err := tr.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range []int{2, 5, golden.Checkpoint} {
			ct := tr.Compact(k)
			data, err := ct.Marshal()
			if err != nil {
				t.Fatal(err)
			}
			e, err := ct.Expand()
			if err != nil {
				t.Fatalf("%s k %d: %v", tr.Ref(), k, err)
			}
			var read golden.Case
			if err := json.Unmarshal(data, &read); err != nil {
				t.Fatalf("%s k %d: %v", tr.Ref(), k, err)
			}
			for _, got := range []*golden.Case{e, &read} {
				if len(got.Steps) != len(tr.Steps) || got.Format != golden.Format {
					t.Fatalf("%s k %d: %d steps, format %d", tr.Ref(), k, len(got.Steps), got.Format)
				}
				for j, st := range got.Steps {
					if st.Answer == nil || st.Digest != tr.Steps[j].Digest || !sameJSON(t, st.Answer, tr.Steps[j].Answer) {
						t.Fatalf("%s k %d step %d: %s %s, want %s %s", tr.Ref(), k, j, st.Digest, st.Answer, tr.Steps[j].Digest, tr.Steps[j].Answer)
					}
				}
			}
			if len(data) > len(whole) {
				t.Errorf("%s k %d: %d bytes compact, %d whole", tr.Ref(), k, len(data), len(whole))
			}
			if k == golden.Checkpoint {
				full, compact = full+len(whole), compact+len(data)
				if len(tr.Steps) > longest.steps {
					longest.ref, longest.steps, longest.whole, longest.compact = tr.Ref(), len(tr.Steps), len(whole), len(data)
				}
			}
		}
	}
	t.Logf("%d golden transcripts: %d bytes whole, %d compact (K = %d); the longest, %s of %d steps: %d and %d",
		len(cases), full, compact, golden.Checkpoint, longest.ref, longest.steps, longest.whole, longest.compact)
	if longest.compact*3 > longest.whole {
		t.Errorf("the longest transcript, %s: %d bytes compact, %d whole", longest.ref, longest.compact, longest.whole)
	}
}

// sameJSON tells whether two answers are one in canonical form (an
// expanded answer is written canonical already).
func sameJSON(t *testing.T, got, want []byte) bool {
	t.Helper()
	if string(got) == string(want) {
		return true
	}
	g, err := golden.Recorded(got)
	if err != nil {
		t.Fatal(err)
	}
	w, err := golden.Recorded(want)
	if err != nil {
		t.Fatal(err)
	}
	return string(g) == string(w)
}
