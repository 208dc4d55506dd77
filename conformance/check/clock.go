package check

import (
	"context"
	"sync"
	"time"
)

// Clock is the time a check reads and waits on: the checker's when a
// check judges a time the server shows (a deadline), and its waits for
// the server's clock (a lobby closing, a round's deadline passing).
type Clock interface {
	Now() time.Time
	// Sleep waits d, or until ctx ends.
	Sleep(ctx context.Context, d time.Duration) error
}

// Now is the target's clock's time: the real time unless t.Clock is set.
func (t Target) Now() time.Time {
	if t.Clock != nil {
		return t.Clock.Now()
	}
	return time.Now()
}

// Sleep waits d on the target's clock: in real time unless t.Clock is
// set.
func (t Target) Sleep(ctx context.Context, d time.Duration) error {
	if t.Clock != nil {
		return t.Clock.Sleep(ctx, d)
	}
	return sleep(ctx, d)
}

func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Jump is a clock for a server under test in process, which reads its
// time from Now: it runs with real time, and Sleep moves it on at once
// instead of waiting. A check that waits 10 seconds for a lobby to close
// takes no real time, so tests of this bundle run the waiting checks
// without their waits. One Jump serves one check at a time: a jump moves
// every match of the server on.
type Jump struct {
	mu     sync.Mutex
	offset time.Duration
}

// Now is the real time plus every jump so far.
func (j *Jump) Now() time.Time {
	j.mu.Lock()
	defer j.mu.Unlock()
	return time.Now().Add(j.offset)
}

// Sleep moves the clock on by d, at once.
func (j *Jump) Sleep(ctx context.Context, d time.Duration) error {
	if d > 0 {
		j.mu.Lock()
		j.offset += d
		j.mu.Unlock()
	}
	return ctx.Err()
}
