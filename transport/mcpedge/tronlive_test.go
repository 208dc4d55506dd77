package mcpedge_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	tronlive "github.com/agentgames/bundle/games/tron/live"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/transport/mcpedge/mcptest"
)

// dirs are Tron's directions and the steps they take.
var dirs = []struct {
	name   string
	dx, dy int
}{{"x+", 1, 0}, {"x-", -1, 0}, {"y+", 0, 1}, {"y-", 0, -1}}

// TestTronLiveMatch plays a live Tron match against one bot on a 7x7 grid
// to its end through the live Tron tools, over both transports. Every
// state the tools answer is the one GET /api/games/tron/matches/{code}
// answers right after; every round's text for the caller draws the grid
// with its head as @ and the bot's as B, says it has not moved and when the
// round's deadline falls, and lists as safe exactly the directions that
// enter a free cell; each move resolves the round (the bot moved at once).
// The caller names its seat by the handle the create answered (whose text
// prints no token) in even rounds, by code and token in odd ones.
// A stranger's token, a direction that is none and a move once over are
// tool errors with their codes; the last text gives the caller its place.
func TestTronLiveMatch(t *testing.T) {
	for _, conn := range connectors {
		t.Run(conn.name, func(t *testing.T) {
			b := newBench(t)
			cs := conn.connect(b, t)
			if in := cs.InitializeResult().Instructions; !strings.Contains(in, "tron_live_create") || !strings.Contains(in, "tron_live_move") {
				t.Errorf("the instructions do not name the live Tron tools:\n%s", in)
			}
			var me tronlive.Joined
			created := call(t, cs, "tron_live_create", map[string]any{"players": 2, "bots": 1, "bot": "wise", "width": 7, "height": 7, "name": "ada"})
			structured(t, created, &me)
			if me.Seat != 0 {
				t.Fatalf("joined: %+v", me)
			}
			handle := handleOf(t, created)
			saysTron(t, created, "You sit in seat 0 of live Tron match "+me.Code+". Your seat's handle (send it as \"handle\", instead of code and token; show it to no one): "+handle+"\n",
				"You are seat 0 (@) and have not moved in round 1", `send tron_live_move {"handle":"`+handle+`","dir":`)
			if text, _ := mcptest.Text(created); strings.Contains(text, me.Token) {
				t.Errorf("the create's text prints the seat's token: %q", text)
			}
			for _, bad := range []struct {
				tool string
				args map[string]any
				code play.Code
			}{
				{"tron_live_move", map[string]any{"code": me.Code, "token": "stranger", "dir": "x+"}, play.CodeForbidden},
				{"tron_live_state", map[string]any{"code": me.Code, "token": "stranger"}, play.CodeForbidden},
				{"tron_live_move", map[string]any{"code": me.Code, "token": me.Token, "dir": "z+"}, play.CodeInvalidRequest},
				{"tron_live_move", map[string]any{"code": me.Code, "token": me.Token}, play.CodeInvalidRequest},
				{"tron_live_state", map[string]any{"code": "0000000000"}, play.CodeNoMatch},
				{"tron_live_create", map[string]any{"players": 2, "width": 4}, play.CodeInvalidRequest},
				{"tron_live_join", map[string]any{"code": me.Code}, play.CodeMatchFull},
			} {
				toolError(t, call(t, cs, bad.tool, bad.args), bad.code)
			}
			st := tronState(t, b, cs, me.Code)
			for rounds := 0; !st.Over; rounds++ {
				if rounds > 49 {
					t.Fatalf("no end after %d rounds: %+v", rounds, st)
				}
				seat := map[string]any{"code": me.Code, "token": me.Token}
				if rounds%2 == 0 {
					seat = map[string]any{"handle": handle}
				}
				res := call(t, cs, "tron_live_state", seat)
				text := saysTron(t, res, fmt.Sprintf("You are seat 0 (@) and have not moved in round %d", st.Round+1), "Seat 1 (B): wise, bot")
				checkRound(t, text, st)
				dir := pick(st, 0)
				seat["dir"] = dir
				moved := call(t, cs, "tron_live_move", seat)
				if moved.IsError {
					text, _ := mcptest.Text(moved)
					t.Fatalf("tron_live_move %s: %s", dir, text)
				}
				var after tronlive.State
				structured(t, moved, &after)
				if after.Round != st.Round+1 {
					t.Fatalf("round %d: the move did not resolve it: %+v", st.Round+1, after)
				}
				st = tronState(t, b, cs, me.Code)
				if d := cmp.Diff(after, st); d != "" {
					t.Fatalf("tron_live_move answers otherwise than tron_live_state and HTTP (-move +state):\n%s", d)
				}
			}
			place := []string{"", "1st", "2nd"}[st.Places[0]]
			saysTron(t, call(t, cs, "tron_live_state", map[string]any{"code": me.Code, "token": me.Token}),
				"Over. Places (1st is best; cycles that crashed in the same round share a place): seat 0 "+place,
				"You are seat 0 and placed "+place+". The match is over")
			toolError(t, call(t, cs, "tron_live_move", map[string]any{"code": me.Code, "token": me.Token, "dir": "x+"}), play.CodeMatchOver)
			t.Logf("over after %d rounds, places %v", st.Round, st.Places)
		})
	}
}

