package brinebell_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"slices"
	"testing"

	"github.com/agentgames/bundle/agents/dispatcher"
	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/conformance/conformancetest"
	"github.com/agentgames/bundle/games/brinebell"
)

var update = flag.Bool("update", false, "rewrite golden/brinebell from the current implementation")

const goldenDir = "../../golden/brinebell"

// goldenCase is one golden run: a seed and the dispatcher's configuration.
// "dispatch" sails both ferries and banks at tick 2700, some 300 ticks after
// Ferry B joins; "single" sails Ferry A only, until five passengers give up.
type goldenCase struct {
	seed     uint64
	policy   string
	refusals bool // also send refused actions along the way
	full     bool // keep every answer, for review
}

func (c goldenCase) name() string { return fmt.Sprintf("seed%03d-%s", c.seed, c.policy) }

func (c goldenCase) dispatcher() dispatcher.Policy {
	if c.policy == "single" {
		return dispatcher.Policy{MaxStep: 60, Ferries: 1}
	}
	return dispatcher.Policy{MaxStep: 60, BankAt: 2700}
}

var goldenCases = func() []goldenCase {
	var cs []goldenCase
	for seed := uint64(1); seed <= 15; seed++ {
		cs = append(cs, goldenCase{seed: seed, policy: "dispatch", refusals: seed <= 2, full: seed == 7})
	}
	for _, seed := range []uint64{3, 7, 10, 11, 12} {
		cs = append(cs, goldenCase{seed: seed, policy: "single"})
	}
	return cs
}()

// scripted are the refused actions a refusals case sends: before the
// start, right after it, and after the end.
var (
	beforeStart = []string{`{"type":"advance","ticks":10}`}
	afterStart  = []string{
		`{"type":"start"}`,
		`{"type":"advance","ticks":91}`,
		`{"type":"advance","ticks":5,"ferry":0}`,
		`{"type":"order","ferry":1,"dock":0}`,
		`{"type":"order","ferry":0,"dock":3}`,
		`{"type":"sail"}`,
		`{"type":"advance","TICKS":45}`,
		`{"type":"advance","ticks":2.5}`,
	}
	afterEnd = []string{`{"type":"bank"}`}
)

// policy plays a case: the dispatcher, with the scripted refusals.
func policy(t *testing.T, c goldenCase) conformancetest.Policy {
	p := c.dispatcher()
	script := map[string][]string{}
	if c.refusals {
		script = map[string][]string{"before": beforeStart, "after": afterStart, "end": afterEnd}
	}
	var last brinebell.View
	return func(_ int, a *client.Answer) (json.RawMessage, bool) {
		if a.OK {
			if err := a.View(&last); err != nil {
				t.Fatal(err)
			}
		}
		phase := "after"
		switch {
		case last.Finished:
			phase = "end"
		case !last.Started:
			phase = "before"
		}
		if q := script[phase]; len(q) > 0 {
			script[phase] = q[1:]
			return json.RawMessage(q[0]), false
		}
		action, more := p.Next(&last)
		if !more {
			return nil, true
		}
		return dispatcher.JSON(action), false
	}
}

// TestGolden plays every golden case through the play core in process (no
// HTTP) and compares each with its file in golden/brinebell; -update
// rewrites them instead.
func TestGolden(t *testing.T) {
	t.Parallel()
	ref := conformancetest.Reference(t)
	seen := map[string]bool{}
	for _, c := range goldenCases {
		gc := conformance.Case{Game: "brinebell", Name: c.name(), TokenField: "stateToken", Full: c.full,
			Query: map[string]string{"seed": fmt.Sprint(c.seed)}}
		conformancetest.Check(t, ref, goldenDir, &gc, policy(t, c), covers, *update)
		if !slices.Contains(gc.Covers, "ferry_b") {
			t.Errorf("%s never reached Ferry B: %v", gc.Name, gc.Covers)
		}
		if c.refusals {
			for _, code := range []string{"refusal:not_started", "refusal:already_started", "refusal:invalid_action", "refusal:illegal_action", "refusal:game_over"} {
				if !slices.Contains(gc.Covers, code) {
					t.Errorf("%s: refusals lack %s: %v", gc.Name, code, gc.Covers)
				}
			}
		}
		for _, cv := range gc.Covers {
			seen[cv] = true
		}
	}
	conformancetest.Require(t, seen, "ferry_b", "multiplier_2", "multiplier_3", "cart_skip", "overflow", "banked", "departures")
}

// covers names what a run shows, read from its answers: Ferry B in the
// run, exchanges at multipliers 2 and 3, a cart skipped, an overflow, how
// the run ended and which refusals it met.
func covers(answers []json.RawMessage) []string {
	var out []string
	add := func(c string) {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	for _, answer := range answers {
		var a struct {
			OK     bool
			Code   string
			Result *brinebell.Result
			View   brinebell.View
		}
		json.Unmarshal(answer, &a)
		if !a.OK {
			add("refusal:" + a.Code)
			continue
		}
		if len(a.View.Ferries) == 2 {
			add("ferry_b")
		}
		for _, e := range a.View.Events {
			switch {
			case e.Kind == "exchange" && e.Multiplier > 1:
				add(fmt.Sprintf("multiplier_%d", e.Multiplier))
			case e.Kind == "skip":
				add("cart_skip")
			case e.Kind == "overflow":
				add("overflow")
			}
		}
		if a.Result != nil {
			add(a.Result.Reason)
		}
	}
	return out
}

// TestGoldenFilesAreAllCases: no stray golden file outlives its case.
func TestGoldenFilesAreAllCases(t *testing.T) {
	t.Parallel()
	var names []string
	for _, c := range goldenCases {
		names = append(names, c.name())
	}
	if err := conformancetest.CheckCases(goldenDir, names); err != nil {
		t.Error(err)
	}
}
