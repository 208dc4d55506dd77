package client

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"time"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/transport/httpapi"
)

// HTTP reaches an implementation at a base URL.
type HTTP struct {
	BaseURL string
	Client  *http.Client
}

// NewHTTP reaches the implementation at baseURL, with a 30 s timeout.
func NewHTTP(baseURL string) *HTTP {
	return &HTTP{BaseURL: strings.TrimRight(baseURL, "/"), Client: &http.Client{Timeout: 30 * time.Second}}
}

// Init sends GET /api/games/{game}/init.
func (c *HTTP) Init(ctx context.Context, game string, query map[string]string) (int, []byte, error) {
	return c.send(ctx, http.MethodGet, initPath(game, query), nil)
}

// Act sends POST /api/games/{game}/action.
func (c *HTTP) Act(ctx context.Context, game, field, token string, action json.RawMessage) (int, []byte, error) {
	body, err := ActionBody(field, token, action)
	if err != nil {
		return 0, nil, err
	}
	return c.send(ctx, http.MethodPost, "/api/games/"+game+"/action", body)
}

// Bot sends POST /api/bots/{game}?query with an outside arena's message.
func (c *HTTP) Bot(ctx context.Context, game, query string, message []byte) (int, []byte, error) {
	return c.send(ctx, http.MethodPost, botPath(game, query), message)
}

func (c *HTTP) send(ctx context.Context, method, path string, body []byte) (int, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, method, c.BaseURL+path, bytes.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := c.Client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	return res.StatusCode, data, err
}

func initPath(game string, query map[string]string) string {
	return "/api/games/" + game + "/init?" + initValues(query).Encode()
}

func botPath(game, query string) string {
	if query == "" {
		return "/api/bots/" + game
	}
	return "/api/bots/" + game + "?" + query
}

// Handler reaches an http.Handler in process.
type Handler struct {
	Handler http.Handler
}

// Init sends GET /api/games/{game}/init.
func (c Handler) Init(_ context.Context, game string, query map[string]string) (int, []byte, error) {
	return c.send(httptest.NewRequest(http.MethodGet, initPath(game, query), nil))
}

// Act sends POST /api/games/{game}/action.
func (c Handler) Act(_ context.Context, game, field, token string, action json.RawMessage) (int, []byte, error) {
	body, err := ActionBody(field, token, action)
	if err != nil {
		return 0, nil, err
	}
	req := httptest.NewRequest(http.MethodPost, "/api/games/"+game+"/action", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	return c.send(req)
}

// Bot sends POST /api/bots/{game}?query with an outside arena's message.
func (c Handler) Bot(_ context.Context, game, query string, message []byte) (int, []byte, error) {
	req := httptest.NewRequest(http.MethodPost, botPath(game, query), bytes.NewReader(message))
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
	seed, options, err := httpapi.InitQuery(initValues(query).Encode())
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

func initValues(query map[string]string) url.Values {
	q := url.Values{}
	for k, v := range query {
		q.Set(k, v)
	}
	return q
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
