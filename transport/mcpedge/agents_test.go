package mcpedge_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/internal/assemble"
	"github.com/agentgames/bundle/internal/assemble/mcpassemble"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/agents"
	"github.com/agentgames/bundle/play/boards"
	"github.com/agentgames/bundle/store/memory"
	"github.com/agentgames/bundle/transport/mcpedge/mcptest"
)

// TestAgentsOverMCP: over both transports an agent registers with
// agent_register and plays ranked Tinrail matches against the easy G-Bot
// with its key as agent_key; the board leaves it unlisted after 9 runs
// and lists it after 10, and an unranked match with the key counts for
// no one. leaderboard then answers the board as the boards read it and
// as GET /api/games/tinrail/board answers it, its text a ranked table;
// agent_standing, by key and by id, the agent's entries as the boards
// read them and as GET /api/agents/{id}/boards answers them, its text
// every recent run's replay. A bad key is refused as over HTTP
// (unauthorized), and so are malformed arguments. No result but
// agent_register's holds the key, in its text or its structured content,
// and every result conforms to its tool's output schema (call).
func TestAgentsOverMCP(t *testing.T) {
	for _, conn := range connectors {
		t.Run(conn.name, func(t *testing.T) {
			ctx := context.Background()
			b := newBench(t)
			cs := conn.connect(b, t)
			var seen []*mcp.CallToolResult // every result but agent_register's
			do := func(tool string, args any) *mcp.CallToolResult {
				t.Helper()
				res := call(t, cs, tool, args)
				seen = append(seen, res)
				return res
			}

			res := call(t, cs, "agent_register", map[string]any{"name": "MCP Bot"})
			var reg struct{ ID, Name, Key, KeyID string }
			structured(t, res, &reg)
			text, _ := mcptest.Text(res)
			if res.IsError || reg.Name != "MCP Bot" || !strings.HasPrefix(reg.Key, "agk_"+reg.ID+"_") || !strings.Contains(text, reg.Key) ||
				!strings.Contains(text, "secret") || !strings.Contains(text, "agent_key") {
				t.Fatalf("agent_register: %+v\n%s", reg, text)
			}
			if _, err := b.agents.Registry.Get(ctx, reg.ID); err != nil {
				t.Fatalf("the agent registered: %v", err)
			}

			readBoard := func() *boards.Board {
				t.Helper()
				board, err := b.agents.Boards.Read(ctx, "tinrail", "opponent=easy", boards.FirstPage)
				if err != nil {
					t.Fatal(err)
				}
				return board
			}
			sum, best, wins, runs := 0, -1, 0, 0
			var ids []string
			for run := range boards.Listed {
				if board := readBoard(); board.Listed != 0 || board.Unlisted != min(run, 1) {
					t.Fatalf("after %d runs: listed %d, unlisted %d", run, board.Listed, board.Unlisted)
				}
				start := do("start_tinrail", map[string]any{"ranked": true, "opponent": "easy", "agent_key": reg.Key})
				if text, _ := mcptest.Text(start); start.IsError || !strings.Contains(text, "Credited to your agent MCP Bot (id "+reg.ID+")") {
					t.Fatalf("a ranked start with the key: %s", text)
				}
				var env struct {
					OK       *bool  `json:"ok"`
					State    string `json:"state"`
					GameOver bool   `json:"gameOver"`
					Ranked   string `json:"ranked"`
					Score    int    `json:"score"`
					Result   struct {
						Outcome string `json:"outcome"`
					} `json:"result"`
				}
				structured(t, start, &env)
				ids = append(ids, env.Ranked)
				for step := 0; !env.GameOver; step++ {
					if step > 100 {
						t.Fatal("a Tinrail match without an end")
					}
					action := map[string]any{"type": "place", "tileIndex": 0, "rotation": step % 4}
					structured(t, do("act_tinrail", map[string]any{"state": env.State, "action": action}), &env)
					if env.OK != nil && !*env.OK {
						t.Fatalf("step %d refused", step)
					}
				}
				sum, best, runs = sum+env.Score, max(best, env.Score), runs+1
				if env.Result.Outcome == "win" {
					wins++
				}
			}
			if text, _ := mcptest.Text(do("start_tinrail", map[string]any{"opponent": "easy", "agent_key": reg.Key})); !strings.Contains(text, "Not credited") {
				t.Errorf("an unranked start with the key: %s", text)
			}

			// The board, as the boards read it and as over HTTP.
			want := readBoard()
			if want.Listed != 1 || want.Unlisted != 0 || len(want.Standings) != 1 {
				t.Fatalf("after %d runs: %+v", runs, want)
			}
			s := want.Standings[0]
			if s.Agent != reg.ID || s.Name != "MCP Bot" || s.Runs != runs || s.Unfinished != 0 || s.Best != best ||
				s.Mean != math.Round(float64(sum)/float64(runs)*1e4)/1e4 || s.WinRate == nil || *s.WinRate != math.Round(float64(wins)/float64(runs)*1e4)/1e4 {
				t.Errorf("the standing %+v: %d runs, %d in all, %d at best, %d won", s, runs, sum, best, wins)
			}
			res = do("leaderboard", map[string]any{"game": "tinrail", "options": map[string]any{"opponent": "easy"}})
			var got boards.Board
			structured(t, res, &got)
			if d := cmp.Diff(want, &got); d != "" {
				t.Errorf("leaderboard is not the board (-boards +tool):\n%s", d)
			}
			sameAsHTTP(t, b, "/api/games/tinrail/board?opponent=easy", res)
			text, _ = mcptest.Text(res)
			row := fmt.Sprintf("1 | MCP Bot | %s | %d (0) | ", reg.ID, runs)
			for _, part := range []string{`board "opponent=easy"`, "Listed: 1 agent", "Unlisted: 0 agents", "rank | name", row,
				fmt.Sprintf(" | %d (/view/?game=tinrail&ranked=%s)", s.Best, s.BestRun)} {
				if !strings.Contains(text, part) {
					t.Errorf("leaderboard's text lacks %q:\n%s", part, text)
				}
			}
			res = do("leaderboard", map[string]any{"game": "tinrail"})
			if text, _ := mcptest.Text(res); !strings.Contains(text, "No agent is listed yet") || !strings.Contains(text, `"opponent=easy" (leaderboard {"game":"tinrail","options":{"opponent":"easy"}})`) {
				t.Errorf("the board of the default opponent names the board with runs:\n%s", text)
			}
			sameAsHTTP(t, b, "/api/games/tinrail/board", res)
			res = do("leaderboard", map[string]any{"game": "tinrail", "options": map[string]any{"opponent": "easy"}, "offset": 1, "limit": 5})
			sameAsHTTP(t, b, "/api/games/tinrail/board?opponent=easy&offset=1&limit=5", res)
			sameAsHTTP(t, b, "/api/games/tron/board?players=3&width=30&height=30",
				do("leaderboard", map[string]any{"game": "tron", "options": map[string]any{"players": 3, "width": 30, "height": 30}}))

			// The agent's standing, by key and by id.
			mine, err := b.agents.Boards.Agent(ctx, reg.ID)
			if err != nil || len(mine.Entries) != 1 || len(mine.Entries[0].Recent) != runs {
				t.Fatalf("the agent's entries: %+v %v", mine, err)
			}
			for _, args := range []map[string]any{{"agent_key": reg.Key}, {"agent_id": reg.ID}} {
				res := do("agent_standing", args)
				var got boards.AgentEntries
				structured(t, res, &got)
				if d := cmp.Diff(*mine, got); d != "" {
					t.Errorf("agent_standing is not the agent's entries (-boards +tool):\n%s", d)
				}
				sameAsHTTP(t, b, "/api/agents/"+reg.ID+"/boards", res)
				text, _ := mcptest.Text(res)
				if !strings.Contains(text, "Agent MCP Bot (id "+reg.ID+")") || !strings.Contains(text, `board "opponent=easy"`) {
					t.Errorf("agent_standing's text:\n%s", text)
				}
				for _, id := range ids {
					if !strings.Contains(text, "/view/?game=tinrail&ranked="+id) {
						t.Errorf("agent_standing's text lacks the replay of %s:\n%s", id, text)
					}
				}
			}

			// Refusals.
			bad := "agk_" + reg.ID + "_" + strings.Repeat("a", 52)
			for _, c := range []struct {
				tool string
				args map[string]any
				code play.Code
			}{
				{"start_tinrail", map[string]any{"ranked": true, "agent_key": bad}, play.CodeUnauthorized},
				{"start_tinrail", map[string]any{"ranked": true, "agent_key": "nonsense"}, play.CodeUnauthorized},
				{"start_tinrail", map[string]any{"ranked": true, "agent_key": 7}, play.CodeInvalidRequest},
				{"start_tinrail", map[string]any{"ranked": true, "seed": 1, "agent_key": reg.Key}, play.CodeInvalidRequest},
				{"agent_standing", map[string]any{"agent_key": bad}, play.CodeUnauthorized},
				{"agent_standing", map[string]any{"agent_id": reg.Key}, play.CodeInvalidRequest},
				{"agent_standing", map[string]any{"agent_key": reg.Key, "agent_id": reg.ID}, play.CodeInvalidRequest},
				{"agent_standing", map[string]any{}, play.CodeInvalidRequest},
				{"agent_standing", map[string]any{"agent_id": strings.Repeat("a", 16)}, play.CodeNotFound},
				{"agent_standing", map[string]any{"agent_id": "nobody"}, play.CodeNotFound},
				{"agent_register", map[string]any{"name": "MCP Bot"}, play.CodeNameTaken},
				{"agent_register", map[string]any{"name": "x"}, play.CodeInvalidRequest},
				{"agent_register", map[string]any{"name": 7}, play.CodeInvalidRequest},
				{"agent_register", map[string]any{"name": "Other Bot", "key": reg.Key}, play.CodeInvalidRequest},
				{"leaderboard", map[string]any{"game": "chess"}, play.CodeUnknownGame},
				{"leaderboard", map[string]any{}, play.CodeInvalidRequest},
				{"leaderboard", map[string]any{"game": "tinrail", "options": map[string]any{"opponent": "hard"}}, play.CodeInvalidRequest},
				{"leaderboard", map[string]any{"game": "tinrail", "options": map[string]any{"players": 2}}, play.CodeInvalidRequest},
				{"leaderboard", map[string]any{"game": "tinrail", "options": map[string]any{"seed": 2}}, play.CodeInvalidRequest},
				{"leaderboard", map[string]any{"game": "tron", "options": map[string]any{"players": "3"}}, play.CodeInvalidRequest},
				{"leaderboard", map[string]any{"game": "tinrail", "options": "opponent=easy"}, play.CodeInvalidRequest},
				{"leaderboard", map[string]any{"game": "tinrail", "limit": 0}, play.CodeInvalidRequest},
				{"leaderboard", map[string]any{"game": "tinrail", "offset": -1}, play.CodeInvalidRequest},
				{"leaderboard", map[string]any{"game": "tinrail", "ranked": true}, play.CodeInvalidRequest},
			} {
				t.Run(c.tool, func(t *testing.T) { toolError(t, do(c.tool, c.args), c.code) })
			}

			// No result but agent_register's holds the key, nor its secret.
			_, secret, _ := strings.Cut(strings.TrimPrefix(reg.Key, "agk_"), "_")
			for i, res := range seen {
				raw, _ := json.Marshal(res)
				if strings.Contains(string(raw), reg.Key) || strings.Contains(string(raw), secret) {
					t.Errorf("result %d holds the key: %.300s", i, raw)
				}
			}
		})
	}
}

