package arena_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/internal/arenatest"
	"github.com/agentgames/bundle/internal/egress"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/arena"
	"github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/store/memory"
)

// world is an arena over a memory store, its fights driven by the test.
type world struct {
	arena   *arena.Arena
	store   play.Store
	servers map[string]*live.Server
	started chan string
}

// newWorld is an arena of every live game, calling bots on loopback
// within timeout.
func newWorld(t *testing.T, timeout time.Duration) *world {
	t.Helper()
	return worldOf(t, &memory.Store{Clock: time.Now}, timeout, time.Second)
}

// worldOver is an arena over store whose drivers hold a fight for lease.
func worldOver(t *testing.T, store play.Store, lease time.Duration) *world {
	t.Helper()
	return worldOf(t, store, 2*time.Second, lease)
}

// worldOf is an arena over store, calling bots within timeout, its
// drivers holding a fight for lease.
func worldOf(t *testing.T, store play.Store, timeout, lease time.Duration) *world {
	t.Helper()
	w := &world{store: store, servers: map[string]*live.Server{}, started: make(chan string, 16)}
	var servers []*live.Server
	for _, g := range games.Live() {
		s := live.NewServer(g, store, time.Now).WithKept(0)
		w.servers[g.Slug] = s
		servers = append(servers, s)
	}
	caller := egress.New(egress.Policy{AllowHTTP: true, AllowPrivate: true, Timeout: timeout})
	w.arena = arena.New(servers, store, time.Now, caller, arena.Settings{LaunchesPerMinute: -1, Lease: lease}).
		WithQueue(arena.QueueFunc(func(_ context.Context, code string) error { w.started <- code; return nil }))
	return w
}

// owner is a context of the agent that owns the test's bots.
func owner(id string) context.Context {
	return play.WithAgent(context.Background(), play.AgentRef{ID: id, Name: "owner " + id})
}

// register starts b, and registers and verifies it for game.
func (w *world) register(t *testing.T, ctx context.Context, game string, b arenatest.Bot) (arena.Mine, *arenatest.Server) {
	t.Helper()
	return w.registerAs(t, ctx, game, "", b)
}

// registerAs starts b, and registers it for game to play plays, and
// verifies it.
func (w *world) registerAs(t *testing.T, ctx context.Context, game, plays string, b arenatest.Bot) (arena.Mine, *arenatest.Server) {
	t.Helper()
	srv := arenatest.Start(t, b)
	reg, err := w.arena.Register(ctx, game, arena.Registration{Name: b.Name, URL: srv.URL, Description: "a test bot", Plays: plays})
	if err != nil {
		t.Fatal(err)
	}
	srv.SetChallenge(reg.Challenge)
	bot, err := w.arena.Verify(ctx, game, reg.Bot.ID)
	if err != nil {
		t.Fatal(err)
	}
	return bot.Mine(), srv
}

// drive drives every fight launched until none is left to drive.
func (w *world) drive(t *testing.T) {
	t.Helper()
	for {
		select {
		case code := <-w.started:
			w.arena.Drive(context.Background(), code)
		default:
			return
		}
	}
}

func TestVerify(t *testing.T) {
	w := newWorld(t, 2*time.Second)
	ctx := owner("A1")
	good := arenatest.Start(t, arenatest.Bot{Name: "good"})
	reg, err := w.arena.Register(ctx, "tron", arena.Registration{Name: "good", URL: good.URL, Description: ""})
	if err != nil {
		t.Fatal(err)
	}
	if reg.Bot.State != arena.Pending {
		t.Fatalf("a bot registered is %s, want pending", reg.Bot.State)
	}
	// the test bot returns the challenge it was started with: none
	if _, err := w.arena.Verify(ctx, "tron", reg.Bot.ID); !play.IsCode(err, play.CodeChallengeFailed) {
		t.Fatalf("verify with the wrong challenge: %v, want challenge_failed", err)
	}
	if _, err := w.arena.Verify(owner("B2"), "tron", reg.Bot.ID); !play.IsCode(err, play.CodeForbidden) {
		t.Fatalf("verify by another agent: %v, want forbidden", err)
	}
	good.SetChallenge(reg.Challenge)
	b, err := w.arena.Verify(ctx, "tron", reg.Bot.ID)
	if err != nil || b.State != arena.Active || len(b.Times) != 1 {
		t.Fatalf("verify with the challenge: %+v, %v; want active, one reply time", b, err)
	}
	if got := good.Messages(); len(got) != 2 || got[1].Action != "init" || got[1].GameID != "verify-"+reg.Bot.ID {
		t.Fatalf("the bot was sent %+v, want two inits, game-id verify-<id>", got)
	}
}

