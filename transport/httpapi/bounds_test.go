package httpapi_test

import (
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
	tok := tokens(t, h)
	for name, body := range worstBodies(tok) {
		game := "brinebell"
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/games/"+game+"/action", strings.NewReader(body)))
		runtime.ReadMemStats(&after)
		allocated := after.TotalAlloc - before.TotalAlloc
		t.Logf("%s: %d bytes, answered %d, %d bytes allocated", name, len(body), rec.Code, allocated)
		if rec.Code >= 500 {
			t.Errorf("%s: %d %s", name, rec.Code, rec.Body)
		}
		if allocated > 1<<20 {
			t.Errorf("%s: %d bytes allocated, over 1 MiB", name, allocated)
		}
	}
}

// BenchmarkWorstCaseBody: go test ./transport/httpapi -bench WorstCase
func BenchmarkWorstCaseBody(b *testing.B) {
	h := testserver.New(b)
	for name, body := range worstBodies(tokens(b, h)) {
		b.Run(strings.Join(strings.Fields(strings.Split(name, "(")[0]), "_"), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("POST", "/api/games/brinebell/action", strings.NewReader(body)))
			}
		})
	}
}
