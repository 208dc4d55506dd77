package play_test

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/agentgames/bundle/internal/seal"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/bolt"
	"github.com/agentgames/bundle/store/memory"
	"github.com/agentgames/bundle/store/storetest"
	"github.com/agentgames/bundle/store/token"
)

// rankedService serves tally over sealed tokens, with a ledger in memory.
func rankedService(t *testing.T) *play.Service {
	t.Helper()
	clock := func() time.Time { return time.Unix(1_700_000_000, 0) }
	return play.NewService(token.Store{Keys: keyring(t)}, clock, tally{}).WithLedger(&memory.Store{})
}

// keyring is a keyring of one random key.
func keyring(t *testing.T) *seal.Keyring {
	t.Helper()
	ring, err := seal.NewKeyring(seal.NewRandomKey(1))
	if err != nil {
		t.Fatal(err)
	}
	return ring
}

func codeOf(err error) play.Code {
	var pe *play.Error
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}

// TestRankedTokensPlayOnce: a ranked token plays one action; sent again,
// with the same action or another, it is answered token_spent (409); a
// refused action spends nothing, and the token it hands back plays on.
func TestRankedTokensPlayOnce(t *testing.T) {
	svc := rankedService(t)
	ctx := context.Background()
	env, err := svc.Init(ctx, "tally", nil, map[string]string{"mode": "together", "ranked": "true"})
	if err != nil || env.Ranked == "" || env.Seed != nil {
		t.Fatalf("ranked init: %+v, %v", env, err)
	}
	a, err := svc.Act(ctx, "tally", env.State, json.RawMessage(`{"n":5}`))
	if err != nil {
		t.Fatal(err)
	}
	next := a.(*play.Envelope)
	if next.Ranked != env.Ranked {
		t.Errorf("the ranked id changed: %s, then %s", env.Ranked, next.Ranked)
	}
	for _, action := range []string{`{"n":5}`, `{"n":6}`} {
		if _, err := svc.Act(ctx, "tally", env.State, json.RawMessage(action)); codeOf(err) != play.CodeTokenSpent {
			t.Errorf("a spent token, sent again with %s: %v, want token_spent", action, err)
		}
	}
	r, err := svc.Act(ctx, "tally", next.State, json.RawMessage(`{"n":10}`))
	if ref, ok := r.(*play.Refusal); err != nil || !ok || ref.State != next.State || ref.Ranked != env.Ranked {
		t.Fatalf("a refusal: %#v, %v", r, err)
	}
	if _, err := svc.Act(ctx, "tally", next.State, json.RawMessage(`{"n":1}`)); err != nil {
		t.Errorf("the token a refusal handed back must play: %v", err)
	}
}

// TestRankedRace: of two requests spending one token at once, exactly one
// plays and the other is answered token_spent.
func TestRankedRace(t *testing.T) {
	svc := rankedService(t)
	ctx := context.Background()
	env, err := svc.Init(ctx, "tally", nil, map[string]string{"mode": "together", "ranked": "true"})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Go(func() { _, errs[i] = svc.Act(ctx, "tally", env.State, json.RawMessage(`{"n":3}`)) })
	}
	wg.Wait()
	played := 0
	for _, err := range errs {
		switch {
		case err == nil:
			played++
		case codeOf(err) != play.CodeTokenSpent:
			t.Errorf("a losing request: %v, want token_spent", err)
		}
	}
	if played != 1 {
		t.Errorf("%d requests played one token", played)
	}
}

// TestRankedInitRefusals: ranked play needs a ledger and the server's
// own seed, and the option reads true or false.
func TestRankedInitRefusals(t *testing.T) {
	ctx := context.Background()
	plain, _ := service(t)
	for _, tt := range []struct {
		svc     *play.Service
		seed    *uint64
		ranked  string
		refused bool
	}{
		{plain, nil, "true", true},
		{rankedService(t), seed(3), "true", true},
		{rankedService(t), nil, "yes", true},
		{rankedService(t), seed(3), "false", false},
	} {
		env, err := tt.svc.Init(ctx, "tally", tt.seed, map[string]string{"mode": "together", "ranked": tt.ranked})
		switch {
		case tt.refused && codeOf(err) != play.CodeInvalidRequest:
			t.Errorf("ranked=%s, seed %v: %v, want invalid_request", tt.ranked, tt.seed, err)
		case !tt.refused && (err != nil || env.Ranked != ""):
			t.Errorf("ranked=false: %+v, %v", env, err)
		}
	}
}

