package live_test

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/games/tron/live"
	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/transport/httpapi"
)

// BenchmarkConcurrentMatches plays 100 live matches at once on the
// default 30x30 grid through a real HTTP server on loopback with the
// embedded store, and reports the moves per second; every move must be
// accepted (none lost or refused), and each match's second move of a
// round must resolve it. Agents: two agents a match, the case live play
// is for. WiseBot: an agent against a wise bot, whose search then costs
// most of the time. It is live Tidebreakers' BenchmarkConcurrentMatches
// for Tron: go test ./games/tron/live -run X -bench Concurrent
func BenchmarkConcurrentMatches(b *testing.B) {
	b.Run("Agents", func(b *testing.B) { concurrentMatches(b, 0) })
	b.Run("WiseBot", func(b *testing.B) { concurrentMatches(b, 1) })
}

// concurrentMatches plays the benchmark's matches, each of two seats,
// bots of them bots.
func concurrentMatches(b *testing.B, bots int) {
	l := testserver.NewLoopback(b, func(store play.Store) httpapi.Live { return live.NewServer(store, time.Now).WithCreateLimit(0) })
	post := l.Post
	const matches = 100
	base := "/api/games/tron/matches"
	var accepted, refused, rounds atomic.Int64
	start := time.Now()
	for b.Loop() {
		var wg sync.WaitGroup
		for range matches {
			wg.Go(func() {
				seats := make([]live.Joined, 2-bots)
				if post(base, map[string]any{"players": 2, "bots": bots, "bot": "wise"}, &seats[0]) != 200 ||
					bots == 0 && post(base+"/"+seats[0].Code+"/join", map[string]any{}, &seats[1]) != 200 {
					refused.Add(1)
					return
				}
				code := seats[0].Code
				var st live.State
				if l.Get(base+"/"+code, &st) != 200 {
					refused.Add(1)
					return
				}
				for !st.Over {
					round, moves := st.Round, map[int]string{}
					for _, j := range seats {
						moves[j.Seat] = roomy(&st, j.Seat)
					}
					for _, j := range seats {
						if post(base+"/"+code+"/move", map[string]any{"token": j.Token, "dir": moves[j.Seat]}, &st) != 200 {
							refused.Add(1)
							return
						}
						accepted.Add(1)
					}
					if st.Round != round+1 {
						refused.Add(1)
						return
					}
				}
				rounds.Add(int64(st.Round))
			})
		}
		wg.Wait()
	}
	if refused.Load() > 0 {
		b.Errorf("%d requests refused, lost, or not resolving their round", refused.Load())
	}
	b.ReportMetric(float64(accepted.Load())/time.Since(start).Seconds(), "moves/s")
	b.ReportMetric(float64(rounds.Load())/float64(b.N*matches), "rounds/match")
}

// roomy is the direction for seat's cycle into the free cell from which
// the most cells can be reached, so that the benchmark's matches last.
func roomy(st *live.State, seat int) string {
	taken := make([]bool, st.Width*st.Height)
	for _, s := range st.Seats {
		for _, c := range s.Trail {
			taken[c[1]*st.Width+c[0]] = true
		}
	}
	free := func(x, y int) bool { return x >= 0 && y >= 0 && x < st.Width && y < st.Height && !taken[y*st.Width+x] }
	h := st.Seats[seat].Trail[0]
	best, room := "x+", -1
	for _, d := range []string{"x+", "y+", "x-", "y-"} {
		dir, _ := engine.ParseDir(d)
		x, y := engine.Step(h[0], h[1], dir)
		if !free(x, y) {
			continue
		}
		seen := map[[2]int]bool{{x, y}: true}
		queue := [][2]int{{x, y}}
		for len(queue) > 0 && len(seen) < 100 {
			c := queue[0]
			queue = queue[1:]
			for n := range engine.Dir(4) {
				nx, ny := engine.Step(c[0], c[1], n)
				if free(nx, ny) && !seen[[2]int{nx, ny}] {
					seen[[2]int{nx, ny}] = true
					queue = append(queue, [2]int{nx, ny})
				}
			}
		}
		if len(seen) > room {
			best, room = d, len(seen)
		}
	}
	return best
}
