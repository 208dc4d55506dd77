package live_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/store/memory"
)

// sums is a game played in rounds: every seat sends {"n": 0..9} at once,
// and each adds its n to its own sum; a seat silent at the deadline adds
// nothing and is counted silent. Three rounds make a match.
type sums struct{}

func (sums) Kind() string         { return "sums-live" }
func (sums) Seats() (int, int)    { return 2, 4 }
func (sums) Policies() []string   { return []string{"one"} }
func (sums) Lobby() time.Duration { return 10 * time.Second }
func (sums) Rounds() bool         { return true }
func (sums) Start(_ uint64, seats int, _ map[string]string) (live.Table, error) {
	return &board{Sum: make([]int, seats), Silent: make([]int, seats)}, nil
}
func (sums) Restore(b []byte, _ [][]byte) (live.Table, error) {
	t := &board{}
	return t, json.Unmarshal(b, t)
}

type board struct {
	Sum, Silent []int
	Rounds      int
	added       []json.RawMessage
}

func (t *board) Phase() play.Phase {
	if t.Rounds == 3 {
		return play.Phase{Over: true}
	}
	p := play.Phase{}
	for s := range t.Sum {
		p.ToAct = append(p.ToAct, play.Seat(s))
	}
	return p
}

func (t *board) Check(_ play.Seat, move json.RawMessage) error {
	var m struct{ N int }
	if json.Unmarshal(move, &m) != nil || m.N < 0 || m.N > 9 {
		return play.Errorf(play.CodeIllegalMove, "n is 0 to 9")
	}
	return nil
}

func (t *board) BotMove(play.Seat, string) (json.RawMessage, error) {
	return json.RawMessage(`{"n":1}`), nil
}

func (t *board) Play(moves []play.Move) error {
	moved := make([]bool, len(t.Sum))
	for _, mv := range moves {
		var m struct{ N int }
		json.Unmarshal(mv.Action, &m)
		t.Sum[mv.Seat] += m.N
		moved[mv.Seat] = true
	}
	for s, ok := range moved {
		if !ok {
			t.Silent[s]++
		}
	}
	t.Rounds++
	t.added = []json.RawMessage{json.RawMessage(fmt.Sprintf(`{"round":%d}`, t.Rounds))}
	return nil
}

func (t *board) Due(time.Time, time.Time) bool { return false }
func (t *board) Recorded() []json.RawMessage   { return t.added }
func (t *board) Clone() live.Table {
	return &board{Sum: slices.Clone(t.Sum), Silent: slices.Clone(t.Silent), Rounds: t.Rounds}
}
func (t *board) AppendBinary(b []byte) ([]byte, error) {
	j, err := json.Marshal(t)
	return append(b, j...), err
}

// move has the seat token holds send n, as a facade would.
func move(ctx context.Context, s *live.Server, code, token string, n int) error {
	_, err := s.Act(ctx, code, token, json.RawMessage(fmt.Sprintf(`{"n":%d}`, n)))
	return err
}

