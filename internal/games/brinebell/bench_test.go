package brinebell_test

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/agentgames/bundle/agents/dispatcher"
	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/internal/testserver"
)

// crowded plays seed 11 with Ferry A alone, which lets the lines grow, to
// its end, and answers the state token of its most crowded open state,
// with how many wait there and its clock.
func crowded(b *testing.B, c conformance.Client) (token string, waiting, clock int) {
	p := dispatcher.Policy{MaxStep: 60, Ferries: 1}
	_, body, _ := c.Init("brinebell", map[string]string{"seed": "11"})
	best, most, clock := "", -1, 0
	for {
		env, err := dispatcher.Decode(body)
		if err != nil {
			b.Fatal(err)
		}
		waiting := 0
		for _, d := range env.View.Docks {
			waiting += len(d.Waiting)
		}
		var tok struct{ StateToken string }
		json.Unmarshal(body, &tok)
		a, more := p.Next(env)
		if !more {
			return best, most, clock
		}
		if waiting >= most && len(env.View.Ferries) == 2 {
			best, most, clock = tok.StateToken, waiting, env.View.Clock
		}
		req, _ := json.Marshal(map[string]any{"stateToken": tok.StateToken, "action": a})
		_, body, _ = c.Action("brinebell", req)
	}
}

// BenchmarkAdvance90 times one advance of 90 ticks in a late, crowded run
// through the whole handler: validation, opening the token, 90 ticks,
// sealing the next token, the observation and JSON.
func BenchmarkAdvance90(b *testing.B) {
	h := testserver.New(b)
	token, waiting, clock := crowded(b, conformance.HandlerClient{Handler: h})
	body := `{"stateToken":"` + token + `","action":{"type":"advance","ticks":90}}`
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/games/brinebell/action", strings.NewReader(body)))
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"ok":true`) {
			b.Fatal(rec.Body)
		}
	}
	b.ReportMetric(float64(waiting), "waiting")
	b.ReportMetric(float64(clock), "clock")
	b.ReportMetric(float64(len(token)), "token-bytes")
}
