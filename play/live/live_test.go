package live_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/agents"
	"github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/store/memory"
)

// count is a game small enough to see through: seats take turns adding 1
// to a total; the match is over at 10, or when the clock reaches its time
// limit of a minute. Its one bot policy, "one", adds 1 too.
type count struct{}

func (count) Kind() string         { return "count-live" }
func (count) Seats() (int, int)    { return 2, 3 }
func (count) Policies() []string   { return []string{"one"} }
func (count) Lobby() time.Duration { return 10 * time.Second }
func (count) Rounds() bool         { return false }
func (count) Start(seed uint64, seats int, _ map[string]string) (live.Table, error) {
	return &tally{Players: seats, Seed: seed}, nil
}
func (count) Restore(b []byte, _ [][]byte) (live.Table, error) {
	t := &tally{}
	return t, json.Unmarshal(b, t)
}

type tally struct {
	Players, Total, Turn int
	Seed                 uint64 // the deal's
	Timed                bool
	added                []json.RawMessage
}

func (t *tally) Over() bool { return t.Total >= 10 || t.Timed }

func (t *tally) Phase() play.Phase {
	if t.Over() {
		return play.Phase{Over: true}
	}
	return play.Phase{ToAct: []play.Seat{play.Seat(t.Turn)}}
}

// add is seat's move.
func (t *tally) add(seat int) error {
	if t.Over() || seat != t.Turn {
		return errors.New("not your turn")
	}
	t.Total++
	t.Turn = (t.Turn + 1) % t.Players
	t.added = []json.RawMessage{json.RawMessage(fmt.Sprintf(`{"seat":%d,"total":%d}`, seat, t.Total))}
	return nil
}

// Check refuses every move but {}.
func (t *tally) Check(_ play.Seat, move json.RawMessage) error {
	if string(move) != "{}" {
		return play.Errorf(play.CodeInvalidRequest, "the one move is {}")
	}
	return nil
}

func (t *tally) BotMove(_ play.Seat, policy string) (json.RawMessage, error) {
	if policy != "one" {
		return nil, fmt.Errorf("no bot %q", policy)
	}
	return json.RawMessage("{}"), nil
}

func (t *tally) Play(moves []play.Move) error { return t.add(int(moves[0].Seat)) }

func (t *tally) Due(started, now time.Time) bool {
	if t.Over() || now.Before(started.Add(time.Minute)) {
		return false
	}
	t.Timed, t.added = true, []json.RawMessage{json.RawMessage(`{"ended":"time"}`)}
	return true
}

func (t *tally) Recorded() []json.RawMessage { return t.added }
func (t *tally) Clone() live.Table           { c := *t; return &c }
func (t *tally) AppendBinary(b []byte) ([]byte, error) {
	j, err := json.Marshal(t)
	return append(b, j...), err
}

// clock is a test clock that moves only when told.
type clock struct{ now atomic.Int64 }

func (c *clock) time() time.Time         { return time.UnixMilli(c.now.Load()) }
func (c *clock) advance(d time.Duration) { c.now.Add(d.Milliseconds()) }

// act has the seat token holds add 1.
func act(ctx context.Context, s *live.Server, code, token string) (*live.Match, error) {
	return s.Act(ctx, code, token, json.RawMessage("{}"))
}

