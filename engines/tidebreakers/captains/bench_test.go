package captains_test

import (
	"testing"

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