// sameAsHTTP fails t unless res's structured content is the JSON GET path
// answers from b's HTTP handler.
func sameAsHTTP(t *testing.T, b *bench, path string, res *mcp.CallToolResult) {
	t.Helper()
	rec := httptest.NewRecorder()
	b.http.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	var want, got any
	json.Unmarshal(rec.Body.Bytes(), &want)
	structured(t, res, &got)
	if d := cmp.Diff(want, got); d != "" || rec.Code != http.StatusOK {
		t.Errorf("%s: the tool's answer is not the HTTP answer (%d) (-http +tool):\n%s", path, rec.Code, d)
	}
}

// TestAgentToolsNeedALedger: without a ledger (so without agents, boards
// or raters), the server has no agent tools nor ratings, and the start
// tools and the live tools take no agent_key, which the service refuses
// as an option the game (or a member the request) does not take, without
// quoting it.
func TestAgentToolsNeedALedger(t *testing.T) {
	p, err := mcpassemble.New(assemble.Config{Games: games.All(), Live: games.Live(), Matches: &memory.Store{}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ct, st := mcp.NewInMemoryTransports()
	ss, err := p.MCP.Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs := connect(t, ct)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range res.Tools {
		raw, _ := json.Marshal(tool)
		if strings.HasPrefix(tool.Name, "agent_") || tool.Name == "leaderboard" || tool.Name == "ratings" || strings.Contains(string(raw), "agent_key") {
			t.Errorf("without a ledger: %.200s", raw)
		}
	}
	key := "agk_" + strings.Repeat("a", 16) + "_" + strings.Repeat("b", 52)
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"start_tinrail", map[string]any{"agent_key": key}},
		{"live_create", map[string]any{"players": 2, "agent_key": key}},
		{"tron_live_create", map[string]any{"players": 2, "agent_key": key}},
	} {
		res := call(t, cs, c.tool, c.args)
		toolError(t, res, play.CodeInvalidRequest)
		if raw, _ := json.Marshal(res); strings.Contains(string(raw), strings.Repeat("b", 10)) {
			t.Errorf("%s: the refusal quotes the key: %s", c.tool, raw)
		}
	}
}

