package brinebell_test

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/agentgames/bundle/agents/dispatcher"
	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/client/inproc"
	"github.com/agentgames/bundle/games/brinebell"
	"github.com/agentgames/bundle/internal/testserver"
)

// crowded plays seed 11 with Ferry A alone, which lets the lines grow, to
// its end, and answers the state token of its most crowded open state,
// with how many wait there and its clock.
func crowded(b *testing.B, t client.Transport) (token string, waiting, clock int) {
	ctx := context.Background()
	p := dispatcher.Policy{MaxStep: 60, Ferries: 1}
	s, err := client.Start(ctx, t, "brinebell", map[string]string{"seed": "11"})
	if err != nil {
		b.Fatal(err)
	}
	most := -1
	for {
		var v brinebell.View
		if err := s.Last.View(&v); err != nil {
			b.Fatal(err)
		}
		n := 0
		for _, d := range v.Docks {
			n += len(d.Waiting)
		}
		a, more := p.Next(&v)
		if !more {
			return token, most, clock
		}
		if n >= most && len(v.Ferries) == 2 {
			token, most, clock = s.Last.Token, n, v.Clock
		}
		if _, err := s.Act(ctx, dispatcher.JSON(a)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAdvance90 times one advance of 90 ticks in a late, crowded run
// through the whole handler: strict reading, opening the token, 90 ticks,
// sealing the next token, the observation and JSON.
func BenchmarkAdvance90(b *testing.B) {
	h := testserver.New(b)
	token, waiting, clock := crowded(b, inproc.Handler{Handler: h})
	body := `{"stateToken":"` + token + `","action":{"type":"advance","ticks":90}}`
	b.ReportAllocs()
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
