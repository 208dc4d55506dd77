package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgames/bundle/agents/dispatcher"
	"github.com/agentgames/bundle/agents/tidecaptain"
	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/client/inproc"
	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/games/brinebell"
	"github.com/agentgames/bundle/games/tidebreakers/live"
	tronlive "github.com/agentgames/bundle/games/tron/live"
	"github.com/agentgames/bundle/store/storetest"
	"github.com/agentgames/bundle/transport/mcpedge/mcptest"
)

// TestMCPFunction connects the MCP SDK's own client, over Streamable HTTP,
// to the real bootstrap of functions/mcp under the emulator, each request an
// API Gateway HTTP API event to /mcp as the deployed API sends it, its live
// matches and ranked ledgers in a DynamoDB table of dynalite. It lists the
// tools, plays a whole Tinrail match and a whole Brinebell run, each answer
// the same as the HTTP edge's in process for the same seed and actions,
// spends a ranked token twice, and plays a live Tidebreakers match and a
// live Tron match between two agents from their creation to their end.
func TestMCPFunction(t *testing.T) {
	session, e, _ := mcpFunction(t)
	others := othersUnderTestKeys(t)
	ctx := context.Background()

	tools, err := session.ListTools(ctx, nil)
	if err != nil {
		t.Fatalf("listing the tools: %v\n%s", err, tail(e.log.String()))
	}
	var names []string
	for _, tool := range tools.Tools {
		names = append(names, tool.Name)
	}
	want := []string{"list_games", "live_create", "live_state", "live_act", "tron_live_create", "tron_live_join", "tron_live_state", "tron_live_move"}
	for _, g := range games.All() {
		want = append(want, "start_"+g.Info().Slug, "act_"+g.Info().Slug)
	}
	for _, name := range want {
		if !slices.Contains(names, name) {
			t.Errorf("no tool %s among %v", name, names)
		}
	}

	mcpGames := mcptest.Transport{Session: session}
	httpGames := inproc.Handler{Handler: others}
	first := func(a *client.Answer) json.RawMessage {
		var legal struct{ LegalActions []json.RawMessage }
		json.Unmarshal(a.Body, &legal)
		return legal.LegalActions[0]
	}
	n := playBoth(t, mcpGames, httpGames, "tinrail", map[string]string{"seed": "7", "opponent": "easy"}, first)
	t.Logf("a whole Tinrail match through the MCP function: %d actions", n)
	policy := dispatcher.Policy{BankAt: 3000, MaxStep: 60}
	n = playBoth(t, mcpGames, httpGames, "brinebell", map[string]string{"seed": "7"}, func(a *client.Answer) json.RawMessage {
		var v brinebell.View
		if err := a.View(&v); err != nil {
			t.Fatal(err)
		}
		next, _ := policy.Next(&v)
		return dispatcher.JSON(next)
	})
	t.Logf("a whole Brinebell run through the MCP function: %d actions", n)

	spendTwice(t, mcpGames)
	status, body, err := mcpGames.Act(ctx, "tinrail", "state", "AAAA", json.RawMessage(`{"type":"place","tileIndex":0,"rotation":0}`))
	if err != nil || status != 400 || !strings.Contains(string(body), `"token_malformed"`) {
		t.Errorf("a malformed token: %v %d %s", err, status, body)
	}

	playLive(t, session)
	playLiveTron(t, session)

	res, err := e.invoke(get("/mcp"))
	if err != nil || res.StatusCode != http.StatusMethodNotAllowed || res.Headers["Allow"] != "OPTIONS, POST" || !strings.Contains(res.Body, `"method_not_allowed"`) {
		t.Errorf("GET /mcp (stateless: no event stream): %v %d %v %s", err, res.StatusCode, res.Headers, res.Body)
	}
	refusedAsJSON(t, e)
}

