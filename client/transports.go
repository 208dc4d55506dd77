package client

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
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
	return c.send(ctx, http.MethodGet, InitPath(game, query), nil)
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
	return c.send(ctx, http.MethodPost, BotPath(game, query), message)
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

// InitPath is the path of game's init with query.
func InitPath(game string, query map[string]string) string {
	return "/api/games/" + game + "/init?" + InitValues(query).Encode()
}

// BotPath is the path of game's bot endpoint with query.
func BotPath(game, query string) string {
	if query == "" {
		return "/api/bots/" + game
	}
	return "/api/bots/" + game + "?" + query
}

// InitValues are an init's query parameters.
func InitValues(query map[string]string) url.Values {
	q := url.Values{}
	for k, v := range query {
		q.Set(k, v)
	}
	return q
}
