package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/agentgames/bundle/client"
)

// StepError is a replay that went wrong at one step of a case.
type StepError struct {
	Case string
	Step int // 0 is the init
	Err  error
}

func (e *StepError) Error() string {
	what := "init"
	if e.Step > 0 {
		what = fmt.Sprintf("action %d", e.Step)
	}
	return fmt.Sprintf("%s, %s: %v", e.Case, what, e.Err)
}

func (e *StepError) Unwrap() error { return e.Err }

// Replay plays a case against an implementation: the init, then every
// action with the implementation's own latest token, checking each answer
// against the case. It stops at the first difference. When a digest
// differs at a step whose answer the case does not keep, the expected
// answer is rebuilt on ref, the reference implementation, to name the
// first differing field.
func Replay(ctx context.Context, c *Case, impl, ref client.Transport) error {
	fail := func(step int, err error) error { return &StepError{Case: c.Ref(), Step: step, Err: err} }
	if len(c.Steps) == 0 {
		return fail(0, fmt.Errorf("the case has no steps"))
	}
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
		if status != http.StatusOK {
			return fail(i, &Mismatch{Path: "(HTTP status)", Want: "200", Got: fmt.Sprintf("%d %s", status, brief(string(body)))})
		}
		if err := checkStep(ctx, c, i, body, ref); err != nil {
			return fail(i, err)
		}
		if token, err = nextToken(body, token, i == 0); err != nil {
			return fail(i, err)
		}
	}
	return nil
}

// checkStep compares answer i with the case: with the kept answer if there
// is one, else by digest, rebuilding the expected answer on a difference.
func checkStep(ctx context.Context, c *Case, i int, body []byte, ref client.Transport) error {
	want := c.Steps[i].Answer
	if want == nil {
		d, err := Digest(body)
		if err != nil {
			return &Mismatch{Path: "(answer)", Want: "a JSON object", Got: brief(string(body))}
		}
		if d == c.Steps[i].Digest {
			return nil
		}
		if want, err = Rebuild(ctx, c, i, ref); err != nil {
			return err
		}
	}
	m, err := Compare(want, body)
	switch {
	case err != nil:
		return err
	case m != nil:
		return m
	}
	return nil
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

// Rebuild plays a case on the reference implementation up to step upto
// and answers what it recorded there. Every digest on the way must match
// the case: if the reference itself disagrees, the golden files and this
// build are out of step, and that is the error.
func Rebuild(ctx context.Context, c *Case, upto int, ref client.Transport) (json.RawMessage, error) {
	var out json.RawMessage
	err := Play(ctx, c, ref, func(i int, answer []byte) (bool, error) {
		d, err := Digest(answer)
		if err != nil {
			return false, err
		}
		if d != c.Steps[i].Digest {
			return false, fmt.Errorf("the reference engines of this build answer step %d of %s differently from its golden file: rebuild the golden files or the conformance command", i, c.Ref())
		}
		if i == upto {
			out, err = Recorded(answer)
			return false, err
		}
		return true, nil
	})
	return out, err
}

// Play sends a case's init and actions to t, carrying t's own token
// forward, and calls each for every answer until it answers false or the
// actions run out. Every answer must be HTTP 200.
func Play(ctx context.Context, c *Case, t client.Transport, each func(step int, answer []byte) (bool, error)) error {
	s, err := client.Start(ctx, t, c.Game, c.Query)
	if err != nil {
		return &StepError{Case: c.Ref(), Step: 0, Err: err}
	}
	s.Field = c.Field()
	for i := range c.Steps {
		if i > 0 {
			if _, err := s.Act(ctx, c.Steps[i].Action); err != nil {
				return &StepError{Case: c.Ref(), Step: i, Err: err}
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
		rec, err := Recorded(answer)
		if err != nil {
			return false, err
		}
		var b bytes.Buffer
		if i == 0 {
			b.WriteString("\n## init\n")
		} else {
			fmt.Fprintf(&b, "\n## action %d: %s\n", i, c.Steps[i].Action)
		}
		if err := writeFields(&b, rec); err != nil {
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
