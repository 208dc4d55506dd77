package agents_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/agents"
	"github.com/agentgames/bundle/store/memory"
	"github.com/agentgames/bundle/store/storetest"
)

func code(err error) play.Code {
	var pe *play.Error
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}

// TestFold: names are shown as given (NFC, spaces collapsed) and compared
// as one when their NFKC case-folded forms are; what is no name is
// refused.
func TestFold(t *testing.T) {
	for _, c := range []struct{ name, display, folded string }{
		{"My Bot", "My Bot", "my bot"},
		{"  my   BOT ", "my BOT", "my bot"},
		{"Ｍｙ Ｂｏｔ", "Ｍｙ Ｂｏｔ", "my bot"},
		{"Straße", "Straße", "strasse"},
		{"STRASSE", "STRASSE", "strasse"},
		{"Cafe\u0301", "Café", "café"},
		{"ﬁx it", "ﬁx it", "fix it"},
		{"日本語ボット", "日本語ボット", "日本語ボット"},
		{"R2-D2's bot_v1.0", "R2-D2's bot_v1.0", "r2-d2's bot_v1.0"},
		{"Бот Ада", "Бот Ада", "бот ада"},
		{"GPT ボット 日本", "GPT ボット 日本", "gpt ボット 日本"},
		{"봇 Kim 金", "봇 Kim 金", "봇 kim 金"},
		{"Ελένη 7", "Ελένη 7", "ελένη 7"},
	} {
		d, f, err := agents.Fold(c.name)
		if err != nil || d != c.display || f != c.folded {
			t.Errorf("Fold(%q) = %q, %q, %v; want %q, %q", c.name, d, f, err, c.display, c.folded)
		}
	}
	for _, bad := range []string{"", "ab", strings.Repeat("x", 33), "-bot", " .bot", "x\u200by", "bot\u202e", "bot🤖", "a\x00b", "\xff\xfebot", "a/b",
		"\u0410da Bot", "Ada B\u043et", "p\u0430ypal", "Ad\u03b1", "Bot \u05d0", "\u0661\u0662 bot"} {
		if d, f, err := agents.Fold(bad); err == nil {
			t.Errorf("Fold(%q) = %q, %q; want an error", bad, d, f)
		}
	}
}

// TestRegistry, on every store: an agent registers and authenticates
// with its key; its name, in any case or width, is taken; it adds keys up
// to MaxKeys and revokes them, but not its last; a revoked key, a key
// altered, and keys of other forms are unauthorized; nothing shows a
// key's hash.
func TestRegistry(t *testing.T) {
	storetest.Each(t, func(t *testing.T, store play.Store) {
		ctx := context.Background()
		r := agents.New(store, time.Now).WithCreateLimit(0)
		reg, err := r.Register(ctx, "Ada Bot")
		if err != nil || reg.Agent.Name != "Ada Bot" || !strings.HasPrefix(reg.Key, "agk_"+reg.Agent.ID+"_") {
			t.Fatalf("register: %+v, %v", reg, err)
		}
		a, keyID, err := r.Authenticate(ctx, reg.Key)
		if err != nil || a.ID != reg.Agent.ID || keyID != reg.KeyID {
			t.Fatalf("authenticate: %+v %s %v", a, keyID, err)
		}
		for _, taken := range []string{"Ada Bot", "ada bot", "ＡＤＡ  ＢＯＴ"} {
			if _, err := r.Register(ctx, taken); code(err) != play.CodeNameTaken {
				t.Errorf("register %q again: %v", taken, err)
			}
		}
		if named, err := r.Named(ctx, "ADA BOT"); err != nil || named.ID != reg.Agent.ID {
			t.Errorf("named: %+v %v", named, err)
		}
		keys := []string{reg.Key}
		for range agents.MaxKeys - 1 {
			k, err := r.AddKey(ctx, keys[len(keys)-1])
			if err != nil {
				t.Fatal(err)
			}
			keys = append(keys, k.Key)
		}
		if _, err := r.AddKey(ctx, reg.Key); code(err) != play.CodeConflict {
			t.Errorf("a key past %d: %v", agents.MaxKeys, err)
		}
		got, _ := r.Get(ctx, reg.Agent.ID)
		for i, k := range got.Keys[1:] {
			if _, err := r.RevokeKey(ctx, reg.Key, k.ID); err != nil {
				t.Fatalf("revoke key %d: %v", i+1, err)
			}
			if _, _, err := r.Authenticate(ctx, keys[i+1]); code(err) != play.CodeUnauthorized {
				t.Errorf("revoked key %d: %v", i+1, err)
			}
		}
		if _, err := r.RevokeKey(ctx, reg.Key, reg.KeyID); code(err) != play.CodeConflict {
			t.Errorf("revoking the last key: %v", err)
		}
		altered := reg.Key[:len(reg.Key)-1] + map[bool]string{true: "b", false: "a"}[strings.HasSuffix(reg.Key, "a")]
		for _, bad := range []string{"", "agk_", altered, "agk_" + reg.Agent.ID, "Bearer " + reg.Key, strings.ToUpper(reg.Key), "agk_aaaaaaaaaaaaaaaa_" + strings.Repeat("a", 52)} {
			if _, _, err := r.Authenticate(ctx, bad); code(err) != play.CodeUnauthorized {
				t.Errorf("authenticate %q: %v", bad, err)
			}
		}
	})
}

