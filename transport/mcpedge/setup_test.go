package mcpedge_test

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/internal/assemble"
	"github.com/agentgames/bundle/internal/assemble/mcpassemble"
	"github.com/agentgames/bundle/internal/egress"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/arena"
	"github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/store/memory"
	"github.com/agentgames/bundle/transport/httpapi"
	"github.com/agentgames/bundle/transport/mcpedge"
)

// bench is every game, every live game's matches and agents
// with their boards and ratings served twice over one service, the same
// live servers and the same agents: as the MCP server, and as the local
// server's HTTP handler with the MCP server mounted at /mcp (as
// testserver.WithLive builds it).
type bench struct {
	svc     *play.Service
	lives   []*live.Server
	agents  mcpedge.Agents
	handles *mcpedge.Handles
	http    *httpapi.Server
}

func newBench(t testing.TB) *bench {
	t.Helper()
	// ListAfter 1: a board of ratings lists the agents of one match.
	p, err := mcpassemble.New(assemble.Config{Games: games.All(), Live: games.Live(), Ledger: &memory.Store{}, Matches: &memory.Store{}, ListAfter: 1,
		Arena: &assemble.Arena{Calls: egress.Policy{AllowHTTP: true, AllowPrivate: true, Timeout: 2 * time.Second}, Settings: arena.Settings{LaunchesPerMinute: -1}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return &bench{svc: p.Service, lives: p.Live, agents: mcpedge.Agents{Registry: p.Agents, Boards: p.Boards, Raters: p.Raters, Arena: p.Arena}, handles: p.Handles, http: p.HTTP()}
}

// connectors are the two ways a test's client reaches a bench's MCP
// server: in process, and over Streamable HTTP to the local server's
// handler.
var connectors = []struct {
	name    string
	connect func(b *bench, t testing.TB) *mcp.ClientSession
}{
	{"in-memory", (*bench).inMemory},
	{"http", (*bench).overHTTP},
}

// inMemory connects a client to the MCP server through in-memory
// transports.
func (b *bench) inMemory(t testing.TB) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := mcpedge.New(b.svc, b.lives, b.agents, b.handles).Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	return connect(t, ct)
}

// overHTTP connects a client to /mcp of the local server's handler,
// served by httptest.
func (b *bench) overHTTP(t testing.TB) *mcp.ClientSession {
	t.Helper()
	ts := httptest.NewServer(b.http)
	t.Cleanup(ts.Close)
	return connect(t, &mcp.StreamableClientTransport{Endpoint: ts.URL + "/mcp", MaxRetries: -1})
}

// connect opens a client session over tr, closed when the test ends.
func connect(t testing.TB, tr mcp.Transport) *mcp.ClientSession {
	t.Helper()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "mcpedge-test", Version: "v0"}, nil).Connect(context.Background(), tr, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}
