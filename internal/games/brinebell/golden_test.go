package brinebell_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"testing"

	"github.com/agentgames/bundle/agents/dispatcher"
	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/internal/testserver"
)

var update = flag.Bool("update", false, "rewrite golden/brinebell from the current implementation")

const goldenDir = "../../../golden/brinebell"

// goldenCase is one golden run: a seed and the dispatcher's configuration.
// "dispatch" sails both ferries and banks at tick 2700, some 300 ticks after
// Ferry B joins; "single" sails Ferry A only, until five passengers give up.
type goldenCase struct {
	seed     uint64
	policy   string
	refusals bool // also send refused actions along the way
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
		cs = append(cs, goldenCase{seed: seed, policy: "dispatch", refusals: seed <= 2})
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
	}
	afterEnd = []string{`{"type":"bank"}`}
)

// policy plays a case: the dispatcher, with the scripted refusals.
func policy(c goldenCase) conformance.Policy {
	p := c.dispatcher()
	script := map[string][]string{}
	if c.refusals {
		script = map[string][]string{"before": beforeStart, "after": afterStart, "end": afterEnd}
	}
	var last *dispatcher.Envelope
	return func(_ int, answer []byte) (json.RawMessage, bool) {
		env, err := dispatcher.Decode(answer)
		if err != nil {
			return nil, true
		}
		if env.OK {
			last = env
		}
		phase := "after"
		switch {
		case last.GameOver:
			phase = "end"
		case !last.View.Started:
			phase = "before"
		}
		if q := script[phase]; len(q) > 0 {
			script[phase] = q[1:]
			return json.RawMessage(q[0]), false
		}
		a, more := p.Next(last)
		if !more {
			return nil, true
		}
		b, _ := json.Marshal(a)
		return b, false
	}
}

// TestGolden plays every golden case through the real handler and compares
// each transcript with golden/brinebell; -update rewrites them instead.
func TestGolden(t *testing.T) {
	client := conformance.HandlerClient{Handler: testserver.New(t)}
	seen := map[string]bool{}
	for _, c := range goldenCases {
		t.Run(c.name(), func(t *testing.T) {
			tr := conformance.Transcript{Game: "brinebell", Name: c.name(), TokenField: "stateToken",
				Query: map[string]string{"seed": fmt.Sprint(c.seed)}}
			if err := conformance.Record(&tr, client, policy(c)); err != nil {
				t.Fatal(err)
			}
			tr.Covers = covers(&tr)
			if !contains(tr.Covers, "ferry_b") {
				t.Errorf("the run never reached Ferry B: %v", tr.Covers)
			}
			if c.refusals {
				for _, code := range []string{"refusal:not_started", "refusal:already_started", "refusal:invalid_action", "refusal:illegal_action", "refusal:game_over"} {
					if !contains(tr.Covers, code) {
						t.Errorf("refusals lack %s: %v", code, tr.Covers)
					}
				}
			}
			for _, cv := range tr.Covers {
				seen[cv] = true
			}
			diff, err := conformance.Golden(goldenDir, &tr, *update)
			if err != nil {
				t.Fatal(err)
			}
			if diff != "" {
				t.Errorf("transcript differs from golden/brinebell/%s.json (-golden +now):\n%s", tr.Name, diff)
			}
		})
	}
	for _, want := range []string{"ferry_b", "multiplier_2", "multiplier_3", "cart_skip", "overflow", "banked", "departures"} {
		if !seen[want] {
			t.Errorf("no golden run shows %s", want)
		}
	}
}

// covers names what a transcript shows, read from its answers: Ferry B in
// the run, exchanges at multipliers 2 and 3, a cart skipped, an overflow,
// how the run ended and which refusals it met.
func covers(tr *conformance.Transcript) []string {
	var out []string
	add := func(c string) {
		if !contains(out, c) {
			out = append(out, c)
		}
	}
	for _, st := range tr.Steps {
		var a struct {
			OK     bool
			Code   string
			Result *struct{ Reason string }
			View   struct {
				Ferries []json.RawMessage
				Events  []struct {
					Kind       string
					Multiplier int
				}
			}
		}
		json.Unmarshal(st.Answer, &a)
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

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestGoldenFilesAreAllCases: no stray golden file outlives its case.
func TestGoldenFilesAreAllCases(t *testing.T) {
	var names []string
	for _, c := range goldenCases {
		names = append(names, c.name())
	}
	if err := conformance.CheckCases(goldenDir, names); err != nil {
		t.Error(err)
	}
}
