package tron_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"slices"
	"testing"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/conformance/conformancetest"
	"github.com/agentgames/bundle/engines/rng"
	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/engines/tron/bots"
	"github.com/agentgames/bundle/games/tron"
)

var update = flag.Bool("update", false, "rewrite golden/tron from the current implementation")

const goldenDir = "../../golden/tron"

// goldenCase is one golden match: a seed, the grid, the bots, the policy
// that drives the caller's cycle, and what the match shows.
type goldenCase struct {
	seed          uint64
	players, side int
	opponent      string
	caller        string // easy, safe or wise
	refusals      bool
	full          bool
	covers        []string
}

func (c goldenCase) name() string {
	return fmt.Sprintf("p%d-%dx%d-%s-seed%03d-%s", c.players, c.side, c.side, c.opponent, c.seed, c.caller)
}

var callers = map[string]bots.Policy{"easy": bots.Easy, "safe": bots.Safe, "wise": bots.Wise}

// TestGolden plays every golden case through the play core in process and
// compares each with its file in golden/tron; -update rewrites them.
func TestGolden(t *testing.T) {
	t.Parallel()
	ref := conformancetest.Reference(t)
	seen := map[string]bool{}
	for _, c := range goldenCases {
		gc := conformance.Case{Game: "tron", Name: c.name(), Full: c.full,
			Query: map[string]string{"seed": fmt.Sprint(c.seed), "players": fmt.Sprint(c.players),
				"width": fmt.Sprint(c.side), "height": fmt.Sprint(c.side), "opponent": c.opponent}}
		conformancetest.Check(t, ref, goldenDir, &gc, policy(t, c), covers, *update)
		for _, want := range c.covers {
			if !slices.Contains(gc.Covers, want) {
				t.Errorf("%s claims %s but shows %v", gc.Name, want, gc.Covers)
			}
		}
		for _, cv := range gc.Covers {
			seen[cv] = true
		}
	}
	conformancetest.Require(t, seen, "wall", "trail", "same_cell", "erased_reused", "win", "loss", "side_100",
		"players_2", "players_3", "players_4", "refusal:invalid_action", "refusal:game_over")
}

// covers names what a match shows: how cycles crashed (into a wall, into
// a trail, or two into one cell), a cell of an erased trail taken again,
// the caller's outcome, the count of cycles, a full grid, and refusals.
func covers(answers []json.RawMessage) []string {
	var out []string
	add := func(c string) {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	var prev *tron.View
	erased := map[[2]int]bool{}
	for _, answer := range answers {
		var a struct {
			OK     bool
			Code   string
			Result *tron.Result
			View   tron.View
			Events []tron.RoundEvent
		}
		json.Unmarshal(answer, &a)
		if !a.OK {
			add("refusal:" + a.Code)
			continue
		}
		v := a.View
		add(fmt.Sprintf("players_%d", v.Players))
		if v.Width == engine.MaxSide && v.Height == engine.MaxSide {
			add("side_100")
		}
		if prev != nil {
			for _, e := range a.Events {
				targets := map[[2]int]int{}
				for p, m := range e.Moves {
					if m != nil && prev.Cycles[p].Head != nil {
						d, _ := engine.ParseDir(*m)
						x, y := engine.Step(prev.Cycles[p].Head[0], prev.Cycles[p].Head[1], d)
						targets[[2]int{x, y}]++
					}
				}
				for _, p := range e.Died {
					d, _ := engine.ParseDir(*e.Moves[p])
					x, y := engine.Step(prev.Cycles[p].Head[0], prev.Cycles[p].Head[1], d)
					switch {
					case x < 0 || y < 0 || x >= v.Width || y >= v.Height:
						add("wall")
					case targets[[2]int{x, y}] > 1:
						add("same_cell")
					default:
						add("trail")
					}
					for _, c := range prev.Board[p] {
						erased[c] = true
					}
				}
			}
			for p, trail := range v.Board {
				if v.Cycles[p].Alive && len(trail) > 0 && erased[trail[0]] {
					add("erased_reused")
				}
			}
		}
		if a.Result != nil {
			add(a.Result.Outcome)
		}
		prev = &v
	}
	return out
}

// policy drives the caller's cycle with a bot's policy, following the
// match in its own engine from its own moves and the rounds the events
// report. With refusals it first sends an unknown direction, an unknown
// type and an extra field, and one more move after the end.
func policy(t testing.TB, c goldenCase) conformancetest.Policy {
	s, err := engine.New(c.seed, c.side, c.side, c.players)
	if err != nil {
		t.Fatal(err)
	}
	choose := callers[c.caller]
	script := []string{}
	if c.refusals {
		script = []string{`{"type":"move","dir":"z+"}`, `{"type":"turn","dir":"x+"}`, `{"type":"move","dir":"x+","speed":2}`}
	}
	sentAfter := false
	return func(step int, a *client.Answer) (json.RawMessage, bool) {
		if a.OK && step > 0 {
			var env struct {
				Events []tron.RoundEvent `json:"events"`
			}
			json.Unmarshal(a.Body, &env)
			for _, e := range env.Events {
				var moves [engine.MaxPlayers]engine.Dir
				for p, m := range e.Moves {
					if m != nil {
						moves[p], _ = engine.ParseDir(*m)
					}
				}
				s.Play(moves)
			}
		}
		if a.GameOver {
			if c.refusals && !sentAfter {
				sentAfter = true
				return json.RawMessage(`{"type":"move","dir":"x+"}`), false
			}
			return nil, true
		}
		if len(script) > 0 {
			next := script[0]
			script = script[1:]
			return json.RawMessage(next), false
		}
		rs := rng.New(c.seed, 99+uint64(s.Round()))
		return json.RawMessage(`{"type":"move","dir":"` + choose(s, 0, &rs).String() + `"}`), false
	}
}

// TestGoldenFilesAreAllCases: no stray golden file outlives its case.
func TestGoldenFilesAreAllCases(t *testing.T) {
	t.Parallel()
	var names []string
	for _, c := range goldenCases {
		names = append(names, c.name())
	}
	if err := conformancetest.CheckCases(goldenDir, names); err != nil {
		t.Error(err)
	}
}
