package live_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentgames/bundle/agents/tidecaptain"
	"github.com/agentgames/bundle/games/tidebreakers/live"
	"github.com/agentgames/bundle/internal/contracttest"
	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/play"
	core "github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/store/memory"
	"github.com/agentgames/bundle/store/storetest"
)

// clock is a test clock that moves only when told.
type clock struct{ now atomic.Int64 }

func (c *clock) time() time.Time         { return time.UnixMilli(c.now.Load()) }
func (c *clock) advance(d time.Duration) { c.now.Add(d.Milliseconds()) }

func newServer(t testing.TB) (*core.Server, *clock) {
	t.Helper()
	c := &clock{}
	c.now.Store(1_700_000_000_000)
	return live.NewServer(&memory.Store{}, c.time), c
}

func code(err error) play.Code {
	var pe *play.Error
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}

// serve calls the card's API in process and decodes its answer into out.
func serve(t testing.TB, s *core.Server, op, matchCode string, body any, out any) error {
	t.Helper()
	var data []byte
	if body != nil {
		data, _ = json.Marshal(body)
	}
	answer, err := s.Serve(context.Background(), op, matchCode, data, core.Whole)
	if err == nil && out != nil {
		b, _ := json.Marshal(answer)
		json.Unmarshal(b, out)
	}
	return err
}

// TestAgainstABotSeat: a match created with a bot seat starts at once; the
// creator plays it to the end with the sample strategy; the captain
// replies inside each action; tokens never show in the public state.
func TestAgainstABotSeat(t *testing.T) {
	s, _ := newServer(t)
	var j live.Joined
	if err := serve(t, s, "create", "", map[string]any{"players": 2, "name": "Ada", "bots": 1, "captain": "strong"}, &j); err != nil {
		t.Fatal(err)
	}
	if len(j.Code) != live.CodeLength || j.Seat != 0 || len(j.Token) < 40 {
		t.Fatalf("create answered %+v", j)
	}
	var st live.State
	serve(t, s, "get", j.Code, nil, &st)
	if st.Phase == "lobby" || st.Seats[1].Name != "strong" || !st.Seats[1].Bot || *st.Turn != 0 {
		t.Fatalf("a match against a bot seat must start at once, at the player's turn: %+v", st)
	}
	for steps := 0; !st.Over; steps++ {
		if steps > 2000 {
			t.Fatal("no end")
		}
		op, body := tidecaptain.Next(&st, 0, j.Token)
		if err := serve(t, s, op, j.Code, body, &st); err != nil {
			t.Fatalf("%s %v: %v", op, body, err)
		}
		if !st.Over && *st.Turn != 0 {
			t.Fatalf("after the player's action the captain must have replied: turn %d", *st.Turn)
		}
	}
	if st.Ending == "" || len(st.Log) == 0 || st.Log[len(st.Log)-1].Kind != "ended" {
		t.Errorf("finished match: %+v", st)
	}
	data, _ := json.Marshal(st)
	if strings.Contains(string(data), j.Token) {
		t.Error("the public state shows a token")
	}
}

// TestLobby: empty seats wait 10 seconds for players, then captains fill
// them; a join after the start is refused.
func TestLobby(t *testing.T) {
	s, c := newServer(t)
	var j, k live.Joined
	serve(t, s, "create", "", map[string]any{"players": 3}, &j)
	if err := serve(t, s, "join", j.Code, map[string]any{"name": "Bo"}, &k); err != nil || k.Seat != 1 {
		t.Fatalf("join: %+v %v", k, err)
	}
	var st live.State
	serve(t, s, "get", j.Code, nil, &st)
	if st.Phase != "lobby" || st.Seats[2].Joined {
		t.Fatalf("before 10 s: %+v", st)
	}
	if err := serve(t, s, "pass", j.Code, map[string]any{"token": j.Token}, nil); code(err) != play.CodeNotYourTurn {
		t.Errorf("acting in the lobby: %v", err)
	}
	c.advance(live.Lobby)
	serve(t, s, "get", j.Code, nil, &st)
	if st.Phase == "lobby" || !st.Seats[2].Bot || st.Seats[0].Bot || st.Seats[1].Bot {
		t.Fatalf("after 10 s: %+v", st.Seats)
	}
	if err := serve(t, s, "join", j.Code, map[string]any{"name": "Late"}, nil); code(err) != play.CodeMatchFull {
		t.Errorf("a join after the start: %v", err)
	}
}

// TestView: a token answers its own seat; a stranger's token is
// forbidden, and an unknown code no match.
func TestView(t *testing.T) {
	s, _ := newServer(t)
	var j, k live.Joined
	serve(t, s, "create", "", map[string]any{"players": 3}, &j)
	serve(t, s, "join", j.Code, map[string]any{}, &k)
	ctx := context.Background()
	for _, c := range []live.Joined{j, k} {
		if _, seat, err := s.View(ctx, c.Code, c.Token); err != nil || seat != c.Seat {
			t.Errorf("the token of seat %d: seat %d, %v", c.Seat, seat, err)
		}
	}
	if _, _, err := s.View(ctx, j.Code, "stranger"); code(err) != play.CodeForbidden {
		t.Errorf("a stranger's token: %v", err)
	}
	if _, _, err := s.View(ctx, "0000000000", j.Token); code(err) != play.CodeNoMatch {
		t.Errorf("an unknown match: %v", err)
	}
}