func TestFightTronAgainstHouse(t *testing.T) {
	w := newWorld(t, 2*time.Second)
	ctx := owner("A1")
	bot, srv := w.register(t, ctx, "tron", arenatest.Bot{Name: "runner", Width: 12, Height: 12})
	f, err := w.arena.Launch(context.Background(), "tron", []string{bot.ID, "house:easy"}, []byte(`{"width":12,"height":12}`))
	if err != nil {
		t.Fatal(err)
	}
	w.drive(t)
	got, err := w.arena.Fight(context.Background(), f.Code)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Rated || got.Seats[0].Failed != "" || got.Seats[0].Calls == 0 {
		t.Fatalf("the fight ended as %+v", got)
	}
	m, err := w.servers["tron"].Read(context.Background(), f.Code)
	if err != nil || !m.Table.Phase().Over {
		t.Fatalf("the fight's match: %v", err)
	}
	msgs := srv.Messages()
	if msgs[1].Action != "init" || msgs[1].GameID != f.Code || msgs[2].Action != "play-turn" || msgs[2].Game != "tron" {
		t.Fatalf("the bot was sent %+v first", msgs[:3])
	}
	if len(msgs)-2 != got.Seats[0].Calls {
		t.Fatalf("the bot was sent %d play-turns, the fight counts %d", len(msgs)-2, got.Seats[0].Calls)
	}
	l, err := w.arena.Ladder(context.Background(), "tron", 2)
	if err != nil {
		t.Fatal(err)
	}
	if st, ok := l.Standing(bot.ID); !ok || st.Fights != 1 || st.Wins+st.Draws+st.Losses != 1 || (st.Draws == 1) != (st.Elo == arena.StartElo) {
		t.Fatalf("the bot's standing: %+v, %v", st, ok)
	}
	b, _ := w.arena.Bot(context.Background(), "tron", bot.ID)
	if len(b.Fights) != 1 || b.Fights[0] != f.Code || b.Failures != 0 {
		t.Fatalf("the bot's record: %+v", b)
	}
	_ = json.RawMessage{}
}

