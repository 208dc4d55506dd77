package live_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/games/tron/live"
	"github.com/agentgames/bundle/play"
	core "github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/store/memory"
)

// clock is a test clock that moves only when told.
type clock struct{ now atomic.Int64 }

func (c *clock) time() time.Time         { return time.UnixMilli(c.now.Load()) }
func (c *clock) advance(d time.Duration) { c.now.Add(d.Milliseconds()) }

func move(dir string) json.RawMessage { return json.RawMessage(`{"type":"move","dir":"` + dir + `"}`) }

// TestMatch: two players and a wise bot on a 7x7 grid. A player's move is
// shown as made, not where, until the round resolves; the bot has moved
// at once; a second move in a round, a move that is no move, a token of no
// seat are refused; once both players have moved the round resolves,
// every trail one cell longer. A player silent at the deadline is out.
// Played on to its end, the match gives every seat a place, and every
// request reads the match back from the store.
func TestMatch(t *testing.T) {
	ctx := context.Background()
	c := &clock{}
	c.advance(time.Hour)
	s := live.NewServer(&memory.Store{Clock: c.time}, c.time).WithCreateLimit(0)
	if _, err := live.Create(ctx, s, live.Setup{Players: 3, Bot: "wise", Width: 4, Height: 7}); !play.IsCode(err, play.CodeInvalidRequest) {
		t.Fatalf("a 4-wide grid: %v", err)
	}
	a, err := live.Create(ctx, s, live.Setup{Players: 3, Bots: 1, Bot: "wise", Width: 7, Height: 7, Round: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.Join(ctx, a.Code, "b")
	if err != nil || b.Seat != 2 {
		t.Fatalf("join: %+v, %v", b, err)
	}
	st, err := get(ctx, s, a.Code)
	if err != nil {
		t.Fatal(err)
	}
	if st.Phase != "playing" || st.Round != 0 || st.Deadline == nil || *st.Deadline != c.time().Add(2*time.Second).UnixMilli() || !st.Seats[1].Moved || st.Seats[0].Moved {
		t.Fatalf("the first round: %+v", st)
	}
	first := st.Seats[0].Trail
	st, err = moveIn(ctx, s, a.Code, a.Token, safe(st, 0))
	if err != nil {
		t.Fatal(err)
	}
	if !st.Seats[0].Moved || st.Round != 0 || len(st.Seats[0].Trail) != len(first) {
		t.Fatalf("after seat 0's move: %+v", st)
	}
	if shown, _ := json.Marshal(st); strings.Contains(string(shown), `"dir"`) {
		t.Errorf("the public state shows a move before its round resolves: %s", shown)
	}
	for _, bad := range []struct {
		token string
		move  json.RawMessage
		code  play.Code
	}{{a.Token, move("y+"), play.CodeAlreadyMoved}, {b.Token, move("z+"), play.CodeInvalidAction}, {other(b.Token), move("x+"), play.CodeForbidden}} {
		if _, err := moveIn(ctx, s, a.Code, bad.token, bad.move); !play.IsCode(err, bad.code) {
			t.Errorf("move %s: %v, want %s", bad.move, err, bad.code)
		}
	}
	if st, err = moveIn(ctx, s, a.Code, b.Token, safe(st, 2)); err != nil {
		t.Fatal(err)
	}
	if st.Round != 1 || st.Seats[0].Moved || st.Seats[2].Moved || (st.Seats[0].Alive && len(st.Seats[0].Trail) != len(first)+1) {
		t.Fatalf("after every seat moved: round %d, seats %+v", st.Round, st.Seats)
	}
	silentAlive := st.Seats[2].Alive
	if st.Seats[0].Alive && !st.Over {
		if _, err := moveIn(ctx, s, a.Code, a.Token, safe(st, 0)); err != nil {
			t.Fatal(err)
		}
	}
	c.advance(2 * time.Second) // seat 2 does not move: out
	if st, err = get(ctx, s, a.Code); err != nil {
		t.Fatal(err)
	}
	if silentAlive && (st.Round != 2 || st.Seats[2].Alive || st.Seats[2].Died != 2 || !strings.Contains(string(st.Log[len(st.Log)-1]), `"silent":[2]}`)) {
		t.Fatalf("after seat 2 kept silent: round %d, seats %+v, log %s", st.Round, st.Seats, st.Log)
	}
	for n := 0; !st.Over; n++ {
		if n > 100 {
			t.Fatal("no end")
		}
		if st.Seats[0].Alive {
			if _, err := moveIn(ctx, s, a.Code, a.Token, safe(st, 0)); err != nil {
				t.Fatal(err)
			}
		}
		c.advance(2 * time.Second)
		if st, err = get(ctx, s, a.Code); err != nil {
			t.Fatal(err)
		}
	}
	if len(st.Places) != 3 || st.Deadline != nil || st.Phase != "over" {
		t.Errorf("over: %+v", st)
	}
	if _, err := moveIn(ctx, s, a.Code, a.Token, move("x+")); !play.IsCode(err, play.CodeMatchOver) && !play.IsCode(err, play.CodeNotYourTurn) {
		t.Errorf("a move once over: %v", err)
	}
}

// other is token with its first symbol changed: a token of no seat.
func other(token string) string {
	if token[0] == 'A' {
		return "B" + token[1:]
	}
	return "A" + token[1:]
}

// safe is a move of seat's cycle to a free cell of the grid, if any.
func safe(st *live.State, seat int) json.RawMessage {
	taken := map[[2]int]bool{}
	for _, s := range st.Seats {
		for _, c := range s.Trail {
			taken[c] = true
		}
	}
	h := st.Seats[seat].Trail[0]
	for _, d := range []string{"x+", "y+", "x-", "y-"} {
		dir, _ := engine.ParseDir(d)
		x, y := engine.Step(h[0], h[1], dir)
		if x >= 0 && y >= 0 && x < st.Width && y < st.Height && !taken[[2]int{x, y}] {
			return move(d)
		}
	}
	return move("x+")
}

// TestBotsPlayOn: once the player's cycle is out, the bots left play on
// at live.BotRound's pace, not the match's round time, a request
// resolving at most two overdue rounds.
func TestBotsPlayOn(t *testing.T) {
	ctx := context.Background()
	c := &clock{}
	c.advance(time.Hour)
	s := live.NewServer(&memory.Store{Clock: c.time}, c.time).WithCreateLimit(0)
	a, err := live.Create(ctx, s, live.Setup{Players: 3, Bots: 2, Bot: "wise", Width: 30, Height: 30, Round: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	c.advance(10 * time.Second) // seat 0 keeps silent: out
	st, err := get(ctx, s, a.Code)
	if err != nil {
		t.Fatal(err)
	}
	if st.Round != 1 || st.Seats[0].Alive || st.Deadline == nil || *st.Deadline != c.time().Add(live.BotRound).UnixMilli() {
		t.Fatalf("after the first deadline: round %d, seat 0 alive %v, deadline %v; want round 1, seat 0 out, the next round in %v",
			st.Round, st.Seats[0].Alive, st.Deadline, live.BotRound)
	}
	c.advance(live.BotRound)
	if st, err = get(ctx, s, a.Code); err != nil || st.Round != 2 {
		t.Fatalf("a bot round later: round %d, %v; want 2", st.Round, err)
	}
	c.advance(time.Minute)
	if st, err = get(ctx, s, a.Code); err != nil || st.Round != 4 && !st.Over {
		t.Fatalf("a minute later, one read: round %d, %v; want 4, two rounds a request", st.Round, err)
	}
}

// get is the public state of match code on s.
func get(ctx context.Context, s *core.Server, code string) (*live.State, error) {
	m, err := s.Read(ctx, code)
	if err != nil {
		return nil, err
	}
	return live.Public(m), nil
}

// moveIn sends the move of the seat token holds, and answers the public
// state after it.
func moveIn(ctx context.Context, s *core.Server, code, token string, mv json.RawMessage) (*live.State, error) {
	m, err := s.Act(ctx, code, token, mv)
	if err != nil {
		return nil, err
	}
	return live.Public(m), nil
}
