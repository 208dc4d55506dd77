package httpapi

import (
	"context"
	"crypto/rand"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/agentgames/bundle/play"
)

// RequestIDHeader carries a request's id: the answer always has it, and a
// request may bring its own (see Logged).
const RequestIDHeader = "X-Request-Id"

// maxLogged bounds the method and path a log line repeats, so that a long
// path cannot make a long line.
const maxLogged = 256

// requestIDKey is the context key of an id the edge assigned.
type requestIDKey struct{}

// WithRequestID returns ctx carrying id as the request's id. An edge that
// knows its request's id (API Gateway's, or the Lambda invocation's) puts
// it there for Logged, which then uses it as it is.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey{}, id)
}

// Logged wraps h so that every request has an id and its client in its
// context (play.WithClient), and ends in one log line
// on log: method, path (never the query, where a client may put anything),
// route pattern, status, bytes, duration, request id and remote IP. The id
// is the one the edge put in the context (WithRequestID), else the
// request's own X-Request-Id if it is sane (1 to 64 letters, digits and
// -_.:=+/), else a random one; the answer carries it in X-Request-Id.
// Bodies, tokens and headers are never logged. An answer of 5xx logs at
// level ERROR, any other at INFO.
func Logged(h http.Handler, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := requestID(r.Context())
		if id == "" {
			if id = r.Header.Get(RequestIDHeader); !saneID(id) {
				id = rand.Text()
			}
		}
		w.Header()[RequestIDHeader] = []string{id} // the name is canonical
		rec := &recorder{ResponseWriter: w}
		r = r.WithContext(play.WithClient(WithRequestID(r.Context(), id), r.RemoteAddr))
		h.ServeHTTP(rec, r)
		status := rec.status
		if status == 0 {
			status = http.StatusOK
		}
		level := slog.LevelInfo
		if status >= 500 {
			level = slog.LevelError
		}
		if !log.Enabled(r.Context(), level) {
			return
		}
		// The record goes to the handler as Logger.LogAttrs would send it,
		// but for the caller's pc (this function's, which no line shows)
		// and a second clock reading: the line's time is its end.
		end := time.Now()
		line := slog.NewRecord(end, level, "request", 0)
		line.AddAttrs(
			slog.String("method", clip(r.Method)),
			slog.String("path", clip(r.URL.Path)),
			slog.String("route", r.Pattern),
			slog.Int("status", status),
			slog.Int64("bytes", rec.bytes),
			slog.Float64("durationMs", float64(end.Sub(start).Microseconds())/1000),
			slog.String("requestId", id),
			slog.String("remoteIp", remoteIP(r.RemoteAddr)),
		)
		log.Handler().Handle(r.Context(), line)
	})
}

// requestID is the id of the request ctx belongs to, or "".
func requestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// saneID reports whether a client's request id may be used as it is.
func saneID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		ok := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
		if !ok && strings.IndexByte("-_.:=+/", c) < 0 {
			return false
		}
	}
	return true
}

// clip cuts s to maxLogged bytes.
func clip(s string) string {
	if len(s) > maxLogged {
		return s[:maxLogged] + "…"
	}
	return s
}

// remoteIP is the host of a RemoteAddr ("ip:port", or an IP alone as an
// edge sets it).
func remoteIP(addr string) string {
	if host, _, err := net.SplitHostPort(addr); err == nil {
		return host
	}
	return clip(addr)
}

// recorder notes the status and the bytes of an answer.
type recorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (r *recorder) WriteHeader(status int) {
	if r.status == 0 && status >= 200 {
		r.status = status
	}
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	n, err := r.ResponseWriter.Write(b)
	r.bytes += int64(n)
	return n, err
}

// Unwrap gives http.ResponseController the writer underneath.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }
