package protocol

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/agentgames/bundle/conformance/check"
)

// This file holds the match checks: a random agent plays a seeded match
// to its end (steering clear of the end early on, by trying other actions
// from the same token, as the stateless loop allows), every answer held
// to the contract and the envelope's promises. At every step it first
// sends an action outside the grammar and a grammar action that is not
// legal now, which must be refused with their codes and leave the state
// as it was: the legal action sent after the refusals, with the token the
// refusal answered, must answer as it does with the token before them.
// After the end, an action is refused game_over.

// maxSteps bounds a match the agent plays.
const maxSteps = 600

// surviveSteps is how long the match checks' agent looks ahead: an action
// that ends the match is taken back and another legal action tried, so
// that matches reach their later states.
const surviveSteps = 40

// matchCheck plays a match of seed with the init options given.
func matchCheck(spec Spec, seed uint64, options string) check.Check {
	game := spec.Slug
	name := fmt.Sprintf("seed %d", seed)
	if options != "" {
		name += " " + options
	}
	name += ", random agent"
	return check.Check{Game: game, Level: check.Protocol, Name: "match " + name, Run: func(ctx context.Context, t check.Target) error {
		w, err := newWalk(ctx, t, spec, name)
		if err != nil {
			return err
		}
		return w.playMatch(seed, options)
	}}
}

// playMatch is matchCheck's match.
func (w *walk) playMatch(seed uint64, options string) error {
	spec := w.spec
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b9))
	a, err := w.init(joinQuery(fmt.Sprintf("seed=%d", seed), options))
	if err != nil {
		return err
	}
	if !w.card() { // the seed's echo and the view are this bundle's
		if a.head.Seed == nil || a.head.Seed.String() != fmt.Sprint(seed) {
			return w.fail("seed", "init echoes the seed the caller chose", fmt.Sprint(seed), numberOrAbsent(a.head.Seed))
		}
		if err := w.echoes(a, options, nil); err != nil {
			return err
		}
	}
	invalid := spec.invalidActions()
	for step := 1; !a.head.GameOver && step <= maxSteps; step++ {
		before := a.token()
		probes := []json.RawMessage{invalid[(step-1)%len(invalid)]}
		var notLegal []json.RawMessage
		for _, c := range spec.grammar(a) {
			if !legal(a, c) {
				notLegal = append(notLegal, c)
			}
		}
		if w.card() {
			notLegal = unlistedTypes(a, notLegal)
		}
		if len(notLegal) > 0 {
			probes = append(probes, notLegal[rng.IntN(len(notLegal))])
		}
		token := before
		for i, p := range probes {
			want := "invalid_action"
			if i > 0 {
				want = spec.notLegal(a, p)
			}
			w.at(step, p)
			r, err := w.act(token, p)
			if err != nil {
				return err
			}
			if err := w.refusal(r, a, token, want); err != nil {
				return err
			}
			if r.token() != "" || !w.card() {
				token = r.token() // the cards' refusal need not carry one
			}
		}
		var next json.RawMessage
		var after *answer
		order := rng.Perm(len(a.head.LegalActions))
		for tries := 1; ; tries++ {
			next = chooseAction(rng, a, order[tries-1])
			w.at(step, next)
			var err error
			if after, err = w.act(token, next); err != nil {
				return err
			}
			if err := w.envelope(after, next); err != nil {
				return err
			}
			if !after.head.GameOver || step > surviveSteps || tries == len(order) {
				break
			}
		}
		again, err := w.act(before, next)
		if err != nil {
			return err
		}
		if err := w.sameAnswer(again, after, "a refused action leaves the state usable: the legal action sent after it, with the token it answered, answers as the same action does with the token before it"); err != nil {
			return err
		}
		a = again
	}
	if !a.head.GameOver {
		return nil // a long match: its steps were checked
	}
	end := spec.grammar(a)[0]
	w.at(w.step+1, end)
	r, err := w.act(a.token(), end)
	if err != nil {
		return err
	}
	return w.refusal(r, a, a.token(), "game_over")
}

// unlistedTypes keeps the actions of cs whose type no legal action of a
// has: under the cards' profile only those are surely illegal, since the
// cards do not say that legalActions lists every value of a field within
// its range (this bundle gives the range in actionRanges instead).
func unlistedTypes(a *answer, cs []json.RawMessage) []json.RawMessage {
	listed := map[string]bool{}
	for _, l := range a.head.LegalActions {
		listed[actionType(l)] = true
	}
	var out []json.RawMessage
	for _, c := range cs {
		if !listed[actionType(c)] {
			out = append(out, c)
		}
	}
	return out
}

// chooseAction is a's i-th legal action, with a random value within range
// for the fields actionRanges gives, half the time.
func chooseAction(rng *rand.Rand, a *answer, i int) json.RawMessage {
	l := a.head.LegalActions[i]
	var act map[string]any
	d := json.NewDecoder(strings.NewReader(string(l)))
	d.UseNumber()
	if d.Decode(&act) != nil || len(a.head.ActionRanges) == 0 || rng.IntN(2) == 0 {
		return l
	}
	changed := false
	for _, r := range a.head.ActionRanges {
		if r.Type != act["type"] || act[r.Field] == nil || r.Max < r.Min {
			continue
		}
		if r.From != nil && fmt.Sprint(act["from"]) != fmt.Sprint(*r.From) {
			continue
		}
		act[r.Field] = r.Min + rng.Int64N(r.Max-r.Min+1)
		changed = true
	}
	if !changed {
		return l
	}
	b, _ := json.Marshal(act)
	return b
}

// echoes checks that the view shows each option of query under its name,
// and each documented default the query leaves out.
func (w *walk) echoes(a *answer, query string, defaults map[string]any) error {
	var view map[string]any
	d := json.NewDecoder(strings.NewReader(string(a.head.View)))
	d.UseNumber()
	d.Decode(&view)
	want := map[string]string{}
	for k, v := range defaults {
		want[k] = fmt.Sprint(v)
	}
	for _, kv := range strings.Split(query, "&") {
		if k, v, ok := strings.Cut(kv, "="); ok && k != "seed" {
			want[k] = v
		}
	}
	for k, v := range want {
		got, ok := view[k]
		if !ok || fmt.Sprint(got) != v {
			return w.fail("view."+k, "the view shows the match's "+k+" (the option given, or its documented default)", v, brief(got))
		}
	}
	return nil
}

// joinQuery joins query parts, leaving out empty ones.
func joinQuery(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, "&")
}

func numberOrAbsent(n *json.Number) string {
	if n == nil {
		return "absent"
	}
	return n.String()
}
