package tinrail_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/client/inproc"
	"github.com/agentgames/bundle/games/tinrail"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/internal/testserver"
	core "github.com/agentgames/bundle/play"
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

// BenchmarkView shows the caller matches at every stage of its turns, as
// every answer does: the observation, the view and the legal actions (go test -bench
// View ./games/tinrail).
func BenchmarkView(b *testing.B) {
	var game tinrail.Game
	var matches []core.Match
	for seed := range uint64(40) {
		m, err := game.New(seed, map[string]string{"opponent": "easy"})
		if err != nil {
			b.Fatal(err)
		}
		for step := 0; !m.Phase().Over; step++ {
			seat := m.Phase().ToAct[0]
			action, ok := m.BotMove(seat)
			if !ok {
				state, err := m.MarshalBinary()
				if err != nil {
					b.Fatal(err)
				}
				kept, err := game.Decode(state)
				if err != nil {
					b.Fatal(err)
				}
				matches = append(matches, kept)
				action = fmt.Appendf(nil, `{"type":"place","tileIndex":0,"rotation":%d}`, step%4)
			}
			if _, err := m.Act([]core.Move{{Seat: seat, Action: action}}, time.Time{}); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		matches[i%len(matches)].View(core.Caller)
	}
}
