package live_test

import (
	"context"
	"testing"
	"time"

	"github.com/agentgames/bundle/games/tron/live"
	"github.com/agentgames/bundle/store/memory"
)

// BenchmarkBotsPlayOn is the costliest read of a live match: its player
// out at the first deadline, three wise bots play on alone on a 100x100
// grid, and a GET 50 minutes later resolves as many of the rounds due as a
// request may.
func BenchmarkBotsPlayOn(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		b.StopTimer()
		c := &clock{}
		c.advance(time.Hour)
		s := live.NewServer(&memory.Store{Clock: c.time}, c.time).WithCreateLimit(0)
		j, err := live.Create(ctx, s, live.Setup{Players: 4, Bots: 3, Bot: "wise", Width: 100, Height: 100, Round: time.Second})
		if err != nil {
			b.Fatal(err)
		}
		c.advance(50 * time.Minute) // within the hour an unplayed match is kept
		b.StartTimer()
		if _, err := get(ctx, s, j.Code); err != nil {
			b.Fatal(err)
		}
	}
}
