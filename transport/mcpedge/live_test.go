package mcpedge_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgames/bundle/games/tidebreakers/live"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/transport/mcpedge/mcptest"
)

// TestLiveMatch plays a live Tidebreakers match to its end through the
// live tools, over both transports: one client creates a three-seat match
// with one captain, another joins the last seat, and each seat plays with
// its own token (supply everything on its strongest island, then pass)
// until the match is over. Every state the tools answer is the state GET
// /api/matches/{code} answers right after; a forbidden move, a stranger's
// token and a join to a full match are tool errors with the HTTP codes.
func TestLiveMatch(t *testing.T) {
	for _, conn := range connectors {
		t.Run(conn.name, func(t *testing.T) {
			b := newBench(t)
			creator, joiner := conn.connect(b, t), conn.connect(b, t)
			var mine, theirs live.Joined
			res := call(t, creator, "live_create", map[string]any{"players": 3, "bots": 1, "name": "creator"})
			structured(t, res, &mine)
			if text, _ := mcptest.Text(res); res.IsError || !strings.Contains(text, mine.Token) {
				t.Fatalf("live_create: %v %q", res.IsError, text)
			}
			structured(t, call(t, joiner, "live_join", map[string]any{"code": mine.Code, "name": "joiner"}), &theirs)
			if mine.Seat != 0 || theirs.Seat != 2 || theirs.Code != mine.Code || theirs.Token == mine.Token {
				t.Fatalf("seats: %+v, %+v", mine, theirs)
			}
			toolError(t, call(t, joiner, "live_join", map[string]any{"code": mine.Code}), play.CodeMatchFull)
			tokens := map[int]string{mine.Seat: mine.Token, theirs.Seat: theirs.Token}
			st := liveState(t, b, creator, mine.Code)
			moves := 0
			for ; !st.Over; moves++ {
				if moves > 1000 {
					t.Fatalf("no end after %d moves: %+v", moves, st)
				}
				seat := *st.Turn
				cs := creator
				if seat == theirs.Seat {
					cs = joiner
				}
				if moves == 0 {
					toolError(t, call(t, cs, "live_act", map[string]any{"code": st.Code, "token": "stranger", "action": map[string]any{"type": "pass"}}), play.CodeForbidden)
					toolError(t, call(t, cs, "live_act", map[string]any{"code": st.Code, "token": tokens[seat],
						"action": map[string]any{"type": "supply", "tile": wildTile(st), "amount": 1}}), play.CodeIllegalMove)
				}
				action := map[string]any{"type": "pass"}
				if st.Phase == "supply" {
					action = map[string]any{"type": "supply", "tile": strongest(st, seat), "amount": st.SupplyLeft}
				}
				res := call(t, cs, "live_act", map[string]any{"code": st.Code, "token": tokens[seat], "action": action})
				if res.IsError {
					text, _ := mcptest.Text(res)
					t.Fatalf("live_act %v for seat %d: %s", action, seat, text)
				}
				var acted live.State
				structured(t, res, &acted)
				st = liveState(t, b, creator, st.Code)
				if d := cmp.Diff(acted, st); d != "" {
					t.Fatalf("live_act answers otherwise than live_state and HTTP (-act +state):\n%s", d)
				}
			}
			t.Logf("over after %d moves: %s, round %d", moves, st.Ending, st.Round)
		})
	}
}

// liveState reads the match through live_state and GET
// /api/matches/{code}, which must answer the same JSON, and answers it.
func liveState(t *testing.T, b *bench, cs *mcp.ClientSession, code string) live.State {
	t.Helper()
	res := call(t, cs, "live_state", map[string]any{"code": code})
	text, err := mcptest.Text(res)
	if err != nil || res.IsError || !strings.HasPrefix(text, "Match "+code) {
		t.Fatalf("live_state: %v %v %q", err, res.IsError, text)
	}
	rec := httptest.NewRecorder()
	b.http.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/matches/"+code, nil))
	var overHTTP, overMCP any
	json.Unmarshal(rec.Body.Bytes(), &overHTTP)
	structured(t, res, &overMCP)
	if d := cmp.Diff(overHTTP, overMCP); d != "" || rec.Code != http.StatusOK {
		t.Fatalf("live_state answers otherwise than HTTP %d (-http +mcp):\n%s", rec.Code, d)
	}
	var st live.State
	structured(t, res, &st)
	return st
}

// toolError checks that res is the tool error of code, as the HTTP
// answer's JSON and as "code: message".
func toolError(t *testing.T, res *mcp.CallToolResult, code play.Code) {
	t.Helper()
	var got struct {
		Error struct {
			Code    play.Code `json:"code"`
			Message string    `json:"message"`
		} `json:"error"`
	}
	structured(t, res, &got)
	if text, _ := mcptest.Text(res); !res.IsError || got.Error.Code != code || text != string(code)+": "+got.Error.Message {
		t.Errorf("want the tool error %s, got isError %t, %+v, text %q", code, res.IsError, got, text)
	}
}

// strongest is seat's strongest island.
func strongest(st live.State, seat int) int {
	best := -1
	for i, tile := range st.Tiles {
		if tile.Owner != nil && *tile.Owner == seat && (best < 0 || tile.Strength > st.Tiles[best].Strength) {
			best = i
		}
	}
	return best
}

// wildTile is an island no seat owns.
func wildTile(st live.State) int {
	for i, tile := range st.Tiles {
		if tile.Owner == nil {
			return i
		}
	}
	return 0
}