// TestRegisterRace: 20 registrations of one name at once, on every
// store: exactly one gets it.
func TestRegisterRace(t *testing.T) {
	storetest.Each(t, func(t *testing.T, store play.Store) {
		r := agents.New(store, time.Now).WithCreateLimit(0)
		var wg sync.WaitGroup
		var mu sync.Mutex
		won, taken := 0, 0
		for i := range 20 {
			wg.Go(func() {
				_, err := r.Register(context.Background(), []string{"Racer", "RACER", "racer"}[i%3])
				mu.Lock()
				defer mu.Unlock()
				switch code(err) {
				case "":
					won++
				case play.CodeNameTaken:
					taken++
				default:
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if won != 1 || taken != 19 {
			t.Errorf("%d registered and %d refused as taken; want 1 and 19", won, taken)
		}
	})
}

// TestRegistrationLimit: one client registers DefaultCreatesPerHour
// agents in an hour, then is refused with rate_limited, while another
// client registers; an hour later the first registers again. Names no
// match played expire after Unplayed.
func TestRegistrationLimit(t *testing.T) {
	clock := &storetest.Clock{At: time.Unix(1_700_000_000, 0)}
	r := agents.New(&memory.Store{Clock: clock.Now}, clock.Now)
	flood, other := play.WithClient(context.Background(), "192.0.2.1:1234"), play.WithClient(context.Background(), "198.51.100.7:80")
	for i := range agents.DefaultCreatesPerHour {
		if _, err := r.Register(flood, "flood "+string(rune('a'+i))); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := r.Register(flood, "flood more"); code(err) != play.CodeRateLimited {
		t.Errorf("past the limit: %v", err)
	}
	if _, err := r.Register(other, "someone else"); err != nil {
		t.Errorf("another client: %v", err)
	}
	clock.Add(time.Hour)
	if _, err := r.Register(flood, "flood more"); err != nil {
		t.Errorf("an hour later: %v", err)
	}
	clock.Add(agents.Unplayed)
	if reg, err := r.Register(other, "flood a"); err != nil {
		t.Errorf("a name left unplayed for %v: %+v %v", agents.Unplayed, reg, err)
	}
}

// FuzzFold: no input panics Fold, and a name it accepts folds to itself:
// the name shown registers as the same name.
func FuzzFold(f *testing.F) {
	for _, s := range []string{"Ada Bot", "Ｍｙ Ｂｏｔ", "Straße", "\u0410da", "日本語ボット", "a\x00b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		d, folded, err := agents.Fold(name)
		if err != nil {
			return
		}
		d2, folded2, err := agents.Fold(d)
		if err != nil || d2 != d || folded2 != folded {
			t.Errorf("Fold(%q) = %q, %q; but Fold(%q) = %q, %q, %v", name, d, folded, d, d2, folded2, err)
		}
	})
}

// TestPlayedAgentsStay: an agent that never played is dropped Unplayed
// after it registered, and its name comes free; one that has played
// (Player) is kept with its name for good: years on, its key still
// works, its id still answers, and its name, in any case, is taken.
func TestPlayedAgentsStay(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	reg := agents.New(&memory.Store{Clock: clock}, clock).WithCreateLimit(0)
	idle, err := reg.Register(ctx, "Idle Bot")
	if err != nil {
		t.Fatal(err)
	}
	ada, err := reg.Register(ctx, "Ada Bot")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := reg.Player(ctx, ada.Key); err != nil || got.ID != ada.Agent.ID || got.Name != "Ada Bot" {
		t.Fatalf("Player: %+v %v", got, err)
	}
	now = now.Add(agents.Unplayed + time.Hour)
	if _, err := reg.Get(ctx, idle.Agent.ID); code(err) != play.CodeNotFound {
		t.Errorf("an agent that never played is still kept after %v: %v", agents.Unplayed, err)
	}
	if _, err := reg.Register(ctx, "idle bot"); err != nil {
		t.Errorf("the name of an agent dropped unplayed is not free: %v", err)
	}
	now = now.Add(5 * 365 * 24 * time.Hour)
	if _, _, err := reg.Authenticate(ctx, ada.Key); err != nil {
		t.Errorf("five years on, the key of an agent that played: %v", err)
	}
	if a, err := reg.Named(ctx, "ADA BOT"); err != nil || a.ID != ada.Agent.ID {
		t.Errorf("five years on, the name of an agent that played names %+v, %v", a, err)
	}
	if _, err := reg.Register(ctx, "ada bot"); code(err) != play.CodeNameTaken {
		t.Errorf("five years on, the name of an agent that played could be registered again: %v", err)
	}
}
