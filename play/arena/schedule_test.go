package arena_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/internal/arenatest"
	"github.com/agentgames/bundle/internal/egress"
	"github.com/agentgames/bundle/play/arena"
	"github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/store/bolt"
	"github.com/agentgames/bundle/store/memory"
)

// local is an arena as the local server runs it: over a bbolt file, its
// fights driven by goroutines of the process, its schedule beating
// every settings.Every.
type local struct {
	arena *arena.Arena
	store *bolt.Store
	stop  context.CancelFunc
}

// openLocal opens the arena of every live game over the file path and
// runs it.
func openLocal(t *testing.T, path string, settings arena.Settings) *local {
	t.Helper()
	store, err := bolt.Open(path, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	var servers []*live.Server
	for _, g := range games.Live() {
		servers = append(servers, live.NewServer(g, store, time.Now).WithKept(0))
	}
	caller := egress.New(egress.Policy{AllowHTTP: true, AllowPrivate: true, Timeout: 2 * time.Second})
	ctx, stop := context.WithCancel(context.Background())
	l := &local{arena: arena.New(servers, store, time.Now, caller, settings), store: store, stop: stop}
	if err := l.arena.Run(ctx); err != nil {
		t.Fatal(err)
	}
	return l
}

// close stops the arena's drivers and schedule, as a server stopping
// does, and closes its file.
func (l *local) close(t *testing.T) {
	t.Helper()
	l.stop()
	time.Sleep(100 * time.Millisecond) // the drivers give up their leases
	if err := l.store.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestScheduleRunsItself is the local arena of the arena issue: 50 test
// bots, answering in 20 ms, registered for Tron and then left alone,
// fight on their own every beat of the schedule; the server is stopped
// with fights under way and started again without the schedule, and
// every fight launched ends and is rated: none is lost, none played
// twice.
func TestScheduleRunsItself(t *testing.T) {
	if testing.Short() {
		t.Skip("plays for seconds")
	}
	path := filepath.Join(t.TempDir(), "arena.db")
	settings := arena.Settings{LaunchesPerMinute: -1, Lease: time.Second, Every: 200 * time.Millisecond,
		Options: map[string][]byte{"tron": []byte(`{"width":12,"height":12}`)}}
	l := openLocal(t, path, settings)
	const n = 50
	for i := range n {
		srv := arenatest.Start(t, arenatest.Bot{Name: fmt.Sprintf("bot%02d", i), Width: 12, Height: 12, Delay: 20 * time.Millisecond})
		ctx := owner(fmt.Sprintf("A%02d", i))
		reg, err := l.arena.Register(ctx, "tron", arena.Registration{Name: fmt.Sprintf("bot%02d", i), URL: srv.URL})
		if err != nil {
			t.Fatal(err)
		}
		srv.SetChallenge(reg.Challenge)
		if _, err := l.arena.Verify(ctx, "tron", reg.Bot.ID); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(2 * time.Second)
	l.close(t)

	settings.Every = 0
	l = openLocal(t, path, settings)
	defer l.close(t)
	ctx := context.Background()
	deadline := time.Now().Add(20 * time.Second)
	for {
		recent, err := l.arena.Recent(ctx, "tron")
		if err != nil {
			t.Fatal(err)
		}
		done := 0
		for _, f := range recent.Fights {
			if f.Places != nil {
				done++
			}
		}
		if done == len(recent.Fights) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d fights ended 20 s after the restart", done, len(recent.Fights))
		}
		time.Sleep(50 * time.Millisecond)
	}
	recent, _ := l.arena.Recent(ctx, "tron")
	ladder, err := l.arena.Ladder(ctx, "tron", 2)
	if err != nil {
		t.Fatal(err)
	}
	fights, played := 0, map[string]int{}
	for _, st := range ladder.Standings {
		fights += st.Fights
		played[st.Bot] = st.Fights
	}
	t.Logf("%d fights launched by the schedule, %d seats rated", len(recent.Fights), fights)
	if len(recent.Fights) < n/2 || len(recent.Fights) >= arena.KeptRecent {
		t.Errorf("the schedule launched %d fights in 2 s, want every bot in one at least, and fewer than the %d a game lists", len(recent.Fights), arena.KeptRecent)
	}
	if fights != 2*len(recent.Fights) {
		t.Errorf("the ladder rated %d seats of %d fights: a fight lost or rated twice", fights, len(recent.Fights))
	}
}

// TestStuckFightsSentAgain: a fight no driver has held for two leases (a
// runner killed after its message was deleted) is found by the next tick
// and sent to the queue again; one held is not.
func TestStuckFightsSentAgain(t *testing.T) {
	lease := 100 * time.Millisecond
	w := worldOver(t, &memory.Store{Clock: time.Now}, lease)
	ctx := context.Background()
	bot, _ := w.register(t, owner("A1"), "tron", arenatest.Bot{Name: "held", Width: 12, Height: 12})
	f, err := w.arena.Launch(ctx, "tron", []string{bot.ID, "house:easy"}, []byte(`{"width":12,"height":12}`))
	if err != nil {
		t.Fatal(err)
	}
	<-w.started
	if r, err := w.arena.Tick(ctx); err != nil || r.Stuck != 0 || r.Running != 1 {
		t.Fatalf("a tick at once: %+v, %v; want the fight running, not stuck", r, err)
	}
	time.Sleep(w.arena.StuckAfter() + 10*time.Millisecond)
	r, err := w.arena.Tick(ctx)
	if err != nil || r.Stuck != 1 || r.Launched != 0 {
		t.Fatalf("a tick after two leases: %+v, %v; want the fight stuck", r, err)
	}
	select {
	case code := <-w.started:
		if code != f.Code {
			t.Fatalf("sent %s again, want %s", code, f.Code)
		}
	default:
		t.Fatal("the stuck fight was not sent again")
	}
}

// BenchmarkSchedule50Bots runs the local arena on its own for 20 s, as
// the local server does: 50 bots answering in 20 ms, a bbolt file, the
// schedule beating every 100 ms, Tron on 30x30; it reports the fights
// that ended a minute and the most calls the arena had in flight at once.
//
//	go test ./play/arena -run X -bench Schedule50Bots -benchtime 1x
func BenchmarkSchedule50Bots(b *testing.B) {
	store, err := bolt.Open(filepath.Join(b.TempDir(), "arena.db"), time.Now)
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	var servers []*live.Server
	for _, g := range games.Live() {
		servers = append(servers, live.NewServer(g, store, time.Now).WithKept(0))
	}
	caller := egress.New(egress.Policy{AllowHTTP: true, AllowPrivate: true, Timeout: 2 * time.Second})
	a := arena.New(servers, store, time.Now, caller, arena.Settings{LaunchesPerMinute: -1, Every: 100 * time.Millisecond,
		Options: map[string][]byte{"tron": []byte(`{"width":30,"height":30}`)}})
	benchBots(b, a, 50, 30, 20*time.Millisecond)
	const window = 20 * time.Second
	b.ResetTimer()
	for range b.N {
		ctx, stop := context.WithCancel(context.Background())
		peak := 0
		if err := a.Run(ctx); err != nil {
			b.Fatal(err)
		}
		for end := time.Now().Add(window); time.Now().Before(end); time.Sleep(time.Millisecond) {
			peak = max(peak, caller.InFlight())
		}
		stop()
		time.Sleep(100 * time.Millisecond)
		l, err := a.Ladder(context.Background(), "tron", 2)
		if err != nil {
			b.Fatal(err)
		}
		seats := 0
		for _, st := range l.Standings {
			seats += st.Fights
		}
		b.ReportMetric(float64(seats/2)/window.Minutes(), "fights/min")
		b.ReportMetric(float64(peak), "peak-calls")
	}
}

// TestCheckSettings: the scheduled fights' options are checked when the
// arena is made, as a scheduled fight of the game (its fewest seats)
// reads them: a game the arena does not hold, an option the game does
// not have and a value it refuses are each an error naming the game.
func TestCheckSettings(t *testing.T) {
	var servers []*live.Server
	store := &memory.Store{Clock: time.Now}
	for _, g := range games.Live() {
		servers = append(servers, live.NewServer(g, store, time.Now))
	}
	for _, c := range []struct {
		options string
		err     string
	}{
		{`{}`, ""},
		{`{"tron":{"width":30,"height":30},"tidebreakers":{}}`, ""},
		{`{"brinebell":{}}`, `"brinebell", a game the arena does not hold`},
		{`{"tron":{"widht":30}}`, `options of tron: invalid_request: options.widht: is not a field`},
		{`{"tron":{"width":3}}`, `options of tron:`},
		{`{"tron":{"width":"30"}}`, `options of tron:`},
		{`{"tron":{"players":3}}`, `options of tron:`},
	} {
		options, err := arena.ReadScheduleOptions(c.options)
		if err != nil {
			t.Fatal(err)
		}
		err = arena.New(servers, store, time.Now, nil, arena.Settings{Options: options}).CheckSettings()
		if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("options %s: %v, want %q", c.options, err, c.err)
		}
	}
}
