package tinrail_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"testing"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/client/inproc"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/transport/httpapi"
)

// positions collects action requests from the golden matches against one
// G-Bot level: real mid-game positions, replayed through the handler.
func positions(b *testing.B, h *httpapi.Server, opponent string) []string {
	cases, err := golden.Load(golden.Files, "tinrail")
	if err != nil {
		b.Fatal(err)
	}
	var out []string
	t := inproc.Handler{Handler: h}
	for i := range cases {
		c := &cases[i]
		if c.Query["opponent"] != opponent {
			continue
		}
		s, err := client.Start(context.Background(), t, "tinrail", c.Query)
		if err != nil {
			b.Fatal(err)
		}
		for _, st := range c.Steps[1:] {
			if s.Last.GameOver {
				break
			}
			body, _ := client.ActionBody("state", s.Last.Token, st.Action)
			out = append(out, string(body))
			if _, err := s.Act(context.Background(), st.Action); err != nil {
				b.Fatal(err)
			}
		}
	}
	return out
}

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

// benchmarkAction times whole action requests through the handler (strict
// reading, token, rules, G-Bot, sealing, JSON) over the golden matches'
// positions.
func benchmarkAction(b *testing.B, opponent string) {
	h := testserver.New(b)
	testserver.BenchPosts(b, h, "/api/games/tinrail/action", positions(b, h, opponent))
}

func BenchmarkActionEasy(b *testing.B) { benchmarkAction(b, "easy") }
func BenchmarkActionWise(b *testing.B) { benchmarkAction(b, "wise") }
