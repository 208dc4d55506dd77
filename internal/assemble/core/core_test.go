package core_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/agentgames/bundle/games/tinrail"
	"github.com/agentgames/bundle/internal/assemble/core"
	"github.com/agentgames/bundle/internal/seal"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/memory"
)

// service is core.Service of c, failing t if it fails.
func service(t *testing.T, c core.Config) *play.Service {
	t.Helper()
	svc, err := core.Service(c)
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

// TestKeys: without keys each service seals under a random key of its
// own, so that its tokens play there and nowhere else; with keys, every
// service holding them plays the others' tokens.
func TestKeys(t *testing.T) {
	ctx := context.Background()
	games := []play.Game{tinrail.Game{}}
	ring, err := seal.NewKeyring(seal.NewRandomKey(7))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name  string
		keys  *seal.Keyring
		plays bool
	}{
		{"random keys", nil, false},
		{"shared keys", ring, true},
	} {
		one := service(t, core.Config{Keys: tt.keys, Games: games})
		other := service(t, core.Config{Keys: tt.keys, Games: games})
		env, err := one.Init(ctx, "tinrail", nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := one.Act(ctx, "tinrail", env.State, json.RawMessage(`{}`)); err != nil {
			t.Errorf("%s: the service's own token: %v", tt.name, err)
		}
		_, err = other.Act(ctx, "tinrail", env.State, json.RawMessage(`{}`))
		if plays := err == nil; plays != tt.plays {
			t.Errorf("%s: another service's token plays: %v, want %v (%v)", tt.name, plays, tt.plays, err)
		}
	}
}

// TestLedger: ranked play needs a ledger, whose entries the clock dates.
func TestLedger(t *testing.T) {
	ctx := context.Background()
	ranked := map[string]string{play.RankedOption: "true"}
	if _, err := service(t, core.Config{Games: []play.Game{tinrail.Game{}}}).Init(ctx, "tinrail", nil, ranked); !play.IsCode(err, play.CodeInvalidRequest) {
		t.Errorf("ranked without a ledger: %v, want invalid_request", err)
	}
	start := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	svc := service(t, core.Config{Clock: func() time.Time { return start }, Games: []play.Game{tinrail.Game{}}, Ledger: &memory.Store{}})
	env, err := svc.Init(ctx, "tinrail", nil, ranked)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := svc.Ranked(ctx, "tinrail", env.Ranked)
	if want := start.Add(play.RankedLifetime).Format(time.RFC3339); err != nil || rec.Expires != want {
		t.Errorf("the ledger: %+v %v, want it to expire at %s", rec, err, want)
	}
}
