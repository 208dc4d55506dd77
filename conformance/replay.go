package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/golden"
)

// stepFailure places err at step i of case c: a *Mismatch gives its
// field, anything else is the broken rule.
func stepFailure(c *Case, i int, err error) *check.Failure {
	f := &check.Failure{Match: c.Ref(), Step: i}
	if i > 0 && i < len(c.Steps) {
		f.Action = c.Steps[i].Action
	}
	var m *Mismatch
	if errors.As(err, &m) {
		f.Path, f.Want, f.Got, f.Detail = m.Path, m.Want, m.Got, m.Detail
	} else {
		f.Rule = err.Error()
	}
	return f
}

// Replay plays a case against an implementation: the init, then every
// action with the implementation's own latest token, checking each answer
// against the case. It stops at the first difference, a *check.Failure.
// When exact, every byte an agent sees must match (Compare); otherwise
// the implementation may write its own observation text and order its
// legal actions its own way (CompareFacts). When an answer's digest
// differs at a step whose answer the case does not keep, the expected
// answer is rebuilt on ref, the reference implementation, played in step.
// The failure is a *ReplayFailure, holding both sides of the match to the
// failing step.
func Replay(ctx context.Context, c *Case, impl, ref client.Transport, exact bool) error {
	var seen received // what impl answered, for the failure
	fail := func(step int, err error) error { return seen.failure(ctx, c, ref, stepFailure(c, step, err)) }
	if len(c.Steps) == 0 {
		return fail(0, fmt.Errorf("the case has no steps"))
	}
	rb := &rebuilder{c: c, ref: ref}
	token := ""
	for i, step := range c.Steps {
		var status int
		var body []byte
		var err error
		if i == 0 {
			status, body, err = impl.Init(ctx, c.Game, c.Query)
		} else {
			status, body, err = impl.Act(ctx, c.Game, c.Field(), token, step.Action)
		}
		if err != nil {
			return fail(i, err)
		}
		seen.add(status, body)
		if status != http.StatusOK {
			return fail(i, &Mismatch{Path: "(HTTP status)", Want: "200", Got: fmt.Sprintf("%d %s", status, brief(string(body)))})
		}
		if err := checkStep(ctx, rb, i, body, exact); err != nil {
			return fail(i, err)
		}
		if token, err = nextToken(body, token, i == 0); err != nil {
			return fail(i, err)
		}
	}
	return nil
}

// checkStep compares answer i with the case: by digest first, then with
// the kept answer if there is one, else with the answer rebuilt.
func checkStep(ctx context.Context, rb *rebuilder, i int, body []byte, exact bool) error {
	d, err := golden.Digest(body)
	if err != nil {
		return &Mismatch{Path: "(answer)", Want: "a JSON object", Got: brief(string(body))}
	}
	if d == rb.c.Steps[i].Digest {
		return nil
	}
	want := rb.c.Steps[i].Answer
	if want == nil {
		if want, err = rb.answer(ctx, i); err != nil {
			return err
		}
	}
	compare := CompareFacts
	if exact {
		compare = Compare
	}
	m, err := compare(want, body)
	switch {
	case err != nil:
		return err
	case m != nil:
		return m
	case exact:
		return &Mismatch{Path: "(answer)", Want: "digest " + rb.c.Steps[i].Digest, Got: "digest " + d}
	}
	return nil
}

// rebuilder plays a case on the reference implementation as far as a
// replay needs it, never going back, so a replay costs at most one
// reference match.
type rebuilder struct {
	c   *Case
	ref client.Transport
	s   *client.Session
	at  int
}

// answer is the reference's answer at step i, recorded. Every digest on
// the way must match the case: if the reference itself disagrees, the
// golden files and this build are out of step, and that is the error.
func (rb *rebuilder) answer(ctx context.Context, i int) (json.RawMessage, error) {
	if rb.s == nil || i < rb.at {
		s, err := client.Start(ctx, rb.ref, rb.c.Game, rb.c.Query)
		if err != nil {
			return nil, err
		}
		s.Field = rb.c.Field()
		rb.s, rb.at = s, 0
	}
	for {
		d, err := golden.Digest(rb.s.Last.Body)
		if err != nil {
			return nil, err
		}
		if d != rb.c.Steps[rb.at].Digest {
			return nil, fmt.Errorf("the reference engines of this build answer step %d of %s differently from its golden file: rebuild the golden files or the conformance command", rb.at, rb.c.Ref())
		}
		if rb.at == i {
			return golden.Recorded(rb.s.Last.Body)
		}
		rb.at++
		if _, err := rb.s.Act(ctx, rb.c.Steps[rb.at].Action); err != nil {
			return nil, err
		}
	}
}

