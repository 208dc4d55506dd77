package mcpedge_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	tidelive "github.com/agentgames/bundle/games/tidebreakers/live"
	tronlive "github.com/agentgames/bundle/games/tron/live"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/boards"
	"github.com/agentgames/bundle/transport/mcpedge/mcptest"
)

// TestLiveRatingsOverMCP: over both transports two agents register with
// agent_register, one creates a live Tron duel on a 6x6 grid with its key
// as agent_key and the other joins it with its own, each text saying the
// seat is credited and naming the board of ratings; they play it to its
// end, each steering into a free neighbouring cell. ratings {"game":
// "tron"} then lists both agents with one match each, the winner's mu
// above 25 and the loser's below (equal on a draw), beside the bots'
// fixed anchors; it is the board Rater.Ratings reads and GET
// /api/games/tron/ratings answers, and so are the other boards. A bad or
// malformed agent_key on a live create or join tool is refused as over
// HTTP, without quoting it; so are ratings' malformed arguments. No
// result but agent_register's holds a key, and every result conforms to
// its tool's output schema (call).
func TestLiveRatingsOverMCP(t *testing.T) {
	for _, conn := range connectors {
		t.Run(conn.name, func(t *testing.T) {
			ctx := context.Background()
			b := newBench(t)
			sessions := []*mcp.ClientSession{conn.connect(b, t), conn.connect(b, t)}
			var seen []*mcp.CallToolResult // every result but agent_register's
			do := func(cs *mcp.ClientSession, tool string, args any) *mcp.CallToolResult {
				t.Helper()
				res := call(t, cs, tool, args)
				seen = append(seen, res)
				return res
			}
			type agent struct{ ID, Name, Key string }
			var ag [2]agent
			for i, name := range []string{"Ada Agent", "Bea Agent"} {
				res := call(t, sessions[i], "agent_register", map[string]any{"name": name})
				if structured(t, res, &ag[i]); res.IsError || ag[i].Name != name {
					t.Fatalf("agent_register: %+v", ag[i])
				}
			}
			credited := func(i, players int) string {
				return fmt.Sprintf("Your seat is credited to your agent %s (id %s): when the match ends, your agent's rating moves by your place "+
					"on the board of %d-seat matches; read it with ratings {\"game\":\"tron\",\"players\":%d}.\n", ag[i].Name, ag[i].ID, players, players)
			}

			// Refusals of agent_key, none quoting it.
			bad := "agk_" + ag[0].ID + "_" + strings.Repeat("a", 52)
			var lobby tronlive.Joined
			structured(t, do(sessions[1], "tron_live_create", map[string]any{"players": 2, "width": 6, "height": 6}), &lobby)
			var tideLobby tidelive.Joined
			structured(t, do(sessions[1], "live_create", map[string]any{"players": 2}), &tideLobby)
			for _, c := range []struct {
				tool string
				args map[string]any
				code play.Code
			}{
				{"tron_live_create", map[string]any{"players": 2, "agent_key": bad}, play.CodeUnauthorized},
				{"tron_live_create", map[string]any{"players": 2, "agent_key": "nonsense"}, play.CodeUnauthorized},
				{"tron_live_create", map[string]any{"players": 2, "agent_key": 7}, play.CodeInvalidRequest},
				{"tron_live_create", map[string]any{"players": 2, "agent_key": ag[0].Key, "seed": 1}, play.CodeInvalidRequest},
				{"tron_live_join", map[string]any{"code": lobby.Code, "agent_key": bad}, play.CodeUnauthorized},
				{"live_create", map[string]any{"players": 2, "agent_key": bad}, play.CodeUnauthorized},
				{"live_create", map[string]any{"players": 2, "agent_key": true}, play.CodeInvalidRequest},
				{"live_join", map[string]any{"code": tideLobby.Code, "agent_key": bad}, play.CodeUnauthorized},
			} {
				t.Run(c.tool, func(t *testing.T) {
					res := do(sessions[0], c.tool, c.args)
					toolError(t, res, c.code)
					if raw, _ := json.Marshal(res); strings.Contains(string(raw), strings.Repeat("a", 10)) || strings.Contains(string(raw), "nonsense") {
						t.Errorf("the refusal quotes the key: %s", raw)
					}
				})
			}

			// The duel, credited to both agents.
			var seats [2]tronlive.Joined
			res := do(sessions[0], "tron_live_create", map[string]any{"players": 2, "width": 6, "height": 6, "name": "ada", "agent_key": ag[0].Key})
			structured(t, res, &seats[0])
			saysTron(t, res, credited(0, 2))
			res = do(sessions[1], "tron_live_join", map[string]any{"code": seats[0].Code, "name": "bea", "agent_key": ag[1].Key})
			structured(t, res, &seats[1])
			saysTron(t, res, credited(1, 2), "Seat 0 (A): ada, player")
			if seats[0].Seat != 0 || seats[1].Seat != 1 || seats[1].Code != seats[0].Code {
				t.Fatalf("seats: %+v", seats)
			}
			st := tronState(t, b, sessions[0], seats[0].Code)
			for rounds := 0; !st.Over; rounds++ {
				if rounds > 36 {
					t.Fatalf("no end after %d rounds: %+v", rounds, st)
				}
				for seat, cs := range sessions {
					moved := do(cs, "tron_live_move", map[string]any{"code": seats[seat].Code, "token": seats[seat].Token, "dir": pick(st, seat)})
					if text, _ := mcptest.Text(moved); moved.IsError {
						t.Fatalf("round %d, seat %d: %s", st.Round+1, seat, text)
					}
				}
				st = tronState(t, b, sessions[0], seats[0].Code)
			}
			t.Logf("over after %d rounds, places %v", st.Round, st.Places)

			// The board of ratings, as the rater reads it and as over HTTP.
			res = do(sessions[0], "ratings", map[string]any{"game": "tron"})
			var got boards.RatingBoard
			structured(t, res, &got)
			want, err := b.agents.Raters["tron"].Ratings(ctx, 2, boards.FirstPage)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(want, &got); d != "" {
				t.Errorf("ratings is not the rater's board (-rater +tool):\n%s", d)
			}
			sameAsHTTP(t, b, "/api/games/tron/ratings", res)
			if got.Game != "tron" || got.Seats != 2 || len(got.Standings) != 2+len(tronlive.Game.Anchors) {
				t.Fatalf("the board: %+v", got)
			}
			text, _ := mcptest.Text(res)
			mu := map[string]float64{}
			for i, s := range got.Standings {
				if s.Rank != i+1 {
					t.Errorf("line %d ranked %d", i, s.Rank)
				}
				if s.Agent == "" {
					a, ok := tronlive.Game.Anchors[s.Bot]
					if !ok || s.Name != s.Bot || s.Mu != a.Mu || s.Sigma != a.Sigma || s.Matches != 0 {
						t.Errorf("a bot's line %+v: want its anchor %+v", s, a)
					}
					if row := fmt.Sprintf("%d | %s (bot, fixed anchor) | ", s.Rank, s.Bot); !strings.Contains(text, row) {
						t.Errorf("ratings' text lacks %q:\n%s", row, text)
					}
					continue
				}
				mu[s.Agent] = s.Mu
				i := 0
				if s.Agent == ag[1].ID {
					i = 1
				}
				if s.Agent != ag[i].ID || s.Name != ag[i].Name || s.Matches != 1 || math.Abs(s.Ordinal-(s.Mu-3*s.Sigma)) > 1e-3 {
					t.Errorf("an agent's line %+v: want %s, 1 match", s, ag[i].Name)
				}
				if row := fmt.Sprintf("%d | %s (agent %s) | ", s.Rank, ag[i].Name, ag[i].ID); !strings.Contains(text, row) || !strings.Contains(text, " | 1\n") {
					t.Errorf("ratings' text lacks %q:\n%s", row, text)
				}
			}
			switch first, second := mu[ag[0].ID], mu[ag[1].ID]; {
			case len(mu) != 2:
				t.Errorf("the agents rated: %v", mu)
			case st.Places[0] < st.Places[1] && !(first > 25 && second < 25),
				st.Places[0] > st.Places[1] && !(second > 25 && first < 25),
				st.Places[0] == st.Places[1] && first != second:
				t.Errorf("places %v, mu %v and %v", st.Places, first, second)
			}
			for _, part := range []string{"Tron ratings, live matches of 2 seats", "rank | name | mu | sigma | ordinal | matches\n",
				"the ordinal, mu - 3 sigma", "The bots are fixed anchors", `ratings {"game":"tron","players":3}`} {
				if !strings.Contains(text, part) {
					t.Errorf("ratings' text lacks %q:\n%s", part, text)
				}
			}

			// The other boards: no agent on them.
			for _, c := range []struct {
				args map[string]any
				path string
			}{
				{map[string]any{"game": "tron", "players": 3}, "/api/games/tron/ratings?players=3"},
				{map[string]any{"game": "tron", "players": 2}, "/api/games/tron/ratings?players=2"},
				{map[string]any{"game": "tidebreakers"}, "/api/games/tidebreakers/ratings"},
				{map[string]any{"game": "tidebreakers", "players": 4}, "/api/games/tidebreakers/ratings?players=4"},
			} {
				res := do(sessions[1], "ratings", c.args)
				sameAsHTTP(t, b, c.path, res)
				if text, _ := mcptest.Text(res); c.args["players"] != 2 && !strings.Contains(text, "No agent is rated on this board yet") {
					t.Errorf("%s: %s", c.path, text)
				}
			}

			// agent_standing answers the agent's rating, linked to its
			// board and to the match's replay; an agent not rated yet is
			// pointed at the ratings.
			if text, _ := mcptest.Text(do(sessions[0], "agent_standing", map[string]any{"agent_key": ag[0].Key})); !strings.Contains(text, `Tron, 2 seats (ratings {"game":"tron","players":2})`) || !strings.Contains(text, "after 1 match.") || !strings.Contains(text, "/view/?game=tron&live=") {
				t.Errorf("agent_standing's text does not give the rating:\n%s", text)
			}

			for _, c := range []struct {
				args map[string]any
				code play.Code
			}{
				{map[string]any{}, play.CodeInvalidRequest},
				{map[string]any{"game": 7}, play.CodeInvalidRequest},
				{map[string]any{"game": "chess"}, play.CodeUnknownGame},
				{map[string]any{"game": "brinebell"}, play.CodeInvalidRequest},
				{map[string]any{"game": "tron", "players": 5}, play.CodeInvalidRequest},
				{map[string]any{"game": "tron", "players": 1}, play.CodeInvalidRequest},
				{map[string]any{"game": "tron", "players": "2"}, play.CodeInvalidRequest},
				{map[string]any{"game": "tron", "players": 2.5}, play.CodeInvalidRequest},
				{map[string]any{"game": "tron", "agent_key": ag[0].Key}, play.CodeInvalidRequest},
			} {
				t.Run("ratings", func(t *testing.T) { toolError(t, do(sessions[0], "ratings", c.args), c.code) })
			}

			// No result but agent_register's holds a key, nor its secret.
			for _, a := range ag {
				_, secret, _ := strings.Cut(strings.TrimPrefix(a.Key, "agk_"), "_")
				for i, res := range seen {
					if raw, _ := json.Marshal(res); strings.Contains(string(raw), a.Key) || strings.Contains(string(raw), secret) {
						t.Errorf("result %d holds %s's key: %.300s", i, a.Name, raw)
					}
				}
			}
		})
	}
}

