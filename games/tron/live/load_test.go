package live_test

import (
	"strconv"
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
// round must resolve it, as the clients' own copy of the grid foresees. Agents: two agents a match, the case live play
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
				// The agents steer from their own copy of the grid, which
				// their moves keep up to date, and read each answer since
				// the round before (the new heads alone: ?since=R), of
				// which they need only the round and the end; a bot's
				// moves, which they cannot know, from the whole answer.
				// The clients cost the server's CPU as little as they can.
				grid, room := mirror(&st), newRoomy(st.Width, st.Height)
				var answer struct {
					Round int  `json:"round"`
					Over  bool `json:"over"`
				}
				for !st.Over {
					round := st.Round
					var dirs [engine.MaxPlayers]engine.Dir
					for _, j := range seats {
						dirs[j.Seat] = room.best(grid, j.Seat)
					}
					for _, j := range seats {
						out := any(&answer)
						if bots > 0 {
							out = &st
						}
						path := base + "/" + code + "/move"
						if bots == 0 {
							path += "?since=" + strconv.Itoa(round)
						}
						if post(path, map[string]any{"token": j.Token, "dir": dirs[j.Seat].String()}, out) != 200 {
							refused.Add(1)
							return
						}
						accepted.Add(1)
					}
					if bots > 0 {
						grid = mirror(&st)
					} else {
						grid.Play(dirs)
						st.Round, st.Over = answer.Round, answer.Over
					}
					if st.Round != round+1 || st.Over != grid.Over() {
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
	st := l.Store.CommitStats()
	b.ReportMetric(float64(st.Writes)/float64(st.Commits), "saves/commit")
	b.ReportMetric(float64(st.Time.Microseconds())/float64(st.Commits), "µs/commit")
	b.ReportMetric(float64(rounds.Load())/float64(b.N*matches), "rounds/match")
}

// mirror is the grid of st as the engine holds it.
func mirror(st *live.State) *engine.State {
	trails := make([][]engine.Cell, len(st.Seats))
	for p, s := range st.Seats {
		for _, c := range s.Trail {
			trails[p] = append(trails[p], engine.Cell{X: c[0], Y: c[1]})
		}
	}
	s, err := engine.FromBoard(st.Width, st.Height, trails)
	if err != nil {
		panic(err)
	}
	return s
}

// roomy chooses, for a cycle, the move into the free cell from which the
// most cells (up to 100) can be reached, so that the benchmark's matches
// last; it keeps its search's buffers from one move to the next.
type roomy struct {
	seen  []int32 // seen[cell] == mark: reached in the current search
	mark  int32
	queue []int
}

func newRoomy(width, height int) *roomy { return &roomy{seen: make([]int32, width*height)} }

// best is the move of seat's cycle on s.
func (r *roomy) best(s *engine.State, seat int) engine.Dir {
	w := s.Width()
	h := s.Head(seat)
	best, room := engine.XPlus, -1
	for _, d := range []engine.Dir{engine.XPlus, engine.YPlus, engine.XMinus, engine.YMinus} {
		x, y := engine.Step(h.X, h.Y, d)
		if !s.Free(x, y) {
			continue
		}
		r.mark++
		r.seen[y*w+x] = r.mark
		r.queue = append(r.queue[:0], y*w+x)
		reached := 1
		for i := 0; i < len(r.queue) && reached < 100; i++ {
			cx, cy := r.queue[i]%w, r.queue[i]/w
			for n := range engine.Dir(4) {
				nx, ny := engine.Step(cx, cy, n)
				if s.Free(nx, ny) && r.seen[ny*w+nx] != r.mark {
					r.seen[ny*w+nx] = r.mark
					r.queue = append(r.queue, ny*w+nx)
					reached++
				}
			}
		}
		if reached > room {
			best, room = d, reached
		}
	}
	return best
}
