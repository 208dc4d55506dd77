package mutation

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/agentgames/bundle/conformance/livewire"
)

// This file holds what a live Tron mutant stands on: the real server
// behind it, the seat of every token it handed out, and its requests and
// answers read as the live Tron API's.

// tronLiveBase is where the live Tron API's paths start.
const tronLiveBase = "/api/games/tron/matches"

// tronLive is the real server as a live Tron mutant sees it.
type tronLive struct {
	inner http.Handler
	seats map[string]liveHeld // token -> match and seat
}

// tronCall is one request of the live Tron API: its match and op (create,
// get, join, move...), its body, and for a move the seat of its token (-1
// for a token the mutant did not hand out) and its direction.
type tronCall struct {
	r        *http.Request
	code, op string
	body     []byte
	seat     int
	dir      string
}

// tronLiveMutant puts serve, a bug, in front of the real server's live
// Tron API (every other request goes to the server as it is). Requests go
// through one at a time, so a bug may keep state without locks.
func tronLiveMutant(serve func(l *tronLive, c *tronCall) (int, []byte)) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		l := &tronLive{inner: h, seats: map[string]liveHeld{}}
		var mu sync.Mutex
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			rest, ok := strings.CutPrefix(r.URL.Path, tronLiveBase)
			if !ok {
				h.ServeHTTP(w, r)
				return
			}
			mu.Lock()
			defer mu.Unlock()
			body, _ := io.ReadAll(r.Body)
			c := &tronCall{r: r, op: "create", body: body, seat: -1}
			if rest != "" {
				parts := strings.Split(strings.TrimPrefix(rest, "/"), "/")
				c.code, c.op = parts[0], "get"
				if len(parts) > 1 {
					c.op = parts[1]
				}
			}
			var move struct{ Token, Dir string }
			if c.op == "move" && json.Unmarshal(body, &move) == nil {
				if held, ok := l.seats[move.Token]; ok && held.code == c.code {
					c.seat, c.dir = held.seat, move.Dir
				}
			}
			status, out := serve(l, c)
			var j livewire.Joined
			if status == http.StatusOK && (c.op == "create" || c.op == "join") && json.Unmarshal(out, &j) == nil {
				l.seats[j.Token] = liveHeld{j.Code, j.Seat}
			}
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Content-Length", strconv.Itoa(len(out)))
			w.WriteHeader(status)
			w.Write(out)
		})
	}
}

// pass is the real server's answer to c.
func (l *tronLive) pass(c *tronCall) (int, []byte) {
	r := c.r.Clone(c.r.Context())
	r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(c.body)), int64(len(c.body))
	rec := httptest.NewRecorder()
	l.inner.ServeHTTP(rec, r)
	return rec.Code, rec.Body.Bytes()
}

// state is the real public state of match code (nil when there is none).
func (l *tronLive) state(code string) *livewire.TronState {
	rec := httptest.NewRecorder()
	l.inner.ServeHTTP(rec, httptest.NewRequest("GET", tronLiveBase+"/"+code, nil))
	return tronStateOf(rec.Code, rec.Body.Bytes())
}

// move sends seat's move in match code to the real server.
func (l *tronLive) move(code string, seat int, dir string) (int, []byte) {
	for tok, held := range l.seats {
		if held.code == code && held.seat == seat {
			b, _ := json.Marshal(map[string]string{"token": tok, "dir": dir})
			rec := httptest.NewRecorder()
			l.inner.ServeHTTP(rec, httptest.NewRequest("POST", tronLiveBase+"/"+code+"/move", bytes.NewReader(b)))
			return rec.Code, rec.Body.Bytes()
		}
	}
	return http.StatusForbidden, nil
}

// holds reports whether the mutant handed out seat's token in match code.
func (l *tronLive) holds(code string, seat int) bool {
	for _, held := range l.seats {
		if held == (liveHeld{code, seat}) {
			return true
		}
	}
	return false
}

// tronStateOf reads an answer that is a public state (nil for any other).
func tronStateOf(status int, body []byte) *livewire.TronState {
	var s livewire.TronState
	if status != http.StatusOK || json.Unmarshal(body, &s) != nil || s.Seats == nil {
		return nil
	}
	return &s
}

// tronEncode writes a public state.
func tronEncode(s *livewire.TronState) []byte {
	b, _ := json.Marshal(s)
	return b
}

// tronEditState is a bug in the public state alone: edit changes every
// state the real server answers.
func tronEditState(edit func(s *livewire.TronState)) func(*tronLive, *tronCall) (int, []byte) {
	return func(l *tronLive, c *tronCall) (int, []byte) {
		status, body := l.pass(c)
		s := tronStateOf(status, body)
		if s == nil {
			return status, body
		}
		edit(s)
		return status, tronEncode(s)
	}
}

// tronLiveDirs are the directions a move may name.
var tronLiveDirs = []string{"x+", "x-", "y+", "y-"}

// tronValidMove reports whether a move body is exactly a token and one of
// the four directions.
func tronValidMove(body []byte) bool {
	var m map[string]any
	if json.Unmarshal(body, &m) != nil || len(m) != 2 {
		return false
	}
	_, tok := m["token"].(string)
	dir, _ := m["dir"].(string)
	return tok && slices.Contains(tronLiveDirs, dir)
}
