// Package inproc holds the client's transports that reach this bundle in
// process, with no sockets: an http.Handler, or the play core itself.
// They live apart from the client so that a program reaching a server
// over HTTP (the conformance command, say) does not link the server.
package inproc

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/transport/httpapi"
)

// Handler reaches an http.Handler in process.
type Handler struct {
	Handler http.Handler
}

// Init sends GET /api/games/{game}/init.
func (c Handler) Init(_ context.Context, game string, query map[string]string) (int, []byte, error) {
	return c.send(httptest.NewRequest(http.MethodGet, client.InitPath(game, query), nil))
}

// Act sends POST /api/games/{game}/action.
func (c Handler) Act(_ context.Context, game, field, token string, action json.RawMessage) (int, []byte, error) {
	body, err := client.ActionBody(field, token, action)
	if err != nil {
		return 0, nil, err
	}
	req := httptest.NewRequest(http.MethodPost, "/api/games/"+game+"/action", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	return c.send(req)
}

// Bot sends POST /api/bots/{game}?query with an outside arena's message.
func (c Handler) Bot(_ context.Context, game, query string, message []byte) (int, []byte, error) {
	req := httptest.NewRequest(http.MethodPost, client.BotPath(game, query), bytes.NewReader(message))
	req.Header.Set("Content-Type", "application/json")
	return c.send(req)
}

func (c Handler) send(req *http.Request) (int, []byte, error) {
	rec := httptest.NewRecorder()
	c.Handler.ServeHTTP(rec, req)
	return rec.Code, rec.Body.Bytes(), nil
}

// Service reaches a play.Service in process, with no HTTP in between: the
// action goes to the core as sent, and the answer is encoded as every edge
// encodes it. Init reads "seed" from the query; the rest are options.
type Service struct {
	Service *play.Service
}

// Init starts a match.
func (c Service) Init(ctx context.Context, game string, query map[string]string) (int, []byte, error) {
	seed, options, err := httpapi.InitQuery(client.InitValues(query).Encode())
	if err != nil {
		return encodeError(err)
	}
	env, err := c.Service.Init(ctx, game, seed, options)
	if err != nil {
		return encodeError(err)
	}
	return encode(env)
}

// Act applies an action.
func (c Service) Act(ctx context.Context, game, _, token string, action json.RawMessage) (int, []byte, error) {
	answer, err := c.Service.Act(ctx, game, token, action)
	if err != nil {
		return encodeError(err)
	}
	return encode(answer)
}

func encode(v any) (int, []byte, error) {
	var b bytes.Buffer
	if err := play.Encode(&b, v); err != nil {
		return 0, nil, err
	}
	return http.StatusOK, b.Bytes(), nil
}

func encodeError(err error) (int, []byte, error) {
	a := httpapi.AnswerError(context.Background(), http.MethodGet, "/", err)
	return a.Status, a.Body(), nil
}
