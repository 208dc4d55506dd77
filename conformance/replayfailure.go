package conformance

import (
	"context"
	"fmt"
	"net/http"
	"slices"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/golden"
)

// ReplayFailure is how a golden replay failed (see Replay): the failure
// placed in the case, with both sides of the match from the init to the
// failing step, so that a report can show them side by side in the replay
// viewer. errors.As finds the *check.Failure in it too.
type ReplayFailure struct {
	*check.Failure
	// Received is what the implementation answered: a step for every
	// request sent, from the init to the failing one (Failure.Step), each
	// answer as a case keeps it (see golden.Recorded) with its digest; the
	// failing step keeps none when its answer was not a JSON object, or
	// never came. It is compact (see golden.Case.Compact).
	Received *golden.Case
	// Expected is the case to the same step, every answer kept: the golden
	// file's, else rebuilt on the reference engines (a step the reference
	// answers with another digest than the file's keeps none). Compact.
	Expected *golden.Case
	// Text is the failing step's answer as text (its HTTP status and its
	// body, brief) when Received cannot keep it whole: when it was not
	// HTTP 200, or not a JSON object; "" otherwise.
	Text string
}

// Unwrap answers the failure placed in the case.
func (f *ReplayFailure) Unwrap() error { return f.Failure }

// textMax bounds the failing body a ReplayFailure keeps as text.
const textMax = 4000

// received keeps what an implementation answered in a replay, for the
// failure: the bodies of every answer so far, and the last one's status.
type received struct {
	bodies [][]byte
	status int
}

func (r *received) add(status int, body []byte) {
	r.bodies = append(r.bodies, body)
	r.status = status
}

// failure is f with both sides of c to its step: what the implementation
// answered, and what the case holds, rebuilt on ref where it keeps only
// a digest.
func (r *received) failure(ctx context.Context, c *Case, ref client.Transport, f *check.Failure) error {
	if f.Step < 0 || f.Step >= len(c.Steps) {
		return f
	}
	got := &golden.Case{Format: golden.Format, Game: c.Game, Name: c.Name, Covers: c.Covers, Query: c.Query, TokenField: c.TokenField, Full: true}
	rf := &ReplayFailure{Failure: f, Received: got}
	for i := range f.Step + 1 {
		st := golden.Step{}
		if i > 0 {
			st.Action = c.Steps[i].Action
		}
		if i < len(r.bodies) {
			body := r.bodies[i]
			answer, err := golden.Recorded(body)
			if err == nil {
				st.Answer = answer
				st.Digest, _ = golden.Digest(body)
			}
			if i == f.Step && (err != nil || r.status != http.StatusOK) {
				rf.Text = fmt.Sprintf("HTTP %d %s\n\n%s", r.status, http.StatusText(r.status), check.Brief(string(body), textMax))
			}
		}
		got.Full = got.Full && st.Answer != nil
		got.Steps = append(got.Steps, st)
	}
	rf.Received = got.Compact(golden.Checkpoint)
	rf.Expected = expected(ctx, c, ref, f.Step)
	return rf
}

// expected is case c to step last, every answer kept: the case's own, and
// for a step that keeps only a digest the reference's answer if its digest
// is the case's. Compact.
func expected(ctx context.Context, c *Case, ref client.Transport, last int) *golden.Case {
	e := *c
	e.Format, e.Steps = golden.Format, slices.Clone(c.Steps[:last+1])
	if slices.ContainsFunc(e.Steps, func(s golden.Step) bool { return s.Answer == nil }) {
		// An error leaves the steps not yet rebuilt without an answer.
		Play(ctx, c, ref, func(i int, body []byte) (bool, error) {
			if e.Steps[i].Answer == nil {
				if d, err := golden.Digest(body); err == nil && d == e.Steps[i].Digest {
					e.Steps[i].Answer, _ = golden.Recorded(body)
				}
			}
			return i < last, nil
		})
	}
	e.Full = !slices.ContainsFunc(e.Steps, func(s golden.Step) bool { return s.Answer == nil })
	return e.Compact(golden.Checkpoint)
}