// TestRefusals: every request the card's API refuses gets its code and
// changes nothing.
func TestRefusals(t *testing.T) {
	s, _ := newServer(t)
	var a, b live.Joined
	serve(t, s, "create", "", map[string]any{"players": 2, "name": "A"}, &a)
	serve(t, s, "join", a.Code, map[string]any{"name": "B"}, &b)
	var st live.State
	serve(t, s, "get", a.Code, nil, &st)
	mover, other := a, b
	if *st.Turn == 1 {
		mover, other = b, a
	}
	corner := map[int]int{0: 0, 1: 24}[mover.Seat]
	before, _ := json.Marshal(st)
	tests := []struct {
		name, op, code string
		body           map[string]any
		want           play.Code
	}{
		{"made-up token", "pass", a.Code, map[string]any{"token": "not-a-token"}, play.CodeForbidden},
		{"the other seat's turn", "supply", a.Code, map[string]any{"token": other.Token, "tile": 0, "amount": 1}, play.CodeNotYourTurn},
		{"attack before supply", "attack", a.Code, map[string]any{"token": mover.Token, "from": corner, "to": 1, "send": 1}, play.CodeIllegalMove},
		{"an island not held", "supply", a.Code, map[string]any{"token": mover.Token, "tile": 12, "amount": 1}, play.CodeIllegalMove},
		{"too much supply", "supply", a.Code, map[string]any{"token": mover.Token, "tile": corner, "amount": 6}, play.CodeIllegalMove},
		{"a negative amount", "supply", a.Code, map[string]any{"token": mover.Token, "tile": corner, "amount": -1}, play.CodeInvalidRequest},
		{"a huge tile", "supply", a.Code, map[string]any{"token": mover.Token, "tile": 1e12, "amount": 1}, play.CodeInvalidRequest},
		{"an extra field", "pass", a.Code, map[string]any{"token": mover.Token, "seat": 0}, play.CodeInvalidRequest},
		{"no token", "pass", a.Code, map[string]any{}, play.CodeInvalidRequest},
		{"an unknown match", "pass", "ZZZZ", map[string]any{"token": mover.Token}, play.CodeNoMatch},
		{"a full match", "join", a.Code, map[string]any{"name": "C"}, play.CodeMatchFull},
		{"players 5", "create", "", map[string]any{"players": 5}, play.CodeInvalidRequest},
		{"an unknown captain", "create", "", map[string]any{"players": 2, "captain": "genius"}, play.CodeInvalidRequest},
	}
	for _, tt := range tests {
		if err := serve(t, s, tt.op, tt.code, tt.body, nil); code(err) != tt.want {
			t.Errorf("%s: %v, want %s", tt.name, err, tt.want)
		}
	}
	serve(t, s, "get", a.Code, nil, &st)
	if after, _ := json.Marshal(st); !bytes.Equal(before, after) {
		t.Errorf("refused requests changed the match:\n%s\n%s", before, after)
	}
}

// TestTimeLimit: past 9 minutes from the start, the next read ends the
// match by scoring, with the reason in the log; then actions are refused.
func TestTimeLimit(t *testing.T) {
	s, c := newServer(t)
	var j live.Joined
	serve(t, s, "create", "", map[string]any{"players": 2, "bots": 1}, &j)
	c.advance(live.TimeLimit)
	var st live.State
	serve(t, s, "get", j.Code, nil, &st)
	if !st.Over || st.Ending != "time_limit" || st.Log[len(st.Log)-1].Ending != "time_limit" {
		t.Fatalf("after 9 minutes: %+v", st)
	}
	if err := serve(t, s, "pass", j.Code, map[string]any{"token": j.Token}, nil); code(err) != play.CodeMatchOver {
		t.Errorf("acting after the end: %v", err)
	}
}

// TestConcurrentActions: on every store, 100 requests at once spend one
// seat's supply of 3, one at a time, then 100 at once send the same
// expedition: exactly three supplies and one expedition land, each once.
func TestConcurrentActions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, store play.Store) {
		s := live.NewServer(store, time.Now)
		var j live.Joined
		serve(t, s, "create", "", map[string]any{"players": 2, "bots": 1}, &j)
		var st live.State
		serve(t, s, "get", j.Code, nil, &st)
		before, logged := st.Tiles[0].Strength, len(st.Log)
		race := func(op string, body map[string]any) int32 {
			var wg sync.WaitGroup
			var accepted atomic.Int32
			for range 100 {
				wg.Go(func() {
					err := serve(t, s, op, j.Code, body, nil)
					switch code(err) {
					case "":
						accepted.Add(1)
					case play.CodeIllegalMove, play.CodeNotYourTurn, play.CodeConflict:
					default:
						t.Error(err)
					}
				})
			}
			wg.Wait()
			return accepted.Load()
		}
		supplies := race("supply", map[string]any{"token": j.Token, "tile": 0, "amount": 1})
		serve(t, s, "get", j.Code, nil, &st)
		if supplies != 3 || st.Tiles[0].Strength != before+3 || st.Phase != "attack" {
			t.Errorf("%d supplies accepted, strength %d -> %d, phase %s", supplies, before, st.Tiles[0].Strength, st.Phase)
		}
		attacks := race("attack", map[string]any{"token": j.Token, "from": 0, "to": 1, "send": 6})
		serve(t, s, "get", j.Code, nil, &st)
		ours := 0
		for _, e := range st.Log[logged:] {
			if e.Seat != nil && *e.Seat == 0 && e.Kind == "captured" {
				ours++
			}
		}
		if attacks != 1 || ours != 1 || st.Tiles[0].Strength != 1 {
			t.Errorf("%d expeditions accepted, %d logged, island 0 at %d", attacks, ours, st.Tiles[0].Strength)
		}
	})
}