// TestFailures fights a bot of every way to fail against the house: its
// seat is given up at its first failure (a Tron cycle crashes), the fight
// goes on to its end, and the bot's record counts the failure, the third
// in a row pausing it.
func TestFailures(t *testing.T) {
	for _, tc := range []struct {
		kind arenatest.Kind
		why  string
	}{
		{arenatest.Hanging, "the call failed"},
		{arenatest.Redirecting, "status 302"},
		{arenatest.Oversized, "the call failed"},
		{arenatest.WrongMove, "the play must be"},
		{arenatest.NotJSON, "not one JSON object"},
		{arenatest.Status500, "status 500"},
		{arenatest.Closing, "the call failed"},
	} {
		t.Run(tc.kind.String(), func(t *testing.T) {
			w := newWorld(t, 300*time.Millisecond)
			bot, srv := w.register(t, owner("A1"), "tron", arenatest.Bot{Name: "bad", Kind: tc.kind, Width: 10, Height: 10})
			for n := 1; n <= arena.PauseAfter; n++ {
				f, err := w.arena.Launch(context.Background(), "tron", []string{"house:easy", bot.ID}, []byte(`{"width":10,"height":10}`))
				if err != nil {
					t.Fatal(err)
				}
				w.drive(t)
				got, _ := w.arena.Fight(context.Background(), f.Code)
				if !got.Rated || !strings.Contains(got.Seats[1].Failed, tc.why) || got.Seats[1].FailedAs != 1 {
					t.Fatalf("fight %d ended as %+v, want seat 1 failed: %s", n, got.Seats, tc.why)
				}
				b, _ := w.arena.Bot(context.Background(), "tron", bot.ID)
				if b.Failures != n || (b.State == arena.Paused) != (n == arena.PauseAfter) {
					t.Fatalf("after fight %d the bot is %s with %d failures", n, b.State, b.Failures)
				}
				if n == arena.PauseAfter && !strings.Contains(b.Why, tc.why) {
					t.Fatalf("the bot was paused because %q", b.Why)
				}
				if r, _ := w.arena.Roster(context.Background(), "tron"); r.Bots[0].State != b.State {
					t.Fatalf("the roster lists the bot %s, its record %s", r.Bots[0].State, b.State)
				}
			}
			if srv.MaxInFlight() > 1 {
				t.Fatalf("the bot had %d calls in flight at once", srv.MaxInFlight())
			}
			if _, err := w.arena.Launch(context.Background(), "tron", []string{"house:easy", bot.ID}, nil); !play.IsCode(err, play.CodeBotNotReady) {
				t.Fatalf("a paused bot launched: %v", err)
			}
		})
	}
}

// tidebreakersBot captains a seat: its whole supply on the first island
// it holds, then a pass.
func tidebreakersBot(m arenatest.Message) any {
	var board struct {
		SupplyLeft int `json:"supply_left"`
		Tiles      []struct {
			Owner *int `json:"owner"`
		} `json:"tiles"`
	}
	if err := json.Unmarshal(m.Board, &board); err != nil {
		return "unreadable board"
	}
	for i, tile := range board.Tiles {
		if tile.Owner != nil && *tile.Owner == m.PlayerIndex {
			return []any{map[string]any{"type": "supply", "tile": i, "amount": board.SupplyLeft}, map[string]string{"type": "pass"}}
		}
	}
	return []any{map[string]string{"type": "pass"}}
}

// TestFightEveryGame fights a bot of each game against its house bots,
// to the end: the bot never fails, and the ladder of the game and number
// of seats rates it.
func TestFightEveryGame(t *testing.T) {
	for _, tc := range []struct {
		game    string
		play    func(arenatest.Message) any
		house   []string
		options string
	}{
		{"tron", nil, []string{"house:wise"}, `{"width":16,"height":16}`},
		{"tidebreakers", tidebreakersBot, []string{"house:sample", "house:random"}, ""},
		{"tinrail", func(arenatest.Message) any { return map[string]any{"type": "place", "tileIndex": 0, "rotation": 0} }, []string{"house:easy"}, ""},
	} {
		t.Run(tc.game, func(t *testing.T) {
			w := newWorld(t, 2*time.Second)
			bot, srv := w.register(t, owner("A1"), tc.game, arenatest.Bot{Name: "tester", Play: tc.play, Width: 16, Height: 16})
			var options []byte
			if tc.options != "" {
				options = []byte(tc.options)
			}
			f, err := w.arena.Launch(context.Background(), tc.game, append([]string{bot.ID}, tc.house...), options)
			if err != nil {
				t.Fatal(err)
			}
			w.drive(t)
			got, _ := w.arena.Fight(context.Background(), f.Code)
			if !got.Rated || got.Seats[0].Failed != "" || got.Seats[0].Calls == 0 {
				t.Fatalf("the fight ended as %+v", got.Seats)
			}
			t.Logf("%s: %d calls", tc.game, got.Seats[0].Calls)
			for _, m := range srv.Messages()[2:] {
				if m.Game != tc.game || m.Players != len(got.Seats) || m.PlayerIndex != 0 || m.GameID != f.Code {
					t.Fatalf("the bot was sent %+v", m)
				}
			}
			l, _ := w.arena.Ladder(context.Background(), tc.game, len(got.Seats))
			if len(l.Ranked()) != len(got.Seats) {
				t.Fatalf("the ladder ranks %+v", l.Ranked())
			}
		})
	}
}

