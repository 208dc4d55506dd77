// Package jsonlog writes log records as JSON lines, byte for byte as
// slog.NewJSONHandler(w, nil) writes them, at a fraction of the cost for
// the records a server writes on every request: a message and attributes
// that are strings, whole numbers, booleans and plain floats. slog's
// handler writes every float through encoding/json, and builds each line
// through its general machinery (options, groups, values of any kind);
// this one appends such a record into a pooled buffer and writes it, and
// hands any other record (an error, a duration, a group, attributes added
// with WithAttrs) to slog's handler, which writes through the same lock.
package jsonlog

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"math"
	"strconv"
	"sync"
	"time"

	"github.com/agentgames/bundle/play/wire"
)

// Handler is a slog.Handler with slog.NewJSONHandler(w, nil)'s output.
type Handler struct {
	out *lockedWriter
	// json is slog's handler over out, for the records Handler does not
	// write itself.
	json slog.Handler
}

// New is a Handler writing to w, each line in one Write; it logs at
// slog.LevelInfo and above.
func New(w io.Writer) *Handler {
	out := &lockedWriter{w: w}
	return &Handler{out: out, json: slog.NewJSONHandler(out, nil)}
}

// Enabled reports whether level is logged: INFO and above.
func (h *Handler) Enabled(_ context.Context, level slog.Level) bool { return level >= slog.LevelInfo }

// Handle writes r as one JSON line; a buffered Handler (NewBuffered)
// writes out its buffer at once after a record above INFO.
func (h *Handler) Handle(ctx context.Context, r slog.Record) error {
	buf := lines.Get().(*[]byte)
	line, ok := appendRecord((*buf)[:0], &r)
	var err error
	if ok {
		_, err = h.out.Write(line)
	} else {
		err = h.json.Handle(ctx, r)
	}
	if cap(line) <= maxPooled {
		*buf = line[:0]
		lines.Put(buf)
	}
	if r.Level > slog.LevelInfo {
		err = errors.Join(err, h.out.flush())
	}
	return err
}

// WithAttrs is slog's handler with attrs, writing through h's lock.
func (h *Handler) WithAttrs(attrs []slog.Attr) slog.Handler { return h.json.WithAttrs(attrs) }

// WithGroup is slog's handler with the group name, writing through h's
// lock.
func (h *Handler) WithGroup(name string) slog.Handler { return h.json.WithGroup(name) }

// lines hold lines while they are written; one grown past maxPooled
// bytes is let go.
var lines = sync.Pool{New: func() any { b := make([]byte, 0, 1024); return &b }}

const maxPooled = 16 << 10

// lockedWriter writes to w one Write at a time, as slog's handlers do, so
// that a Handler and the slog handler under it never interleave; a
// buffered one (see NewBuffered) gathers the lines in buf instead.
type lockedWriter struct {
	mu       sync.Mutex
	w        io.Writer
	buffered bool
	buf      []byte
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.buffered {
		return l.w.Write(p)
	}
	l.buf = append(l.buf, p...)
	if len(l.buf) >= flushAt {
		return len(p), l.flushLocked()
	}
	return len(p), nil
}

// appendRecord appends r's line as slog's JSON handler writes it, or
// answers false if r holds something it leaves to that handler.
func appendRecord(b []byte, r *slog.Record) ([]byte, bool) {
	b = append(b, '{')
	if !r.Time.IsZero() {
		t := r.Time.Round(0)
		if y := t.Year(); y < 0 || y >= 10000 {
			return b, false
		}
		b = append(b, `"time":"`...)
		b = append(t.AppendFormat(b, time.RFC3339Nano), `",`...)
	}
	b = wire.AppendLogString(append(b, `"level":`...), r.Level.String())
	b = wire.AppendLogString(append(b, `,"msg":`...), r.Message)
	ok := true
	r.Attrs(func(a slog.Attr) bool {
		b, ok = appendAttr(b, a)
		return ok
	})
	return append(b, '}', '\n'), ok
}

// appendAttr appends ,"key":value for an attribute of a kind Handler
// writes itself, or answers false.
func appendAttr(b []byte, a slog.Attr) ([]byte, bool) {
	if a.Key == "" {
		return b, false // slog elides an empty attribute: leave it that
	}
	b = append(wire.AppendLogString(append(b, ','), a.Key), ':')
	switch v := a.Value; v.Kind() {
	case slog.KindString:
		return wire.AppendLogString(b, v.String()), true
	case slog.KindInt64:
		return strconv.AppendInt(b, v.Int64(), 10), true
	case slog.KindUint64:
		return strconv.AppendUint(b, v.Uint64(), 10), true
	case slog.KindBool:
		return strconv.AppendBool(b, v.Bool()), true
	case slog.KindFloat64:
		// encoding/json, which slog's handler calls, writes a float
		// from 1e-6 to 1e21 (or zero) in 'f' format, shortest; the rest
		// in an 'e' format of its own, and refuses NaN and infinities.
		f := v.Float64()
		if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) || math.IsNaN(f) {
			return b, false
		}
		return strconv.AppendFloat(b, f, 'f', -1, 64), true
	}
	return b, false
}