// TestOverHTTP plays a whole match through the bundle's handler, every
// request and answer held to openapi.yaml, and checks the HTTP errors.
func TestOverHTTP(t *testing.T) {
	h := testserver.New(t)
	s, _ := newServer(t)
	h.ServeLive(s)
	e := contracttest.Do(t, h, http.MethodPost, "/api/matches", `{"players":2,"name":"Ada","bots":1,"captain":"random"}`)
	var j live.Joined
	if json.Unmarshal(e.Body, &j); e.Status != 200 || j.Code == "" {
		t.Fatalf("create: %d %s", e.Status, e.Body)
	}
	var st live.State
	json.Unmarshal(contracttest.Do(t, h, http.MethodGet, "/api/matches/"+j.Code, "").Body, &st)
	for steps := 0; !st.Over; steps++ {
		if steps > 2000 {
			t.Fatal("no end")
		}
		op, body := tidecaptain.Next(&st, 0, j.Token)
		data, _ := json.Marshal(body)
		e := contracttest.Do(t, h, http.MethodPost, "/api/matches/"+j.Code+"/"+op, string(data))
		if e.Status != 200 {
			t.Fatalf("%s: %d %s", op, e.Status, e.Body)
		}
		json.Unmarshal(e.Body, &st)
	}
	for _, c := range []struct {
		path, body string
		status     int
		code       string
	}{
		{"/api/matches/" + j.Code + "/pass", `{"token":"guess"}`, 403, "forbidden"},
		{"/api/matches/" + j.Code + "/pass", `{"token":"` + j.Token + `"}`, 409, "match_over"},
		{"/api/matches/" + j.Code + "/fly", `{}`, 404, "not_found"},
		{"/api/matches/ZZZZ/pass", `{"token":"x"}`, 404, "no_match"},
		{"/api/matches/" + j.Code + "/pass", `{"token":"a","token":"b"}`, 400, "bad_json"},
		{"/api/matches/" + j.Code + "/pass", strings.Repeat(" ", 1<<20), 413, "body_too_large"},
		{"/api/matches", `{"players":2,"PLAYERS":4}`, 400, "invalid_request"},
	} {
		e := contracttest.Do(t, h, http.MethodPost, c.path, c.body)
		if e.Status != c.status || e.Code(t) != c.code {
			t.Errorf("POST %s %.40s: %d %s", c.path, c.body, e.Status, e.Body)
		}
	}
}

// TestGuessedTokensNeverAct: 1,000 random tokens and every one-character
// change of a real token are refused as forbidden and change nothing, and
// 1,000 guessed codes other than the match's own find no match.
func TestGuessedTokensNeverAct(t *testing.T) {
	s, _ := newServer(t)
	var j live.Joined
	serve(t, s, "create", "", map[string]any{"players": 2, "bots": 1}, &j)
	var before live.State
	serve(t, s, "get", j.Code, nil, &before)
	guesses := []string{"", " ", j.Token + "A", j.Token[1:], strings.ToUpper(j.Token)}
	for i := range 1000 {
		var b [32]byte
		rand.Read(b[:])
		guesses = append(guesses, base64.RawURLEncoding.EncodeToString(b[:]))
		if i < len(j.Token) {
			c := []byte(j.Token)
			c[i] ^= 1
			guesses = append(guesses, string(c))
		}
	}
	for _, g := range guesses {
		if err := serve(t, s, "pass", j.Code, map[string]any{"token": g}, nil); code(err) != play.CodeForbidden {
			t.Fatalf("token %q: %v", g, err)
		}
	}
	for range 1000 {
		var b [live.CodeLength]byte
		rand.Read(b[:])
		for i := range b {
			b[i] = 'A' + b[i]%26
		}
		if guess := string(b[:]); guess != j.Code {
			if err := serve(t, s, "get", guess, nil, nil); code(err) != play.CodeNoMatch {
				t.Fatalf("code %s: %v", guess, err)
			}
		}
	}
	var after live.State
	serve(t, s, "get", j.Code, nil, &after)
	a, _ := json.Marshal(before)
	b, _ := json.Marshal(after)
	if !bytes.Equal(a, b) {
		t.Error("guessed tokens changed the match")
	}
}
