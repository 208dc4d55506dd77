package mcpedge_test

import (
	"encoding/json"
	"fmt"
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
// with one captain, another joins the last seat, and each seat plays
// (supply everything on its strongest island, then pass) until the match
// is over: the creator with code and token, the joiner with its seat's
// handle only. Every state the tools answer is the state GET
// /api/matches/{code} answers right after; a forbidden move, a stranger's
// token and a join to a full match are tool errors with the HTTP codes.
// Every text says to the holder of a token which seat is theirs and what
// they may do now, and shows no token: the create and the join name the
// seat's handle instead.
func TestLiveMatch(t *testing.T) {
	for _, conn := range connectors {
		t.Run(conn.name, func(t *testing.T) {
			b := newBench(t)
			creator, joiner := conn.connect(b, t), conn.connect(b, t)
			var mine, theirs live.Joined
			created := call(t, creator, "live_create", map[string]any{"players": 3, "bots": 1, "name": "creator"})
			structured(t, created, &mine)
			joined := call(t, joiner, "live_join", map[string]any{"code": mine.Code, "name": "joiner"})
			structured(t, joined, &theirs)
			if mine.Seat != 0 || theirs.Seat != 2 || theirs.Code != mine.Code || theirs.Token == mine.Token {
				t.Fatalf("seats: %+v, %+v", mine, theirs)
			}
			mineHandle, theirHandle := handleOf(t, created), handleOf(t, joined)
			if mineHandle == theirHandle {
				t.Fatalf("two seats share the handle %s", mineHandle)
			}
			says(t, created, "You sit in seat 0 of live Tidebreakers match "+mine.Code+". Your seat's handle (send it as \"handle\", instead of code and token; show it to no one): "+mineHandle+"\n"+
				"You are seat 0. The match is in its lobby, waiting for players (2 of 3 seats taken", mine.Token)
			says(t, joined, "You sit in seat 2 of live Tidebreakers match "+mine.Code+". Your seat's handle (send it as \"handle\", instead of code and token; show it to no one): "+theirHandle+"\n"+
				"You are seat 2", theirs.Token)
			says(t, joined, `Act with live_act {"handle":"`+theirHandle+`","action":...}`, mine.Token)
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
				other := map[int]string{mine.Seat: theirs.Token, theirs.Seat: mine.Token}[seat]
				if moves == 0 {
					says(t, call(t, cs, "live_state", map[string]any{"code": st.Code, "token": other}), fmt.Sprintf("It is seat %d's turn, not yours", seat), tokens[seat])
				}
				says(t, call(t, cs, "live_state", map[string]any{"code": st.Code, "token": tokens[seat]}), fmt.Sprintf("You are seat %d and it is your turn", seat), other)
				action := map[string]any{"type": "pass"}
				if st.Phase == "supply" {
					action = map[string]any{"type": "supply", "tile": strongest(st, seat), "amount": st.SupplyLeft}
				}
				args := map[string]any{"code": st.Code, "token": tokens[seat], "action": action}
				if seat == theirs.Seat {
					args = map[string]any{"handle": theirHandle, "action": action}
				}
				res := call(t, cs, "live_act", args)
				if res.IsError {
					text, _ := mcptest.Text(res)
					t.Fatalf("live_act %v for seat %d: %s", action, seat, text)
				}
				says(t, res, fmt.Sprintf("You are seat %d", seat), other)
				var acted live.State
				structured(t, res, &acted)
				st = liveState(t, b, creator, st.Code)
				if d := cmp.Diff(acted, st); d != "" {
					t.Fatalf("live_act answers otherwise than live_state and HTTP (-act +state):\n%s", d)
				}
			}
			says(t, call(t, joiner, "live_state", map[string]any{"handle": theirHandle}),
				fmt.Sprintf("You are seat %d and placed %s", theirs.Seat, []string{"", "1st", "2nd", "3rd"}[st.Places[theirs.Seat]]), mine.Token)
			t.Logf("over after %d moves: %s, round %d", moves, st.Ending, st.Round)
		})
	}
}

// says checks that res's text says want, and shows neither hidden nor any
// other text than the caller's token.
func says(t *testing.T, res *mcp.CallToolResult, want, hidden string) {
	t.Helper()
	text, err := mcptest.Text(res)
	if err != nil || res.IsError || !strings.Contains(text, want) || strings.Contains(text, hidden) {
		t.Errorf("want a text that says %q and not %q, got %v %q", want, hidden, err, text)
	}
}

// liveState reads the match through live_state and GET
// /api/matches/{code}, which must answer the same JSON, and answers it.
func liveState(t *testing.T, b *bench, cs *mcp.ClientSession, code string) live.State {
	t.Helper()
	res := call(t, cs, "live_state", map[string]any{"code": code})
	text, err := mcptest.Text(res)
	if err != nil || res.IsError || !strings.HasPrefix(text, "Match "+code) || strings.Contains(text, "You are") {
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
