package tron

import (
	"context"
	"errors"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/rules"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestTronRefereePassesAndCovers plays every Tron check of the default
// seeds against the real server: all pass, and together they provoke every
// kind of crash the rules name, every outcome, both refusals and both
// bots' moves, so no rule is judged vacuously.
func TestTronRefereePassesAndCovers(t *testing.T) {
	target := check.HandlerTarget(testserver.New(t))
	total := map[string]int{}
	start := time.Now()
	for i := range rules.DefaultSeeds {
		for _, adversarial := range []bool{false, true} {
			stats, err := play(context.Background(), target, i, adversarial)
			if err != nil {
				t.Fatalf("the real server fails: %v", err)
			}
			for k, n := range stats {
				total[k] += n
			}
		}
	}
	t.Logf("%d matches in %v: %v", 2*rules.DefaultSeeds, time.Since(start), total)
	for _, k := range []string{"wall crash", "reversal crash", "own trail crash", "trail crash", "head-on crash",
		"agent crash", "bot crash", "cell reused after erasure", "win", "draw", "loss",
		"refusal invalid_action", "refusal game_over", "easy move", "wise move"} {
		if total[k] == 0 {
			t.Errorf("no %q in %d seeds: the referee does not exercise it (seen: %v)", k, rules.DefaultSeeds, slices.Sorted(maps.Keys(total)))
		}
	}
}

// TestTronResolve: the referee's own reading of a round, on boards drawn
// by hand.
func TestTronResolve(t *testing.T) {
	for _, tc := range []struct {
		name  string
		board [][]Cell
		moves []string
		fate  []string
	}{
		{"a wall", [][]Cell{{{0, 2}}, {{3, 3}}}, []string{"x-", "y-"}, []string{"wall crash", ""}},
		{"turning back", [][]Cell{{{2, 2}, {1, 2}}, {{3, 4}}}, []string{"x-", "x+"}, []string{"reversal crash", ""}},
		{"one cell, two heads", [][]Cell{{{1, 1}}, {{3, 1}}, {{4, 4}}}, []string{"x+", "x-", "y-"}, []string{"head-on crash", "head-on crash", ""}},
		{"a swap", [][]Cell{{{1, 1}}, {{2, 1}}}, []string{"x+", "x-"}, []string{"swap crash", "swap crash"}},
		{"a head that moves on is still taken", [][]Cell{{{1, 1}}, {{2, 1}}}, []string{"x+", "x+"}, []string{"head crash", ""}},
		{"a crashing trail still blocks its round", [][]Cell{{{2, 2}}, {{3, 0}, {3, 1}, {3, 2}}}, []string{"x+", "y-"}, []string{"trail crash", "wall crash"}},
		{"three into one cell", [][]Cell{{{1, 2}}, {{3, 2}}, {{2, 3}}, {}}, []string{"x+", "x-", "y-", ""}, []string{"head-on crash", "head-on crash", "head-on crash", ""}},
		{"no move: out, its trail still taken", [][]Cell{{{1, 1}}, {{2, 1}}}, []string{"", "x-"}, []string{"no move", "head crash"}},
		{"no move: out, entering no cell", [][]Cell{{{2, 2}}, {{3, 1}}}, []string{"", "x-"}, []string{"no move", ""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if fate, _ := Resolve(tc.board, tc.moves, 5, 5); !slices.Equal(fate, tc.fate) {
				t.Errorf("fates %q, want %q", fate, tc.fate)
			}
		})
	}
}

// TestLiveHeadOn: the live head-on check passes against the real server,
// and is skipped, saying why, against one without live Tron matches.
func TestLiveHeadOn(t *testing.T) {
	c := liveHeadOn()
	if err := c.Run(context.Background(), check.HandlerTarget(testserver.WithLive(t, nil))); err != nil {
		t.Errorf("the real server fails: %v", err)
	}
	var skip *check.Skip
	if err := c.Run(context.Background(), check.HandlerTarget(testserver.New(t))); !errors.As(err, &skip) {
		t.Errorf("without live Tron: %v, want a skip", err)
	}
}
