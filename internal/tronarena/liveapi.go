package tronarena

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/agentgames/bundle/client/liveapi"
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
type APIError = liveapi.APIError

// Joined is a seat in a live match, as create and join answer it.
type Joined = liveapi.Joined

// api is the live Tron match API of the server at Base, through the one
// client of the live APIs.
func (l *Live) api() *liveapi.Client {
	c := l.Client
	if c == nil {
		c = http.DefaultClient
	}
	return &liveapi.Client{URL: strings.TrimRight(l.Base, "/") + "/api/games/tron/matches", HTTP: c}
}

// withTimeout bounds one call to the server.
func withTimeout(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, serverTimeout)
}

// Create creates a live match; the runner holds its seat 0.
func (l *Live) Create(ctx context.Context, s LiveSetup) (*Joined, error) {
	ctx, cancel := withTimeout(ctx)
	defer cancel()
	return l.api().Create(ctx, s)
}

// Join takes the first empty seat of a live match in its lobby, under
// name ("" is the server's "Player n").
func (l *Live) Join(ctx context.Context, code, name string) (*Joined, error) {
	ctx, cancel := withTimeout(ctx)
	defer cancel()
	return l.api().Join(ctx, code, name)
}

// state reads the public state of a match.
func (l *Live) state(ctx context.Context, code string) (*liveState, error) {
	ctx, cancel := withTimeout(ctx)
	defer cancel()
	var st liveState
	return &st, l.api().State(ctx, code, &st)
}

// move sends the seat's move and answers the state after it.
func (l *Live) move(ctx context.Context, j *Joined, dir string) (*liveState, error) {
	ctx, cancel := withTimeout(ctx)
	defer cancel()
	var st liveState
	return &st, l.api().Act(ctx, j.Code, "move", map[string]string{"token": j.Token, "dir": dir}, &st)
}
