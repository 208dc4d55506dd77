// Package liveapi is the protocol client of every live game's match API
// over HTTP (package client is the loop's): create, join, the public
// state, an action or a seat's view. It links nothing but the standard
// library, so that whatever links it (the Tron arena's live runner, the
// Tidebreakers sample bot) stays small.
package liveapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Client is a client of one live game's match API: the server's address
// and the game's base path (a live.Game's Base, such as
// /api/games/tron/matches). Its calls answer the server's error as an
// *APIError. The one client of the live APIs: the Tron arena's live runner
// and the Tidebreakers sample bot use it.
type Client struct {
	URL  string // the server's address and the base path
	HTTP *http.Client
}

// Timeout bounds each call of a Client made by New.
const Timeout = 30 * time.Second

// maxReply bounds the bytes read from one answer: a 100x100 Tron
// match's public state is about 90 KB.
const maxReply = 4 << 20

// New is a client of the live match API at base on the server at server.
func New(server, base string) *Client {
	return &Client{URL: strings.TrimRight(server, "/") + base, HTTP: &http.Client{Timeout: Timeout}}
}

// Joined is a seat in a live match, as create and join answer it.
type Joined struct {
	Code  string `json:"code"`
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

// APIError is an error a server answered.
type APIError struct {
	Status  int
	Code    string
	Message string
}

// Error is the server's code and message.
func (e *APIError) Error() string {
	return fmt.Sprintf("%s (HTTP %d): %s", e.Code, e.Status, e.Message)
}

// Create opens a match with the create request body (its players, name,
// bots and the game's options); the caller holds seat 0.
func (l *Client) Create(ctx context.Context, body any) (*Joined, error) {
	var j Joined
	return &j, l.Do(ctx, http.MethodPost, "", "", body, &j)
}

// Join takes the first empty seat of a match in its lobby, under name
// ("" is the server's "Player n").
func (l *Client) Join(ctx context.Context, code, name string) (*Joined, error) {
	var j Joined
	return &j, l.Do(ctx, http.MethodPost, code, "join", struct {
		Name string `json:"name,omitempty"`
	}{name}, &j)
}

// State reads the public state of a match into out.
func (l *Client) State(ctx context.Context, code string, out any) error {
	return l.Do(ctx, http.MethodGet, code, "", nil, out)
}

// Act sends op (one of the game's actions, or view) for a seat, body its
// token and fields, and decodes the answer into out.
func (l *Client) Act(ctx context.Context, code, op string, body, out any) error {
	return l.Do(ctx, http.MethodPost, code, op, body, out)
}

// Do sends one request to the match code names ("" for the base) and its
// op ("" for none), body as JSON unless nil, and decodes a 200 answer into
// out, or answers the *APIError the server replied.
func (l *Client) Do(ctx context.Context, method, code, op string, body, out any) error {
	u := l.URL
	if code != "" {
		u += "/" + url.PathEscape(code)
	}
	if op != "" {
		u += "/" + op
	}
	var rd io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, u, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	c := l.HTTP
	if c == nil {
		c = &http.Client{Timeout: Timeout}
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxReply))
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		var e struct {
			Error struct{ Code, Message string }
		}
		if json.Unmarshal(data, &e) != nil || e.Error.Code == "" {
			return &APIError{Status: resp.StatusCode, Code: "http", Message: strings.TrimSpace(string(data))}
		}
		return &APIError{Status: resp.StatusCode, Code: e.Error.Code, Message: e.Error.Message}
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("%s %s: the answer is not the API's: %v", method, u, err)
	}
	return nil
}
