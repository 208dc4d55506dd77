package play

import (
	"context"
	"math/rand/v2"
	"time"
)

// The conflict policy. Every read-change-write of an entry of a Store (a
// live match, an agent, a board's entry or shard, a rate counter) is one
// attempt: load, change, save conditional on the version loaded. An
// attempt whose save lost a race (another request wrote the entry
// between its load and its save) is played again from the load, after a
// random wait that doubles with each loss up to MaxBackoff ("full
// jitter", so that writers that collided spread out), up to
// ConflictTries attempts in all; then the request answers CodeConflict,
// which a client retries. Retry is that policy, and the only one.
//
// Two writes are not races to retry: a ranked state or an MCP handle
// played twice (the second is token_spent, or the conflict that shows
// the match as it is now), and a new entry whose key is taken (a match
// code drawn again).
const (
	ConflictTries = 200
	MaxBackoff    = 10 * time.Millisecond
)

// Retry plays attempt until it reports no lost race, at most
// ConflictTries times, waiting between tries as the policy says; when
// every try lost it answers CodeConflict with the message busy ("the
// board is busy; try again"). attempt reports lost when its conditional
// save answered CodeConflict, and answers anything else as err, which
// Retry answers at once.
func Retry(ctx context.Context, busy string, attempt func() (lost bool, err error)) error {
	wait := time.Millisecond
	for try := range ConflictTries {
		if try > 0 {
			if err := Sleep(ctx, rand.N(wait+1)); err != nil {
				return err
			}
			wait = min(2*wait, MaxBackoff)
		}
		lost, err := attempt()
		if !lost {
			return err
		}
	}
	return Errorf(CodeConflict, "%s", busy)
}

// Sleep waits d, or until ctx is done, answering its error then.
func Sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
