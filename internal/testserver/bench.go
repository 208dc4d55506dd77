package testserver

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"
)

// BenchPosts times POST requests to path through h, the bodies in turn,
// each answered in full. Any answer but 200 fails the benchmark. Besides
// the mean it reports the 99th percentile and the slowest request, and how
// many bodies it cycled through.
func BenchPosts(b *testing.B, h http.Handler, path string, bodies []string) {
	took := make([]time.Duration, 0, 1<<16)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		start := time.Now()
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", path, strings.NewReader(bodies[i%len(bodies)])))
		took = append(took, time.Since(start))
		if rec.Code != http.StatusOK {
			b.Fatal(rec.Body)
		}
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)*99/100].Microseconds()), "p99-µs")
	b.ReportMetric(float64(took[len(took)-1].Microseconds()), "max-µs")
	b.ReportMetric(float64(len(bodies)), "positions")
}