// TestRankedLedger: the ledger shows the actions as they are spent, and
// the seed only once the match is over; replaying that seed and those
// actions unranked ends in the same state.
func TestRankedLedger(t *testing.T) {
	svc := rankedService(t)
	ctx := context.Background()
	env, err := svc.Init(ctx, "tally", nil, map[string]string{"mode": "together", "ranked": "true"})
	if err != nil {
		t.Fatal(err)
	}
	actions := []string{`{"n":4}`, `{"n":0}`, `{"n":9}`}
	for i, a := range actions {
		ans, err := svc.Act(ctx, "tally", env.State, json.RawMessage(a))
		if err != nil {
			t.Fatal(err)
		}
		env = ans.(*play.Envelope)
		rec, err := svc.Ranked(ctx, "tally", env.Ranked)
		if err != nil || len(rec.Actions) != i+1 || string(rec.Actions[i]) != a || rec.Over != env.GameOver || (rec.Seed != nil) != env.GameOver {
			t.Fatalf("after action %d: %+v, %v", i+1, rec, err)
		}
	}
	rec, _ := svc.Ranked(ctx, "tally", env.Ranked)
	if !rec.Over || env.Seed == nil || *rec.Seed != *env.Seed || rec.Options["mode"] != "together" {
		t.Fatalf("the finished ledger: %+v (the last answer's seed %v)", rec, env.Seed)
	}
	plain, _ := service(t)
	again, err := plain.Init(ctx, "tally", rec.Seed, rec.Options)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range rec.Actions {
		ans, err := plain.Act(ctx, "tally", again.State, a)
		if err != nil {
			t.Fatal(err)
		}
		again = ans.(*play.Envelope)
	}
	got, _ := json.Marshal(again.View)
	want, _ := json.Marshal(env.View)
	if string(got) != string(want) {
		t.Errorf("the replay ends in %s, the ranked match in %s", got, want)
	}
	for _, id := range []string{"nothex", "00112233445566778899aabbccddeeff"} {
		if _, err := svc.Ranked(ctx, "tally", id); codeOf(err) != play.CodeNoMatch {
			t.Errorf("ledger %q: %v, want no_match", id, err)
		}
	}
}

// TestRankedTokensExpire: a ranked match's tokens play until its deadline,
// RankedLifetime after its start, and are refused from then on
// (token_expired), whatever the action; the ledger says when, and shows
// the seed once nothing more can be played.
func TestRankedTokensExpire(t *testing.T) {
	clock := &storetest.Clock{At: time.Unix(1_700_000_000, 0)}
	svc := play.NewService(token.Store{Keys: keyring(t)}, clock.Now, tally{}).WithLedger(&memory.Store{Clock: clock.Now})
	ctx := context.Background()
	env, err := svc.Init(ctx, "tally", nil, map[string]string{"mode": "together", "ranked": "true"})
	if err != nil {
		t.Fatal(err)
	}
	deadline := clock.Now().Add(play.RankedLifetime)
	rec, err := svc.Ranked(ctx, "tally", env.Ranked)
	if err != nil || rec.Expires != deadline.UTC().Format(time.RFC3339) || rec.Seed != nil {
		t.Fatalf("the ledger of a new match: %+v, %v", rec, err)
	}
	clock.Add(play.RankedLifetime - time.Second)
	ans, err := svc.Act(ctx, "tally", env.State, json.RawMessage(`{"n":1}`))
	if err != nil {
		t.Fatalf("a second before the deadline: %v", err)
	}
	next := ans.(*play.Envelope)
	clock.Add(time.Second)
	for _, action := range []string{`{"n":2}`, `{"n":10}`} {
		if _, err := svc.Act(ctx, "tally", next.State, json.RawMessage(action)); codeOf(err) != play.CodeTokenExpired {
			t.Errorf("%s at the deadline: %v, want token_expired", action, err)
		}
	}
	rec, err = svc.Ranked(ctx, "tally", env.Ranked)
	if err != nil || rec.Over || len(rec.Actions) != 1 || rec.Seed == nil {
		t.Errorf("the ledger once the tokens expired: %+v, %v", rec, err)
	}
}

// TestRankedLedgerOutlivesItsTokens: every entry of a ranked match's ledger
// (head and steps, whenever they were written) is kept until Retention
// after the match's deadline, in the bbolt file the local server sweeps;
// so no token can play again for want of its ledger.
func TestRankedLedgerOutlivesItsTokens(t *testing.T) {
	clock := &storetest.Clock{At: time.Unix(1_700_000_000, 0)}
	ledger, err := bolt.Open(filepath.Join(t.TempDir(), "matches.db"), clock.Now)
	if err != nil {
		t.Fatal(err)
	}
	defer ledger.Close()
	svc := play.NewService(token.Store{Keys: keyring(t)}, clock.Now, tally{}).WithLedger(ledger)
	ctx := context.Background()
	env, err := svc.Init(ctx, "tally", nil, map[string]string{"mode": "together", "ranked": "true"})
	if err != nil {
		t.Fatal(err)
	}
	first := env.State
	for range 2 {
		clock.Add(play.RankedLifetime / 2)
		clock.Add(-time.Minute)
		ans, err := svc.Act(ctx, "tally", env.State, json.RawMessage(`{"n":1}`))
		if err != nil {
			t.Fatal(err)
		}
		env = ans.(*play.Envelope)
	}
	clock.Add(play.Retention) // a week after the last action, a few minutes before the ledger's end
	if _, err := ledger.Sweep(); err != nil {
		t.Fatal(err)
	}
	if rec, err := svc.Ranked(ctx, "tally", env.Ranked); err != nil || len(rec.Actions) != 2 {
		t.Fatalf("the ledger a week after the last action: %+v, %v", rec, err)
	}
	if _, err := svc.Act(ctx, "tally", first, json.RawMessage(`{"n":1}`)); codeOf(err) != play.CodeTokenExpired {
		t.Errorf("the first token, spent a week ago: %v, want token_expired", err)
	}
	clock.Add(3 * time.Minute)
	if n, err := ledger.Sweep(); err != nil || n != 3 {
		t.Errorf("the sweep after the ledger's end deleted %d entries (%v), want its 3", n, err)
	}
	if _, err := svc.Act(ctx, "tally", first, json.RawMessage(`{"n":1}`)); codeOf(err) != play.CodeTokenExpired {
		t.Errorf("the first token, once its ledger is gone: %v, want token_expired", err)
	}
}

