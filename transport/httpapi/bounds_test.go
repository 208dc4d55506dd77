package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/play/wire"
	"github.com/agentgames/bundle/transport/httpapi"
)

// worstBodies are the costliest action bodies we know how to build within
// the 64 KiB limit, around a valid token where it matters.
func worstBodies(tok map[string]string) map[string]string {
	fill := func(prefix, unit, suffix string) string {
		n := (httpapi.MaxBody - len(prefix) - len(suffix)) / len(unit)
		return prefix + strings.Repeat(unit, n) + suffix
	}
	manyKeys := func(prefix string) string {
		var object strings.Builder
		object.WriteString(`{"k0":0`)
		for i := 1; i < wire.MaxKeys; i++ {
			object.WriteString(`,"k` + strconv.Itoa(i) + `":0`)
		}
		object.WriteString("}")
		return fill(prefix+"[", object.String()+",", "{}]}")
	}
	bb := `{"stateToken":"` + tok["brinebell"] + `","action":`
	return map[string]string{
		"nested arrays (the reported 13 s body)": `{"stateToken":"AAAA","action":` + strings.Repeat("[", 9999) + strings.Repeat("]", 9999) + `}`,
		"nested arrays, valid token":             fill(bb, "[]", "}"),
		"nested objects":                         bb + strings.Repeat(`{"a":`, 10000) + "1" + strings.Repeat("}", 10000) + "}",
		"objects of 64 keys, valid token":        manyKeys(bb),
		"escapes":                                fill(bb+`{"type":"`, `\u0000`, `"}}`),
		"long number":                            fill(bb+`{"type":"advance","ticks":`, "9", "}}"),
		"many elements":                          fill(bb+`[`, "0,", "0]}"),
	}
}

// TestWorstCaseBodiesStayCheap holds every worst-case body to a few
// hundred kilobytes allocated in all (the body itself is 64 KiB); the
// benchmark below measures their time.
func TestWorstCaseBodiesStayCheap(t *testing.T) {
	h := testserver.New(t)
	holdCheap(t, h, "/api/games/brinebell/action", worstBodies(tokens(t, h)), 1<<20)
}

// BenchmarkWorstCaseBody: go test ./transport/httpapi -bench WorstCase
func BenchmarkWorstCaseBody(b *testing.B) {
	h := testserver.New(b)
	benchBodies(b, h, "/api/games/brinebell/action", worstBodies(tokens(b, h)))
}

// holdCheap posts each body to path and holds what answering it allocates
// to limit bytes; no body may cost a 5xx.
func holdCheap(t *testing.T, h http.Handler, path string, bodies map[string]string, limit uint64) {
	for name, body := range bodies {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", path, strings.NewReader(body)))
		runtime.ReadMemStats(&after)
		allocated := after.TotalAlloc - before.TotalAlloc
		t.Logf("%s: %d bytes, answered %d %.60s, %d bytes allocated", name, len(body), rec.Code, rec.Body, allocated)
		if rec.Code >= 500 {
			t.Errorf("%s: %d %s", name, rec.Code, rec.Body)
		}
		if allocated > limit {
			t.Errorf("%s: %d bytes allocated, over %d", name, allocated, limit)
		}
	}
}

// benchBodies times posting each body to path, one sub-benchmark each.
func benchBodies(b *testing.B, h http.Handler, path string, bodies map[string]string) {
	for name, body := range bodies {
		b.Run(strings.Join(strings.Fields(strings.Split(name, "(")[0]), "_"), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("POST", path, strings.NewReader(body)))
			}
		})
	}
}
