package protocol

import (
	"context"
	"testing"
	"time"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestLiveRealServer: every live protocol check passes against this
// bundle's server.
func TestLiveRealServer(t *testing.T) {
	t.Parallel()
	target := check.HandlerTarget(testserver.WithLive(t, nil))
	for _, c := range liveChecks() {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			start := time.Now()
			if err := c.Run(context.Background(), target); err != nil {
				t.Error(err)
			}
			t.Logf("took %v", time.Since(start).Round(time.Millisecond))
		})
	}
}