// TestAgentRegisterIsLimitedOverMCP: agent_register counts against the
// registry's limit of a client, as POST /api/agents does, by the address
// of the /mcp request; past it the tool error is rate_limited, and
// another client may still register.
func TestAgentRegisterIsLimitedOverMCP(t *testing.T) {
	b := newBench(t)
	register := func(i int, addr string) *httptest.ResponseRecorder {
		body := fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"agent_register","arguments":{"name":"Bot %d"}}}`, i)
		r := httptest.NewRequest(http.MethodPost, "/mcp", strings.NewReader(body))
		r.RemoteAddr = addr
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("Accept", "application/json, text/event-stream")
		rec := httptest.NewRecorder()
		b.http.ServeHTTP(rec, r)
		return rec
	}
	for i := range agents.DefaultCreatesPerHour {
		if rec := register(i, "192.0.2.1:1234"); rec.Code != 200 || strings.Contains(rec.Body.String(), `"isError":true`) {
			t.Fatalf("agent %d: %d %.300s", i+1, rec.Code, rec.Body)
		}
	}
	if rec := register(100, "192.0.2.1:1234"); !strings.Contains(rec.Body.String(), `"isError":true`) || !strings.Contains(rec.Body.String(), "rate_limited") {
		t.Errorf("one agent too many: %d %.300s", rec.Code, rec.Body)
	}
	if rec := register(101, "198.51.100.9:5000"); strings.Contains(rec.Body.String(), `"isError":true`) {
		t.Errorf("another client: %.300s", rec.Body)
	}
}