// TestMatch: a match waits in its lobby for its empty seat, which a join
// takes; every seat has its own token; bots play their turns inside the
// request that hands them the turn; the log keeps every change; the clock
// rule ends the match.
func TestMatch(t *testing.T) {
	ctx := context.Background()
	c := &clock{}
	s := live.NewServer(&live.Game{Slug: "count", Title: "Count", Rules: count{}}, &memory.Store{Clock: c.time}, c.time).WithCreateLimit(0)
	creator, err := s.Create(ctx, 3, "", 1, "one")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := act(ctx, s, creator.Code, creator.Token); !play.IsCode(err, play.CodeNotYourTurn) {
		t.Fatalf("an action in the lobby: %v, want not_your_turn", err)
	}
	joiner, err := s.Join(ctx, creator.Code, "J")
	if err != nil || joiner.Seat != 2 || joiner.Token == creator.Token {
		t.Fatalf("join: %+v, %v", joiner, err)
	}
	if _, err := s.Join(ctx, creator.Code, "late"); !play.IsCode(err, play.CodeMatchFull) {
		t.Fatalf("a join of a full match: %v", err)
	}
	if _, seat, err := s.View(ctx, creator.Code, joiner.Token); seat != 2 || err != nil {
		t.Fatalf("the joiner's seat: %d, %v", seat, err)
	}
	if _, _, err := s.View(ctx, creator.Code, "x"+joiner.Token[1:]); !play.IsCode(err, play.CodeForbidden) {
		t.Fatalf("a token of no seat: %v", err)
	}
	m, err := act(ctx, s, creator.Code, creator.Token) // seat 0 adds; the bot in seat 1 replies
	if err != nil {
		t.Fatal(err)
	}
	if tl := m.Table.(*tally); tl.Total != 2 || tl.Turn != 2 || len(m.Log) != 2 {
		t.Fatalf("after seat 0's move: total %d, turn %d, log %s; want the bot's reply too", tl.Total, tl.Turn, m.Log)
	}
	if _, err := act(ctx, s, creator.Code, creator.Token); !play.IsCode(err, play.CodeNotYourTurn) {
		t.Fatalf("seat 0 again: %v", err)
	}
	c.advance(time.Minute)
	if _, err := act(ctx, s, creator.Code, joiner.Token); !play.IsCode(err, play.CodeMatchOver) {
		t.Fatalf("an action after the time limit: %v, want match_over", err)
	}
	if m, err = s.Read(ctx, creator.Code); err != nil {
		t.Fatal(err)
	}
	if !m.Table.Phase().Over || string(m.Log[len(m.Log)-1]) != `{"ended":"time"}` {
		t.Errorf("after the time limit: over %v, log %s", m.Table.Phase().Over, m.Log)
	}
}

// TestSeeds: the server deals each match from the next seed its source
// draws, never from one a request can choose, and keeps it in the table.
func TestSeeds(t *testing.T) {
	ctx := context.Background()
	c := &clock{}
	s := live.NewServer(&live.Game{Slug: "count", Title: "Count", Rules: count{}}, &memory.Store{Clock: c.time}, c.time).WithCreateLimit(0).WithSeeds(play.FixedSeeds(7, 1<<60|9))
	for _, want := range []uint64{7, 9} {
		j, err := s.Create(ctx, 2, "", 1, "one")
		if err != nil {
			t.Fatal(err)
		}
		m, err := s.Read(ctx, j.Code)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.Table.(*tally).Seed; got != want {
			t.Errorf("match %s dealt from seed %d, want %d", j.Code, got, want)
		}
	}
	j, _ := s.Create(ctx, 2, "", 0, "one")
	c.advance(10 * time.Second) // the lobby closes, the deal draws the source's last seed again
	if m, err := s.Read(ctx, j.Code); err != nil || m.Table.(*tally).Seed != 9 {
		t.Errorf("a match dealt when its lobby closed: %+v, %v; want seed 9", m, err)
	}
}

// TestLobbyFills: after the lobby's time the filler's bots take the empty
// seats and play until a player is to act.
func TestLobbyFills(t *testing.T) {
	ctx := context.Background()
	c := &clock{}
	s := live.NewServer(&live.Game{Slug: "count", Title: "Count", Rules: count{}}, &memory.Store{Clock: c.time}, c.time).WithCreateLimit(0)
	j, err := s.Create(ctx, 2, "me", 0, "one")
	if err != nil {
		t.Fatal(err)
	}
	var m *live.Match
	read := func() {
		if m, err = s.Read(ctx, j.Code); err != nil {
			t.Fatal(err)
		}
	}
	c.advance(10*time.Second - time.Millisecond)
	if read(); m.Table != nil || m.Joined(1) {
		t.Fatal("the lobby closed early")
	}
	c.advance(time.Millisecond)
	if read(); m.Table == nil || m.Seats[1].Bot != "one" || m.Seats[0].Name != "me" {
		t.Fatalf("after the lobby: seats %+v", m.Seats)
	}
}

// racing is a store whose first conditional writes lose a race, as if
// another request had just written the match.
type racing struct {
	*memory.Store
	lose atomic.Int32
}

func (r *racing) Save(ctx context.Context, game, ref string, state []byte, version uint64, expires time.Time) (string, error) {
	if version > 0 && r.lose.Add(-1) >= 0 {
		return "", play.Errorf(play.CodeConflict, "lost")
	}
	return r.Store.Save(ctx, game, ref, state, version, expires)
}

