package rules

// This file holds how a referee places what it finds: a broken rule
// (Broke), put at a request of a match (Where).

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/agentgames/bundle/conformance/check"
)

// Where is a request within a match, where a failure is placed: the
// match's name, the step (0 the init, n the n-th action) and the action
// sent at it.
type Where struct {
	Name   string
	Step   int
	Action json.RawMessage
}

// Broke is a rule broken at path of an answer, not yet placed in a match
// (Where.Place places it). Want and got are written with fmt.Sprint, cut
// short.
func Broke(path, rule string, want, got any) *check.Failure {
	return &check.Failure{Path: path, Rule: rule, Want: show(want), Got: show(got)}
}

// show writes a value short, for a failure's Want and Got.
func show(v any) string { return check.Brief(fmt.Sprint(v), 300) }

// Place puts f at the current request, unless it is placed already.
func (w *Where) Place(f *check.Failure) *check.Failure {
	if f.Match == "" {
		f.Match, f.Step, f.Action = w.Name, w.Step, w.Action
	}
	return f
}

// Fail is the rule broken at path, placed at the current request.
func (w *Where) Fail(path, rule string, want, got any) *check.Failure {
	return w.Place(Broke(path, rule, want, got))
}

// maxListed bounds the breaks FailAll lists.
const maxListed = 12

// FailAll places the first of several breaks found in one answer; its
// detail holds the lead lines, then, when there are more, every break
// (the first maxListed) with its rule.
func (w *Where) FailAll(fs []*check.Failure, lead ...string) *check.Failure {
	lines := slices.Clone(lead)
	if len(fs) > 1 {
		for i, f := range fs {
			if i == maxListed {
				lines = append(lines, fmt.Sprintf("... and %d more", len(fs)-i))
				break
			}
			lines = append(lines, fmt.Sprintf("%s: want %s, got %s (%s)", f.Path, f.Want, f.Got, f.Rule))
		}
	}
	f := w.Place(fs[0])
	if f.Detail != "" {
		lines = append([]string{f.Detail}, lines...)
	}
	f.Detail = strings.Join(lines, "\n")
	return f
}