// TestTronLiveHiddenMoves: two players, no bots. The creator waits in the
// lobby (a move there is not_your_turn) until the joiner takes the last
// seat; then the creator moves, and a second move in the round is
// already_moved. The joiner's text shows that seat 0 has moved and
// nothing else new: not where. No text shows another seat's token; a
// watcher's text marks no head as its own.
func TestTronLiveHiddenMoves(t *testing.T) {
	b := newBench(t)
	creator, joiner := b.inMemory(t), b.inMemory(t)
	var mine, theirs tronlive.Joined
	created := call(t, creator, "tron_live_create", map[string]any{"players": 2, "width": 9, "height": 6})
	structured(t, created, &mine)
	saysTron(t, created, "In the lobby, waiting for players: 1 of 2 seats taken", "Seat 1 (B): empty\n", "You are seat 0. The match has not started")
	toolError(t, call(t, creator, "tron_live_move", map[string]any{"code": mine.Code, "token": mine.Token, "dir": "x+"}), play.CodeNotYourTurn)
	joined := call(t, joiner, "tron_live_join", map[string]any{"code": mine.Code, "name": "bea"})
	structured(t, joined, &theirs)
	if theirs.Seat != 1 || theirs.Code != mine.Code {
		t.Fatalf("joined: %+v", theirs)
	}
	saysTron(t, joined, "Seat 1 (B): bea, player", "You are seat 1 (@) and have not moved in round 1")
	read := func(cs *mcp.ClientSession, token string) string {
		return saysTron(t, call(t, cs, "tron_live_state", map[string]any{"code": mine.Code, "token": token}), "Round 1 is being played")
	}
	before := read(joiner, theirs.Token)
	st := tronState(t, b, creator, mine.Code)
	moved := call(t, creator, "tron_live_move", map[string]any{"code": mine.Code, "token": mine.Token, "dir": pick(st, 0)})
	saysTron(t, moved, "Seat 0 (A): ", "You are seat 0 (@) and have moved in round 1; your move stays hidden")
	toolError(t, call(t, creator, "tron_live_move", map[string]any{"code": mine.Code, "token": mine.Token, "dir": pick(st, 0)}), play.CodeAlreadyMoved)
	after := read(joiner, theirs.Token)
	was, is := strings.Split(before, "\n"), strings.Split(after, "\n")
	if len(was) != len(is) {
		t.Fatalf("the texts before and after seat 0 moved differ in length:\n%s\n%s", before, after)
	}
	for i := range was {
		switch {
		case was[i] == is[i]:
		case strings.HasPrefix(is[i], "Seat 0 (A): ") && strings.HasSuffix(is[i], ", has moved this round") &&
			strings.TrimSuffix(was[i], ", has not moved this round") == strings.TrimSuffix(is[i], ", has moved this round"):
		case strings.HasPrefix(is[i], "Round 1 is being played") || strings.HasPrefix(is[i], "You are seat 1"):
			// the seconds left
		default:
			t.Errorf("seat 0's move shows in seat 1's text: %q became %q", was[i], is[i])
		}
	}
	for _, text := range []string{before, after, read(creator, mine.Token)} {
		if strings.Count(text, mine.Token)+strings.Count(text, theirs.Token) > 0 {
			t.Errorf("a state's text shows a token: %s", text)
		}
	}
	watched := saysTron(t, call(t, joiner, "tron_live_state", map[string]any{"code": mine.Code}), "With your seat's token as \"token\", tron_live_state also marks your head")
	if strings.Contains(watched, "@") || strings.Contains(watched, "You are") {
		t.Errorf("a watcher's text: %s", watched)
	}
}

// TestTronLiveLargeGrid: a 100x100 grid is drawn 25 cells a side around
// the caller's head, its header and row labels giving where.
func TestTronLiveLargeGrid(t *testing.T) {
	cs := newBench(t).inMemory(t)
	var me tronlive.Joined
	res := call(t, cs, "tron_live_create", map[string]any{"players": 3, "bots": 2, "width": 100, "height": 100})
	structured(t, res, &me)
	text := saysTron(t, res, "Grid, x ")
	m := regexp.MustCompile(`Grid, x (\d+)\.\.(\d+) \(the header gives x's last digit\), y (\d+)\.\.(\d+)`).FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("no grid: %s", text)
	}
	n := func(i int) int { v, _ := strconv.Atoi(m[i]); return v }
	rows := gridRows(text)
	if n(2)-n(1) != 24 || n(4)-n(3) != 24 || len(rows) != 25 || len(rows[n(3)]) != 25 || len(rows[n(4)]) != 25 || !strings.Contains(text, "@") {
		t.Errorf("a window of %d..%d x %d..%d, %d rows:\n%s", n(1), n(2), n(3), n(4), len(rows), text)
	}
}