// TestConflicts: a request that loses a race is played again on the match
// as the winner left it, up to play.ConflictTries times, then answers conflict
// and changes nothing; concurrent moves of one seat apply once.
func TestConflicts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	store := &racing{Store: &memory.Store{}}
	s := live.NewServer(&live.Game{Slug: "count", Title: "Count", Rules: count{}}, store, time.Now).WithCreateLimit(0)
	first, err := s.Create(ctx, 3, "", 1, "one")
	if err != nil {
		t.Fatal(err)
	}
	other, err := s.Join(ctx, first.Code, "")
	if err != nil {
		t.Fatal(err)
	}
	store.lose.Store(play.ConflictTries - 1)
	if _, err := act(ctx, s, first.Code, first.Token); err != nil { // seat 0, then the bot in seat 1
		t.Fatalf("after %d lost races: %v", play.ConflictTries-1, err)
	}
	store.lose.Store(play.ConflictTries)
	if _, err := act(ctx, s, first.Code, other.Token); !play.IsCode(err, play.CodeConflict) {
		t.Fatalf("after %d lost races: %v, want conflict", play.ConflictTries, err)
	}
	store.lose.Store(0)
	var wg sync.WaitGroup
	var applied atomic.Int32
	for range 8 {
		wg.Go(func() {
			if _, err := act(ctx, s, first.Code, other.Token); err == nil {
				applied.Add(1)
			} else if !play.IsCode(err, play.CodeNotYourTurn) {
				t.Errorf("a move that lost to another: %v, want not_your_turn", err)
			}
		})
	}
	wg.Wait()
	m, err := s.Read(ctx, first.Code)
	if err != nil {
		t.Fatal(err)
	}
	if tl := m.Table.(*tally); applied.Load() != 1 || tl.Total != 3 || tl.Turn != 0 || len(m.Log) != 3 {
		t.Errorf("8 moves of seat 2 at once: %d applied, total %d, turn %d, log %s; want 1 applied, total 3, seat 0's turn", applied.Load(), tl.Total, tl.Turn, m.Log)
	}
}

// Places shares 1st place among all seats.
func (t *tally) Places() []int { return make([]int, t.Players) }

// flaky is a rater that fails its first fails calls, and counts them.
type flaky struct {
	fails, calls atomic.Int32
	seats        []live.RatedSeat
}

func (f *flaky) Rated(_ context.Context, _ string, seats []live.RatedSeat) error {
	if f.calls.Add(1) <= f.fails.Load() {
		return errors.New("the ratings are down")
	}
	f.seats = seats
	return nil
}

// TestRatedOnceDespiteAFailure: the request that ends a match with an
// agent in it tells the rater; if that fails, the match stays marked
// unrated and its next request tells the rater again, then no request
// does. A match of no agent is never told.
func TestRatedOnceDespiteAFailure(t *testing.T) {
	store := &memory.Store{}
	r := &flaky{}
	r.fails.Store(1)
	s := live.NewServer(&live.Game{Slug: "count", Title: "Count", Rules: count{}}, store, time.Now).WithCreateLimit(0).WithRatings(r)
	ada := play.WithAgent(context.Background(), play.AgentRef{ID: "ada", Name: "Ada"})
	unrated := func(code string) bool {
		data, _, err := store.Load(context.Background(), count{}.Kind(), code)
		if err != nil {
			t.Fatal(err)
		}
		j, _, err := live.StoredParts(data)
		if err != nil {
			t.Fatal(err)
		}
		var m struct{ Unrated bool }
		json.Unmarshal(j, &m)
		return m.Unrated
	}
	play5 := func(ctx context.Context) string {
		j, err := s.Create(ctx, 2, "A", 1, "one")
		if err != nil {
			t.Fatal(err)
		}
		for range 5 { // each move and the bot's reply add 2
			if _, err := act(ctx, s, j.Code, j.Token); err != nil {
				t.Fatal(err)
			}
		}
		return j.Code
	}
	code := play5(ada)
	if r.calls.Load() != 1 || !unrated(code) {
		t.Fatalf("after the end: %d calls, unrated %v; want 1 call, failed, and the mark", r.calls.Load(), unrated(code))
	}
	for range 2 {
		if _, err := s.Read(context.Background(), code); err != nil {
			t.Fatal(err)
		}
	}
	if r.calls.Load() != 2 || unrated(code) {
		t.Fatalf("after two reads: %d calls, unrated %v; want 2 calls and no mark", r.calls.Load(), unrated(code))
	}
	if want := []live.RatedSeat{{Agent: &play.AgentRef{ID: "ada", Name: "Ada"}}, {Bot: "one"}}; fmt.Sprint(r.seats[0].Agent, r.seats[1]) != fmt.Sprint(want[0].Agent, want[1]) {
		t.Errorf("the rater was told %+v %+v", r.seats[0].Agent, r.seats[1])
	}
	play5(context.Background())
	if r.calls.Load() != 2 {
		t.Errorf("a match of no agent was rated: %d calls", r.calls.Load())
	}
}

