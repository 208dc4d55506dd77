package gbot

import (
	"slices"
	"testing"
	"time"

	"github.com/agentgames/bundle/engines/rng"
	"github.com/agentgames/bundle/engines/tinrail"
)

// midgames returns positions reached by one-ply safe play, G-Bot to think,
// from many seeds and stages, for benchmarking G-Bot's decision.
func midgames(opp tinrail.Opponent, n int) []*tinrail.State {
	var out []*tinrail.State
	for seed := uint64(0); len(out) < n; seed++ {
		s := tinrail.New(seed, opp)
		rs := rng.New(seed, 99)
		for !s.Over() && len(out) < n {
			v := s.SeatView(tinrail.You)
			i, r := Easy(&v, &rs)
			place(s, i, r)
			if s.Over() {
				break
			}
			out = append(out, s.Clone())
			reply(s)
		}
	}
	return out
}

// benchmarkChoice times G-Bot's decision (its view, its stream and its
// policy) over many positions and reports, besides the mean, the 99th
// percentile over positions.
func benchmarkChoice(b *testing.B, opp tinrail.Opponent) {
	states := midgames(opp, 500)
	took := make([]time.Duration, 0, 1<<16)
	for i := 0; b.Loop(); i++ {
		start := time.Now()
		s := states[i%len(states)]
		v := s.SeatView(tinrail.GBot)
		rs := s.BotStream()
		Choose(s.Opponent(), &v, &rs)
		took = append(took, time.Since(start))
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)*99/100].Nanoseconds()), "p99-ns")
}

func BenchmarkEasyChoice(b *testing.B) { benchmarkChoice(b, tinrail.Easy) }
func BenchmarkWiseChoice(b *testing.B) { benchmarkChoice(b, tinrail.Wise) }