// gridRows are the rows of the grid a text draws, by y.
func gridRows(text string) map[int]string {
	rows := map[int]string{}
	for line := range strings.Lines(text) {
		line = strings.TrimSuffix(line, "\n")
		label, cells, ok := strings.Cut(strings.TrimLeft(line, " "), " ")
		if y, err := strconv.Atoi(label); err == nil && ok && strings.Trim(cells, ".abcdABCD@") == "" {
			rows[y] = cells
		}
	}
	return rows
}

// saysTron checks that res is a result whose text says every one of want
// and shows no token, and answers the text.
func saysTron(t *testing.T, res *mcp.CallToolResult, want ...string) string {
	t.Helper()
	text, err := mcptest.Text(res)
	if err != nil || res.IsError {
		t.Fatalf("want a result, got %v %q", err, text)
	}
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("the text does not say %q:\n%s", w, text)
		}
	}
	return text
}

// tronState reads the match through tron_live_state and GET
// /api/games/tron/matches/{code}, which must answer the same JSON, and
// answers it.
func tronState(t *testing.T, b *bench, cs *mcp.ClientSession, code string) tronlive.State {
	t.Helper()
	res := call(t, cs, "tron_live_state", map[string]any{"code": code})
	if text, err := mcptest.Text(res); err != nil || res.IsError || !strings.HasPrefix(text, "Live Tron match "+code) || strings.Contains(text, "You are") {
		t.Fatalf("tron_live_state: %v %v %q", err, res.IsError, text)
	}
	rec := httptest.NewRecorder()
	b.http.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/games/tron/matches/"+code, nil))
	var overHTTP, overMCP any
	json.Unmarshal(rec.Body.Bytes(), &overHTTP)
	structured(t, res, &overMCP)
	if d := cmp.Diff(overHTTP, overMCP); d != "" || rec.Code != http.StatusOK {
		t.Fatalf("tron_live_state answers otherwise than HTTP %d (-http +mcp):\n%s", rec.Code, d)
	}
	var st tronlive.State
	structured(t, res, &st)
	return st
}

// checkRound holds the caller's (seat 0's) text of a round to st: the
// grid has @ at its head and B at the bot's, the deadline is at most 30
// seconds off, and the safe directions are exactly those into a free
// cell of the grid.
func checkRound(t *testing.T, text string, st tronlive.State) {
	t.Helper()
	rows := gridRows(text)
	for seat, mark := range []byte{'@', 'B'} {
		if h := st.Seats[seat].Trail[0]; len(rows[h[1]]) != st.Width || rows[h[1]][h[0]] != mark {
			t.Errorf("round %d: seat %d's head %v is not %c on the grid:\n%s", st.Round+1, seat, h, mark, text)
		}
	}
	if m := regexp.MustCompile(`at its deadline in ([0-9]|[12][0-9]|30) s,`).FindStringSubmatch(text); m == nil {
		t.Errorf("round %d: no deadline in 30 s at most: %s", st.Round+1, text)
	}
	safe := regexp.MustCompile(`Safe now: (.*)\.\n`).FindStringSubmatch(text)
	if safe == nil {
		t.Fatalf("round %d: no safe directions: %s", st.Round+1, text)
	}
	for _, d := range dirs {
		x, y, free := target(st, 0, d.dx, d.dy)
		if listed := strings.Contains(safe[1], fmt.Sprintf("%s to (%d,%d)", d.name, x, y)); listed != free {
			t.Errorf("round %d: %s (to %d,%d, free %t) listed as safe: %t: %s", st.Round+1, d.name, x, y, free, listed, safe[0])
		}
	}
}

// target is the cell seat's cycle enters by the step (dx, dy), and
// whether that cell is on the grid and in no trail.
func target(st tronlive.State, seat, dx, dy int) (int, int, bool) {
	head := st.Seats[seat].Trail[0]
	x, y := head[0]+dx, head[1]+dy
	free := x >= 0 && y >= 0 && x < st.Width && y < st.Height
	for _, s := range st.Seats {
		free = free && !slices.Contains(s.Trail, [2]int{x, y})
	}
	return x, y, free
}

// pick is a direction into a free cell for seat's cycle, the one with
// the most free cells next to it, if any.
func pick(st tronlive.State, seat int) string {
	best, most := "x+", -1
	for _, d := range dirs {
		if _, _, free := target(st, seat, d.dx, d.dy); !free {
			continue
		}
		around := 0
		for _, e := range dirs {
			if _, _, free := target(st, seat, d.dx+e.dx, d.dy+e.dy); free {
				around++
			}
		}
		if around > most {
			best, most = d.name, around
		}
	}
	return best
}
