package tidebreakers_test

import (
	"testing"

	tb "github.com/agentgames/bundle/engines/tidebreakers"
)

// BenchmarkRandomMatch4 plays a whole 4-captain match of plain random
// captains from setup to the end, a different seed each time.
func BenchmarkRandomMatch4(b *testing.B) {
	b.ReportAllocs()
	actions, seed := 0, uint64(0)
	for b.Loop() {
		seed++
		s, err := tb.New(seed, 4)
		if err != nil {
			b.Fatal(err)
		}
		pol := newPolicy(seed)
		for !s.Over() {
			if err := s.Apply(s.Turn(), pol.move(s)); err != nil {
				b.Fatal(err)
			}
			actions++
		}
	}
	b.ReportMetric(float64(actions)/float64(seed), "actions/match")
}
