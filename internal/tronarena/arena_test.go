package tronarena_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/engines/tron/bots"
	"github.com/agentgames/bundle/games/tron/arena"
	"github.com/agentgames/bundle/internal/tronarena"
)

const side = 10

// recorder keeps the bodies and content types a bot server received.
type recorder struct {
	mu     sync.Mutex
	bodies []string
	types  []string
}

func (r *recorder) add(req *http.Request, body []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.bodies = append(r.bodies, string(body))
	r.types = append(r.types, req.Header.Get("Content-Type"))
}

// server serves answer(message) for every POST, recording them.
func server(t *testing.T, answer func(w http.ResponseWriter, r *http.Request, m *arena.Message)) (*httptest.Server, *recorder) {
	t.Helper()
	rec := &recorder{}
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		rec.add(r, body)
		m, err := arena.Read(body)
		if r.Method != http.MethodPost || err != nil {
			t.Errorf("the bot got %s %q: %v", r.Method, body, err)
			http.Error(w, "bad message", http.StatusBadRequest)
			return
		}
		answer(w, r, m)
	}))
	t.Cleanup(s.Close)
	return s, rec
}

// good is a bot of the arena playing policy on a side x side grid.
func good(t *testing.T, name string, policy bots.Policy) (*httptest.Server, *recorder) {
	b := &arena.Bot{Name: name, Policy: policy, Width: side, Height: side}
	return server(t, func(w http.ResponseWriter, r *http.Request, m *arena.Message) {
		body, _ := json.Marshal(m)
		reply, err := b.Answer(body)
		if err != nil {
			t.Errorf("the good bot cannot answer %s: %v", body, err)
		}
		json.NewEncoder(w).Encode(reply)
	})
}

// scripted answers init with its name, and the play-turns with turn(n)
// for its n-th play-turn (from 1), as raw bytes.
func scripted(t *testing.T, name string, turn func(n int, w http.ResponseWriter, r *http.Request)) *httptest.Server {
	var n atomic.Int32
	s, _ := server(t, func(w http.ResponseWriter, r *http.Request, m *arena.Message) {
		if m.Action == arena.ActionInit {
			fmt.Fprintf(w, `{"name":%q}`, name)
			return
		}
		turn(int(n.Add(1)), w, r)
	})
	return s
}

// plays is a scripted bot answering the directions in turn, the last one
// for ever.
func plays(t *testing.T, dirs ...string) *httptest.Server {
	return scripted(t, "plays", func(n int, w http.ResponseWriter, _ *http.Request) {
		fmt.Fprintf(w, `{"play":%q}`, dirs[min(n, len(dirs))-1])
	})
}

