package tronarena_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/agentgames/bundle/engines/tron/bots"
	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/internal/tronarena"
)

// TestSeriesAgainstTheBotEndpoint runs the arena against the project's own
// bot endpoint, served by the whole HTTP handler as cmd/server serves it,
// and the easy bot: every match ends by the rules, none by the protocol,
// and the endpoint tops the ladder.
func TestSeriesAgainstTheBotEndpoint(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(testserver.New(t))
	defer srv.Close()
	wise := fmt.Sprintf("%s/api/bots/tron?width=%d&height=%d", srv.URL, side, side)
	easy, _ := good(t, "easy", bots.Easy)
	s := &tronarena.Series{URLs: []string{wise, easy.URL}, Matches: 6, Players: 2, Seed: 1, Width: side, Height: side}
	var log strings.Builder
	rep, err := s.Run(context.Background(), &log)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range rep.Matches {
		for _, seat := range m.Seats {
			if seat.InitError != "" || strings.HasPrefix(seat.Cause, "transport") || strings.Contains(seat.Cause, "direction") || seat.Cause == "not JSON" {
				t.Errorf("a seat failed the protocol: %s", m)
			}
		}
	}
	top := rep.Ladder[0]
	if top.URL != wise || top.Name != "agentgames-wise" || top.Rating <= tronarena.StartRating || top.Games != s.Matches {
		t.Errorf("the ladder: %+v\nlog:\n%s", rep.Ladder, log.String())
	}
}
