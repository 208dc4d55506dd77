package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/agentgames/bundle/internal/jsonlog"
	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/transport/httpapi"
)

// logLine is one request's log line as JSON.
type logLine struct {
	Level, Msg, Method, Path, Route, RequestID, RemoteIP string
	Status                                               int
	Bytes                                                int64
	DurationMs                                           *float64
}

// serveLogged serves one request through Logged around the real handler
// and returns the answer and the one line it logged.
func serveLogged(t *testing.T, h http.Handler, r *http.Request) (*httptest.ResponseRecorder, logLine, string) {
	t.Helper()
	var buf bytes.Buffer
	w := httptest.NewRecorder()
	httpapi.Logged(h, slog.New(slog.NewJSONHandler(&buf, nil))).ServeHTTP(w, r)
	raw := buf.String()
	if strings.Count(raw, "\n") != 1 {
		t.Fatalf("want one log line, got %q", raw)
	}
	var line logLine
	if err := json.Unmarshal([]byte(raw), &line); err != nil {
		t.Fatalf("the log line is not JSON: %v: %s", err, raw)
	}
	return w, line, raw
}

// TestLoggedLine: a match played through the real handler logs one JSON
// line a request, with its route pattern, status and size, and never the
// query, the body or the state token.
func TestLoggedLine(t *testing.T) {
	h := testserver.New(t)
	r := httptest.NewRequest("GET", "/api/games/tinrail/init?seed=7&opponent=easy", nil)
	r.RemoteAddr = "192.0.2.7:51234"
	w, line, _ := serveLogged(t, h, r)
	if w.Code != 200 {
		t.Fatalf("init: %d %s", w.Code, w.Body)
	}
	want := logLine{Level: "INFO", Msg: "request", Method: "GET", Path: "/api/games/tinrail/init",
		Route: "GET /api/games/{slug}/init", Status: 200, Bytes: int64(w.Body.Len()), RemoteIP: "192.0.2.7"}
	got := line
	got.RequestID, got.DurationMs = "", nil
	if got != want {
		t.Errorf("log line\n got %+v\nwant %+v", got, want)
	}
	if line.DurationMs == nil || *line.DurationMs < 0 || line.RequestID == "" || w.Header().Get("X-Request-Id") != line.RequestID {
		t.Errorf("duration %v, id %q, header %q", line.DurationMs, line.RequestID, w.Header().Get("X-Request-Id"))
	}
	var init struct{ State string }
	json.Unmarshal(w.Body.Bytes(), &init)
	body := `{"state":"` + init.State + `","action":{"type":"place","tileIndex":0,"rotation":1}}`
	w, line, raw := serveLogged(t, h, httptest.NewRequest("POST", "/api/games/tinrail/action", strings.NewReader(body)))
	if init.State == "" || w.Code != 200 || line.Route != "POST /api/games/{slug}/action" {
		t.Fatalf("action: %d %s; logged %s", w.Code, w.Body, raw)
	}
	for _, secret := range []string{init.State, "seed", "tileIndex"} {
		if strings.Contains(raw, secret) {
			t.Errorf("the log line shows %q: %s", secret, raw)
		}
	}
}

// TestLoggedFailures: a route nobody serves logs the catch-all pattern and
// its 404; a handler's 5xx logs at ERROR; an answer that sets no status
// logs 200.
func TestLoggedFailures(t *testing.T) {
	_, line, _ := serveLogged(t, testserver.New(t), httptest.NewRequest("GET", "/nowhere", nil))
	if line.Status != 404 || line.Route != "/" || line.Level != "INFO" {
		t.Errorf("not found: %+v", line)
	}
	fail := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { http.Error(w, "boom", http.StatusServiceUnavailable) })
	if _, line, _ = serveLogged(t, fail, httptest.NewRequest("GET", "/", nil)); line.Status != 503 || line.Level != "ERROR" {
		t.Errorf("5xx: %+v", line)
	}
	silent := http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})
	if _, line, _ = serveLogged(t, silent, httptest.NewRequest("GET", "/", nil)); line.Status != 200 || line.Bytes != 0 {
		t.Errorf("silent handler: %+v", line)
	}
	long := "/" + strings.Repeat("a", 5000)
	if _, line, _ = serveLogged(t, silent, httptest.NewRequest("GET", long, nil)); len(line.Path) > 300 {
		t.Errorf("a %d-byte path logged as %d bytes", len(long), len(line.Path))
	}
}