// mcpFunction starts functions/mcp under the emulator, its store a new
// table of dynalite, and connects the SDK's client to it as the deployed
// API's /mcp (the other paths answered in process, under the same keys).
// It answers the session, the emulator and the table's name.
func mcpFunction(t *testing.T) (*mcp.ClientSession, *emulator, string) {
	t.Helper()
	table := storetest.NewTable(t, storetest.DynamoClient(t))
	e := startFunction(t, rieBinary(t), buildBootstrap(t, "./functions/mcp"), "MATCHES_TABLE="+table, "AWS_ENDPOINT_URL_DYNAMODB="+os.Getenv("DYNAMODB_ENDPOINT"),
		"AWS_REGION=us-east-1", "AWS_ACCESS_KEY_ID=test", "AWS_SECRET_ACCESS_KEY=test")
	session, err := mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "v0"}, nil).Connect(context.Background(), &mcp.StreamableClientTransport{
		Endpoint: "https://api.example.test/mcp", HTTPClient: &http.Client{Transport: deployed{e: e, mine: []string{"/mcp"}, others: othersUnderTestKeys(t)}},
	}, nil)
	if err != nil {
		t.Fatalf("connecting: %v\n%s", err, tail(e.log.String()))
	}
	t.Cleanup(func() { session.Close() })
	return session, e, table
}

// refusedAsJSON: the MCP function refuses the report's body of 1,300
// tools/list (whose answer outgrew Lambda's 6 MB; over 16 KiB now), a
// batch, a repeated key and a page of another origin, each with a short
// JSON-RPC error.
func refusedAsJSON(t *testing.T, e *emulator) {
	t.Helper()
	list := `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`
	for _, tt := range []struct {
		name, body, origin, code string
		status                   int
	}{
		{"the report's batch", "[" + strings.TrimSuffix(strings.Repeat(list+",", 1300), ",") + "]", "", "body_too_large", 413},
		{"a batch", "[" + list + "," + list + "]", "", "invalid_request", 400},
		{"a repeated key", `{"jsonrpc":"2.0","id":1,"id":2,"method":"tools/list"}`, "", "bad_json", 400},
		{"another origin", list, "https://evil.example", "origin_forbidden", 403},
	} {
		ev := postJSON("/mcp", tt.body)
		ev.Headers["accept"] = "application/json, text/event-stream"
		if tt.origin != "" {
			ev.Headers["origin"] = tt.origin
		}
		res, err := e.invoke(ev)
		if err != nil || res.StatusCode != tt.status || !strings.Contains(res.Body, `"jsonrpc":"2.0"`) || !strings.Contains(res.Body, `"code":"`+tt.code+`"`) || len(res.Body) > 1024 {
			t.Errorf("%s: %v %d %.300s", tt.name, err, res.StatusCode, res.Body)
		}
	}
}

// playBoth plays game to its end through the MCP function and, the same
// seed and actions, through the HTTP edge in process: every answer must be
// the same JSON but for the state token, sealed afresh each time. It
// answers how many actions the match took.
func playBoth(t *testing.T, viaMCP, viaHTTP client.Transport, game string, query map[string]string, next func(*client.Answer) json.RawMessage) int {
	t.Helper()
	ctx := context.Background()
	m, err := client.Start(ctx, viaMCP, game, query)
	if err != nil {
		t.Fatalf("%s through MCP: %v", game, err)
	}
	h, err := client.Start(ctx, viaHTTP, game, query)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; ; n++ {
		if !sameAnswer(m.Last.Body, h.Last.Body) {
			t.Fatalf("%s, after %d actions, MCP answers\n%s\nHTTP answers\n%s", game, n, m.Last.Body, h.Last.Body)
		}
		if m.Last.GameOver {
			return n
		}
		if n == 2000 {
			t.Fatalf("%s: no end after %d actions", game, n)
		}
		action := next(m.Last)
		if _, err := m.Act(ctx, action); err != nil {
			t.Fatalf("%s through MCP, action %s: %v", game, action, err)
		}
		if _, err := h.Act(ctx, action); err != nil {
			t.Fatal(err)
		}
	}
}

// sameAnswer reports whether two answers are the same JSON object but for
// their state tokens.
func sameAnswer(a, b []byte) bool {
	var x, y map[string]any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	for _, m := range []map[string]any{x, y} {
		delete(m, "state")
		delete(m, "stateToken")
	}
	return reflect.DeepEqual(x, y)
}

