// Package mcptest plays the games through an MCP client session for
// tests: Transport is a client.Transport whose Init and Act call the
// start_<game> and act_<game> tools, so that the conformance suite's
// replays and the protocol client run through MCP as they run over HTTP.
package mcptest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/transport/httpapi"
)

// Transport reaches the games through an MCP session. It answers a tool
// result as the HTTP edge would answer the same request: a result's
// structured content (without the handle MCP adds) with status 200, a
// tool error's with the status of its code. It also holds every result's
// text to what a model is told: an error's text is "code: message", a
// refusal's begins "Refused (code)", an open match's names its handle
// (or, started without one, its state token) and no token.
type Transport struct {
	Session *mcp.ClientSession
	// Handles, when not nil, makes Act act by handle only: the handle
	// of the answer that carried the token it is given.
	Handles *Handles
}

// Handles are the handles of the tokens a Transport was answered.
type Handles struct{ byToken sync.Map }

// Of answers the handle the answer carrying token named, "" if none did.
func (h *Handles) Of(token string) string {
	v, _ := h.byToken.Load(token)
	s, _ := v.(string)
	return s
}

// Init calls start_<game>, the query's values typed as the tool's schema
// types them: the seed and the numeric options as numbers, ranked as a
// boolean, the rest as strings.
func (t Transport) Init(ctx context.Context, game string, query map[string]string) (int, []byte, error) {
	args := map[string]any{}
	for name, v := range query {
		args[name] = typed(game, name, v)
	}
	return t.call(ctx, "start_"+game, args)
}

// Act calls act_<game> with the token under field ("state", or
// "stateToken", which act reads as the HTTP body does), or by Handles
// with the token's handle only.
func (t Transport) Act(ctx context.Context, game, field, token string, action json.RawMessage) (int, []byte, error) {
	if t.Handles != nil {
		handle := t.Handles.Of(token)
		if handle == "" {
			return 0, nil, fmt.Errorf("no answer named a handle for the token beginning %.12s", token)
		}
		return t.call(ctx, "act_"+game, map[string]any{"handle": handle, "action": action})
	}
	return t.call(ctx, "act_"+game, map[string]any{field: token, "action": action})
}

// typed is an init query value as start_<game>'s schema types it.
func typed(game, name, v string) any {
	numeric := name == "seed"
	if g := games.Named(game); g != nil {
		for _, o := range g.Info().Options {
			numeric = numeric || o.Name == name && o.Values == nil
		}
	}
	if n, err := strconv.ParseInt(v, 10, 64); err == nil && numeric {
		return n
	}
	if b, err := strconv.ParseBool(v); err == nil && name == play.RankedOption {
		return b
	}
	return v
}

// call calls a tool and answers its result as an HTTP answer.
func (t Transport) call(ctx context.Context, tool string, args map[string]any) (int, []byte, error) {
	res, err := t.Session.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		return 0, nil, err
	}
	status, body, handle, err := Answer(res)
	if err == nil && t.Handles != nil && handle != "" {
		var a struct {
			State string `json:"state"`
		}
		json.Unmarshal(body, &a)
		t.Handles.byToken.Store(a.State, handle)
	}
	return status, body, err
}

// Answer is a result of a loop tool (start_<game>, act_<game>) as the
// HTTP answer it stands for (see Transport), its text checked, and the
// handle the result named.
func Answer(res *mcp.CallToolResult) (status int, body []byte, handle string, err error) {
	if body, handle, err = withoutHandle(res.StructuredContent); err != nil {
		return 0, nil, "", err
	}
	text, err := Text(res)
	if err != nil {
		return 0, nil, "", err
	}
	var head struct {
		OK       bool   `json:"ok"`
		Code     string `json:"code"`
		State    string `json:"state"`
		GameOver bool   `json:"gameOver"`
		Error    struct {
			Code play.Code `json:"code"`
		} `json:"error"`
	}
	if err := json.Unmarshal(body, &head); err != nil {
		return 0, nil, "", fmt.Errorf("the structured content is not a JSON object: %s", body)
	}
	status = http.StatusOK
	switch {
	case res.IsError:
		if head.Error.Code == "" || !strings.HasPrefix(text, string(head.Error.Code)+": ") {
			return 0, nil, "", fmt.Errorf("a tool error must carry {error: {code, message}} and the text \"code: message\", not %s and %q", body, text)
		}
		status = httpapi.Status(head.Error.Code)
	case !head.OK && !strings.HasPrefix(text, "Refused ("+head.Code+")"):
		return 0, nil, "", fmt.Errorf("a refusal's text must begin \"Refused (%s)\", not %q", head.Code, text)
	case handle != "" && strings.Contains(text, head.State):
		return 0, nil, "", fmt.Errorf("the text of a match played by handle must not print its state token; it is %q", text)
	case handle != "" && !head.GameOver && !strings.Contains(text, handle):
		return 0, nil, "", fmt.Errorf("the text of an open match must name its handle; it is %q", text)
	case handle == "" && !head.GameOver && !strings.Contains(text, head.State):
		return 0, nil, "", fmt.Errorf("the text of an open match must name its state token; it is %q", text)
	}
	return status, body, handle, nil
}

// withoutHandle is structured content as JSON without its "handle"
// member, and that member.
func withoutHandle(content any) ([]byte, string, error) {
	body, err := json.Marshal(content)
	if err != nil {
		return nil, "", err
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(body, &m) != nil || m["handle"] == nil {
		return body, "", nil
	}
	var handle string
	if err := json.Unmarshal(m["handle"], &handle); err != nil || handle == "" {
		return nil, "", fmt.Errorf("a result's handle must be a string, not %s", m["handle"])
	}
	delete(m, "handle")
	body, err = json.Marshal(m)
	return body, handle, err
}

// Text is a tool result's one text content.
func Text(res *mcp.CallToolResult) (string, error) {
	if len(res.Content) != 1 {
		return "", fmt.Errorf("a tool result must hold one text content, not %d contents", len(res.Content))
	}
	c, ok := res.Content[0].(*mcp.TextContent)
	if !ok || c.Text == "" {
		return "", fmt.Errorf("a tool result's content must be text, not %T", res.Content[0])
	}
	return c.Text, nil
}
