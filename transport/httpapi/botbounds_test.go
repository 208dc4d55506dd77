package httpapi_test

import (
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/transport/httpapi"
)

// worstMessages are the costliest arena messages we know how to build
// within the bot endpoint's 256 KiB limit.
func worstMessages() map[string]string {
	const head = `{"game-id":"1","action":"play-turn","game":"tron","player-index":0,"players":2,"board":[[`
	fill := func(unit, suffix string) string {
		n := (httpapi.MaxMessage - len(head) - len(suffix)) / len(unit)
		return head + strings.Repeat(unit, n) + suffix
	}
	var full strings.Builder // every cell of the 100x100 grid, in two trails
	full.WriteString(head)
	for y := range 100 {
		if y == 50 {
			full.WriteString(`,[0,0]],[`)
		}
		for x := range 100 {
			if y == 0 && x == 0 {
				continue
			}
			if x > 0 || y != 50 {
				full.WriteString(",")
			}
			full.WriteString("[" + strconv.Itoa(x) + "," + strconv.Itoa(y) + "]")
		}
	}
	full.WriteString("]]}")
	return map[string]string{
		"empty cells":        fill("[],", "[]],[]]}"),
		"one cell repeated":  fill("[1,1],", "[1,1]],[[2,2]]]}"),
		"long numbers":       fill("[1,1e99999],", "[1,1]],[[2,2]]]}"),
		"the whole grid":     strings.Replace(full.String(), "[[,", "[[", 1),
		"deep arrays":        head + strings.Repeat("[", 40000) + strings.Repeat("]", 40000) + "]]}",
		"many empty strings": fill(`"",`, `""]]}`),
	}
}

// TestWorstCaseMessagesStayCheap holds every worst-case arena message to
// a bounded allocation; BenchmarkWorstCaseMessage measures their time.
func TestWorstCaseMessagesStayCheap(t *testing.T) {
	h := testserver.New(t)
	for name, msg := range worstMessages() {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/bots/tron", strings.NewReader(msg)))
		runtime.ReadMemStats(&after)
		allocated := after.TotalAlloc - before.TotalAlloc
		t.Logf("%s: %d bytes, answered %d %.60s, %d bytes allocated", name, len(msg), rec.Code, rec.Body, allocated)
		if rec.Code >= 500 {
			t.Errorf("%s: %d %s", name, rec.Code, rec.Body)
		}
		if allocated > 4<<20 {
			t.Errorf("%s: %d bytes allocated, over 4 MiB", name, allocated)
		}
	}
}

// BenchmarkWorstCaseMessage: go test ./transport/httpapi -bench WorstCaseMessage
func BenchmarkWorstCaseMessage(b *testing.B) {
	h := testserver.New(b)
	for name, msg := range worstMessages() {
		b.Run(strings.ReplaceAll(name, " ", "_"), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(msg)))
			for b.Loop() {
				h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("POST", "/api/bots/tron", strings.NewReader(msg)))
			}
		})
	}
}