// dying is a store that, once dead, writes nothing: a process killed.
type dying struct {
	play.Store
	dead atomic.Bool
}

func (d *dying) Save(ctx context.Context, kind, ref string, state []byte, version uint64, expires time.Time) (string, error) {
	if d.dead.Load() {
		return "", errors.New("the process is dead")
	}
	return d.Store.Save(ctx, kind, ref, state, version, expires)
}

// TestResume stops a fight's driver mid-fight, while its bot is thinking,
// and has another arena over the same store resume the fight: a driver
// stopped (its context ended: a function's time ran out) gives up its
// lease, and the next takes the fight at once; a driver killed (it
// writes nothing more) leaves its lease to run out first. Either way the
// fight ends and is rated once, and every round was played once, the bot
// asked again only for the round it was thinking about when its driver
// stopped.
func TestResume(t *testing.T) {
	for _, killed := range []bool{false, true} {
		t.Run(map[bool]string{false: "stopped", true: "killed"}[killed], func(t *testing.T) {
			mem := &memory.Store{Clock: time.Now}
			store := &dying{Store: mem}
			lease := 500 * time.Millisecond
			first := worldOver(t, store, lease)
			ctx, stop := context.WithCancel(context.Background())
			var turns atomic.Int32
			bot, srv := first.register(t, owner("A1"), "tron", arenatest.Bot{Name: "runner", Width: 20, Height: 20})
			f, err := first.arena.Launch(context.Background(), "tron", []string{bot.ID, "house:wise"}, []byte(`{"width":20,"height":20}`))
			if err != nil {
				t.Fatal(err)
			}
			<-first.started
			srv.OnPlayTurn(func() {
				if turns.Add(1) == 5 {
					store.dead.Store(killed)
					stop()
				}
			})
			if unfinished, _ := first.arena.Drive(ctx, f.Code); !unfinished {
				t.Fatal("a driver stopped mid-fight reports nothing left to drive")
			}
			if got, _ := first.arena.Fight(context.Background(), f.Code); got.Rated {
				t.Fatal("the fight ended before its driver stopped")
			}

			next := worldOver(t, mem, lease)
			if err := next.arena.ResumeFights(context.Background()); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			var asked atomic.Int64 // when the bot was first asked again, after start
			srv.OnPlayTurn(func() { asked.CompareAndSwap(0, int64(time.Since(start))) })
			next.arena.Drive(context.Background(), <-next.started)
			waited := time.Duration(asked.Load())
			got, _ := next.arena.Fight(context.Background(), f.Code)
			if !got.Rated || got.Seats[0].Failed != "" {
				t.Fatalf("the resumed fight ended as %+v", got)
			}
			if killed != (waited > lease/2) {
				t.Fatalf("the bot was asked again %v after the fight was resumed (its lease %v)", waited, lease)
			}
			m, _ := next.servers["tron"].Read(context.Background(), f.Code)
			var public struct{ Round int }
			b, _ := json.Marshal(next.servers["tron"].Public(m))
			json.Unmarshal(b, &public)
			boards := map[string]int{}
			for _, msg := range srv.Messages() {
				if msg.Action == "play-turn" {
					boards[string(msg.Board)]++
				}
			}
			twice := 0
			for _, n := range boards {
				if n > 1 {
					twice++
				}
			}
			if len(boards) != public.Round || twice > 1 {
				t.Fatalf("the bot was asked about %d boards (%d twice) in a fight of %d rounds", len(boards), twice, public.Round)
			}
			l, _ := next.arena.Ladder(context.Background(), "tron", 2)
			if st, _ := l.Standing(bot.ID); st.Fights != 1 {
				t.Fatalf("the fight was rated %d times", st.Fights)
			}
			if err := next.arena.ResumeFights(context.Background()); err != nil || len(next.started) != 0 {
				t.Fatalf("a fight over is resumed again: %v", err)
			}
		})
	}
}

