package jsonlog

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a buffer safe to write from the flushing goroutine while
// the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestBuffered: a buffered Handler writes nothing of its INFO lines
// until its interval passes, its buffer fills, a warning comes (then
// every line so far, in order) or it is closed; what it writes in the
// end is what an unbuffered Handler writes of the same records.
func TestBuffered(t *testing.T) {
	var got syncBuffer
	var want bytes.Buffer
	h, closeLog := NewBuffered(&got, time.Hour)
	at := time.Date(2026, 12, 7, 3, 0, 0, 0, time.UTC)
	write := func(level slog.Level, n int) {
		for _, h := range []slog.Handler{h, New(&want)} {
			if err := h.Handle(context.Background(), record(at, level, "request", slog.Int("n", n), slog.String("path", "/api/games/tinrail/action"))); err != nil {
				t.Fatal(err)
			}
		}
	}
	info := func(n int) { write(slog.LevelInfo, n) }
	info(1)
	info(2)
	if got.String() != "" {
		t.Fatalf("INFO lines written before the interval: %s", got.String())
	}
	write(slog.LevelWarn, 3)
	if got.String() != want.String() {
		t.Fatalf("after a warning:\n%s\nwant\n%s", got.String(), want.String())
	}
	before := got.String()
	for n := 0; len(want.String())-len(before) < flushAt; n++ {
		info(n)
	}
	if got.String() == before {
		t.Fatal("32 KiB of lines gathered and none written")
	}
	info(-1)
	if err := closeLog(); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Errorf("once closed, %d bytes written, want %d", len(got.String()), len(want.String()))
	}
}

// TestBufferedInterval: lines gathered are written once the interval
// passes, with no warning and far from the buffer's size.
func TestBufferedInterval(t *testing.T) {
	var got syncBuffer
	h, closeLog := NewBuffered(&got, 10*time.Millisecond)
	defer closeLog()
	slog.New(h).Info("serving every game", "url", "http://127.0.0.1:8080")
	for deadline := time.Now().Add(5 * time.Second); !strings.Contains(got.String(), "serving every game"); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("a line gathered is not written after its interval")
		}
	}
}
