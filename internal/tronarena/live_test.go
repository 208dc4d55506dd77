package tronarena_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/engines/tron/bots"
	"github.com/agentgames/bundle/games/tron/arena"
	"github.com/agentgames/bundle/games/tron/live"
	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/internal/tronarena"
)

const liveSide = 8

// liveBot is a bot of the arena, the wise policy on the live grid, that
// keeps the play-turns it gets and its replies; a slow one answers a
// play-turn only once the call is given up (or after 5 s).
type liveBot struct {
	mu      sync.Mutex
	turns   []*arena.Message
	replies []engine.Dir
}

func newLiveBot(t *testing.T, slow bool) (*httptest.Server, *liveBot) {
	lb := &liveBot{}
	b := &arena.Bot{Name: "url-bot", Policy: bots.Wise, Width: liveSide, Height: liveSide}
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		m, err := arena.Read(body)
		if err != nil {
			t.Errorf("the bot got %s: %v", body, err)
			return
		}
		if slow && m.Action == arena.ActionPlayTurn {
			select {
			case <-r.Context().Done():
			case <-time.After(5 * time.Second):
			}
		}
		reply, err := b.Answer(body)
		if err != nil {
			t.Errorf("the bot cannot answer %s: %v", body, err)
			return
		}
		if m.Action == arena.ActionPlayTurn {
			d, _ := engine.ParseDir(reply.(map[string]string)["play"])
			lb.mu.Lock()
			lb.turns, lb.replies = append(lb.turns, m), append(lb.replies, d)
			lb.mu.Unlock()
		}
		json.NewEncoder(w).Encode(reply)
	}))
	t.Cleanup(s.Close)
	return s, lb
}

// call sends a request to the live API and decodes its reply.
func call(t *testing.T, method, u, body string, out any) {
	t.Helper()
	req, _ := http.NewRequest(method, u, strings.NewReader(body))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || json.Unmarshal(data, out) != nil {
		t.Fatalf("%s %s %s: %d %s", method, u, body, resp.StatusCode, data)
	}
}

// agentMatch creates a 3-seat match on the live server at base, as an
// agent in seat 0 with an easy bot in seat 1, and seats the URL bot in
// seat 2 with the runner; then it plays seat 0 (a move to a free cell
// each round) until the match is over, and answers the runner's result,
// its output, the last state, and the URL bot's longest trail seen.
func agentMatch(t *testing.T, base, botURL string, roundMillis int, timeout time.Duration) (*tronarena.LiveResult, string, *live.State, [][2]int) {
	t.Helper()
	matches := base + "/api/games/tron/matches"
	var agent live.Joined
	call(t, http.MethodPost, matches, fmt.Sprintf(`{"players":3,"name":"agent","bots":1,"bot":"easy","width":%d,"height":%d,"roundMillis":%d}`, liveSide, liveSide, roundMillis), &agent)
	run := &tronarena.LiveRun{Live: tronarena.Live{Base: base, Bot: botURL, Timeout: timeout, Poll: 10 * time.Millisecond}, Code: agent.Code, Name: "runner"}
	var out bytes.Buffer
	type ended struct {
		r   *tronarena.LiveResult
		err error
	}
	done := make(chan ended, 1)
	go func() {
		r, err := run.Run(context.Background(), &out)
		done <- ended{r, err}
	}()
	var st live.State
	var trail [][2]int
	for start := time.Now(); !st.Over; time.Sleep(5 * time.Millisecond) {
		if time.Since(start) > 20*time.Second {
			t.Fatalf("no end: %+v", st)
		}
		st = live.State{} // decoding into st again would write over trail
		call(t, http.MethodGet, matches+"/"+agent.Code, "", &st)
		if len(st.Seats[2].Trail) > len(trail) { // the last state too: the match may end in round 1
			trail = st.Seats[2].Trail
		}
		if st.Phase == "playing" && st.Seats[0].Alive && !st.Seats[0].Moved {
			var moved live.State
			call(t, http.MethodPost, matches+"/"+agent.Code+"/move", fmt.Sprintf(`{"token":%q,"dir":%q}`, agent.Token, free(&st, 0)), &moved)
		}
	}
	e := <-done
	if e.err != nil {
		t.Fatal(e.err)
	}
	return e.r, out.String(), &st, trail
}

// free is a direction of seat's cycle to a free cell of the grid, if any.
func free(st *live.State, seat int) string {
	taken := map[[2]int]bool{}
	for _, s := range st.Seats {
		for _, c := range s.Trail {
			taken[c] = true
		}
	}
	h := st.Seats[seat].Trail[0]
	for _, d := range []engine.Dir{engine.XPlus, engine.YPlus, engine.XMinus, engine.YMinus} {
		x, y := engine.Step(h[0], h[1], d)
		if x >= 0 && y >= 0 && x < st.Width && y < st.Height && !taken[[2]int{x, y}] {
			return d.String()
		}
	}
	return "x+"
}