// TestFourBots fights four bots by URL, each thinking 20 ms a round:
// each round's calls go out at once, so that the fight's rounds take
// about one bot's time, not four.
func TestFourBots(t *testing.T) {
	w := newWorld(t, 2*time.Second)
	var ids []string
	var srvs []*arenatest.Server
	for i := range 4 {
		bot, srv := w.register(t, owner(fmt.Sprint("A", i)), "tron", arenatest.Bot{Name: fmt.Sprintf("bot %d", i), Width: 12, Height: 12, Delay: 20 * time.Millisecond})
		ids, srvs = append(ids, bot.ID), append(srvs, srv)
	}
	f, err := w.arena.Launch(context.Background(), "tron", ids, []byte(`{"width":12,"height":12}`))
	if err != nil {
		t.Fatal(err)
	}
	w.drive(t)
	got, _ := w.arena.Fight(context.Background(), f.Code)
	for i, st := range got.Seats {
		if st.Failed != "" || st.Calls == 0 || st.Millis < int64(20*st.Calls) {
			t.Fatalf("seat %d: %+v", i, st)
		}
		if n := len(srvs[i].Messages()) - 2; n != st.Calls {
			t.Fatalf("seat %d was asked %d times, counted %d", i, n, st.Calls)
		}
	}
	l, _ := w.arena.Ladder(context.Background(), "tron", 4)
	if len(l.Ranked()) != 4 {
		t.Fatalf("the ladder of fights of four: %+v", l.Ranked())
	}
	total := 0.0
	for _, st := range l.Ranked() {
		total += st.Elo - arena.StartElo
	}
	if math.Abs(total) > 1e-9 {
		t.Fatalf("the ELO of four bots in one K band moved by %v in all", total)
	}
}

// TestTrial tries a bot of every kind before it is registered: a good
// one passes, to the match's end or the trial's turns, with a departure
// noted for members besides play; every way to fail a fight is a fatal
// departure that ends the trial; a URL the arena does not call is refused.
func TestTrial(t *testing.T) {
	w := newWorld(t, 300*time.Millisecond)
	for _, tc := range []struct {
		kind   arenatest.Kind
		passed bool
		what   string
	}{
		{arenatest.Good, true, ""},
		{arenatest.Chatty, true, `"name" besides play`},
		{arenatest.Hanging, false, "the call failed"},
		{arenatest.Redirecting, false, "status 302"},
		{arenatest.Oversized, false, "the call failed"},
		{arenatest.WrongMove, false, "not a move of Tron"},
		{arenatest.NotJSON, false, "not one JSON object"},
		{arenatest.Status500, false, "status 500"},
		{arenatest.Closing, false, "the call failed"},
	} {
		t.Run(tc.kind.String(), func(t *testing.T) {
			srv := arenatest.Start(t, arenatest.Bot{Name: "tried", Kind: tc.kind, Width: 12, Height: 12})
			r, err := w.arena.Trial(owner("T1"), "tron", srv.URL, []byte(`{"width":12,"height":12}`))
			if err != nil {
				t.Fatal(err)
			}
			found := tc.what == "" && len(r.Departures) == 0
			for _, d := range r.Departures {
				found = found || strings.Contains(d.What, tc.what) && d.Fatal != tc.passed
			}
			if r.Passed != tc.passed || !found || r.Calls == 0 {
				t.Fatalf("the trial reports %+v", r)
			}
			if tc.passed && r.Ended != "the match ended" && !strings.Contains(r.Ended, "turns") {
				t.Fatalf("a good bot's trial ended because %s", r.Ended)
			}
			if !tc.passed && (r.Calls != 1 || r.Ended != "the bot failed") {
				t.Fatalf("a bad bot's trial went on: %+v", r)
			}
		})
	}
	for _, tc := range []struct {
		game   string
		play   func(arenatest.Message) any
		passed bool
		what   string
	}{
		{"tinrail", func(arenatest.Message) any { return json.RawMessage(`{"type":"place","tileIndex":0,"rotation":0}`) }, true, ""},
		{"tidebreakers", tidebreakersBot, true, ""},
		{"tidebreakers", func(arenatest.Message) any { return json.RawMessage(`[{"type":"pass"}]`) }, false, "place all your supply first"},
	} {
		srv := arenatest.Start(t, arenatest.Bot{Name: "tried", Play: tc.play})
		r, err := w.arena.Trial(owner("T1"), tc.game, srv.URL, nil)
		if err != nil || r.Calls == 0 || r.Passed != tc.passed || tc.what != "" && !strings.Contains(fmt.Sprint(r.Departures), tc.what) {
			t.Fatalf("a trial of %s: %+v, %v", tc.game, r, err)
		}
	}
	if _, err := w.arena.Trial(owner("T1"), "tron", "ftp://bot.example/", nil); !play.IsCode(err, play.CodeURLRefused) {
		t.Fatalf("a trial of an ftp URL: %v", err)
	}
	if _, err := w.arena.Trial(context.Background(), "tron", "https://bot.example/", nil); !play.IsCode(err, play.CodeUnauthorized) {
		t.Fatalf("a trial without a key: %v", err)
	}
}

