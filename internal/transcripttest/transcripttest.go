// Package transcripttest holds what tests of transcripts share: holding
// a transcript a server answers to the steps a client recorded, and a
// live table's replay to its contract.
package transcripttest

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/play/live"
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

// ReplaysFrom holds r's Replay to its from: replayed from any frame, from
// the first to one past the last, it calls frame once for every frame,
// with no table and no change before from and, from there on, the tables
// (as describe writes them) and changes of the replay from the deal; the
// first error frame answers stops it, and it answers that error.
func ReplaysFrom(t *testing.T, r live.Replayer, describe func(live.Table) string) {
	t.Helper()
	var all []string
	if err := r.Replay(0, func(tb live.Table, change json.RawMessage) error {
		all = append(all, describe(tb)+" after "+string(change))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for from := range len(all) + 2 {
		n := 0
		err := r.Replay(from, func(tb live.Table, change json.RawMessage) error {
			switch {
			case n < from && (tb != nil || change != nil):
				t.Errorf("replayed from %d: frame %d is shown", from, n)
			case n >= from && describe(tb)+" after "+string(change) != all[n]:
				t.Errorf("replayed from %d: frame %d is\n%s\nnot\n%s", from, n, describe(tb)+" after "+string(change), all[n])
			}
			n++
			return nil
		})
		if err != nil || n != len(all) {
			t.Fatalf("replayed from %d: %d frames of %d, %v", from, n, len(all), err)
		}
	}
	stop := errors.New("stop")
	n := 0
	if err := r.Replay(0, func(live.Table, json.RawMessage) error {
		if n++; n == 2 {
			return stop
		}
		return nil
	}); err != stop || n != 2 {
		t.Errorf("a replay whose second frame answers an error: %d frames, %v", n, err)
	}
}
