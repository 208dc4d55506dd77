package games_test

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"maps"
	"testing"
	"time"

	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/internal/seal"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/token"
)

// lengthCase is a game and options, played from init by the first legal
// action of every answer.
type lengthCase struct {
	slug    string
	options map[string]string
	// steps are played (init is step 0); the tokens of the first checked
	// steps are compared, the others only measured.
	steps, checked int
	// public reads, from the caller's view, the public values whose width
	// varies in the game's state (see the game's docs); nil when the step
	// alone fixes them. Tokens of one step are compared when they agree
	// on them.
	public func(view json.RawMessage) string
}

// lengthCases cover every game. Which steps each compares, and why:
//
//   - tinrail, both levels: every step of the match; the hands and the
//     pile always hold the 35 tiles not on the board, so the tiles placed
//     fix the length.
//   - brinebell: init, start and three advances of 30 ticks. The first
//     seeded passenger appears at tick 120 or later, so until then every
//     run shows the same two passengers; later, which passengers have
//     appeared, and when, varies with the seed, and all of it is public.
//     (The hidden plan is held to one length by the engine's own test.)
//   - tidebreakers, 2, 3 and 4 captains: 20 steps (ten rounds of supply
//     then pass), compared by the log entries kept and the widths of the
//     garrisons and the log's numbers, all on the board or in the log.
//   - tron, 2, 3 and 4 cycles: 30 rounds, compared by the rounds and the
//     moves recorded (each cycle's rounds alive, the one it died in
//     included); with 2 cycles the step alone fixes them.
var lengthCases = []lengthCase{
	{slug: "tinrail", steps: 18, checked: 18, public: tinrailPublic},
	{slug: "tinrail", options: map[string]string{"opponent": "easy"}, steps: 18, checked: 18, public: tinrailPublic},
	{slug: "brinebell", steps: 40, checked: 5},
	{slug: "tidebreakers", steps: 20, checked: 20, public: tidebreakersPublic},
	{slug: "tidebreakers", options: map[string]string{"players": "3"}, steps: 20, checked: 20, public: tidebreakersPublic},
	{slug: "tidebreakers", options: map[string]string{"players": "4", "opponent": "strong"}, steps: 20, checked: 20, public: tidebreakersPublic},
	{slug: "tron", steps: 30, checked: 30, public: tronPublic},
	{slug: "tron", options: map[string]string{"players": "3"}, steps: 30, checked: 30, public: tronPublic},
	{slug: "tron", options: map[string]string{"players": "4", "width": "20", "height": "30"}, steps: 30, checked: 30, public: tronPublic},
}

// lengthSeeds span the seeds' range, through its ends and the edges of a
// uvarint's widths (2^49 is the first of 8 bytes), then leave picked more
// to the server (nil).
func lengthSeeds(picked int) []*uint64 {
	var seeds []*uint64
	for _, s := range []uint64{0, 1, 1<<48 - 1, 1 << 49, play.MaxSeed} {
		seeds = append(seeds, &s)
	}
	return append(seeds, make([]*uint64, picked)...)
}

// TestTokenLengthHidesTheSeed is the test, through the play core
// with real sealed tokens: tokens of the same game and options at the same
// step (and, where the game's public state has values of varying width,
// agreeing on them) have one length whatever the seed, chosen by the
// caller or picked by the server. It logs the tokens' lengths, least and
// most, at every step (go test ./games -run TokenLength -v).
func TestTokenLengthHidesTheSeed(t *testing.T) {
	t.Parallel()
	keys, err := seal.NewKeyring(seal.NewRandomKey(1))
	if err != nil {
		t.Fatal(err)
	}
	svc := play.NewService(token.Store{Keys: keys}, time.Now, games.All()...)
	seeds := lengthSeeds(200)
	for _, c := range lengthCases {
		t.Run(c.slug+fmt.Sprint(c.options), func(t *testing.T) {
			t.Parallel()
			lengths := map[string]int{}
			compared := make([]int, c.checked)
			var measured [][2]int // per step, the shortest and longest token
			for i, seed := range seeds {
				env, err := svc.Init(context.Background(), c.slug, seed, maps.Clone(c.options))
				if err != nil {
					t.Fatal(err)
				}
				for step := 0; ; step++ {
					n := len(env.State)
					if step == len(measured) {
						measured = append(measured, [2]int{n, n})
					}
					measured[step] = [2]int{min(measured[step][0], n), max(measured[step][1], n)}
					if step < c.checked {
						key := fmt.Sprint(step)
						if c.public != nil {
							key += " " + c.public(toJSON(t, env.View))
						}
						if want, ok := lengths[key]; !ok {
							lengths[key] = n
						} else if compared[step]++; n != want {
							t.Fatalf("seed #%d (%s), step %d (step and public values %q): a token of %d characters, others %d",
								i, seedName(seed), step, key, n, want)
						}
					}
					if step == c.steps || env.GameOver {
						break
					}
					var legal []json.RawMessage
					if err := json.Unmarshal(toJSON(t, env.LegalActions), &legal); err != nil || len(legal) == 0 {
						t.Fatalf("seed %d step %d: no legal action in an open match", i, step)
					}
					a, err := svc.Act(context.Background(), c.slug, env.State, legal[0])
					if err != nil {
						t.Fatal(err)
					}
					var ok bool
					if env, ok = a.(*play.Envelope); !ok {
						t.Fatalf("seed %d step %d: %s refused", i, step, legal[0])
					}
				}
			}
			if compared[0] < len(seeds)*9/10 {
				t.Errorf("init: %d of %d tokens compared", compared[0]+1, len(seeds))
			}
			t.Logf("%s %v: tokens compared per step %v; characters, least and most, per step %v", c.slug, c.options, compared, measured)
		})
	}
}

func seedName(s *uint64) string {
	if s == nil {
		return "picked by the server"
	}
	return fmt.Sprint(*s)
}

func toJSON(t *testing.T, v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// uvarintLen is how many bytes a uvarint of n takes.
func uvarintLen(n int) int { return len(binary.AppendUvarint(nil, uint64(n))) }

// tinrailPublic: the tiles on the board.
func tinrailPublic(view json.RawMessage) string {
	var v struct{ Placements int }
	json.Unmarshal(view, &v)
	return fmt.Sprint(v.Placements)
}

// tidebreakersPublic: the log entries kept, and the bytes the garrisons
// and the log's numbers take as uvarints.
func tidebreakersPublic(view json.RawMessage) string {
	var v struct {
		Islands []struct{ Strength int }
		Log     []struct{ Sent, Before, After int }
	}
	json.Unmarshal(view, &v)
	width := 0
	for _, is := range v.Islands {
		width += uvarintLen(is.Strength)
	}
	for _, e := range v.Log {
		width += uvarintLen(e.Sent) + uvarintLen(e.Before) + uvarintLen(e.After)
	}
	return fmt.Sprint(len(v.Log), width)
}

// tronPublic: the rounds played and the moves recorded, one a round for
// each cycle alive at its start.
func tronPublic(view json.RawMessage) string {
	var v struct {
		Round  int
		Cycles []struct{ Died *int }
	}
	json.Unmarshal(view, &v)
	moves := 0
	for _, c := range v.Cycles {
		if c.Died != nil {
			moves += *c.Died
		} else {
			moves += v.Round
		}
	}
	return fmt.Sprint(v.Round, moves)
}
