package play_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/memory"
	"github.com/agentgames/bundle/store/storetest"
	"github.com/agentgames/bundle/store/token"
)

// TestRankedTranscriptReplaysTheAnswers: a ranked match's transcript holds
// the envelopes Init and Act answered for its accepted steps (without the
// state and the spec), the refused action left out; the seed shows in the
// answer that ends the match and in the transcript once it is over, or
// once its tokens have expired, and not before.
func TestRankedTranscriptReplaysTheAnswers(t *testing.T) {
	clock := &storetest.Clock{At: time.Unix(1_700_000_000, 0)}
	svc := play.NewService(token.Store{Keys: keyring(t)}, clock.Now, tally{}).WithLedger(&memory.Store{Clock: clock.Now})
	ctx := context.Background()
	init := func() *play.Envelope {
		env, err := svc.Init(ctx, "tally", nil, map[string]string{"mode": "together", "ranked": "true"})
		if err != nil {
			t.Fatal(err)
		}
		return env
	}
	act := func(last *play.Envelope, action string) play.Answer {
		a, err := svc.Act(ctx, "tally", last.State, json.RawMessage(action))
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	transcript := func(id string, steps int) *play.RankedTranscript {
		tr, err := svc.RankedTranscript(ctx, "tally", id, 0)
		if err != nil || tr.ID != id || tr.Game != "tally" || tr.Options["mode"] != "together" || tr.From != 0 || len(tr.Steps) != steps || tr.More {
			t.Fatalf("the transcript: %+v, %v; want %d steps", tr, err, steps)
		}
		return tr
	}
	env := init()
	answers := []*play.Envelope{env}
	if _, ok := act(env, `{"n":10}`).(*play.Refusal); !ok {
		t.Fatal("n 10 was not refused")
	}
	for _, action := range []string{`{"n":1}`, `{"n":2}`, `{"n":3}`} {
		if tr := transcript(env.Ranked, len(answers)); tr.Seed != nil || strings.Contains(string(tr.Steps[len(answers)-1].Answer), `"seed"`) {
			t.Errorf("the running match's transcript shows the seed: %+v", tr)
		}
		answers = append(answers, act(answers[len(answers)-1], action).(*play.Envelope))
	}
	last := answers[len(answers)-1]
	tr := transcript(env.Ranked, len(answers))
	if !last.GameOver || last.Seed == nil || tr.Seed == nil || *tr.Seed != *last.Seed {
		t.Fatalf("the match's end: %+v, the transcript's seed %v", last, tr.Seed)
	}
	for i, st := range tr.Steps {
		env := *answers[i]
		env.State, env.StateToken, env.Spec = "", "", nil
		want, err := env.AppendJSON(nil)
		if err != nil || string(st.Answer) != string(want) || (i == 0) != (st.Action == nil) {
			t.Errorf("step %d: %s %s\nwant %s", i, st.Action, st.Answer, want)
		}
	}

	env = init()
	act(env, `{"n":1}`)
	clock.Add(play.RankedLifetime)
	rec, err := svc.Ranked(ctx, "tally", env.Ranked)
	if err != nil || rec.Seed == nil {
		t.Fatalf("the expired ledger: %+v, %v", rec, err)
	}
	if tr := transcript(env.Ranked, 2); tr.Seed == nil || *tr.Seed != *rec.Seed || strings.Contains(string(tr.Steps[1].Answer), `"seed"`) {
		t.Errorf("the expired match's transcript: seed %v, want %d; the last answer %s", tr.Seed, *rec.Seed, tr.Steps[1].Answer)
	}
}
