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
	body, err := play.Marshal(answer)
	if err != nil {
		return failed(ctx, tool, fmt.Errorf("encoding an answer: %w", err)), nil
	}
	return &mcp.CallToolResult{
		Content:           []mcp.Content{&mcp.TextContent{Text: text(answer)}},
		StructuredContent: json.RawMessage(bytes.TrimSpace(body)),
	}, nil
}

// failed is the tool error for err: the HTTP edge's answer to it (made by
// httpapi.WriteError, so the code, the message and the hiding of server
// failures are the HTTP edge's) as the structured content, and
// "code: message" as the text. tool names the tool in the log of a
// failure of the server.
func failed(ctx context.Context, tool string, err error) *mcp.CallToolResult {
	rec := &recorder{header: http.Header{}}
	r, _ := http.NewRequestWithContext(ctx, http.MethodPost, "/mcp/"+tool, nil)
	httpapi.WriteError(rec, r, err)
	var answer struct {
		Error struct {
			Code    play.Code `json:"code"`
			Message string    `json:"message"`
		} `json:"error"`
	}
	json.Unmarshal(rec.body.Bytes(), &answer)
	return &mcp.CallToolResult{
		IsError:           true,
		Content:           []mcp.Content{&mcp.TextContent{Text: string(answer.Error.Code) + ": " + answer.Error.Message}},
		StructuredContent: json.RawMessage(bytes.TrimSpace(rec.body.Bytes())),
	}
}

// recorder keeps what httpapi.WriteError writes.
type recorder struct {
	header http.Header
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header         { return r.header }
func (r *recorder) Write(b []byte) (int, error) { return r.body.Write(b) }
func (r *recorder) WriteHeader(int)             {}
