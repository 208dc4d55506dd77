package tinrail_test

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/internal/testserver"
)

// positions collects (state, action) pairs from the golden matches against
// one G-Bot level: real mid-game positions, replayed through the handler.
func positions(b *testing.B, h *conformanceHandler, opponent string) [][]byte {
	ts, err := conformance.Load(golden.Files, "tinrail")
	if err != nil {
		b.Fatal(err)
	}
	var out [][]byte
	for _, t := range ts {
		if t.Query["opponent"] != opponent {
			continue
		}
		_, body, _ := h.Init("tinrail", t.Query)
		for _, st := range t.Steps[1:] {
			var env struct {
				OK       bool   `json:"ok"`
				State    string `json:"state"`
				GameOver bool   `json:"gameOver"`
			}
			json.Unmarshal(body, &env)
			if env.GameOver {
				break
			}
			req, _ := json.Marshal(map[string]any{"state": env.State, "action": st.Action})
			out = append(out, req)
			_, next, _ := h.Action("tinrail", req)
			if strings.Contains(string(next), `"ok":true`) {
				body = next
			}
		}
	}
	return out
}

type conformanceHandler = conformance.HandlerClient

func BenchmarkInit(b *testing.B) {
	h := testserver.New(b)
	for i := 0; b.Loop(); i++ {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", fmt.Sprintf("/api/games/tinrail/init?seed=%d&opponent=wise", i), nil))
		if rec.Code != 200 {
			b.Fatal(rec.Body)
		}
	}
}

// benchmarkAction times whole action requests through the handler
// (validation, token, rules, G-Bot, sealing, JSON), reporting the 99th
// percentile over positions as well as the mean.
func benchmarkAction(b *testing.B, opponent string) {
	h := testserver.New(b)
	c := conformance.HandlerClient{Handler: h}
	reqs := positions(b, &c, opponent)
	took := make([]time.Duration, 0, 1<<16)
	for i := 0; b.Loop(); i++ {
		body := reqs[i%len(reqs)]
		start := time.Now()
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/games/tinrail/action", strings.NewReader(string(body))))
		took = append(took, time.Since(start))
		if rec.Code != 200 {
			b.Fatal(rec.Body)
		}
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)*99/100].Microseconds()), "p99-µs")
	b.ReportMetric(float64(len(reqs)), "positions")
}

func BenchmarkActionEasy(b *testing.B) { benchmarkAction(b, "easy") }
func BenchmarkActionWise(b *testing.B) { benchmarkAction(b, "wise") }
