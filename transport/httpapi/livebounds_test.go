package httpapi_test

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/transport/httpapi"
)

// worstLiveBodies are the costliest bodies of the live match routes we know
// how to build within 64 KiB, by path: a name of 64 KiB, objects of 64
// keys, escapes, long numbers, deep nesting, around a real match's code
// and token where it matters (tide's of a Tidebreakers match, tron's of a
// Tron match).
func worstLiveBodies(tide, tron liveSeat) map[string]map[string]string {
	code, token := tide.Code, tide.Token
	fill := func(prefix, unit, suffix string) string {
		n := (httpapi.MaxBody - len(prefix) - len(suffix)) / len(unit)
		return prefix + strings.Repeat(unit, n) + suffix
	}
	keys := objectOfMaxKeys()
	tok := `{"token":"` + token + `",`
	return map[string]map[string]string{
		"/api/matches": {
			"a name of 64 KiB":  fill(`{"players":2,"bots":1,"name":"`, "é", `"}`),
			"escapes in a name": fill(`{"players":2,"bots":1,"name":"`, `\u0000`, `"}`),
			"a long number":     fill(`{"players":`, "9", `}`),
			"nesting":           fill(`{"players":2,"name":`, "[", ""),
		},
		"/api/matches/" + code + "/join": {
			"objects of 64 keys": fill(`{"name":[`, keys+",", "{}]}"),
		},
		"/api/matches/" + code + "/supply": {
			"a token of 64 KiB":  fill(`{"tile":0,"amount":1,"token":"`, "A", `"}`),
			"many elements":      fill(tok+`"tile":0,"amount":[`, "0,", "0]}"),
			"escapes in a token": fill(`{"tile":0,"amount":1,"token":"`, `\u0041`, `"}`),
		},
		"/api/matches/" + code + "/attack": {
			"a long number": fill(tok+`"from":0,"to":1,"send":`, "9", "}"),
		},
		"/api/games/tron/matches": {
			"a name of 64 KiB": fill(`{"players":2,"bots":1,"name":"`, "é", `"}`),
			"a long number":    fill(`{"players":2,"roundMillis":`, "9", `}`),
			"nesting":          fill(`{"players":2,"width":`, "[", ""),
		},
		"/api/games/tron/matches/" + tron.Code + "/join": {
			"objects of 64 keys": fill(`{"name":[`, keys+",", "{}]}"),
		},
		"/api/games/tron/matches/" + tron.Code + "/move": {
			"a token of 64 KiB": fill(`{"dir":"x+","token":"`, "A", `"}`),
			"a dir of 64 KiB":   fill(`{"token":"`+tron.Token+`","dir":"`, `\u0078`, `"}`),
			"many elements":     fill(`{"token":"`+tron.Token+`","dir":[`, "0,", "0]}"),
		},
	}
}

// liveSeat is a seat of a live match.
type liveSeat struct{ Code, Token string }

// liveMatches creates a Tidebreakers match against a captain and a Tron
// match against a bot through h, answering the creator's seats.
func liveMatches(t testing.TB, h *httpapi.Server) (tide, tron liveSeat) {
	create := func(path string) liveSeat {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", path, strings.NewReader(`{"players":2,"bots":1}`)))
		var j liveSeat
		if err := json.Unmarshal(rec.Body.Bytes(), &j); err != nil || j.Code == "" {
			t.Fatalf("create at %s: %d %s", path, rec.Code, rec.Body)
		}
		return j
	}
	return create("/api/matches"), create("/api/games/tron/matches")
}

// TestWorstLiveBodiesStayCheap holds every worst live body to 1 MB
// allocated; BenchmarkWorstLiveBody times them.
func TestWorstLiveBodiesStayCheap(t *testing.T) {
	h := testserver.WithLive(t, nil)
	for path, bodies := range worstLiveBodies(liveMatches(t, h)) {
		holdCheap(t, h, path, bodies, 1<<20)
	}
}

// BenchmarkWorstLiveBody: go test ./transport/httpapi -bench WorstLive
func BenchmarkWorstLiveBody(b *testing.B) {
	h := testserver.WithLive(b, nil)
	for path, bodies := range worstLiveBodies(liveMatches(b, h)) {
		b.Run(strings.Split(path, "/")[len(strings.Split(path, "/"))-1], func(b *testing.B) {
			benchBodies(b, h, path, bodies)
		})
	}
}
