package mcpedge

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/transport/httpapi"
)

// result is a tool's result for what the service answered: an error is a
// tool error (see failed); an answer is its JSON, exactly as the HTTP edge
// writes it, as the structured content, and text(answer) for a model to
// read.
func result[A any](ctx context.Context, tool string, answer A, err error, text func(A) string) (*mcp.CallToolResult, error) {
	if err != nil {
		return failed(ctx, tool, err), nil
	}
	body, err := play.AppendJSON(make([]byte, 0, 4096), answer)
	if err != nil {
		return failed(ctx, tool, fmt.Errorf("encoding an answer: %w", err)), nil
	}
	return &mcp.CallToolResult{
		Content:           []mcp.Content{&mcp.TextContent{Text: text(answer)}},
		StructuredContent: json.RawMessage(bytes.TrimSpace(body)),
	}, nil
}

// failed is the tool error for err: the HTTP edge's answer to it (made by
// httpapi.AnswerError, so the code, the message and the hiding of server
// failures are the HTTP edge's) as the structured content, and
// "code: message" as the text. tool names the tool in the log of a
// failure of the server.
func failed(ctx context.Context, tool string, err error) *mcp.CallToolResult {
	a := httpapi.AnswerError(ctx, http.MethodPost, "/mcp/"+tool, err)
	return &mcp.CallToolResult{
		IsError:           true,
		Content:           []mcp.Content{&mcp.TextContent{Text: string(a.Error.Code) + ": " + a.Error.Message}},
		StructuredContent: json.RawMessage(bytes.TrimSpace(a.Body())),
	}
}
