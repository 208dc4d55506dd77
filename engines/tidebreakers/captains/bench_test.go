package captains_test

import (
	"slices"
	"testing"
	"time"

	"github.com/agentgames/bundle/engines/rng"
	tb "github.com/agentgames/bundle/engines/tidebreakers"
	"github.com/agentgames/bundle/engines/tidebreakers/captains"
)

// BenchmarkSampleMatch4 plays a whole 4-captain match between sample
// captains, in process.
func BenchmarkSampleMatch4(b *testing.B) {
	seats := []captains.Policy{captains.Sample, captains.Sample, captains.Sample, captains.Sample}
	for i := 0; b.Loop(); i++ {
		play(b, uint64(i), seats)
	}
}

// BenchmarkStrongMatch4 plays a whole 4-captain match between strong
// captains, in process, and reports its decisions' 50th and 99th
// percentiles and the slowest (ms); BenchmarkStrongMatch2 a duel, where
// strong plays its choices out.
func BenchmarkStrongMatch4(b *testing.B) { strongMatches(b, 4) }

func BenchmarkStrongMatch2(b *testing.B) { strongMatches(b, 2) }

func strongMatches(b *testing.B, players int) {
	var took []time.Duration
	timed := func(s *tb.State, rs *rng.Stream) tb.Action {
		start := time.Now()
		a := captains.Strong(s, rs)
		took = append(took, time.Since(start))
		return a
	}
	seats := make([]captains.Policy, players)
	for i := range seats {
		seats[i] = timed
	}
	for i := 0; b.Loop(); i++ {
		play(b, uint64(i), seats)
	}
	slices.Sort(took)
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	b.ReportMetric(ms(took[len(took)/2]), "p50-ms/decision")
	b.ReportMetric(ms(took[len(took)*99/100]), "p99-ms/decision")
	b.ReportMetric(ms(took[len(took)-1]), "max-ms/decision")
}
