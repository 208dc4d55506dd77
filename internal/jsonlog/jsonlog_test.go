package jsonlog

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"math"
	"testing"
	"time"
)

// same hands r to a Handler and to slog's JSON handler (each when it is
// enabled at r's level), and fails unless both wrote the same bytes.
// with, when set, derives both handlers first.
func same(t *testing.T, r slog.Record, with func(slog.Handler) slog.Handler) {
	t.Helper()
	var got, want bytes.Buffer
	var h, j slog.Handler = New(&got), slog.NewJSONHandler(&want, nil)
	if with != nil {
		h, j = with(h), with(j)
	}
	for _, x := range []struct {
		h   slog.Handler
		out *bytes.Buffer
	}{{h, &got}, {j, &want}} {
		if x.h.Enabled(context.Background(), r.Level) {
			if err := x.h.Handle(context.Background(), r.Clone()); err != nil {
				t.Fatal(err)
			}
		}
	}
	if got.String() != want.String() {
		t.Errorf("jsonlog wrote\n%s\nslog wrote\n%s", got.String(), want.String())
	}
}

// record is a record of msg at level and time at, with attrs.
func record(at time.Time, level slog.Level, msg string, attrs ...slog.Attr) slog.Record {
	r := slog.NewRecord(at, level, msg, 0)
	r.AddAttrs(attrs...)
	return r
}

var (
	noon   = time.Date(2026, 12, 7, 12, 0, 0, 0, time.UTC)
	odd    = time.Date(2026, 1, 2, 3, 4, 5, 6789, time.FixedZone("", -(3*3600+30*60)))
	strs   = []string{"", "request", "POST", "/api/games/{slug}/action", `a"b\c`, "\n\r\t\b\f\x00\x1f\x7f", "é ü 猫 😀", "\u2028\u2029", "\xff\xfe a", "<&>", "x\xe2\x80"}
	floats = []float64{0, math.Copysign(0, -1), 0.001, 1.5, -2.25, 123456.789, 1e-6, 9.99e-7, 1e20, 1e21, -1e21, 3e-300, math.Inf(1), math.NaN(), 0.1 + 0.2}
)

// TestSameAsSlog: every kind of record, written by Handler itself or
// handed to slog's handler, comes out as slog's JSON handler writes it.
func TestSameAsSlog(t *testing.T) {
	for _, s := range strs {
		same(t, record(noon, slog.LevelInfo, s, slog.String(s, s)), nil)
	}
	for _, f := range floats {
		same(t, record(odd, slog.LevelInfo, "float", slog.Float64("durationMs", f)), nil)
	}
	for _, level := range []slog.Level{slog.LevelDebug, slog.LevelInfo, slog.LevelWarn, slog.LevelError, slog.LevelInfo + 2, slog.LevelError + 8} {
		same(t, record(noon, level, "level"), nil)
	}
	for _, at := range []time.Time{{}, noon, odd, time.Now(), time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC)} {
		same(t, record(at, slog.LevelInfo, "time", slog.Int("n", 1)), nil)
	}
	same(t, record(noon, slog.LevelError, "request",
		slog.String("method", "POST"), slog.String("path", "/api/games/tinrail/action"), slog.String("route", "POST /api/games/{slug}/action"),
		slog.Int("status", 200), slog.Int64("bytes", 3238), slog.Float64("durationMs", 0.123), slog.String("requestId", "SQAK7FC74TNVGY2Z7IGT5FGP7F"),
		slog.String("remoteIp", "127.0.0.1"), slog.Uint64("u", math.MaxUint64), slog.Int64("i", math.MinInt64), slog.Bool("yes", true), slog.Bool("no", false)), nil)
	for _, a := range []slog.Attr{{}, slog.Any("err", errors.New("boom")), slog.Duration("took", time.Second), slog.Time("at", odd),
		slog.Group("g", slog.Int("a", 1)), slog.Any("nil", nil), slog.Any("list", []int{1, 2}), slog.String("", "no key")} {
		same(t, record(noon, slog.LevelWarn, "other", slog.Int("before", 1), a, slog.Int("after", 2)), nil)
	}
	same(t, record(noon, slog.LevelInfo, "with", slog.Int("n", 1)), func(h slog.Handler) slog.Handler { return h.WithAttrs([]slog.Attr{slog.String("k", "v")}) })
	same(t, record(noon, slog.LevelInfo, "group", slog.Int("n", 1)), func(h slog.Handler) slog.Handler { return h.WithGroup("g") })
}

// FuzzSameAsSlog: a record of any message, string and float comes out
// as slog's JSON handler writes it.
func FuzzSameAsSlog(f *testing.F) {
	for i, s := range strs {
		f.Add(s, floats[i%len(floats)], int64(i))
	}
	f.Fuzz(func(t *testing.T, s string, x float64, n int64) {
		same(t, record(noon.Add(time.Duration(n)), slog.LevelInfo, s, slog.String(s, s), slog.Float64("f", x), slog.Int64("n", n)), nil)
	})
}

// TestSharedLock: lines written by a Handler and by the handlers it
// derives never interleave.
func TestSharedLock(t *testing.T) {
	var out bytes.Buffer
	h := New(&out)
	log, with := slog.New(h), slog.New(h.WithAttrs([]slog.Attr{slog.Bool("derived", true)}))
	done := make(chan bool)
	for _, l := range []*slog.Logger{log, with, log, with} {
		go func() {
			for range 200 {
				l.Info("line", "n", 1.5)
			}
			done <- true
		}()
	}
	for range 4 {
		<-done
	}
	lines := bytes.Split(bytes.TrimSuffix(out.Bytes(), []byte("\n")), []byte("\n"))
	for _, l := range lines {
		if !bytes.HasPrefix(l, []byte(`{"time":`)) || !bytes.HasSuffix(l, []byte(`"n":1.5}`)) {
			t.Fatalf("a line interleaved: %s", l)
		}
	}
	if len(lines) != 800 {
		t.Errorf("%d lines, want 800", len(lines))
	}
}

// BenchmarkRequestLine writes a request's log line through slog's JSON
// handler and through Handler (go test -bench RequestLine
// ./internal/jsonlog).
func BenchmarkRequestLine(b *testing.B) {
	for _, c := range []struct {
		name string
		h    slog.Handler
	}{{"slog", slog.NewJSONHandler(io.Discard, nil)}, {"jsonlog", New(io.Discard)}} {
		b.Run(c.name, func(b *testing.B) {
			log := slog.New(c.h)
			b.ReportAllocs()
			for b.Loop() {
				log.LogAttrs(context.Background(), slog.LevelInfo, "request",
					slog.String("method", "POST"), slog.String("path", "/api/games/tinrail/action"),
					slog.String("route", "POST /api/games/{slug}/action"), slog.Int("status", 200), slog.Int64("bytes", 3238),
					slog.Float64("durationMs", 0.123), slog.String("requestId", "SQAK7FC74TNVGY2Z7IGT5FGP7F"), slog.String("remoteIp", "127.0.0.1"))
			}
		})
	}
}
