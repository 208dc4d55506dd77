package arena

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

// serverTimeout bounds each call to the live match server.
const serverTimeout = 30 * time.Second

// LiveSetup is a live match to create, as the server's create request
// reads it: a zero field (but Players) is the server's default.
type LiveSetup struct {
	Players     int    `json:"players"`
	Name        string `json:"name,omitempty"`
	Bots        int    `json:"bots,omitempty"`
	Bot         string `json:"bot,omitempty"` // the server's bots: easy or wise
	Width       int    `json:"width,omitempty"`
	Height      int    `json:"height,omitempty"`
	RoundMillis int64  `json:"roundMillis,omitempty"`
}

// Joined is a seat in a live match, as create and join answer it.
type Joined struct {
	Code  string `json:"code"`
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

// liveState is what the runner reads of a live match's public state.
type liveState struct {
	Players int        `json:"players"`
	Phase   string     `json:"phase"` // lobby, playing or over
	Round   int        `json:"round"` // rounds resolved
	Over    bool       `json:"over"`
	Places  []int      `json:"places"` // per seat, once over
	Seats   []liveSeat `json:"seats"`
}

// liveSeat is one seat of a live match's public state.
type liveSeat struct {
	Name  string   `json:"name"`
	Moved bool     `json:"moved"`
	Alive bool     `json:"alive"`
	Died  int      `json:"died"`
	Trail [][2]int `json:"trail"` // the head last
}

// APIError is an error the live match server answered.
type APIError struct {
	Status  int
	Code    string
	Message string
}

// Error is the server's code and message.
func (e *APIError) Error() string {
	return fmt.Sprintf("%s (HTTP %d): %s", e.Code, e.Status, e.Message)
}

// matches is the URL of the live Tron matches, or of one when code is
// given, with op after it.
func (l *Live) matches(code, op string) string {
	u := strings.TrimRight(l.Base, "/") + "/api/games/tron/matches"
	if code != "" {
		u += "/" + url.PathEscape(code)
	}
	if op != "" {
		u += "/" + op
	}
	return u
}

// Create creates a live match; the runner holds its seat 0.
func (l *Live) Create(ctx context.Context, s LiveSetup) (*Joined, error) {
	var j Joined
	return &j, l.call(ctx, http.MethodPost, l.matches("", ""), s, &j)
}

// Join takes the first empty seat of a live match in its lobby, under
// name ("" is the server's "Player n").
func (l *Live) Join(ctx context.Context, code, name string) (*Joined, error) {
	var j Joined
	return &j, l.call(ctx, http.MethodPost, l.matches(code, "join"), struct {
		Name string `json:"name,omitempty"`
	}{name}, &j)
}

// state reads the public state of a match.
func (l *Live) state(ctx context.Context, code string) (*liveState, error) {
	var st liveState
	return &st, l.call(ctx, http.MethodGet, l.matches(code, ""), nil, &st)
}

// move sends the seat's move and answers the state after it.
func (l *Live) move(ctx context.Context, j *Joined, dir string) (*liveState, error) {
	var st liveState
	return &st, l.call(ctx, http.MethodPost, l.matches(j.Code, "move"), map[string]string{"token": j.Token, "dir": dir}, &st)
}

// call sends a request to the server, body as JSON unless nil, and
// decodes its reply into out, or answers the *APIError it replied.
func (l *Live) call(ctx context.Context, method, u string, body, out any) error {
	var rd io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(data)
	}
	ctx, cancel := context.WithTimeout(ctx, serverTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, u, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := l.client().Do(req)
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
		return fmt.Errorf("%s %s: the reply is not the API's: %v", method, u, err)
	}
	return nil
}

// client is the runner's HTTP client.
func (l *Live) client() *http.Client {
	if l.Client == nil {
		return http.DefaultClient
	}
	return l.Client
}
