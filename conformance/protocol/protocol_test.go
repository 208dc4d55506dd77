package protocol

import (
	"context"
	"testing"
	"time"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestTheRealServerPasses: every protocol check of the stateless loop
// passes against the bundle's own server, within the level's time budget
// (about 8 s for all four games, run one check after another). The live
// match checks, appended for Tidebreakers, are live_test.go's.
func TestTheRealServerPasses(t *testing.T) {
	target := check.HandlerTarget(testserver.New(t))
	live := map[string]bool{}
	for _, c := range liveChecks() {
		live[c.Name] = true
	}
	start := time.Now()
	for _, game := range check.Games {
		cs := Checks(game)
		if len(cs) == 0 {
			t.Fatalf("%s has no protocol checks", game)
		}
		for _, c := range cs {
			if live[c.Name] {
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
	if d := time.Since(start); d > 8*time.Second {
		t.Errorf("the protocol checks took %v, over their 8 s budget", d)
	}
}
