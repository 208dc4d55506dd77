package tinrail_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
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

// turns plays 40 matches against G-Bot Easy, the caller always laying its
// first tile, and answers them at each of the caller's turns, with the
// events of the moves that led there.
func turns(b *testing.B) (matches []core.Match, events [][]any) {
	var game tinrail.Game
	for seed := range uint64(40) {
		m, err := game.New(seed, map[string]string{"opponent": "easy"})
		if err != nil {
			b.Fatal(err)
		}
		var since []any
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
				matches, events = append(matches, kept), append(events, since)
				since = nil
				action = fmt.Appendf(nil, `{"type":"place","tileIndex":0,"rotation":%d}`, step%4)
			}
			ev, err := m.Act([]core.Move{{Seat: seat, Action: action}}, time.Time{})
			if err != nil {
				b.Fatal(err)
			}
			since = append(since, ev...)
		}
	}
	return matches, events
}

// BenchmarkView shows the caller matches at each of its turns, as every
// answer does: the observation, the view and the legal actions (go test
// -bench View ./games/tinrail).
func BenchmarkView(b *testing.B) {
	matches, _ := turns(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		matches[i%len(matches)].View(core.Caller)
	}
}

// BenchmarkAnswerJSON writes the answers of the caller's turns as the
// edges write them (go test -bench AnswerJSON ./games/tinrail).
func BenchmarkAnswerJSON(b *testing.B) {
	matches, events := turns(b)
	answers := make([]*core.Envelope, len(matches))
	for i, m := range matches {
		p := m.View(core.Caller)
		answers[i] = &core.Envelope{OK: true, State: strings.Repeat("AQHa7KwRsGihBkUjCodk", 11), Observation: p.Observation,
			LegalActions: p.LegalActions, Score: &p.Score, GameOver: p.GameOver, Result: p.Result, Turn: p.Turn, View: p.View, Events: events[i]}
	}
	buf := make([]byte, 0, 8192)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		var err error
		if buf, err = core.AppendJSON(buf[:0], answers[i%len(answers)]); err != nil {
			b.Fatal(err)
		}
	}
}
