package tidebreakers_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/client/inproc"
	"github.com/agentgames/bundle/internal/testserver"
)

// BenchmarkActionThreeStrong times whole action requests through the
// handler that end the caller's turn in 4-captain matches against strong
// captains, so that three strong captains reply inside each; it reports
// the 99th percentile over real positions as well as the mean.
func BenchmarkActionThreeStrong(b *testing.B) {
	h := testserver.New(b)
	ctx := context.Background()
	var reqs []string
	for seed := range 6 {
		s, err := client.Start(ctx, inproc.Handler{Handler: h}, "tidebreakers", map[string]string{"seed": strconv.Itoa(seed), "players": "4", "opponent": "strong"})
		if err != nil {
			b.Fatal(err)
		}
		follow := policy(b, goldenCase{seed: uint64(seed), players: 4, opponent: "strong", caller: "sample"})
		for step := 0; !s.Last.GameOver; step++ {
			action, done := follow(step, s.Last)
			if done {
				break
			}
			if strings.Contains(string(action), `"attack"`) || strings.Contains(string(action), `"pass"`) {
				body, _ := client.ActionBody("state", s.Last.Token, action)
				reqs = append(reqs, string(body))
			}
			if _, err := s.Act(ctx, action); err != nil {
				b.Fatal(err)
			}
		}
	}
	testserver.BenchPosts(b, h, "/api/games/tidebreakers/action", reqs)
}
