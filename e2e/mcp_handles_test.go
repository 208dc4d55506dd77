package e2e

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgames/bundle/client/inproc"
	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/internal/assemble"
	"github.com/agentgames/bundle/internal/assemble/mcpassemble"
	"github.com/agentgames/bundle/internal/seal"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/dynamo"
	"github.com/agentgames/bundle/store/storetest"
	"github.com/agentgames/bundle/transport/mcpedge/mcptest"
)

// TestMCPFunctionHandles plays by handle through the real MCP function
// under the emulator, its handles in a DynamoDB table of dynalite: the
// first golden case of every game to its end by handle only (every
// answer's digest the case's); a guessed handle (no_match); a handle that
// expired (made by a server whose clock runs 25 hours behind, in the same
// table); and a race between two instances on one handle, the function
// and a server in process on the same table, whose act read the handle
// before the function's act and writes after it: the table's conditional
// write refuses it (conflict, with the match as the function left it),
// and the handle goes on from the function's answer.
func TestMCPFunctionHandles(t *testing.T) {
	session, e, table := mcpFunction(t)
	ctx := context.Background()
	ref, err := conformance.ReferenceService()
	if err != nil {
		t.Fatal(err)
	}
	cases, err := golden.Load(golden.Files, "")
	if err != nil {
		t.Fatal(err)
	}
	played := map[string]bool{}
	for _, c := range cases {
		if played[c.Game] {
			continue
		}
		played[c.Game] = true
		byHandle := mcptest.Transport{Session: session, Handles: &mcptest.Handles{}}
		if err := conformance.Replay(ctx, &c, byHandle, inproc.Service{Service: ref}, true); err != nil {
			t.Fatalf("%s by handle: %v\n%s", c.Ref(), err, tail(e.log.String()))
		}
	}
	if len(played) != len(games.All()) {
		t.Errorf("played %d games by handle", len(played))
	}

	var a handleAnswer
	callTool(t, session, "act_tinrail", map[string]any{"handle": "0123456789ABCDEFGHJK", "action": map[string]any{"type": "place", "tileIndex": 0, "rotation": 0}}, &a)
	if a.Error.Code != play.CodeNoMatch {
		t.Errorf("a guessed handle: %+v", a)
	}

	late := time.Now().Add(-25 * time.Hour)
	behind := inProcessMCP(t, table, func() time.Time { return late })
	callTool(t, behind, "start_tinrail", map[string]any{"seed": 5}, &a)
	callTool(t, session, "act_tinrail", map[string]any{"handle": a.Handle, "action": a.LegalActions[0]}, &a)
	if a.Error.Code != play.CodeNoMatch || !strings.Contains(a.Error.Message, "24 hours") {
		t.Errorf("an expired handle: %+v", a)
	}

	held := &holdWrites{hold: make(chan struct{}), loaded: make(chan struct{})}
	other := inProcessMCP(t, table, time.Now, held)
	callTool(t, session, "start_brinebell", map[string]any{"seed": 6}, &a)
	handle := a.Handle
	var lost handleAnswer
	var lostText string
	var wg sync.WaitGroup
	held.armed.Store(true)
	wg.Go(func() {
		lostText = callTool(t, other, "act_brinebell", map[string]any{"handle": handle, "action": map[string]any{"type": "start"}}, &lost)
	})
	<-held.loaded
	callTool(t, session, "act_brinebell", map[string]any{"handle": handle, "action": map[string]any{"type": "start"}}, &a)
	close(held.hold)
	wg.Wait()
	if !a.OK {
		t.Fatalf("the function's act: %+v", a)
	}
	if lost.Error.Code != play.CodeConflict || !strings.Contains(lostText, "The match now:") || !strings.Contains(lostText, `[{"type":"advance","ticks":30}`) {
		t.Errorf("the in-process act that lost the race: %+v %q", lost, lostText)
	}
	callTool(t, session, "act_brinebell", map[string]any{"handle": handle, "action": map[string]any{"type": "advance", "ticks": 30}}, &a)
	if !a.OK {
		t.Errorf("the handle does not go on from the winner's state: %+v", a)
	}
}

// handleAnswer is what the handle tests read of a loop tool's result.
type handleAnswer struct {
	Handle       string            `json:"handle"`
	OK           bool              `json:"ok"`
	LegalActions []json.RawMessage `json:"legalActions"`
	Error        struct {
		Code    play.Code `json:"code"`
		Message string    `json:"message"`
	} `json:"error"`
}

// callTool calls a tool, reads its structured content into out (reset
// first) and answers its text.
func callTool(t *testing.T, cs *mcp.ClientSession, tool string, args map[string]any, out *handleAnswer) string {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	*out = handleAnswer{}
	raw, _ := json.Marshal(res.StructuredContent)
	json.Unmarshal(raw, out)
	text, _ := mcptest.Text(res)
	return text
}

// inProcessMCP is an MCP session with a server in process, under the
// test keys, whose store is table (through wrap, if given) and whose
// clock is clock: another instance of the function.
func inProcessMCP(t *testing.T, table string, clock func() time.Time, wrap ...*holdWrites) *mcp.ClientSession {
	t.Helper()
	ring, err := seal.ParseKeyring(testKeys)
	if err != nil {
		t.Fatal(err)
	}
	var store play.Ledger = dynamo.New(storetest.DynamoClient(t), table, clock)
	if len(wrap) > 0 {
		wrap[0].Ledger = store
		store = wrap[0]
	}
	p, err := mcpassemble.New(assemble.Config{Keys: ring, Clock: clock, Games: games.All(), Live: games.Live(), Ledger: store, Matches: store}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ct, st := mcp.NewInMemoryTransports()
	ss, err := p.MCP.Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "v0"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// holdWrites is a store that, once armed, says when a handle was read
// (loaded) and holds that act's write of it until hold is closed.
type holdWrites struct {
	play.Ledger
	armed        atomic.Bool
	loaded, hold chan struct{}
	once         sync.Once
}

func (h *holdWrites) Load(ctx context.Context, game, ref string) ([]byte, uint64, error) {
	state, version, err := h.Ledger.Load(ctx, game, ref)
	if game == "mcp-handle" && h.armed.Load() {
		h.once.Do(func() { close(h.loaded) })
	}
	return state, version, err
}

func (h *holdWrites) Save(ctx context.Context, game, ref string, state []byte, version uint64, expires time.Time) (string, error) {
	if game == "mcp-handle" && version > 0 && h.armed.Load() {
		<-h.hold
	}
	return h.Ledger.Save(ctx, game, ref, state, version, expires)
}
