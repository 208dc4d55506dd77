package bots_test

import (
	"testing"

	"github.com/agentgames/bundle/engines/rng"
	"github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/engines/tron/bots"
)

// crowded is an open 100x100 grid whose cycles' heads stand in the middle
// a few cells apart, the most the search looks at: every rival can meet
// cycle 0 within its horizon, the nearest two answering each move.
func crowded(b *testing.B, players int) *tron.State {
	heads := [][]tron.Cell{{{X: 50, Y: 50}}, {{X: 52, Y: 50}}, {{X: 50, Y: 52}}, {{X: 48, Y: 50}}}
	s, err := tron.FromBoard(100, 100, heads[:players])
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// BenchmarkWiseDuel100 times one Wise move on an open 100x100 grid, the
// rival's head two cells away.
func BenchmarkWiseDuel100(b *testing.B) { benchWise(b, 2) }

// BenchmarkWiseCrowd100 is BenchmarkWiseDuel100 with four cycles, three
// heads around cycle 0's.
func BenchmarkWiseCrowd100(b *testing.B) { benchWise(b, 4) }

func benchWise(b *testing.B, players int) {
	s := crowded(b, players)
	rs := rng.New(1, 1)
	for b.Loop() {
		bots.Wise(s, 0, &rs)
	}
}