// TestOneOwnerIsNotRated: a fight between two bots of one owner is
// played to its end and on both bots' records, but moves no ladder, so
// that nobody feeds one of their bots the other's losses; the same bots
// against another owner's bot are rated.
func TestOneOwnerIsNotRated(t *testing.T) {
	w := newWorld(t, 2*time.Second)
	mine, _ := w.register(t, owner("A1"), "tron", arenatest.Bot{Name: "one", Width: 10, Height: 10})
	also, _ := w.register(t, owner("A1"), "tron", arenatest.Bot{Name: "two", Width: 10, Height: 10})
	theirs, _ := w.register(t, owner("B2"), "tron", arenatest.Bot{Name: "three", Width: 10, Height: 10})
	fight := func(a, b string) {
		t.Helper()
		if _, err := w.arena.Launch(context.Background(), "tron", []string{a, b}, []byte(`{"width":10,"height":10}`)); err != nil {
			t.Fatal(err)
		}
		w.drive(t)
	}
	fight(mine.ID, also.ID)
	l, _ := w.arena.Ladder(context.Background(), "tron", 2)
	b, _ := w.arena.Bot(context.Background(), "tron", mine.ID)
	if len(l.Ranked()) != 0 || len(b.Fights) != 1 {
		t.Fatalf("a fight of one owner's bots: the ladder %+v, the bot's fights %v", l.Ranked(), b.Fights)
	}
	fight(mine.ID, theirs.ID)
	if l, _ = w.arena.Ladder(context.Background(), "tron", 2); len(l.Ranked()) != 2 {
		t.Fatalf("a fight of two owners' bots is not rated: %+v", l.Ranked())
	}
}

