package tinrail

import (
	"slices"
	"testing"
	"time"

	"github.com/agentgames/bundle/engines/rng"
)

// midgame returns positions reached by one-ply safe play, G-Bot to think,
// from many seeds and stages, for benchmarking G-Bot's decision.
func midgames(opp Opponent, n int) []*State {
	var out []*State
	for seed := uint64(0); len(out) < n; seed++ {
		s := New(seed, opp)
		rs := rng.New(seed, 99)
		for !s.Over() && len(out) < n {
			v := s.viewFor(You)
			o := easyChoice(&v, &rs)
			c := s.Clone()
			c.apply(o.index, o.rotation)
			if !c.Over() {
				out = append(out, c)
			}
			s.Play(o.index, o.rotation)
		}
	}
	return out
}

// benchmarkChoice times G-Bot's decision over many positions and reports,
// besides the mean, the 99th percentile over positions.
func benchmarkChoice(b *testing.B, opp Opponent) {
	states := midgames(opp, 500)
	took := make([]time.Duration, 0, 1<<16)
	for i := 0; b.Loop(); i++ {
		start := time.Now()
		states[i%len(states)].gbotChoice()
		took = append(took, time.Since(start))
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)*99/100].Nanoseconds()), "p99-ns")
}

func BenchmarkEasyChoice(b *testing.B) { benchmarkChoice(b, Easy) }
func BenchmarkWiseChoice(b *testing.B) { benchmarkChoice(b, Wise) }
