package protocol

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestLiveRealServer: every live protocol check, of every live game,
// passes against this bundle's server. A check that waits on the
// server's clock gets a server of its own on a clock that jumps
// (check.Jump), so that its lobby's 10 seconds take none.
func TestLiveRealServer(t *testing.T) {
	t.Parallel()
	shared := check.HandlerTarget(testserver.WithLive(t, nil))
	for _, c := range slices.Concat(liveChecks(), tronLiveChecks(), tinrailLiveChecks()) {
		t.Run(c.Game+"/"+c.Name, func(t *testing.T) {
			t.Parallel()
			target := shared
			if c.Wait > 0 {
				j := &check.Jump{}
				target = check.HandlerTarget(testserver.WithLive(t, j.Now))
				target.Clock = j
			}
			start := time.Now()
			if err := c.Run(context.Background(), target); err != nil {
				t.Error(err)
			}
			t.Logf("took %v", time.Since(start).Round(time.Millisecond))
		})
	}
}

// TestLiveTronMissingIsSkipped: against a server without live matches,
// every live Tron check is skipped, live Tron being an extension, saying
// that the server offers none.
func TestLiveTronMissingIsSkipped(t *testing.T) {
	t.Parallel()
	target := check.HandlerTarget(testserver.New(t))
	for _, c := range tronLiveChecks() {
		var skip *check.Skip
		if err := c.Run(context.Background(), target); !errors.As(err, &skip) {
			t.Errorf("%s: %v, want a skip", c.Name, err)
		} else if skip.Reason != "POST /api/games/tron/matches answers 404: the server offers no live Tron matches" {
			t.Errorf("%s skipped: %s", c.Name, skip.Reason)
		}
	}
}