// TestLimits: a bot left pending a day is dropped (read as no bot, and
// off its game's roster at the next registration); one client verifies
// VerifiesPerMinute times a minute, launches DefaultLaunchesPerMinute
// fights and runs TrialsPerMinute trials.
func TestLimits(t *testing.T) {
	now := time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	store := &memory.Store{Clock: clock}
	var servers []*live.Server
	for _, g := range games.Live() {
		servers = append(servers, live.NewServer(g, store, clock))
	}
	a := arena.New(servers, store, clock, egress.New(egress.Policy{AllowHTTP: true, AllowPrivate: true, Timeout: time.Second}), arena.Settings{})
	a.WithQueue(arena.QueueFunc(func(_ context.Context, code string) error {
		_, err := a.Drive(context.Background(), code) // each fight to its end, so that none stays under way
		return err
	}))
	ctx := play.WithClient(owner("A1"), "203.0.113.5:4000")
	fighter := arenatest.Start(t, arenatest.Bot{Name: "fighter", Width: 10, Height: 10})
	reg, err := a.Register(ctx, "tron", arena.Registration{Name: "fighter", URL: fighter.URL})
	if err != nil {
		t.Fatal(err)
	}
	fighter.SetChallenge(reg.Challenge)
	if _, err := a.Verify(play.WithClient(ctx, "203.0.113.6:4000"), "tron", reg.Bot.ID); err != nil { // another address's verifications
		t.Fatal(err)
	}
	srv := arenatest.Start(t, arenatest.Bot{Name: "idle"})
	idle, err := a.Register(ctx, "tron", arena.Registration{Name: "idle", URL: srv.URL, Description: ""})
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= arena.VerifiesPerMinute+1; n++ {
		_, err := a.Verify(ctx, "tron", idle.Bot.ID)
		if want := map[bool]play.Code{false: play.CodeChallengeFailed, true: play.CodeRateLimited}[n > arena.VerifiesPerMinute]; !play.IsCode(err, want) {
			t.Fatalf("verify %d: %v, want %s", n, err, want)
		}
	}
	for n := 1; n <= arena.TrialsPerMinute+1; n++ {
		_, err := a.Trial(ctx, "tron", srv.URL, []byte(`{"width":10,"height":10}`))
		if n > arena.TrialsPerMinute && !play.IsCode(err, play.CodeRateLimited) || n <= arena.TrialsPerMinute && err != nil {
			t.Fatalf("trial %d: %v", n, err)
		}
	}
	for n := 1; n <= arena.DefaultLaunchesPerMinute+1; n++ {
		_, err := a.Launch(ctx, "tron", []string{reg.Bot.ID, "house:easy"}, []byte(`{"width":10,"height":10}`))
		if n > arena.DefaultLaunchesPerMinute && !play.IsCode(err, play.CodeRateLimited) || n <= arena.DefaultLaunchesPerMinute && err != nil {
			t.Fatalf("launch %d: %v", n, err)
		}
	}
	now = now.Add(arena.PendingFor + time.Minute)
	if _, err := a.Bot(ctx, "tron", idle.Bot.ID); !play.IsCode(err, play.CodeNoBot) {
		t.Fatalf("a bot pending a day: %v", err)
	}
	if _, err := a.Register(ctx, "tron", arena.Registration{Name: "next", URL: srv.URL, Description: ""}); err != nil {
		t.Fatal(err)
	}
	r, _ := a.Roster(ctx, "tron")
	if len(r.Bots) != 2 || r.Bots[1].Name != "next" {
		t.Fatalf("the roster after a day: %+v", r.Bots)
	}
}

// TestUnderWayPerClient: one address has at most MaxRunningPerClient
// fights it launched under way at once, whatever its launches a minute
// allow; another address launches meanwhile, and once one of the first
// address's fights ends it launches again. A fight of house bots alone
// is refused: the arena fights registered bots.
func TestUnderWayPerClient(t *testing.T) {
	w := newWorld(t, time.Second)
	bot, _ := w.register(t, owner("A1"), "tron", arenatest.Bot{Name: "fighter", Width: 10, Height: 10})
	var servers []*live.Server
	for _, g := range games.Live() {
		servers = append(servers, w.servers[g.Slug])
	}
	w.arena = arena.New(servers, w.store, time.Now, egress.New(egress.Policy{AllowHTTP: true, AllowPrivate: true, Timeout: time.Second}),
		arena.Settings{LaunchesPerMinute: 100}).WithQueue(arena.QueueFunc(func(_ context.Context, code string) error { w.started <- code; return nil }))
	first, second := play.WithClient(context.Background(), "203.0.113.5:4000"), play.WithClient(context.Background(), "198.51.100.7:4000")
	launch := func(ctx context.Context) error {
		_, err := w.arena.Launch(ctx, "tron", []string{bot.ID, "house:easy"}, []byte(`{"width":10,"height":10}`))
		return err
	}
	for n := 1; n <= arena.MaxRunningPerClient; n++ {
		if err := launch(first); err != nil {
			t.Fatalf("launch %d: %v", n, err)
		}
	}
	if err := launch(first); !play.IsCode(err, play.CodeRateLimited) || !strings.Contains(err.Error(), "under way") {
		t.Fatalf("a launch past %d fights under way: %v, want rate_limited", arena.MaxRunningPerClient, err)
	}
	if err := launch(second); err != nil {
		t.Fatalf("another address's launch: %v", err)
	}
	w.arena.Drive(context.Background(), <-w.started)
	if err := launch(first); err != nil {
		t.Fatalf("a launch once one of the address's fights ended: %v", err)
	}
	if _, err := w.arena.Launch(second, "tron", []string{"house:easy", "house:wise"}, nil); !play.IsCode(err, play.CodeInvalidRequest) {
		t.Fatalf("a fight of house bots alone: %v, want invalid_request", err)
	}
}

