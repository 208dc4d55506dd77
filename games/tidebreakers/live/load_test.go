package live_test

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentgames/bundle/agents/tidecaptain"
	"github.com/agentgames/bundle/games/tidebreakers/live"
	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/transport/httpapi"
)

// BenchmarkConcurrentMatches plays 100 matches at once, each a player
// against a bot seat, through a real HTTP server on loopback with the
// embedded store, and reports the actions per second; every action must be
// accepted (none lost or refused). go test ./games/tidebreakers/live -bench Concurrent
func BenchmarkConcurrentMatches(b *testing.B) {
	l := testserver.NewLoopback(b, func(store play.Store) httpapi.Live { return live.NewServer(store, time.Now).WithCreateLimit(0) })
	post := l.Post
	const matches = 100
	var accepted, refused atomic.Int64
	start := time.Now()
	for b.Loop() {
		var wg sync.WaitGroup
		for range matches {
			wg.Go(func() {
				var j live.Joined
				if post("/api/matches", map[string]any{"players": 2, "bots": 1, "captain": "random"}, &j) != 200 {
					refused.Add(1)
					return
				}
				var st live.State
				if l.Get("/api/matches/"+j.Code, &st) != 200 {
					refused.Add(1)
					return
				}
				for !st.Over {
					op, body := tidecaptain.Next(&st, 0, j.Token)
					if post("/api/matches/"+j.Code+"/"+op, body, &st) != 200 {
						refused.Add(1)
						return
					}
					accepted.Add(1)
				}
			})
		}
		wg.Wait()
	}
	if refused.Load() > 0 {
		b.Errorf("%d requests refused or lost", refused.Load())
	}
	b.ReportMetric(float64(accepted.Load())/time.Since(start).Seconds(), "actions/s")
	b.ReportMetric(float64(accepted.Load())/float64(b.N), "actions/op")
}