// TestRequestIDs: an id the edge assigned wins; a sane id the client sent
// is kept; any other is replaced by a fresh random one.
func TestRequestIDs(t *testing.T) {
	silent := http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})
	seen := map[string]bool{}
	for _, tt := range []struct {
		name, header, edge string
		keep               string // the id expected, or "" for a fresh one
	}{
		{"none", "", "", ""},
		{"another none", "", "", ""},
		{"sane", "req-42.a:b=c+d/e_f", "", "req-42.a:b=c+d/e_f"},
		{"uuid", "3f2b1c9e-8d7a-4e6f-9b0c-1a2b3c4d5e6f", "", "3f2b1c9e-8d7a-4e6f-9b0c-1a2b3c4d5e6f"},
		{"too long", strings.Repeat("x", 65), "", ""},
		{"space", "a b", "", ""},
		{"quote", `a"b`, "", ""},
		{"newline smuggled", "ab\u2028cd", "", ""},
		{"edge", "client-id", "LV7fzho-PHcEJPw=", "LV7fzho-PHcEJPw="},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		if tt.header != "" {
			r.Header.Set("X-Request-Id", tt.header)
		}
		if tt.edge != "" {
			r = r.WithContext(httpapi.WithRequestID(context.Background(), tt.edge))
		}
		w, line, _ := serveLogged(t, silent, r)
		got := w.Header().Get("X-Request-Id")
		switch {
		case got != line.RequestID:
			t.Errorf("%s: header %q, logged %q", tt.name, got, line.RequestID)
		case tt.keep != "" && got != tt.keep:
			t.Errorf("%s: id %q, want %q", tt.name, got, tt.keep)
		case tt.keep == "" && (len(got) < 20 || got == tt.header || seen[got]):
			t.Errorf("%s: id %q is not a fresh random id", tt.name, got)
		}
		seen[got] = true
	}
}

// BenchmarkLogged is the cost Logged adds to a request, its line written
// as JSON to io.Discard by slog's handler and by the servers' (package
// jsonlog) (go test -bench Logged ./transport/httpapi).
func BenchmarkLogged(b *testing.B) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(`{"ok":true}`)) })
	for _, bb := range []struct {
		name string
		h    http.Handler
	}{
		{"bare", ok},
		{"logged", httpapi.Logged(ok, slog.New(slog.NewJSONHandler(io.Discard, nil)))},
		{"jsonlog", httpapi.Logged(ok, slog.New(jsonlog.New(io.Discard)))},
	} {
		b.Run(bb.name, func(b *testing.B) {
			r := httptest.NewRequest("GET", "/api/games/tinrail/init?seed=7", nil)
			b.ReportAllocs()
			for b.Loop() {
				bb.h.ServeHTTP(httptest.NewRecorder(), r)
			}
		})
	}
}

// TestFailureLogCarriesTheRequestID: a server fault is logged with the id
// of the request that met it, the one its answer and its request line
// carry. (It swaps slog's default logger, so it does not run in parallel.)
func TestFailureLogCarriesTheRequestID(t *testing.T) {
	var buf bytes.Buffer
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewJSONHandler(&buf, nil)))
	defer slog.SetDefault(old)
	failing := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		httpapi.WriteError(w, r, io.ErrUnexpectedEOF)
	})
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("GET", "/", nil)
	req.Header.Set(httpapi.RequestIDHeader, "req-42")
	httpapi.Logged(failing, slog.New(slog.NewJSONHandler(io.Discard, nil))).ServeHTTP(rec, req)
	var line struct{ Msg, RequestID string }
	if err := json.Unmarshal(buf.Bytes(), &line); err != nil || line.Msg != "request failed" || line.RequestID != "req-42" || rec.Code != 500 {
		t.Errorf("logged %s (%v), answered %d", buf.String(), err, rec.Code)
	}
}