// TestLiveCreditsTidebreakers: live_create and live_join with agent_key
// say that the seat is credited and name the board of the match's seats.
func TestLiveCreditsTidebreakers(t *testing.T) {
	b := newBench(t)
	cs := b.inMemory(t)
	var a, c struct{ ID, Key string }
	structured(t, call(t, cs, "agent_register", map[string]any{"name": "Tide Agent"}), &a)
	structured(t, call(t, cs, "agent_register", map[string]any{"name": "Tide Crew"}), &c)
	var j tidelive.Joined
	res := call(t, cs, "live_create", map[string]any{"players": 3, "agent_key": a.Key})
	structured(t, res, &j)
	for _, who := range []struct {
		res      *mcp.CallToolResult
		name, id string
		key      string
	}{{res, "Tide Agent", a.ID, a.Key}, {call(t, cs, "live_join", map[string]any{"code": j.Code, "agent_key": c.Key}), "Tide Crew", c.ID, c.Key}} {
		want := "Your seat is credited to your agent " + who.name + " (id " + who.id + "): when the match ends, your agent's rating moves by your place " +
			"on the board of 3-seat matches; read it with ratings {\"game\":\"tidebreakers\",\"players\":3}.\n"
		text, _ := mcptest.Text(who.res)
		if who.res.IsError || !strings.Contains(text, want) || strings.Contains(text, who.key) {
			t.Errorf("the text of a credited seat:\n%s", text)
		}
	}
	if text, _ := mcptest.Text(call(t, cs, "live_join", map[string]any{"code": j.Code})); strings.Contains(text, "credited") {
		t.Errorf("a seat without agent_key is credited:\n%s", text)
	}
}