// TestLiveSeatsABot: the runner joins the empty seat of a match between
// an agent and an easy bot, and the URL bot's cycle moves each round as
// the bot replied: every play-turn carries its trail head first, one cell
// longer each round, its head one step from the last in the direction
// the bot last replied, and the trails the match shows follow its
// replies. The runner ends with the place the match gives the seat.
func TestLiveSeatsABot(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(testserver.WithLive(t, nil))
	defer srv.Close()
	botSrv, lb := newLiveBot(t, false)
	r, out, st, trail := agentMatch(t, srv.URL, botSrv.URL, 5000, tronarena.DefaultTimeout)
	if r.Index != 2 || st.Seats[2].Name != "runner" || r.Name != "url-bot" || r.InitError != "" || r.Cause != "" {
		t.Errorf("the seat: %+v, %+v", r, st.Seats[2])
	}
	if r.Rank != st.Places[2] || r.Died != st.Seats[2].Died || !strings.Contains(out, fmt.Sprintf("place %d", r.Rank)) {
		t.Errorf("the runner ends with %+v, the match with places %v and seat 2 out in round %d; output %q", r, st.Places, st.Seats[2].Died, out)
	}
	lb.mu.Lock()
	defer lb.mu.Unlock()
	if len(lb.replies) == 0 || r.Moves != len(lb.replies) {
		t.Fatalf("%d moves sent, the bot replied %d times", r.Moves, len(lb.replies))
	}
	var head engine.Cell
	for k, m := range lb.turns {
		trails, err := m.Trails()
		if err != nil || m.GameID != st.Code || m.Players != 3 || m.PlayerIndex != 2 || len(trails[2]) != k+1 {
			t.Fatalf("play-turn %d: %+v, %v", k+1, m, err)
		}
		if k > 0 {
			x, y := engine.Step(head.X, head.Y, lb.replies[k-1])
			if trails[2][0] != (engine.Cell{X: x, Y: y}) {
				t.Fatalf("play-turn %d: the head is at %v, the bot replied %v from %v", k+1, trails[2][0], lb.replies[k-1], head)
			}
		}
		head = trails[2][0]
	}
	var moved []engine.Dir
	for i := len(trail) - 1; i > 0; i-- {
		d, ok := direction(trail[i], trail[i-1])
		if !ok {
			t.Fatalf("the trail %v is not head first", trail)
		}
		moved = append(moved, d)
	}
	if len(moved) == 0 || !slices.Equal(moved, lb.replies[:len(moved)]) {
		t.Errorf("the cycle moved %v, the bot replied %v; the match ended %+v", moved, lb.replies, st)
	}
}

// direction is the step from a to b, false when b is no step from a.
func direction(a, b [2]int) (engine.Dir, bool) {
	for _, d := range []engine.Dir{engine.XPlus, engine.XMinus, engine.YPlus, engine.YMinus} {
		if x, y := engine.Step(a[0], a[1], d); x == b[0] && y == b[1] {
			return d, true
		}
	}
	return 0, false
}

// TestLiveSlowBotIsOut: a bot that does not answer within the arena's
// timeout sends no move, and the round's deadline puts its cycle out.
func TestLiveSlowBotIsOut(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(testserver.WithLive(t, nil))
	defer srv.Close()
	botSrv, _ := newLiveBot(t, true)
	r, _, st, _ := agentMatch(t, srv.URL, botSrv.URL, 1000, 200*time.Millisecond)
	if r.Moves != 0 || r.Died != 1 || r.Cause != "transport: no reply within 200ms" || r.Rank != st.Places[2] {
		t.Errorf("the slow bot: %+v, places %v", r, st.Places)
	}
	if len(st.Log) == 0 || !strings.Contains(string(st.Log[0]), `"silent":[2]`) {
		t.Errorf("the log: %s", st.Log)
	}
}

// TestLiveCreates: -create makes the match, the bot in seat 0, writes its
// code and the link to share, and plays it to its end against the
// server's bot.
func TestLiveCreates(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(testserver.WithLive(t, nil))
	defer srv.Close()
	botSrv, _ := newLiveBot(t, false)
	run := &tronarena.LiveRun{Live: tronarena.Live{Base: srv.URL + "/", Bot: botSrv.URL, Poll: 10 * time.Millisecond},
		Setup: &tronarena.LiveSetup{Players: 2, Bots: 1, Bot: "wise", Width: liveSide, Height: liveSide, RoundMillis: 5000}}
	var out bytes.Buffer
	r, err := run.Run(context.Background(), &out)
	if err != nil {
		t.Fatal(err)
	}
	var st live.State
	call(t, http.MethodGet, srv.URL+"/api/games/tron/matches/"+r.Code, "", &st)
	if r.Index != 0 || r.Moves == 0 || st.Width != liveSide || !st.Seats[1].Bot || !st.Over || r.Rank != st.Places[0] {
		t.Errorf("the seat: %+v, the match %+v", r, st)
	}
	if !strings.HasPrefix(out.String(), fmt.Sprintf("match %s: share %s/tron/?code=%s", r.Code, srv.URL, r.Code)) {
		t.Errorf("output %q", out.String())
	}
}
