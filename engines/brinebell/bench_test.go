package brinebell

import "testing"

// BenchmarkAdvance90Crowded advances 90 ticks from a late, crowded state
// reached by play: both ferries, all five docks, many waiting.
func BenchmarkAdvance90Crowded(b *testing.B) {
	_, crowded := largestEncoding(b, 40)
	_, waiting := crowded.waitingCounts()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		s := crowded.Clone()
		b.StartTimer()
		if _, err := s.Apply(Action{Kind: Advance, Ticks: MaxAdvance}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(waiting), "waiting")
}

// BenchmarkMarshal encodes that crowded state.
func BenchmarkMarshal(b *testing.B) {
	_, crowded := largestEncoding(b, 40)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := crowded.MarshalBinary(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(encode(b, crowded))), "bytes")
}

// BenchmarkUnmarshal decodes and validates that crowded state.
func BenchmarkUnmarshal(b *testing.B) {
	_, crowded := largestEncoding(b, 40)
	data := encode(b, crowded)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		var s State
		if err := s.UnmarshalBinary(data); err != nil {
			b.Fatal(err)
		}
	}
}
