package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
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
	manyKeys := func(prefix string) string { return fill(prefix+"[", objectOfMaxKeys()+",", "{}]}") }
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

// objectOfMaxKeys is a JSON object of as many keys as a body may hold.
func objectOfMaxKeys() string {
	var object strings.Builder
	object.WriteString(`{"k0":0`)
	for i := 1; i < wire.MaxKeys; i++ {
		object.WriteString(`,"k` + strconv.Itoa(i) + `":0`)
	}
	object.WriteString("}")
	return object.String()
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

// TestErrorsQuoteLittle: an error quotes at most a few dozen characters of
// what the request sent, however long: a 30,000-character option value,
// option name, game, ranked id, match code, query or JSON key.
func TestErrorsQuoteLittle(t *testing.T) {
	h := testserver.WithLive(t, nil)
	long := strings.Repeat("é", 15000)
	esc := url.QueryEscape(long)
	for _, target := range []string{
		"/api/games/tinrail/init?opponent=" + esc,
		"/api/games/tinrail/init?" + esc + "=1",
		"/api/games/tinrail/init?seed=" + esc,
		"/api/games/tinrail/init?answer=" + esc,
		"/api/games/" + esc + "/init",
		"/api/games/tinrail/ranked/" + esc,
		"/api/matches/" + esc,
		"/api/games?" + esc + "=1",
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", target, nil))
		if rec.Code < 400 || rec.Body.Len() > 1<<10 {
			t.Errorf("GET %.60s: %d, %d bytes: %.200s", target, rec.Code, rec.Body.Len(), rec.Body)
		}
	}
	for _, body := range []string{`{"` + long + `":1}`, `{"a":1,"` + long + `":1,"` + long + `":2}`} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/games/tinrail/action", strings.NewReader(body)))
		if rec.Code < 400 || rec.Body.Len() > 1<<10 {
			t.Errorf("POST %.60s: %d, %d bytes: %.200s", body, rec.Code, rec.Body.Len(), rec.Body)
		}
	}
}
