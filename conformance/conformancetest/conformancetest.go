// Package conformancetest records the golden cases, for the games' tests:
// it plays a policy through a transport, keeps what a case keeps, and
// compares the result with the file in golden/ (or rewrites it with
// -update). The conformance suite itself only reads cases.
package conformancetest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/golden"
)

// SampleEvery is the stride of the sample of answers a compact case keeps,
// besides the init, the refusals and the end; a long case keeps at most
// MaxSamples of them, evenly spread.
const (
	SampleEvery = 64
	MaxSamples  = 4
)

// Policy chooses the next action from the answer just received (step 0 is
// the init's), or says the case is complete.
type Policy func(step int, answer *client.Answer) (action json.RawMessage, done bool)

// Record plays c.Game from c.Query through t, choosing actions with next,
// and fills c.Steps. It answers every full answer, in step order, for the
// caller's own checks. Every answer must be HTTP 200.
func Record(ctx context.Context, t client.Transport, c *conformance.Case, next Policy) ([]json.RawMessage, error) {
	c.Format = golden.Format
	s, err := client.Start(ctx, t, c.Game, c.Query)
	if err != nil {
		return nil, fmt.Errorf("%s init: %w", c.Ref(), err)
	}
	s.Field = c.Field()
	c.Steps = []conformance.Step{{}}
	var answers []json.RawMessage
	var samples []int // steps kept only as samples
	defer func() { thin(c, samples) }()
	for step := 0; ; step++ {
		a := s.Last
		rec, err := golden.Recorded(a.Body)
		if err != nil {
			return nil, err
		}
		d, err := golden.Digest(a.Body)
		if err != nil {
			return nil, err
		}
		answers = append(answers, rec)
		st := &c.Steps[len(c.Steps)-1]
		st.Digest = d
		action, done := next(step, a)
		switch {
		case c.Full || step == 0 || !a.OK || done:
			st.Answer = rec
		case step%SampleEvery == 0:
			st.Answer = rec
			samples = append(samples, step)
		}
		if done {
			return answers, nil
		}
		c.Steps = append(c.Steps, conformance.Step{Action: action})
		if _, err := s.Act(ctx, action); err != nil {
			return nil, fmt.Errorf("%s step %d: %w", c.Ref(), step+1, err)
		}
	}
}

// thin drops sampled answers beyond MaxSamples, keeping an even spread.
func thin(c *conformance.Case, samples []int) {
	if c.Full || len(samples) <= MaxSamples {
		return
	}
	keep := map[int]bool{}
	for k := range MaxSamples {
		keep[samples[k*len(samples)/MaxSamples]] = true
	}
	for _, step := range samples {
		if !keep[step] {
			c.Steps[step].Answer = nil
		}
	}
}

// Golden compares a freshly recorded case, with the answers Record gave,
// to dir/<name>.json and answers a description of the differences, empty
// when they agree. With update it writes the file instead.
func Golden(dir string, c *conformance.Case, answers []json.RawMessage, update bool) (string, error) {
	data, err := c.Marshal()
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, c.Name+".json")
	if update {
		return "", os.WriteFile(path, data, 0o644)
	}
	old, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("%w (go test -update writes it)", err)
	}
	var want conformance.Case
	if err := json.Unmarshal(old, &want); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	var got conformance.Case
	json.Unmarshal(data, &got)
	return describe(&want, &got, answers), nil
}

// describe names the first step whose digest differs, with its answer now,
// then the go-cmp diff of the files (-golden +now).
func describe(want, got *conformance.Case, answers []json.RawMessage) string {
	var b strings.Builder
	for i := range min(len(want.Steps), len(got.Steps)) {
		if want.Steps[i].Digest != got.Steps[i].Digest || string(want.Steps[i].Action) != string(got.Steps[i].Action) {
			fmt.Fprintf(&b, "step %d is the first to differ; now it answers:\n%s\n", i, answers[i])
			break
		}
	}
	asJSON := func(c *conformance.Case) any {
		data, _ := json.Marshal(c)
		var v any
		json.Unmarshal(data, &v)
		return v
	}
	if d := cmp.Diff(asJSON(want), asJSON(got)); d != "" {
		b.WriteString(d)
	}
	return b.String()
}

// MinCases is the fewest golden cases a game keeps.
const MinCases = 20

// CheckCases reports golden files in dir that no case names (left over
// from a removed case) and a game with fewer than MinCases cases.
func CheckCases(dir string, names []string) error {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return err
	}
	known := map[string]bool{}
	for _, n := range names {
		known[n+".json"] = true
	}
	var strays []string
	for _, f := range files {
		if !known[filepath.Base(f)] {
			strays = append(strays, f)
		}
	}
	switch {
	case len(strays) > 0:
		return fmt.Errorf("golden files without a case: %v", strays)
	case len(names) < MinCases:
		return fmt.Errorf("%d golden cases, want at least %d", len(names), MinCases)
	}
	return nil
}

// Check records c through ref, choosing actions with next, sets its covers
// from the answers (unless covers is nil), and compares it with
// dir/<name>.json, or writes that file with update; it reports on t. It
// answers the case's full answers.
func Check(t testing.TB, ref client.Transport, dir string, c *conformance.Case, next Policy,
	covers func([]json.RawMessage) []string, update bool) []json.RawMessage {
	t.Helper()
	answers, err := Record(context.Background(), ref, c, next)
	if err != nil {
		t.Fatal(err)
	}
	if covers != nil {
		c.Covers = covers(answers)
	}
	diff, err := Golden(dir, c, answers, update)
	if err != nil {
		t.Fatal(err)
	}
	if diff != "" {
		t.Errorf("%s/%s.json differs:\n%s", dir, c.Name, diff)
	}
	return answers
}

// Require reports on t every covered thing in want that no case showed.
func Require(t testing.TB, shown map[string]bool, want ...string) {
	t.Helper()
	for _, w := range want {
		if !shown[w] {
			t.Errorf("no golden case shows %s", w)
		}
	}
}
