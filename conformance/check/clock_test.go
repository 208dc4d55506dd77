package check

import (
	"context"
	"testing"
	"time"
)

// TestJump: a Jump's Sleep moves its time on by the duration at once,
// and its time runs on with real time between sleeps; a Target without a
// clock reads the real time.
func TestJump(t *testing.T) {
	j := &Jump{}
	target := Target{Clock: j}
	before, real := target.Now(), time.Now()
	if err := target.Sleep(context.Background(), time.Hour); err != nil {
		t.Fatal(err)
	}
	if moved := target.Now().Sub(before); moved < time.Hour || moved > time.Hour+time.Second {
		t.Errorf("a sleep of an hour moved the clock %v", moved)
	}
	if took := time.Since(real); took > time.Second {
		t.Errorf("a sleep of an hour took %v of real time", took)
	}
	if d := time.Since((Target{}).Now()); d < 0 || d > time.Second {
		t.Errorf("a target without a clock is %v off the real time", d)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := (Target{}).Sleep(ctx, time.Hour); err == nil {
		t.Error("a sleep whose context has ended answers no error")
	}
}
