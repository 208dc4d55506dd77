package protocol

import (
	"context"
	"testing"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/games/tinrail"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestOneGameServer: a server of Tinrail alone passes every Tinrail
// protocol check; the token check takes its foreign token from another
// game the server lists, and with none it has none to try (it used to
// fetch a Tron token, and fail on the 404).
func TestOneGameServer(t *testing.T) {
	h := testserver.Of(t, tinrail.Game{})
	for _, c := range Checks(Tinrail) {
		if err := c.Run(context.Background(), check.HandlerTarget(h)); err != nil {
			t.Errorf("%s: %v", c.Ref(), err)
		}
	}
}
