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
// whole Brinebell run by token and the first golden case of every game by
// handle only (refusals on the way) to the end, every answer's digest the
// case's. It logs to stderr only (stdout is the
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
	played, byHandle := 0, map[string]bool{}
	for _, c := range cases {
		byToken := c.Ref() == "tinrail/easy-seed009-cautious" || c.Ref() == "brinebell/seed001-dispatch"
		if !byToken && byHandle[c.Game] {
			continue
		}
		tr := &lastAnswer{Transport: mcptest.Transport{Session: cs}}
		if !byToken {
			byHandle[c.Game] = true
			tr.Handles = &mcptest.Handles{}
		}
		played++
		if err := conformance.Replay(ctx, &c, tr, inproc.Service{Service: ref}, true); err != nil {
			t.Errorf("%s: %v", c.Ref(), err)
		}
		if !bytes.Contains(tr.body, []byte(`"gameOver":true`)) {
			t.Errorf("%s: the last answer does not end the match: %s", c.Ref(), tr.body)
		}
	}
	if played != 6 {
		t.Fatalf("played %d of the 6 cases", played)
	}
	if err := cs.Close(); err != nil {
		t.Errorf("closing: %v", err)
	}
	logs := stderr.String()
	if !strings.Contains(logs, "TOKEN_KEYS is not set") || !strings.Contains(logs, "serving every game over MCP on stdio") {
		t.Errorf("stderr: %s", logs)
	}
}

// TestStdioHandlesInData: with -data, the handles live in the file. A
// Brinebell run started by one run of the command (its tokens sealed
// under TOKEN_KEYS) goes on by its handle alone in the next run of the
// command on the same file.
func TestStdioHandlesInData(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "mcp")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	ctx := context.Background()
	session := func() *mcp.ClientSession {
		cmd := exec.Command(bin, "-data", filepath.Join(dir, "data", "mcp.db"))
		cmd.Env = append(os.Environ(), "TOKEN_KEYS=1:mF68pkUX4uW9y08zlMUQ1OU2NXFhXYsdu+o8u5fBZSw=")
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "stdio-test", Version: "v0"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return cs
	}
	var answer struct {
		Handle string `json:"handle"`
		OK     bool   `json:"ok"`
	}
	call := func(cs *mcp.ClientSession, tool string, args map[string]any) {
		t.Helper()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
		if err != nil || res.IsError {
			t.Fatalf("%s: %v %+v", tool, err, res)
		}
		raw, _ := json.Marshal(res.StructuredContent)
		json.Unmarshal(raw, &answer)
	}
	first := session()
	call(first, "start_brinebell", map[string]any{"seed": 4})
	handle := answer.Handle
	call(first, "act_brinebell", map[string]any{"handle": handle, "action": map[string]any{"type": "start"}})
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	next := session()
	defer next.Close()
	call(next, "act_brinebell", map[string]any{"handle": handle, "action": map[string]any{"type": "advance", "ticks": 30}})
	if !answer.OK || answer.Handle != handle {
		t.Errorf("the next run did not go on by the handle: %+v", answer)
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