func run(t *testing.T, m *tronarena.Match) *tronarena.Result {
	t.Helper()
	r, err := m.Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestBrokenBotsLoseRoundOne(t *testing.T) {
	const timeout = 300 * time.Millisecond
	for _, c := range []struct {
		name, cause string
		turn        func(n int, w http.ResponseWriter, r *http.Request)
	}{
		{"slow", "transport: no reply within 300ms", func(_ int, w http.ResponseWriter, r *http.Request) {
			select {
			case <-r.Context().Done():
			case <-time.After(3 * timeout):
			}
			io.WriteString(w, `{"play":"x+"}`)
		}},
		{"not json", "not JSON", func(_ int, w http.ResponseWriter, _ *http.Request) {
			io.WriteString(w, `x+`)
		}},
		{"bad direction", `bad direction "up"`, func(_ int, w http.ResponseWriter, _ *http.Request) {
			io.WriteString(w, `{"play":"up"}`)
		}},
		{"no play", `bad direction "[\"x+\"]"`, func(_ int, w http.ResponseWriter, _ *http.Request) {
			io.WriteString(w, `["x+"]`)
		}},
		{"status 500", "transport: HTTP status 500", func(_ int, w http.ResponseWriter, _ *http.Request) {
			w.WriteHeader(http.StatusInternalServerError)
			io.WriteString(w, `{"play":"x+"}`)
		}},
		{"hangs up", "transport: EOF", func(_ int, w http.ResponseWriter, _ *http.Request) {
			conn, _, err := http.NewResponseController(w).Hijack()
			if err != nil {
				t.Error(err)
				return
			}
			conn.Close()
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			wise, _ := good(t, "wise", bots.Wise)
			broken := scripted(t, "broken", c.turn)
			for seat := range 2 {
				urls := []string{wise.URL, broken.URL}
				if seat == 1 {
					slices.Reverse(urls)
				}
				r := run(t, &tronarena.Match{URLs: urls, Seed: 3, Width: side, Height: side, Timeout: timeout})
				w, b := r.Seats[seat], r.Seats[1-seat]
				if r.Rounds != 1 || b.Died != 1 || b.Cause != c.cause || b.Rank != 2 || w.Died != 0 || w.Rank != 1 {
					t.Errorf("seat %d: got %+v, want the broken bot out in round 1 for %q", seat, r, c.cause)
				}
				if w.Name != "wise" || b.Name != "broken" || w.InitError != "" {
					t.Errorf("seat %d: names and init errors %+v", seat, r.Seats)
				}
			}
		})
	}
}

func TestMessages(t *testing.T) {
	wise, rec := good(t, "wise", bots.Wise)
	easy, _ := good(t, "easy", bots.Easy)
	broken := plays(t, "north")
	var deaths [][2][]int
	m := &tronarena.Match{URLs: []string{wise.URL, broken.URL, easy.URL}, GameID: "g7", Seed: 5, Width: side, Height: side}
	r, err := m.Run(context.Background(), func(died, survivors []int) {
		deaths = append(deaths, [2][]int{died, survivors})
	})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := engine.New(5, side, side, 3)
	head := func(p int) string { c := s.Head(p); return fmt.Sprintf("[[%d,%d]]", c.X, c.Y) }
	want := []string{
		`{"game-id":"g7","action":"init","game":"tron","board":"","players":3,"player-index":0}`,
		`{"game-id":"g7","action":"play-turn","game":"tron","board":[` + head(0) + "," + head(1) + "," + head(2) + `],"player-index":0,"players":3}`,
	}
	if len(rec.bodies) != r.Rounds+1 || !slices.Equal(rec.bodies[:2], want) {
		t.Errorf("the first bot got %q\nwant %q first, and one play-turn a round", rec.bodies, want)
	}
	for _, ct := range rec.types {
		if ct != "application/json" {
			t.Errorf("Content-Type %q", ct)
		}
	}
	if !strings.Contains(rec.bodies[2], `]],[],[[`) {
		t.Errorf("round 2's board does not show the dead bot as []: %s", rec.bodies[2])
	}
	if len(deaths) == 0 || !slices.Equal(deaths[0][0], []int{1}) || !slices.Equal(deaths[0][1], []int{0, 2}) {
		t.Errorf("deaths %v, want [1] then [0 2] first", deaths)
	}
	if r.Seats[1].Rank != 3 || r.Seats[1].Cause != `bad direction "north"` || r.GameID != "g7" {
		t.Errorf("got %+v", r)
	}
}

// seedWhere is the first seed whose start cells on a side x side grid for
// two players satisfy ok.
func seedWhere(t *testing.T, ok func(a, b engine.Cell) bool) uint64 {
	for seed := range uint64(100000) {
		s, _ := engine.New(seed, side, side, 2)
		if ok(s.Head(0), s.Head(1)) {
			return seed
		}
	}
	t.Fatal("no seed")
	return 0
}

func TestRuleCauses(t *testing.T) {
	t.Run("wall", func(t *testing.T) {
		seed := seedWhere(t, func(a, b engine.Cell) bool { return a.Y != b.Y && a.X < b.X })
		s, _ := engine.New(seed, side, side, 2)
		r := run(t, &tronarena.Match{URLs: []string{plays(t, "x-").URL, plays(t, "x-").URL}, Seed: seed, Width: side, Height: side})
		if r.Seats[0].Cause != "wall" || r.Seats[0].Died != s.Head(0).X+1 || r.Seats[1].Died != 0 {
			t.Errorf("got %+v", r)
		}
	})
	t.Run("trail", func(t *testing.T) {
		seed := seedWhere(t, func(a, b engine.Cell) bool { return a.Y != b.Y && a.X < side-1 && b.X >= 2 })
		r := run(t, &tronarena.Match{URLs: []string{plays(t, "x+", "x-").URL, plays(t, "x-").URL}, Seed: seed, Width: side, Height: side})
		if r.Seats[0].Cause != "trail" || r.Seats[0].Died != 2 || r.Rounds != 2 || r.Seats[1].Rank != 1 {
			t.Errorf("got %+v", r)
		}
	})
	t.Run("collision", func(t *testing.T) {
		seed := seedWhere(t, func(a, b engine.Cell) bool { return a.Y == b.Y && b.X == a.X+2 })
		r := run(t, &tronarena.Match{URLs: []string{plays(t, "x+").URL, plays(t, "x-").URL}, Seed: seed, Width: side, Height: side})
		for _, s := range r.Seats {
			if s.Cause != "collision" || s.Died != 1 || s.Rank != 1 {
				t.Errorf("got %+v", r)
			}
		}
	})
}

func TestParallel(t *testing.T) {
	var inFlight, most atomic.Int32
	slow := func(name string) *httptest.Server {
		b := &arena.Bot{Name: name, Policy: bots.Wise, Width: side, Height: side}
		s, _ := server(t, func(w http.ResponseWriter, _ *http.Request, m *arena.Message) {
			n := inFlight.Add(1)
			defer inFlight.Add(-1)
			for old := most.Load(); n > old && !most.CompareAndSwap(old, n); old = most.Load() {
			}
			time.Sleep(50 * time.Millisecond)
			body, _ := json.Marshal(m)
			reply, _ := b.Answer(body)
			json.NewEncoder(w).Encode(reply)
		})
		return s
	}
	r := run(t, &tronarena.Match{URLs: []string{slow("a").URL, slow("b").URL}, Seed: 1, Width: side, Height: side})
	if most.Load() != 2 || r.Rounds < 2 {
		t.Errorf("at most %d calls in flight over %d rounds, want 2", most.Load(), r.Rounds)
	}
}

func TestInitFailureIsNoLoss(t *testing.T) {
	wise, _ := good(t, "wise", bots.Wise)
	var n atomic.Int32
	flaky, _ := server(t, func(w http.ResponseWriter, _ *http.Request, m *arena.Message) {
		if m.Action == arena.ActionInit {
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
		n.Add(1)
		io.WriteString(w, `{"play":"up"}`)
	})
	r := run(t, &tronarena.Match{URLs: []string{flaky.URL, wise.URL}, Seed: 2, Width: side, Height: side})
	if r.Seats[0].InitError != "transport: HTTP status 500" || n.Load() != 1 || r.Seats[0].Died != 1 || r.Seats[0].Cause != `bad direction "up"` {
		t.Errorf("got %+v", r)
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-6 }

func ratings(l *tronarena.Ladder, urls ...string) []float64 {
	var out []float64
	for _, u := range urls {
		out = append(out, l.Rating(u))
	}
	return out
}

func TestElo(t *testing.T) {
	for _, c := range []struct {
		name   string
		rounds [][2][]string
		want   []float64 // of a, b, c
	}{
		{"one defeat", [][2][]string{{{"a"}, {"b"}}}, []float64{1475, 1525, 1500}},
		{"a draw between equals", [][2][]string{{{"a", "b"}, nil}}, []float64{1500, 1500, 1500}},
		{"two die, one survives", [][2][]string{{{"a", "b"}, {"c"}}}, []float64{1475, 1475, 1550}},
		// From 1500 each: both defeats of a at 1500, not the second at 1475
		// (which would leave a at 1451.7958).
		{"ratings of the round's start", [][2][]string{{{"a"}, {"b", "c"}}}, []float64{1450, 1525, 1525}},
		// 1525 expects 1/(1+10^(-50/400)) = 0.5714631 against 1475.
		{"upset", [][2][]string{{{"a"}, {"b"}}, {{"b"}, {"a"}}}, []float64{1503.5731559, 1496.4268441, 1500}},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := tronarena.NewLadder()
			for _, r := range c.rounds {
				l.Record(r[0], r[1])
			}
			got := ratings(l, "a", "b", "c")
			if !slices.EqualFunc(got, c.want, near) {
				t.Errorf("ratings %v, want %v", got, c.want)
			}
		})
	}
	l := tronarena.NewLadder()
	l.Record([]string{"a", "b"}, []string{"c"})
	e := l.Entries()
	if e[0].URL != "c" || e[0].Wins != 2 || e[1].Draws != 1 || e[1].Losses != 1 {
		t.Errorf("entries %+v", e)
	}
	for r, k := range map[float64]float64{999: 80, 1000: 50, 1999.9: 50, 2000: 30, 2400: 30, 2400.1: 20} {
		if tronarena.K(r) != k {
			t.Errorf("K(%v) = %v, want %v", r, tronarena.K(r), k)
		}
	}
}

func TestSeries(t *testing.T) {
	wise, _ := good(t, "wise", bots.Wise)
	easy, _ := good(t, "easy", bots.Easy)
	broken := scripted(t, "broken", func(_ int, w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "?") })
	s := &tronarena.Series{URLs: []string{wise.URL, broken.URL, easy.URL}, Matches: 3, Players: 2, Seed: 9, Width: side, Height: side, Timeout: time.Second}
	var log strings.Builder
	rep, err := s.Run(context.Background(), &log)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Matches) != 3 || !strings.Contains(log.String(), "match 3/3: ") || !strings.Contains(log.String(), "(round 1, not JSON)") {
		t.Errorf("log:\n%s", log.String())
	}
	sum := 0.0
	for _, e := range rep.Ladder {
		sum += e.Rating
		if e.Games != 2 {
			t.Errorf("%+v played %d games, want 2", e, e.Games)
		}
	}
	last := rep.Ladder[2]
	if !near(sum, 4500) || last.Name != "broken" || last.Losses != 2 || last.Wins+last.Draws != 0 {
		t.Errorf("ladder %+v", rep.Ladder)
	}
	var table strings.Builder
	if err := rep.WriteLadder(&table); err != nil || !strings.Contains(table.String(), "broken <"+broken.URL+">") {
		t.Errorf("table:\n%s", table.String())
	}
}

