package tron_test

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/client/inproc"
	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/internal/testserver"
)

// BenchmarkActionThreeWise times whole action requests through the handler
// in 100x100 matches against three wise bots (each action is one round
// with their three moves), over the positions of a few matches; it reports
// the 99th percentile as well as the mean, and the longest token seen.
func BenchmarkActionThreeWise(b *testing.B) { benchWiseActions(b, 4) }

// BenchmarkActionWiseDuel is BenchmarkActionThreeWise in 100x100 duels
// against one wise bot, whose every move while the cycles can meet is a
// search.
func BenchmarkActionWiseDuel(b *testing.B) { benchWiseActions(b, 2) }

// benchWiseActions times the action requests of a few 100x100 matches of
// the given players against wise bots, the caller moving as easy.
func benchWiseActions(b *testing.B, players int) {
	h := testserver.New(b)
	ctx := context.Background()
	var reqs []string
	longest := 0
	for seed := range uint64(3) {
		c := goldenCase{seed: seed, players: players, side: 100, opponent: "wise", caller: "easy"}
		s, err := client.Start(ctx, inproc.Handler{Handler: h}, "tron", map[string]string{"seed": strconv.FormatUint(seed, 10), "players": strconv.Itoa(players), "opponent": "wise"})
		if err != nil {
			b.Fatal(err)
		}
		follow := policy(b, c)
		for step := 0; !s.Last.GameOver && len(reqs) < 600; step++ {
			action, done := follow(step, s.Last)
			if done {
				break
			}
			body, _ := client.ActionBody("state", s.Last.Token, action)
			reqs = append(reqs, string(body))
			longest = max(longest, len(s.Last.Token))
			if _, err := s.Act(ctx, json.RawMessage(action)); err != nil {
				b.Fatal(err)
			}
		}
	}
	testserver.BenchPosts(b, h, "/api/games/tron/action", reqs)
	b.ReportMetric(float64(longest), "token-chars")
}

// BenchmarkBotEndpoint times whole bot-endpoint requests through the
// handler: play-turns of 100x100 duels and four-player games as the arena
// sends them, every fifth round from the first to the last, for every
// living player. It reports the 99th percentile and the slowest as well
// as the mean, and the largest message.
func BenchmarkBotEndpoint(b *testing.B) {
	h := testserver.New(b)
	var msgs []string
	largest := 0
	for _, players := range []int{2, 4} {
		for seed := range uint64(2) {
			end := playedTo(b, seed, 100, players, 100000).Round()
			for r := 0; r < end; r += 5 {
				s := playedTo(b, seed, 100, players, r)
				for p := range players {
					if s.Alive(p) {
						msgs = append(msgs, arenaMessage("1", s, p))
						largest = max(largest, len(msgs[len(msgs)-1]))
					}
				}
			}
		}
	}
	testserver.BenchPosts(b, h, "/api/bots/tron", msgs)
	b.ReportMetric(float64(largest), "message-bytes")
}

// BenchmarkBotEndpointCrowded times the bot endpoint on the costliest
// board for wise we know: an open 100x100 grid, four heads two cells
// apart in the middle, so that two rivals answer each move of its
// two-round search and every leaf's territory spans the whole grid.
func BenchmarkBotEndpointCrowded(b *testing.B) {
	s := fromBoard(b, 100, []engine.Cell{{X: 50, Y: 50}}, []engine.Cell{{X: 52, Y: 50}},
		[]engine.Cell{{X: 50, Y: 52}}, []engine.Cell{{X: 48, Y: 50}})
	testserver.BenchPosts(b, testserver.New(b), "/api/bots/tron", []string{arenaMessage("1", s, 0)})
}