// read is the match as saved after playing what is due.
func read(t *testing.T, s *live.Server, code string) *live.Match {
	t.Helper()
	m, err := s.Read(context.Background(), code)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestRounds: a seat's move is kept hidden until every seat has moved
// (the bot at once); a seat moves once a round; a move outside the rules
// is refused and kept nowhere; the round then resolves, once, and the
// next one waits its whole time; rounds missed while nobody asked resolve
// one after another at their deadlines, silent seats adding nothing.
func TestRounds(t *testing.T) {
	ctx := context.Background()
	c := &clock{}
	c.advance(time.Hour)
	s := live.NewServer(&live.Game{Slug: "sums", Title: "Sums", Rules: sums{}}, &memory.Store{Clock: c.time}, c.time).WithCreateLimit(0)
	a, err := s.CreateSetup(ctx, live.Setup{Players: 3, Bots: 1, Policy: "one", Round: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.Join(ctx, a.Code, "")
	if err != nil {
		t.Fatal(err)
	}
	if err := move(ctx, s, a.Code, a.Token, 7); err != nil {
		t.Fatal(err)
	}
	m := read(t, s, a.Code)
	if tb := m.Table.(*board); tb.Rounds != 0 || tb.Sum[0] != 0 || !m.Moved(0) || !m.Moved(1) || m.Moved(2) {
		t.Fatalf("after seat 0's move: rounds %d, sums %v, moved %v %v %v; want it hidden, the bot's too", tb.Rounds, tb.Sum, m.Moved(0), m.Moved(1), m.Moved(2))
	}
	if err := move(ctx, s, a.Code, a.Token, 1); !play.IsCode(err, play.CodeAlreadyMoved) {
		t.Fatalf("seat 0's second move in a round: %v, want already_moved", err)
	}
	if err := move(ctx, s, a.Code, b.Token, 12); !play.IsCode(err, play.CodeIllegalMove) || read(t, s, a.Code).Moved(2) {
		t.Fatalf("a move outside the rules: %v", err)
	}
	c.advance(time.Second)
	if err := move(ctx, s, a.Code, b.Token, 2); err != nil {
		t.Fatal(err)
	}
	m = read(t, s, a.Code)
	if tb := m.Table.(*board); tb.Rounds != 1 || fmt.Sprint(tb.Sum) != "[7 1 2]" || m.Moved(0) || !m.Moved(1) ||
		!m.RoundDeadline().Equal(c.time().Add(5*time.Second)) {
		t.Fatalf("after every seat moved: rounds %d, sums %v, deadline %v (now %v); want one round, the next 5 s long", tb.Rounds, tb.Sum, m.RoundDeadline(), c.time())
	}
	c.advance(11 * time.Second) // two deadlines pass: rounds 2 and 3, seats 0 and 2 silent
	m = read(t, s, a.Code)
	if tb := m.Table.(*board); tb.Rounds != 3 || fmt.Sprint(tb.Sum) != "[7 3 2]" || fmt.Sprint(tb.Silent) != "[2 0 2]" || len(m.Log) != 3 || len(m.Pending) != 0 {
		t.Fatalf("after two deadlines: rounds %d, sums %v, silent %v, log %s", tb.Rounds, tb.Sum, tb.Silent, m.Log)
	}
	if err := move(ctx, s, a.Code, a.Token, 1); !play.IsCode(err, play.CodeMatchOver) {
		t.Fatalf("a move once over: %v", err)
	}
}

// threePlayers creates a match of sums for three players, rounds a
// minute long, and joins it twice: the match and the seats' tokens.
func threePlayers(t *testing.T, s *live.Server) (*live.Joined, []string) {
	t.Helper()
	ctx := context.Background()
	a, err := s.CreateSetup(ctx, live.Setup{Players: 3, Policy: "one", Round: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	tokens := []string{a.Token}
	for range 2 {
		j, err := s.Join(ctx, a.Code, "")
		if err != nil {
			t.Fatal(err)
		}
		tokens = append(tokens, j.Token)
	}
	return a, tokens
}

// TestRoundUnderLoad: 100 moves at once for one round of one match, 50
// from each of two of its three players: each seat's move lands once and
// every other request is refused (moved already) or told to try again;
// the third seat's move then resolves the round, once.
func TestRoundUnderLoad(t *testing.T) {
	ctx := context.Background()
	s := live.NewServer(&live.Game{Slug: "sums", Title: "Sums", Rules: sums{}}, &memory.Store{}, time.Now).WithCreateLimit(0)
	a, tokens := threePlayers(t, s)
	var wg sync.WaitGroup
	var landed [2]atomic.Int32
	for i := range 100 {
		wg.Go(func() {
			switch err := move(ctx, s, a.Code, tokens[i%2], 1+i%2); {
			case err == nil:
				landed[i%2].Add(1)
			case !play.IsCode(err, play.CodeAlreadyMoved) && !play.IsCode(err, play.CodeConflict):
				t.Errorf("move %d: %v", i, err)
			}
		})
	}
	wg.Wait()
	if err := move(ctx, s, a.Code, tokens[2], 3); err != nil {
		t.Fatal(err)
	}
	m := read(t, s, a.Code)
	if tb := m.Table.(*board); landed[0].Load() != 1 || landed[1].Load() != 1 || tb.Rounds != 1 || fmt.Sprint(tb.Sum) != "[1 2 3]" || len(m.Log) != 1 {
		t.Errorf("landed %d and %d, rounds %d, sums %v, log %s; want each seat's move once and one round", landed[0].Load(), landed[1].Load(), tb.Rounds, tb.Sum, m.Log)
	}
}

// TestRoundsCatchUp: rounds due while nobody asked resolve a few at a
// request (so that no request plays a whole match out), the next requests
// catching up with the clock.
func TestRoundsCatchUp(t *testing.T) {
	ctx := context.Background()
	c := &clock{}
	c.advance(time.Hour)
	s := live.NewServer(&live.Game{Slug: "sums", Title: "Sums", Rules: sums{}}, &memory.Store{Clock: c.time}, c.time).WithCreateLimit(0)
	a, err := s.CreateSetup(ctx, live.Setup{Players: 2, Bots: 1, Policy: "one", Round: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	c.advance(10 * time.Second)
	if got := read(t, s, a.Code).Table.(*board).Rounds; got != 2 {
		t.Fatalf("10 deadlines later, one read resolved %d rounds; want 2", got)
	}
	if got := read(t, s, a.Code).Table.(*board).Rounds; got != 3 {
		t.Fatalf("the next read resolved up to round %d; want 3, the last", got)
	}
}

// savesCounted is a memory store that counts its writes of kind.
type savesCounted struct {
	*memory.Store
	kind  string
	saves atomic.Int32
}

func (s *savesCounted) Save(ctx context.Context, kind, ref string, state []byte, version uint64, expires time.Time) (string, error) {
	if kind == s.kind {
		s.saves.Add(1)
	}
	return s.Store.Save(ctx, kind, ref, state, version, expires)
}

// TestActAll: a batch of seats' moves is played in one write of the
// match, as the same moves one after another would be: a move the rules
// refuse, or a token of no seat, is that entry's error and keeps nothing
// of it, while the others are played; the round resolves once its last
// seat's move lands, in a later batch.
func TestActAll(t *testing.T) {
	ctx := context.Background()
	store := &savesCounted{Store: &memory.Store{}, kind: sums{}.Kind()}
	s := live.NewServer(&live.Game{Slug: "sums", Title: "Sums", Rules: sums{}}, store, time.Now).WithCreateLimit(0)
	a, tokens := threePlayers(t, s)
	moves := func(ns ...int) []json.RawMessage {
		var out []json.RawMessage
		for _, n := range ns {
			out = append(out, json.RawMessage(fmt.Sprintf(`{"n":%d}`, n)))
		}
		return out
	}
	before := store.saves.Load()
	saved, errs, err := s.ActAll(ctx, a.Code, []live.SeatMoves{
		{Token: tokens[0], Moves: moves(7)}, {Token: tokens[1], Moves: moves(12)}, {Token: "no seat's", Moves: moves(1)}, {Token: tokens[2], Moves: moves(2)},
	})
	if err != nil || len(errs) != 4 || errs[0] != nil || !play.IsCode(errs[1], play.CodeIllegalMove) || errs[2] == nil || errs[3] != nil {
		t.Fatalf("a batch of a good move, one out of the rules, one of no seat and another good one: %v, %v", errs, err)
	}
	if n := store.saves.Load() - before; n != 1 {
		t.Errorf("the batch wrote the match %d times, want once", n)
	}
	m := read(t, s, a.Code)
	if saved == nil || !saved.Moved(0) || saved.Moved(1) || !saved.Moved(2) {
		t.Errorf("the batch answered the match as %+v, not as saved", saved)
	}
	if tb := m.Table.(*board); tb.Rounds != 0 || !m.Moved(0) || m.Moved(1) || !m.Moved(2) {
		t.Fatalf("after the batch: rounds %d, moved %v %v %v; want seats 0 and 2 moved, the round waiting for seat 1", tb.Rounds, m.Moved(0), m.Moved(1), m.Moved(2))
	}
	_, errs, err = s.ActAll(ctx, a.Code, []live.SeatMoves{{Token: tokens[0], Moves: moves(1)}, {Token: tokens[1], Moves: moves(3)}})
	if err != nil || !play.IsCode(errs[0], play.CodeAlreadyMoved) || errs[1] != nil {
		t.Fatalf("a second move of seat 0 and seat 1's: %v, %v", errs, err)
	}
	m = read(t, s, a.Code)
	if tb := m.Table.(*board); tb.Rounds != 1 || fmt.Sprint(tb.Sum) != "[7 3 2]" || len(m.Log) != 1 {
		t.Errorf("after seat 1's move: rounds %d, sums %v, log %s; want the round resolved once", tb.Rounds, tb.Sum, m.Log)
	}
}