// nextToken is the token to carry forward from an answer; a refusal must
// carry back the token it was sent, and an init must carry the spec.
func nextToken(body []byte, sent string, isInit bool) (string, error) {
	var got struct {
		OK         bool            `json:"ok"`
		State      string          `json:"state"`
		StateToken string          `json:"stateToken"`
		Spec       json.RawMessage `json:"spec"`
	}
	json.Unmarshal(body, &got)
	token := got.State
	if token == "" {
		token = got.StateToken
	}
	switch {
	case token == "":
		return "", &Mismatch{Path: "state", Want: "a state token", Got: "(absent)"}
	case isInit && !bytes.HasPrefix(bytes.TrimSpace(got.Spec), []byte("{")):
		return "", &Mismatch{Path: "spec", Want: "the game's spec object", Got: brief(string(got.Spec))}
	case !got.OK && token != sent:
		return "", &Mismatch{Path: "state", Want: "the unchanged token of a refused action", Got: brief(token)}
	}
	return token, nil
}

// Play sends a case's init and actions to t, carrying t's own token
// forward, and calls each for every answer until it answers false or the
// actions run out. Every answer must be HTTP 200.
func Play(ctx context.Context, c *Case, t client.Transport, each func(step int, answer []byte) (bool, error)) error {
	s, err := client.Start(ctx, t, c.Game, c.Query)
	if err != nil {
		return stepFailure(c, 0, err)
	}
	s.Field = c.Field()
	for i := range c.Steps {
		if i > 0 {
			if _, err := s.Act(ctx, c.Steps[i].Action); err != nil {
				return stepFailure(c, i, err)
			}
		}
		more, err := each(i, s.Last.Body)
		if err != nil || !more {
			return err
		}
	}
	return nil
}

// Print writes a case as a readable transcript, every answer rebuilt on
// the reference implementation: for each step, the action sent, the
// answer without tokens and spec one field a line, and the observation as
// the text an agent reads.
func Print(ctx context.Context, w io.Writer, c *Case, ref client.Transport) error {
	fmt.Fprintf(w, "# %s: covers %v; init query %v\n", c.Ref(), c.Covers, c.Query)
	return Play(ctx, c, ref, func(i int, answer []byte) (bool, error) {
		rec, err := golden.Recorded(answer)
		if err != nil {
			return false, err
		}
		var b bytes.Buffer
		if i == 0 {
			b.WriteString("\n## init\n")
		} else {
			fmt.Fprintf(&b, "\n## action %d: %s\n", i, c.Steps[i].Action)
		}
		if err := golden.WriteFields(&b, rec); err != nil {
			return false, err
		}
		var text struct {
			Observation string `json:"observation"`
		}
		json.Unmarshal(rec, &text)
		if text.Observation != "" {
			b.WriteString("\n-- observation --\n" + text.Observation)
		}
		b.WriteString("\n")
		_, err = w.Write(b.Bytes())
		return err == nil, err
	})
}

// Transcript plays a case on t, recording every answer: the case as a
// whole transcript (every step's answer kept), in the one format the
// client records and the replay viewer opens. Written, it is best
// compact: see golden.Case.Compact.
func Transcript(ctx context.Context, c *Case, t client.Transport) (*Case, error) {
	s, err := client.Start(ctx, t, c.Game, c.Query)
	if err != nil {
		return nil, stepFailure(c, 0, err)
	}
	s.Field = c.Field()
	rec, err := s.Record(c.Query)
	if err != nil {
		return nil, err
	}
	for i, st := range c.Steps[1:] {
		if _, err := s.Act(ctx, st.Action); err != nil {
			return nil, stepFailure(c, i+1, err)
		}
	}
	rec.Name, rec.Covers = c.Name, c.Covers
	return rec, nil
}
