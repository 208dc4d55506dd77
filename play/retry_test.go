package play_test

import (
	"context"
	"errors"
	"testing"

	"github.com/agentgames/bundle/play"
)

// TestRetry: an attempt that loses races is played again, up to
// play.ConflictTries attempts in all, then the answer is conflict with
// the words given; an attempt's own error ends it at once, and so does a
// context done while it waits.
func TestRetry(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	losing := func(losses int, tries *int) func() (bool, error) {
		return func() (bool, error) {
			*tries++
			return *tries <= losses, nil
		}
	}
	var tries int
	if err := play.Retry(ctx, "busy", losing(play.ConflictTries-1, &tries)); err != nil || tries != play.ConflictTries {
		t.Errorf("%d losses: %v after %d tries, want the last try to win", play.ConflictTries-1, err, tries)
	}
	tries = 0
	err := play.Retry(ctx, "the thing is busy", losing(play.ConflictTries, &tries))
	var pe *play.Error
	if !errors.As(err, &pe) || pe.Code != play.CodeConflict || pe.Message != "the thing is busy" || tries != play.ConflictTries {
		t.Errorf("%d losses: %v after %d tries, want conflict after %d", play.ConflictTries, err, tries, play.ConflictTries)
	}
	own := errors.New("refused")
	tries = 0
	if err := play.Retry(ctx, "busy", func() (bool, error) { tries++; return false, own }); err != own || tries != 1 {
		t.Errorf("an attempt's own error: %v after %d tries", err, tries)
	}
	done, cancel := context.WithCancel(ctx)
	tries = 0
	err = play.Retry(done, "busy", func() (bool, error) { tries++; cancel(); return true, nil })
	if !errors.Is(err, context.Canceled) || tries != 1 {
		t.Errorf("a context done between tries: %v after %d tries", err, tries)
	}
}
