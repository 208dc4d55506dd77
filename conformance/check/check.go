// Package check holds what every level of the conformance suite shares:
// the implementation under test (Target), one named check (Check), and a
// failure placed so a person can act on it (Failure: the step, the action
// sent, the path of the field, the rule, and a readable difference).
package check

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"time"

	"github.com/agentgames/bundle/client"
)

// Levels of the suite, in the order they run.
const (
	// Protocol checks the envelope, refusals, the documented 4xx answers
	// and the contract, for any implementation.
	Protocol = "protocol"
	// Rules drives the implementation with agents over many seeds and
	// checks every transition from what the API shows alone.
	Rules = "rules"
	// Golden replays the seed-by-seed cases, for implementations that
	// follow the documented generators.
	Golden = "golden"
)

// Levels lists every level, in the order they run.
var Levels = []string{Protocol, Rules, Golden}

// Target is an implementation under test: a base URL and the HTTP client
// that reaches it (in tests, one whose transport calls a handler).
type Target struct {
	Base   string
	Client *http.Client
	// Profile is what the run holds the implementation to (Bundle unless
	// set); the suite's runner sets it from its options.
	Profile Profile
	// Clock is the time the checks read and wait on: real time when nil;
	// in tests, a Jump the server in process reads too.
	Clock Clock
}

// NewTarget reaches the implementation at base, with a 30 s timeout.
func NewTarget(base string) Target {
	return Target{Base: strings.TrimRight(base, "/"), Client: &http.Client{Timeout: 30 * time.Second}}
}

// HandlerTarget reaches an http.Handler in process, with no sockets.
func HandlerTarget(h http.Handler) Target {
	return Target{Base: "http://in-process", Client: &http.Client{Transport: handlerTransport{h}}}
}

// Loop is the stateless loop's client over this target.
func (t Target) Loop() *client.HTTP { return &client.HTTP{BaseURL: t.Base, Client: t.Client} }

// Reply is an HTTP answer, read whole.
type Reply struct {
	Status int
	Header http.Header
	Body   []byte
}

// maxWaits bounds how many times Do waits for a server that asks it to
// (429 or 503 with Retry-After), and maxWait each wait.
const (
	maxWaits = 3
	maxWait  = time.Minute
)

// Do sends one request and reads the whole answer. A nil header sends
// Content-Type application/json when there is a body. A server that
// answers 429 or 503 with a Retry-After of at most a minute (limiting how
// fast a client creates live matches, say) is waited for, as a client
// should, and asked again, up to maxWaits times.
func (t Target) Do(ctx context.Context, method, path string, header http.Header, body []byte) (*Reply, error) {
	for waits := 0; ; waits++ {
		r, err := t.do(ctx, method, path, header, body)
		if err != nil || waits == maxWaits || (r.Status != http.StatusTooManyRequests && r.Status != http.StatusServiceUnavailable) {
			return r, err
		}
		secs, err := strconv.Atoi(r.Header.Get("Retry-After"))
		if err != nil || secs < 0 || time.Duration(secs)*time.Second > maxWait {
			return r, nil
		}
		select {
		case <-ctx.Done():
			return r, nil
		case <-time.After(time.Duration(secs) * time.Second):
		}
	}
}

// do sends one request once.
func (t Target) do(ctx context.Context, method, path string, header http.Header, body []byte) (*Reply, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, t.Base+path, rd)
	if err != nil {
		return nil, err
	}
	if header == nil && body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range header {
		req.Header[k] = v
	}
	res, err := t.Client.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	return &Reply{Status: res.StatusCode, Header: res.Header, Body: data}, err
}

// JSON sends a request with a JSON body (v marshalled, or raw bytes as
// they are when v is []byte or json.RawMessage; nil sends none).
func (t Target) JSON(ctx context.Context, method, path string, v any) (*Reply, error) {
	var body []byte
	switch b := v.(type) {
	case nil:
	case []byte:
		body = b
	case json.RawMessage:
		body = b
	default:
		var err error
		if body, err = json.Marshal(v); err != nil {
			return nil, err
		}
	}
	return t.Do(ctx, method, path, nil, body)
}

