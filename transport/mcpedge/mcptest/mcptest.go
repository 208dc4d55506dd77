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

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/transport/httpapi"
)

// Transport reaches the games through an MCP session. It answers a tool
// result as the HTTP edge would answer the same request: a result's
// structured content with status 200, a tool error's with the status of
// its code. It also holds every result's text to what a model is told:
// an error's text is "code: message", a refusal's begins "Refused (code)",
// an open match's names its state token.
type Transport struct {
	Session *mcp.ClientSession
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
// "stateToken", which act reads as the HTTP body does).
func (t Transport) Act(ctx context.Context, game, field, token string, action json.RawMessage) (int, []byte, error) {
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
	return Answer(res)
}

// Answer is a result of a loop tool (start_<game>, act_<game>) as the
// HTTP answer it stands for (see Transport), its text checked.
func Answer(res *mcp.CallToolResult) (int, []byte, error) {
	body, err := json.Marshal(res.StructuredContent)
	if err != nil {
		return 0, nil, err
	}
	text, err := Text(res)
	if err != nil {
		return 0, nil, err
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
		return 0, nil, fmt.Errorf("the structured content is not a JSON object: %s", body)
	}
	status := http.StatusOK
	switch {
	case res.IsError:
		if head.Error.Code == "" || !strings.HasPrefix(text, string(head.Error.Code)+": ") {
			return 0, nil, fmt.Errorf("a tool error must carry {error: {code, message}} and the text \"code: message\", not %s and %q", body, text)
		}
		status = httpapi.Status(head.Error.Code)
	case !head.OK:
		if !strings.HasPrefix(text, "Refused ("+head.Code+")") {
			return 0, nil, fmt.Errorf("a refusal's text must begin \"Refused (%s)\", not %q", head.Code, text)
		}
	case !head.GameOver && !strings.Contains(text, head.State):
		return 0, nil, fmt.Errorf("the text of an open match must name its state token; it is %q", text)
	}
	return status, body, nil
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
