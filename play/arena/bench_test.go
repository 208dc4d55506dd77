package arena_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/internal/arenatest"
	"github.com/agentgames/bundle/internal/egress"
	"github.com/agentgames/bundle/play/arena"
	"github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/store/memory"
)

// benchArena is an arena of every live game over a memory store whose
// fights the benchmark drives, and its client, whose calls in flight it
// samples.
func benchArena(b *testing.B) (*arena.Arena, *egress.Client, map[string]*live.Server, chan string) {
	store := &memory.Store{Clock: time.Now}
	servers := map[string]*live.Server{}
	var list []*live.Server
	for _, g := range games.Live() {
		s := live.NewServer(g, store, time.Now)
		servers[g.Slug], list = s, append(list, s)
	}
	caller := egress.New(egress.Policy{AllowHTTP: true, AllowPrivate: true, MaxInFlight: 256})
	started := make(chan string, 1024)
	a := arena.New(list, store, time.Now, caller, arena.Settings{LaunchesPerMinute: -1, MaxRunning: 1024}).
		WithQueue(arena.QueueFunc(func(_ context.Context, code string) error { started <- code; return nil }))
	return a, caller, servers, started
}

// benchBots registers n bots of Tron thinking think a move, on a grid of
// side, answering at once to their init.
func benchBots(b *testing.B, a *arena.Arena, n, side int, think time.Duration) []string {
	ids := make([]string, n)
	for i := range ids {
		srv := arenatest.Start(b, arenatest.Bot{Name: fmt.Sprint("bot ", i), Width: side, Height: side})
		reg, err := a.Register(owner(fmt.Sprint("A", i)), "tron", arena.Registration{Name: fmt.Sprint("bot ", i), URL: srv.URL})
		if err != nil {
			b.Fatal(err)
		}
		srv.SetChallenge(reg.Challenge)
		if _, err := a.Verify(owner(fmt.Sprint("A", i)), "tron", reg.Bot.ID); err != nil {
			b.Fatal(err)
		}
		srv.SetDelay(think)
		ids[i] = reg.Bot.ID
	}
	return ids
}

// rounds are the rounds fight code's match played.
func rounds(b *testing.B, s *live.Server, code string) int {
	m, err := s.Read(context.Background(), code)
	if err != nil {
		b.Fatal(err)
	}
	var public struct{ Round int }
	data, _ := json.Marshal(s.Public(m))
	json.Unmarshal(data, &public)
	return public.Round
}

// BenchmarkRound4Bots20ms drives fights of four bots by URL that think 20
// ms a move each, on a 30x30 grid, and reports what a round costs: its
// time (about one bot's, the calls going out at once) and the arena's
// allocations a round (ns/op and allocs/op are per fight; ms/round and
// B/round per round).
//
//	go test ./play/arena -run X -bench Round4Bots20ms -benchmem -benchtime 5x
func BenchmarkRound4Bots20ms(b *testing.B) {
	a, _, servers, started := benchArena(b)
	ids := benchBots(b, a, 4, 30, 20*time.Millisecond)
	total := 0
	var elapsed time.Duration
	b.ResetTimer()
	for range b.N {
		f, err := a.Launch(context.Background(), "tron", ids, []byte(`{"width":30,"height":30}`))
		if err != nil {
			b.Fatal(err)
		}
		start := time.Now()
		a.Drive(context.Background(), <-started)
		elapsed += time.Since(start)
		total += rounds(b, servers["tron"], f.Code)
	}
	b.ReportMetric(float64(elapsed.Milliseconds())/float64(total), "ms/round")
	b.ReportMetric(float64(total)/float64(b.N), "rounds/fight")
}

// BenchmarkFightsAtOnce drives fights at once, each of two bots by URL
// that think 20 ms a move on a 30x30 grid (every bot in one fight: a bot
// takes one call at a time), and reports the rounds played a second in
// all, and the most calls the arena had in flight at once.
//
//	go test ./play/arena -run X -bench FightsAtOnce -benchtime 1x
func BenchmarkFightsAtOnce(b *testing.B) {
	for _, fights := range []int{16, 64} {
		b.Run(fmt.Sprint("fights=", fights), func(b *testing.B) {
			a, caller, servers, started := benchArena(b)
			ids := benchBots(b, a, 2*fights, 30, 20*time.Millisecond)
			var peak atomic.Int64
			done := make(chan struct{})
			go func() {
				for {
					select {
					case <-done:
						return
					case <-time.After(time.Millisecond):
						peak.Store(max(peak.Load(), int64(caller.InFlight())))
					}
				}
			}()
			total := 0
			var elapsed time.Duration
			b.ResetTimer()
			for range b.N {
				codes := make([]string, fights)
				for i := range fights {
					f, err := a.Launch(context.Background(), "tron", ids[2*i:2*i+2], []byte(`{"width":30,"height":30}`))
					if err != nil {
						b.Fatal(err)
					}
					codes[i] = f.Code
				}
				start := time.Now()
				var wg sync.WaitGroup
				for range fights {
					code := <-started
					wg.Go(func() { a.Drive(context.Background(), code) })
				}
				wg.Wait()
				elapsed += time.Since(start)
				for _, code := range codes {
					total += rounds(b, servers["tron"], code)
				}
			}
			close(done)
			b.ReportMetric(float64(total)/elapsed.Seconds(), "rounds/s")
			b.ReportMetric(float64(peak.Load()), "peak-calls")
		})
	}
}
