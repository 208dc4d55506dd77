package mcpassemble_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/games/tinrail"
	"github.com/agentgames/bundle/internal/assemble"
	"github.com/agentgames/bundle/internal/assemble/mcpassemble"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/boards"
	"github.com/agentgames/bundle/store/memory"
)

const listTools = `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`

// post sends an MCP message to /mcp of h from a page of origin (none when
// empty).
func post(h http.Handler, origin string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodPost, "/mcp", strings.NewReader(listTools))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Accept", "application/json, text/event-stream")
	if origin != "" {
		r.Header.Set("Origin", origin)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec
}

// tools lists the tools of srv, through a client in memory.
func tools(t *testing.T, srv *mcp.Server) []string {
	t.Helper()
	ctx := context.Background()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "mcpassemble-test", Version: "v0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
	}
	return names
}

// TestMCP: the MCP server has the live tools (Tidebreakers' and Tron's)
// only with Matches; the handler, also at /mcp of the HTTP handler, serves
// pages of the origins given and no others.
func TestMCP(t *testing.T) {
	for _, withLive := range []bool{false, true} {
		c := assemble.Config{Games: []play.Game{tinrail.Game{}}, Live: games.Live()}
		if withLive {
			c.Matches = &memory.Store{}
		}
		p, err := mcpassemble.New(c, []string{"https://inspector.example"})
		if err != nil {
			t.Fatal(err)
		}
		names := tools(t, p.MCP.Server)
		for _, live := range []string{"live_create", "live_act", "tron_live_create", "tron_live_join", "tron_live_state", "tron_live_move"} {
			if slices.Contains(names, live) != withLive {
				t.Errorf("live matches %v: tools %v", withLive, names)
			}
		}
		if !slices.ContainsFunc(names, func(n string) bool { return strings.Contains(n, "tinrail") }) {
			t.Errorf("no Tinrail tools: %v", names)
		}
		h := p.HTTP()
		if rec := post(h, ""); rec.Code != 200 || strings.Contains(rec.Body.String(), `"live_create"`) != withLive ||
			strings.Contains(rec.Body.String(), `"tron_live_move"`) != withLive {
			t.Errorf("live matches %v: /mcp: %d %.200s", withLive, rec.Code, rec.Body)
		}
		if code, body := get(h, "/api/games/tinrail/init"); code != 200 {
			t.Errorf("an init beside /mcp: %d %.200s", code, body)
		}
		for _, handler := range []http.Handler{h, p.Handler} {
			if rec := post(handler, "https://inspector.example"); rec.Code != 200 {
				t.Errorf("an origin allowed: %d %.200s", rec.Code, rec.Body)
			}
			if rec := post(handler, "https://evil.example"); rec.Code != 403 {
				t.Errorf("an origin not allowed: %d %.200s", rec.Code, rec.Body)
			}
		}
	}
}

// get answers the status and body of a GET of path from h.
func get(h http.Handler, path string) (int, string) {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	return rec.Code, rec.Body.String()
}

// TestMCPAgents: with a Ledger the MCP server has the agent tools and
// ratings, which answers the parts' raters' boards (with live matches or
// without, as the catalog function serves them); with Matches too, the
// live create and join tools take agent_key. Without a Ledger, none of
// these.
func TestMCPAgents(t *testing.T) {
	ctx := context.Background()
	for _, c := range []assemble.Config{
		{Games: []play.Game{tinrail.Game{}}, Live: games.Live(), Matches: &memory.Store{}},
		{Games: []play.Game{tinrail.Game{}}, Live: games.Live(), Ledger: &memory.Store{}},
		{Games: []play.Game{tinrail.Game{}}, Live: games.Live(), Ledger: &memory.Store{}, Matches: &memory.Store{}},
	} {
		p, err := mcpassemble.New(c, nil)
		if err != nil {
			t.Fatal(err)
		}
		ledger, live := c.Ledger != nil, c.Matches != nil
		ct, st := mcp.NewInMemoryTransports()
		ss, err := p.MCP.Connect(ctx, st, nil)
		if err != nil {
			t.Fatal(err)
		}
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "mcpassemble-test", Version: "v0"}, nil).Connect(ctx, ct, nil)
		if err != nil {
			t.Fatal(err)
		}
		res, err := cs.ListTools(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		inputs := map[string]string{}
		for _, tool := range res.Tools {
			raw, _ := json.Marshal(tool.InputSchema)
			inputs[tool.Name] = string(raw)
		}
		for _, tool := range []string{"agent_register", "leaderboard", "agent_standing", "ratings"} {
			if _, ok := inputs[tool]; ok != ledger {
				t.Errorf("ledger %v, live %v: %s served: %v", ledger, live, tool, ok)
			}
		}
		for _, tool := range []string{"live_create", "live_join", "tron_live_create", "tron_live_join"} {
			if keyed := strings.Contains(inputs[tool], `"agent_key"`); keyed != (ledger && live) {
				t.Errorf("ledger %v, live %v: %s takes agent_key: %v", ledger, live, tool, keyed)
			}
		}
		for _, game := range []string{"tidebreakers", "tron"} {
			if !ledger {
				continue
			}
			want, err := p.Raters[game].Ratings(ctx, 2, boards.FirstPage)
			if err != nil {
				t.Fatal(err)
			}
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "ratings", Arguments: map[string]any{"game": game}})
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := json.Marshal(res.StructuredContent)
			var got boards.RatingBoard
			if err := json.Unmarshal(raw, &got); err != nil || res.IsError || !reflect.DeepEqual(&got, want) || len(want.Standings) == 0 {
				t.Errorf("%s's ratings: %s, want %+v", game, raw, want)
			}
		}
		cs.Close()
		ss.Close()
	}
}
