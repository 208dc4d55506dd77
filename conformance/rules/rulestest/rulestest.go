// Package rulestest holds what the referees' tests share: playing a
// referee's checks against a server.
package rulestest

import (
	"context"
	"testing"
	"time"

	"github.com/agentgames/bundle/conformance/check"
)

// Run runs cs in order against target, reports every failure and logs
// how long each took; it answers how long they took together.
func Run(t *testing.T, target check.Target, cs []check.Check) time.Duration {
	t.Helper()
	start := time.Now()
	for _, c := range cs {
		t0 := time.Now()
		if err := c.Run(context.Background(), target); err != nil {
			t.Errorf("%s: %v", c.Ref(), err)
		}
		t.Logf("%s took %v", c.Ref(), time.Since(t0).Round(time.Millisecond))
	}
	took := time.Since(start)
	t.Logf("%d checks in %v", len(cs), took.Round(time.Millisecond))
	return took
}
