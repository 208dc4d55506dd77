package agents_test

import (
	"context"
	"encoding/json"
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

// TestFold: names are shown as given (NFC, spaces collapsed); what is no
// name is refused, marks stacked on a letter included.
func TestFold(t *testing.T) {
	for _, c := range []struct{ name, display string }{
		{"My Bot", "My Bot"},
		{"  my   BOT ", "my BOT"},
		{"Ｍｙ Ｂｏｔ", "Ｍｙ Ｂｏｔ"},
		{"Straße", "Straße"},
		{"STRASSE", "STRASSE"},
		{"Cafe\u0301", "Café"},
		{"ﬁx it", "ﬁx it"},
		{"日本語ボット", "日本語ボット"},
		{"R2-D2's bot_v1.0", "R2-D2's bot_v1.0"},
		{"Бот Ада", "Бот Ада"},
		{"GPT ボット 日本", "GPT ボット 日本"},
		{"봇 Kim 金", "봇 Kim 金"},
		{"Ελένη 7", "Ελένη 7"},
	} {
		d, _, err := agents.Fold(c.name)
		if err != nil || d != c.display {
			t.Errorf("Fold(%q) = %q, %v; want %q", c.name, d, err, c.display)
		}
	}
	for _, bad := range []string{"", "ab", strings.Repeat("x", 33), "-bot", " .bot", "x\u200by", "bot\u202e", "bot🤖", "a\x00b", "\xff\xfebot", "a/b",
		"\u0410da Bot", "Ada B\u043et", "p\u0430ypal", "Ad\u03b1", "Bot \u05d0", "\u0661\u0662 bot",
		"Ada\u0301\u0301", "Ada\u0301\u0300\u0302", "A\u0308\u0308da"} {
		if d, f, err := agents.Fold(bad); err == nil {
			t.Errorf("Fold(%q) = %q, %q; want an error", bad, d, f)
		}
	}
}

// TestFoldConfusables: names that look alike fold alike, whatever their
// case, width or script (each side of a pair alone is a valid name), and
// names that do not stay apart.
func TestFoldConfusables(t *testing.T) {
	fold := func(name string) string {
		t.Helper()
		_, f, err := agents.Fold(name)
		if err != nil {
			t.Fatalf("Fold(%q): %v", name, err)
		}
		return f
	}
	for _, same := range [][2]string{
		{"My Bot", "my bot"}, {"  my   BOT ", "MY BOT"}, {"Ｍｙ Ｂｏｔ", "My Bot"}, {"Straße", "STRASSE"}, {"Cafe\u0301", "Café"}, {"ﬁx it", "fix it"},
		{"\u0412\u041e\u0422", "BOT"}, {"\u0391\u0392\u0395", "ABE"}, {"\u0410\u0430\u0430", "Aaa"}, {"modern", "rnodern"}, {"BOT 1", "BOT l"},
		{"paya", "\u0440\u0430\u0443\u0430"},
	} {
		if a, b := fold(same[0]), fold(same[1]); a != b {
			t.Errorf("%q folds to %q and %q to %q: want one name", same[0], a, same[1], b)
		}
	}
	for _, apart := range [][2]string{{"Ada Bot", "Ada Bots"}, {"Cafe", "Café"}, {"bot", "hot"}, {"Ελένη 7", "Ελένη 8"}} {
		if fold(apart[0]) == fold(apart[1]) {
			t.Errorf("%q and %q fold alike", apart[0], apart[1])
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

// TestKeysStayBounded: 1,500 cycles of adding a key and revoking it leave
// the record at most MaxKeys+KeptRevoked keys (the latest revoked, and
// those in use), so that what the agent sees of itself and what checking
// a key costs stay as they were; a dropped key is refused as a revoked
// one is.
func TestKeysStayBounded(t *testing.T) {
	ctx := context.Background()
	now := time.Unix(1_800_000_000, 0)
	clock := func() time.Time { now = now.Add(time.Millisecond); return now }
	reg := agents.New(&memory.Store{}, clock).WithCreateLimit(0)
	r, err := reg.Register(ctx, "Key Cycler")
	if err != nil {
		t.Fatal(err)
	}
	first, _ := json.Marshal(r.Agent.Me())
	var dropped string
	for i := range 1500 {
		added, err := reg.AddKey(ctx, r.Key)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := reg.RevokeKey(ctx, r.Key, added.KeyID); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			dropped = added.Key
		}
	}
	a, _, err := reg.Authenticate(ctx, r.Key)
	if err != nil {
		t.Fatal(err)
	}
	me, _ := json.Marshal(a.Me())
	if len(a.Keys) != 1+agents.KeptRevoked || len(me) > 8*len(first) {
		t.Errorf("after 1,500 cycles the record holds %d keys and the agent sees %d bytes of itself (%d at first)", len(a.Keys), len(me), len(first))
	}
	t.Logf("after 1,500 cycles: %d keys, the agent sees %d bytes of itself (%d at first)", len(a.Keys), len(me), len(first))
	if _, _, err := reg.Authenticate(ctx, dropped); code(err) != play.CodeUnauthorized {
		t.Errorf("the first key revoked, dropped since: %v", err)
	}
	for i, k := range a.Keys[1:] {
		if k.Revoked == 0 || (i > 0 && k.Revoked < a.Keys[i].Revoked) {
			t.Errorf("the keys kept: %+v", a.Keys)
		}
	}
}

// TestTakenNameSpendsNoRegistration: a name held already is refused as
// taken before the registration limit counts the try, so a client that
// tries taken names can still register its limit of agents.
func TestTakenNameSpendsNoRegistration(t *testing.T) {
	ctx := play.WithClient(context.Background(), "198.51.100.7")
	reg := agents.New(&memory.Store{}, time.Now).WithCreateLimit(2)
	if _, err := reg.Register(ctx, "First Bot"); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		if _, err := reg.Register(ctx, "FIRST BOT"); code(err) != play.CodeNameTaken {
			t.Fatalf("a taken name: %v", err)
		}
	}
	if _, err := reg.Register(ctx, "Second Bot"); err != nil {
		t.Errorf("the second registration of the limit, after taken names: %v", err)
	}
	if _, err := reg.Register(ctx, "Third Bot"); code(err) != play.CodeRateLimited {
		t.Errorf("past the limit: %v", err)
	}
}
