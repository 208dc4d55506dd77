package jsonlog

import (
	"io"
	"time"
)

// flushAt is how many bytes of lines a buffered Handler holds before it
// writes them out whatever the time.
const flushAt = 32 << 10

// NewBuffered is a Handler that gathers its lines and writes them to w
// every interval, once they reach 32 KiB, and at once after a record
// above INFO (a warning, an error): a server's request lines then cost a
// write every interval, not one each. The function it answers writes out
// what is left and stops the writing (call it once, as the server
// stops); a process killed before loses at most the last interval's
// lines.
func NewBuffered(w io.Writer, every time.Duration) (*Handler, func() error) {
	h := New(w)
	h.out.buffered = true
	done, last := make(chan struct{}), make(chan error)
	go func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				h.out.flush()
			case <-done:
				last <- h.out.flush()
				return
			}
		}
	}()
	return h, func() error {
		close(done)
		return <-last
	}
}

// flush writes out the lines gathered.
func (l *lockedWriter) flush() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.flushLocked()
}

// flushLocked writes out the lines gathered, l.mu held.
func (l *lockedWriter) flushLocked() error {
	if len(l.buf) == 0 {
		return nil
	}
	_, err := l.w.Write(l.buf)
	l.buf = l.buf[:0]
	return err
}