// Check is one named check of one game at one level.
type Check struct {
	Game  string
	Level string
	Name  string
	Run   func(ctx context.Context, t Target) error
	// Wait is the real time the check spends waiting on the server's
	// clock (a lobby's timer), so a runner can start it first and overlap
	// the wait with other checks.
	Wait time.Duration
	// BundleOnly, when set, says what the check holds that is this
	// bundle's contract and not the cards' (an error code, a route of its
	// own, an extension): under the Card profile the check is not run, and
	// is reported skipped with it.
	BundleOnly string
}

// Ref names the check as game/level/name.
func (c Check) Ref() string { return c.Game + "/" + c.Level + "/" + c.Name }

// Failure is a check that found an implementation wrong, placed so a
// person can act on it.
type Failure struct {
	// Match names the match: a golden case, or a seed and an agent.
	Match string
	// Step is the request within the match: 0 is the init, n the n-th
	// action; -1 when the failure is not within a match.
	Step int
	// Action is the action sent at Step, if any.
	Action json.RawMessage
	// Path is the field of the answer, such as view.board[3].tile.
	Path string
	// Rule says in words what the implementation broke.
	Rule string
	// Want and Got are the expected and actual values, short.
	Want, Got string
	// Detail is a longer difference (a text diff, a reordered list), one
	// item a line; it may be empty.
	Detail string
}

func (f *Failure) Error() string {
	var b strings.Builder
	if f.Match != "" {
		b.WriteString(f.Match)
	}
	switch {
	case f.Step == 0:
		b.WriteString(", init")
	case f.Step > 0:
		fmt.Fprintf(&b, ", action %d", f.Step)
	}
	if len(f.Action) > 0 {
		fmt.Fprintf(&b, " %s", bytes.TrimSpace(f.Action))
	}
	if b.Len() > 0 {
		b.WriteString(": ")
	}
	if f.Rule != "" {
		b.WriteString(f.Rule)
	}
	if f.Path != "" {
		if f.Rule != "" {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "at %s", f.Path)
	}
	if f.Want != "" || f.Got != "" {
		fmt.Fprintf(&b, ": want %s, got %s", f.Want, f.Got)
	}
	if f.Detail != "" {
		b.WriteString("\n    " + strings.ReplaceAll(strings.TrimRight(f.Detail, "\n"), "\n", "\n    "))
	}
	return b.String()
}

// Brief cuts s to n bytes, marking the cut.
func Brief(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

// handlerTransport answers requests with an http.Handler in process.
type handlerTransport struct{ h http.Handler }

func (t handlerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	// The handler gets the request as a server would hand it over.
	in := req.Clone(req.Context())
	in.RequestURI = req.URL.RequestURI()
	in.RemoteAddr = "192.0.2.1:1234"
	if in.Body == nil {
		in.Body = http.NoBody
	}
	rec := httptest.NewRecorder()
	t.h.ServeHTTP(rec, in)
	res := rec.Result()
	if req.Method == http.MethodHead { // a server sends no body to HEAD
		res.Body, res.ContentLength = http.NoBody, 0
	}
	return res, nil
}

// Skip is a check's answer when what it checks is an optional part of the
// contract the implementation does not offer (ranked play on a server
// with no store, say): neither a pass nor a failure, and reported as such.
type Skip struct{ Reason string }

func (s *Skip) Error() string { return "skipped: " + s.Reason }

// Served reads the slugs an implementation lists in its index (the
// body of GET /api/games).
func Served(index []byte) ([]string, error) {
	var v struct {
		Games []struct {
			Slug string `json:"slug"`
		} `json:"games"`
	}
	if err := json.Unmarshal(index, &v); err != nil {
		return nil, fmt.Errorf("GET /api/games: %w", err)
	}
	out := make([]string, 0, len(v.Games))
	for _, g := range v.Games {
		out = append(out, g.Slug)
	}
	return out, nil
}