// TestSeriesSeats: over a series, the seats turn, so every bot plays as
// often as the others and as often in every seat, with as many bots as
// players or more.
func TestSeriesSeats(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ bots, players, matches int }{
		{2, 2, 2}, {3, 3, 6}, {4, 4, 4}, {3, 2, 6}, {4, 2, 4}, {4, 3, 12},
	} {
		s := &tronarena.Series{Matches: c.matches, Players: c.players, Seed: 1, Width: side, Height: side}
		for range c.bots {
			s.URLs = append(s.URLs, scripted(t, "crash", func(_ int, w http.ResponseWriter, _ *http.Request) { io.WriteString(w, "?") }).URL)
		}
		rep, err := s.Run(context.Background(), io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		seated := map[string][]int{} // by URL, the times in each seat
		for _, m := range rep.Matches {
			for j, seat := range m.Seats {
				if seated[seat.URL] == nil {
					seated[seat.URL] = make([]int, c.players)
				}
				seated[seat.URL][j]++
			}
		}
		want := slices.Repeat([]int{c.matches / c.bots}, c.players)
		for i, u := range s.URLs {
			if !slices.Equal(seated[u], want) {
				t.Errorf("%d bots, %d players, %d matches: bot %d sat %v times in each seat, want %v", c.bots, c.players, c.matches, i, seated[u], want)
			}
		}
	}
}
