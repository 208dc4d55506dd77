package protocol

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestTheRealServerPasses: every protocol check of the stateless loop
// passes against the bundle's own server; it logs how long they took
// (about 8 s for all four games, one check after another, on a quiet
// machine: a time is measured, never asserted). The live match checks,
// appended for Tidebreakers and Tron, are live_test.go's.
func TestTheRealServerPasses(t *testing.T) {
	target := check.HandlerTarget(testserver.New(t))
	start := time.Now()
	for _, spec := range []Spec{Brinebell, Tidebreakers, Tinrail, Tron} {
		game := spec.Slug
		cs := Checks(spec)
		if len(cs) == 0 {
			t.Fatalf("%s has no protocol checks", game)
		}
		for _, c := range cs {
			if strings.HasPrefix(c.Name, "live/") {
				continue
			}
			if c.Game != game || c.Level != check.Protocol {
				t.Errorf("%s is %s/%s", c.Ref(), c.Game, c.Level)
			}
			began := time.Now()
			if err := c.Run(context.Background(), target); err != nil {
				t.Errorf("%s: %v", c.Ref(), err)
			}
			t.Logf("%s: %v", c.Ref(), time.Since(began).Round(time.Millisecond))
		}
	}
	t.Logf("the protocol checks took %v", time.Since(start).Round(time.Millisecond))
}