// TestAgentTakesOneSeat: an agent that holds a seat of a match (its
// creator's, or one it joined) is refused a second with already_seated,
// which changes nothing; another agent, and anyone without a key, may
// take the seat.
func TestAgentTakesOneSeat(t *testing.T) {
	s := live.NewServer(&live.Game{Slug: "count", Title: "Count", Rules: count{}}, &memory.Store{}, time.Now).WithCreateLimit(0)
	ada := play.WithAgent(context.Background(), play.AgentRef{ID: "ada", Name: "Ada"})
	bo := play.WithAgent(context.Background(), play.AgentRef{ID: "bo", Name: "Bo"})
	j, err := s.Create(ada, 3, "A", 0, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Join(ada, j.Code, "again"); !play.IsCode(err, play.CodeAlreadySeated) {
		t.Fatalf("the creator's agent joined its own match again: %v", err)
	}
	if _, err := s.Join(bo, j.Code, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Join(bo, j.Code, ""); !play.IsCode(err, play.CodeAlreadySeated) {
		t.Fatalf("a joined agent joined again: %v", err)
	}
	m, err := s.Read(context.Background(), j.Code)
	if err != nil {
		t.Fatal(err)
	}
	if m.Joined(2) {
		t.Fatalf("a refused join took seat 2: %+v", m.Seats[2])
	}
	if _, err := s.Join(context.Background(), j.Code, "anyone"); err != nil {
		t.Fatal(err)
	}
}

// TestSeatNames: a seat's name is held to a name's rules (no control,
// bidi, zero-width or line-separator character), is not a bot's (the
// game's policies, "bot"), and is not a registered agent's but for that
// agent's own seat; a refused name takes no seat.
func TestSeatNames(t *testing.T) {
	store := &memory.Store{}
	reg := agents.New(store, time.Now).WithCreateLimit(0)
	ada, err := reg.Register(context.Background(), "Ada Bot")
	if err != nil {
		t.Fatal(err)
	}
	s := live.NewServer(&live.Game{Slug: "count", Title: "Count", Rules: count{}}, store, time.Now).WithCreateLimit(0).WithNames(reg)
	j, err := s.Create(context.Background(), 3, "Host", 0, "one")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		code play.Code
	}{
		{"evil\u202egnp", play.CodeInvalidRequest}, {"a\x00b", play.CodeInvalidRequest}, {"ding\a", play.CodeInvalidRequest},
		{"x\u200by", play.CodeInvalidRequest}, {"two\u2028lines", play.CodeInvalidRequest}, {"<b>", play.CodeInvalidRequest},
		{"one", play.CodeNameTaken}, {"ONE", play.CodeNameTaken}, {"Bot", play.CodeNameTaken},
		{"ada bot", play.CodeNameTaken}, {"\u0410da Bot", play.CodeInvalidRequest}, {"ADA BOT", play.CodeNameTaken},
	} {
		if _, err := s.Join(context.Background(), j.Code, c.name); !play.IsCode(err, c.code) {
			t.Errorf("joining as %q: %v, want %s", c.name, err, c.code)
		}
		if _, err := s.Create(context.Background(), 2, c.name, 1, "one"); !play.IsCode(err, c.code) {
			t.Errorf("creating as %q: %v, want %s", c.name, err, c.code)
		}
	}
	m, _ := s.Read(context.Background(), j.Code)
	if m.Joined(1) {
		t.Fatalf("a refused name took seat 1: %+v", m.Seats[1])
	}
	mine := play.WithAgent(context.Background(), play.AgentRef{ID: ada.Agent.ID, Name: ada.Agent.Name})
	if _, err := s.Join(mine, j.Code, "ada bot"); err != nil {
		t.Errorf("the agent's own seat under its name: %v", err)
	}
	if _, err := s.Join(context.Background(), j.Code, "Grace Ĥopper"); err != nil {
		t.Errorf("a plain name: %v", err)
	}
}