// spendTwice plays one ranked Tinrail action, then the same token again:
// the ledger in the table refuses it, a tool error with HTTP's code.
func spendTwice(t *testing.T, viaMCP client.Transport) {
	t.Helper()
	ctx := context.Background()
	s, err := client.Start(ctx, viaMCP, "tinrail", map[string]string{"ranked": "true", "opponent": "easy"})
	if err != nil {
		t.Fatalf("a ranked match: %v", err)
	}
	token := s.Last.Token
	var legal struct{ LegalActions []json.RawMessage }
	json.Unmarshal(s.Last.Body, &legal)
	if a, err := s.Act(ctx, legal.LegalActions[0]); err != nil || !a.OK {
		t.Fatalf("a ranked action: %v %+v", err, a)
	}
	s.Last.Token = token
	_, err = s.Act(ctx, legal.LegalActions[0])
	var refused *client.HTTPError
	if !errors.As(err, &refused) || refused.Status != http.StatusConflict || !strings.Contains(string(refused.Body), `"token_spent"`) {
		t.Errorf("a spent ranked token: %v", err)
	}
}

// playLive creates a live Tidebreakers match against a captain with the
// live tools, reads its state and plays seat 0 as the card's sample bot
// until the match ends.
func playLive(t *testing.T, session *mcp.ClientSession) {
	t.Helper()
	var j live.Joined
	call(t, session, "live_create", map[string]any{"players": 2, "name": "Ada", "bots": 1}, &j)
	if j.Code == "" || j.Token == "" || j.Seat != 0 {
		t.Fatalf("live_create: %+v", j)
	}
	var st live.State
	call(t, session, "live_state", map[string]any{"code": j.Code}, &st)
	if st.Code != j.Code || st.Players != 2 || len(st.Seats) != 2 || st.Over {
		t.Fatalf("live_state of a new match: %+v", st)
	}
	for steps := 0; !st.Over; steps++ {
		if steps > 2000 {
			t.Fatal("the live match does not end")
		}
		op, body := tidecaptain.Next(&st, 0, j.Token)
		delete(body, "token")
		body["type"] = op
		call(t, session, "live_act", map[string]any{"code": j.Code, "token": j.Token, "action": body}, &st)
	}
	t.Logf("a live match through the MCP function and DynamoDB ended by %s in round %d", st.Ending, st.Round)
}

// playLiveTron creates a live Tron match with the live Tron tools, joins
// it as a second agent, and plays both seats until it ends, each round
// resolving at the second seat's move.
func playLiveTron(t *testing.T, session *mcp.ClientSession) {
	t.Helper()
	var seats [2]tronlive.Joined
	call(t, session, "tron_live_create", map[string]any{"players": 2, "name": "Ada", "width": 7, "height": 7}, &seats[0])
	call(t, session, "tron_live_join", map[string]any{"code": seats[0].Code, "name": "Bo"}, &seats[1])
	var st tronlive.State
	call(t, session, "tron_live_state", map[string]any{"code": seats[0].Code, "token": seats[0].Token}, &st)
	for !st.Over {
		round, moves := st.Round, [2]string{}
		for i, j := range seats {
			moves[i] = freeDir(&st, j.Seat)
		}
		for i, j := range seats {
			call(t, session, "tron_live_move", map[string]any{"code": j.Code, "token": j.Token, "dir": moves[i]}, &st)
		}
		if st.Round != round+1 {
			t.Fatalf("round %d did not resolve once both seats moved: %+v", round, st)
		}
	}
	t.Logf("a live Tron match through the MCP function and DynamoDB ended in round %d, places %v", st.Round, st.Places)
}

// call calls a tool and decodes its structured result into out; a tool
// error fails the test.
func call(t *testing.T, session *mcp.ClientSession, tool string, args map[string]any, out any) {
	t.Helper()
	res, err := session.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	data, _ := json.Marshal(res.StructuredContent)
	if res.IsError {
		t.Fatalf("%s %v: %s", tool, args, data)
	}
	if err := json.Unmarshal(data, out); err != nil {
		t.Fatalf("%s: %v: %s", tool, err, data)
	}
}