// TestPairsKeptApart: the ladder's entry keeps no pair, each bot's record
// is kept apart, and the ladder answers the records of its best bots
// against each other, a house bot's mirrored from its opponents'.
func TestPairsKeptApart(t *testing.T) {
	w := newWorld(t, 2*time.Second)
	one, _ := w.register(t, owner("A1"), "tron", arenatest.Bot{Name: "one", Width: 10, Height: 10})
	two, _ := w.register(t, owner("B2"), "tron", arenatest.Bot{Name: "two", Width: 10, Height: 10})
	for _, pair := range [][]string{{one.ID, two.ID}, {one.ID, "house:easy"}, {two.ID, "house:easy"}} {
		if _, err := w.arena.Launch(context.Background(), "tron", pair, []byte(`{"width":10,"height":10}`)); err != nil {
			t.Fatal(err)
		}
		w.drive(t)
	}
	data, _, err := w.store.Load(context.Background(), "arena-ladder", "tron.2")
	if err != nil || strings.Contains(string(data), "pairs") {
		t.Fatalf("the ladder's entry: %s, %v", data, err)
	}
	info, err := w.arena.LadderInfo(context.Background(), "tron", 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range [][2]string{{one.ID, two.ID}, {two.ID, one.ID}, {one.ID, "house:easy"}, {"house:easy", one.ID}, {"house:easy", two.ID}} {
		rec, ok := info.Pairs[p[0]][p[1]]
		if back := info.Pairs[p[1]][p[0]]; !ok || rec.Wins+rec.Draws+rec.Losses != 1 || rec != (arena.Pair{Wins: back.Losses, Draws: back.Draws, Losses: back.Wins}) {
			t.Errorf("%s against %s: %+v (and back %+v)", p[0], p[1], rec, back)
		}
	}
}

// TestDeleteUnranks: a bot deleted leaves the ladder, its pairs with it,
// and its fights stay.
func TestDeleteUnranks(t *testing.T) {
	w := newWorld(t, 2*time.Second)
	bot, _ := w.register(t, owner("A1"), "tron", arenatest.Bot{Name: "gone", Width: 10, Height: 10})
	f, err := w.arena.Launch(context.Background(), "tron", []string{bot.ID, "house:easy"}, []byte(`{"width":10,"height":10}`))
	if err != nil {
		t.Fatal(err)
	}
	w.drive(t)
	if err := w.arena.Delete(owner("A1"), "tron", bot.ID); err != nil {
		t.Fatal(err)
	}
	info, _ := w.arena.LadderInfo(context.Background(), "tron", 2)
	if len(info.Standings) != 1 || len(info.Pairs) != 0 {
		t.Fatalf("the ladder after the delete: %+v, pairs %+v", info.Standings, info.Pairs)
	}
	if got, err := w.arena.Fight(context.Background(), f.Code); err != nil || got.Seats[0].Name != "gone" {
		t.Fatalf("the deleted bot's fight: %+v, %v", got, err)
	}
	if _, err := w.arena.Bot(context.Background(), "tron", bot.ID); !play.IsCode(err, play.CodeNoBot) {
		t.Fatalf("a deleted bot: %v", err)
	}
}
