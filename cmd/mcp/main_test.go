package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgames/bundle/client/inproc"
	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/transport/mcpedge/mcptest"
)

// TestStdio builds the command and connects the SDK's client to it over
// stdio, as an agent host does: it lists every game's tools and the live
// ones (Tidebreakers', Tron's), and plays a whole Tinrail match and a
// whole Brinebell run (golden cases, refusals on the way) to the end,
// every answer's digest the case's. It logs to stderr only (stdout is the
// protocol, which the session proves clean), and says that its tokens are
// sealed with a key made at start.
func TestStdio(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := filepath.Join(t.TempDir(), "mcp")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "TOKEN_KEYS=")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "stdio-test", Version: "v0"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, tool := range tools.Tools {
		names[tool.Name] = true
	}
	for _, want := range []string{"list_games", "game_rules", "start_tinrail", "act_tinrail", "start_brinebell", "act_brinebell", "live_create", "live_act",
		"tron_live_create", "tron_live_join", "tron_live_state", "tron_live_move"} {
		if !names[want] {
			t.Errorf("no tool %s among %v", want, names)
		}
	}
	ref, err := conformance.ReferenceService()
	if err != nil {
		t.Fatal(err)
	}
	cases, err := golden.Load(golden.Files, "")
	if err != nil {
		t.Fatal(err)
	}
	played := 0
	for _, c := range cases {
		if c.Ref() != "tinrail/easy-seed009-cautious" && c.Ref() != "brinebell/seed001-dispatch" {
			continue
		}
		played++
		tr := &lastAnswer{Transport: mcptest.Transport{Session: cs}}
		if err := conformance.Replay(ctx, &c, tr, inproc.Service{Service: ref}, true); err != nil {
			t.Errorf("%s: %v", c.Ref(), err)
		}
		if !bytes.Contains(tr.body, []byte(`"gameOver":true`)) {
			t.Errorf("%s: the last answer does not end the match: %s", c.Ref(), tr.body)
		}
	}
	if played != 2 {
		t.Fatalf("played %d of the 2 cases", played)
	}
	if err := cs.Close(); err != nil {
		t.Errorf("closing: %v", err)
	}
	logs := stderr.String()
	if !strings.Contains(logs, "TOKEN_KEYS is not set") || !strings.Contains(logs, "serving every game over MCP on stdio") {
		t.Errorf("stderr: %s", logs)
	}
}

// lastAnswer keeps the last answer its transport gave to an action.
type lastAnswer struct {
	mcptest.Transport
	body []byte
}

func (l *lastAnswer) Act(ctx context.Context, game, field, token string, action json.RawMessage) (int, []byte, error) {
	status, body, err := l.Transport.Act(ctx, game, field, token, action)
	l.body = body
	return status, body, err
}
