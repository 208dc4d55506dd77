package protocol

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	bundle "github.com/agentgames/bundle"
	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/games/tinrail"
	"github.com/agentgames/bundle/internal/seal"
	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/token"
	"github.com/agentgames/bundle/transport/httpapi"
)

// TestOneGameServer: a server of Tinrail alone passes every Tinrail
// protocol check, and skips the live ones, as it plays no live match; the
// token check takes its foreign token from another game the server
// lists, and with none it has none to try (it used to fetch a Tron
// token, and fail on the 404).
func TestOneGameServer(t *testing.T) {
	h := testserver.Of(t, tinrail.Game{})
	for _, c := range Checks(Tinrail) {
		err := c.Run(context.Background(), check.HandlerTarget(h))
		var skip *check.Skip
		if err != nil && !(strings.HasPrefix(c.Name, "live/") && errors.As(err, &skip)) {
			t.Errorf("%s: %v", c.Ref(), err)
		}
	}
}

// TestNoRankedPlayIsSkipped: against a server with no store, which
// refuses ranked=true as documented, the ranked check is skipped, neither
// passed nor failed.
func TestNoRankedPlayIsSkipped(t *testing.T) {
	ring, err := seal.NewKeyring(seal.NewRandomKey(1))
	if err != nil {
		t.Fatal(err)
	}
	h := httpapi.New(play.NewService(token.Store{Keys: ring}, time.Now, tinrail.Game{}), bundle.OpenAPI)
	var skip *check.Skip
	if err := rankedCheck(Tinrail).Run(context.Background(), check.HandlerTarget(h)); !errors.As(err, &skip) {
		t.Errorf("the ranked check against a server with no store: %v, want a skip", err)
	}
}