// TestRankedTokensPlayOnlyWhereTheirLedgerIs: a ranked token plays only on
// a server whose store holds its ledger as far as the token has played:
// another store with the same keys (or the same store emptied) refuses
// it with ledger_missing rather than playing a spent token again, and so
// does a store that lost the step before the token's.
func TestRankedTokensPlayOnlyWhereTheirLedgerIs(t *testing.T) {
	ring := keyring(t)
	clock := func() time.Time { return time.Unix(1_700_000_000, 0) }
	kept := &memory.Store{}
	svc := play.NewService(token.Store{Keys: ring}, clock, tally{}).WithLedger(kept)
	ctx := context.Background()
	env, err := svc.Init(ctx, "tally", nil, map[string]string{"mode": "together", "ranked": "true"})
	if err != nil {
		t.Fatal(err)
	}
	start := env.State
	ans, err := svc.Act(ctx, "tally", env.State, json.RawMessage(`{"n":1}`))
	if err != nil {
		t.Fatal(err)
	}
	second := ans.(*play.Envelope).State
	other := play.NewService(token.Store{Keys: ring}, clock, tally{}).WithLedger(&memory.Store{})
	for name, tok := range map[string]string{"the spent first token": start, "the second token": second} {
		for _, action := range []string{`{"n":1}`, `{"n":10}`} {
			if _, err := other.Act(ctx, "tally", tok, json.RawMessage(action)); codeOf(err) != play.CodeLedgerMissing {
				t.Errorf("%s, %s, on another store: %v, want ledger_missing", name, action, err)
			}
		}
	}
	headOnly := &memory.Store{}
	head, _, err := kept.Load(ctx, "ranked", env.Ranked)
	if err != nil {
		t.Fatal(err)
	}
	headOnly.Save(ctx, "ranked", env.Ranked, head, 0, time.Time{})
	lost := play.NewService(token.Store{Keys: ring}, clock, tally{}).WithLedger(headOnly)
	if _, err := lost.Act(ctx, "tally", second, json.RawMessage(`{"n":1}`)); codeOf(err) != play.CodeLedgerMissing {
		t.Errorf("the second token on a store that lost the first step: %v, want ledger_missing", err)
	}
	if _, err := lost.Act(ctx, "tally", start, json.RawMessage(`{"n":1}`)); err != nil {
		t.Errorf("the first token where only the head is kept (its step was lost, so it is unspent there): %v", err)
	}
}

// damagedStore is a ledger whose every read meets damage.
type damagedStore struct{ memory.Store }

func (*damagedStore) Load(context.Context, string, string) ([]byte, uint64, error) {
	return nil, 0, play.Errorf(play.CodeStoreDamaged, "damaged")
}

func (*damagedStore) LoadMany(context.Context, string, []string) ([][]byte, error) {
	return nil, play.Errorf(play.CodeStoreDamaged, "damaged")
}

// TestRankedReadsFailLoudly: a ledger the store cannot read is its error
// (store_damaged), never no_match nor a token played as if new.
func TestRankedReadsFailLoudly(t *testing.T) {
	ring := keyring(t)
	clock := func() time.Time { return time.Unix(1_700_000_000, 0) }
	svc := play.NewService(token.Store{Keys: ring}, clock, tally{}).WithLedger(&memory.Store{})
	ctx := context.Background()
	env, err := svc.Init(ctx, "tally", nil, map[string]string{"mode": "together", "ranked": "true"})
	if err != nil {
		t.Fatal(err)
	}
	damaged := play.NewService(token.Store{Keys: ring}, clock, tally{}).WithLedger(&damagedStore{})
	if _, err := damaged.Ranked(ctx, "tally", env.Ranked); codeOf(err) != play.CodeStoreDamaged {
		t.Errorf("the ledger: %v, want store_damaged", err)
	}
	if _, err := damaged.Act(ctx, "tally", env.State, json.RawMessage(`{"n":1}`)); codeOf(err) != play.CodeStoreDamaged {
		t.Errorf("an action: %v, want store_damaged", err)
	}
}
