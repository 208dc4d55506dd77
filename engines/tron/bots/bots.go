// Package bots holds Tron's bots: policies outside the rules that choose a
// cycle's direction from the board alone, as the arena shows it. The same
// policies play the stateless game, answer the arena protocol and run in
// the arena.
//
//   - safe: a random direction among those that do not die at once (a free
//     target cell), any direction when none is safe; the random-safe
//     baseline.
//   - easy: the arena's better sample bot: the direction with the longest
//     run of free cells in a straight line, ties in the order x+, x-, y+,
//     y-. It draws nothing: predictable by design, as the sample is.
//   - wise: a territory search (Wise). The bots of a match play WiseMixed,
//     which draws among its near-ties from the stream, so that a sealed
//     seed keeps their moves unforeseen; the bot endpoint, with no match
//     to draw from, plays WiseMixed drawing from the board's own stream
//     (BoardStream). Wise, which plays the first best move and draws
//     nothing, is the deterministic wise the tests' callers play.
package bots

import (
	"github.com/agentgames/bundle/engines/rng"
	"github.com/agentgames/bundle/engines/tron"
)

// Policy chooses the direction of cycle p.
type Policy func(s *tron.State, p int, rs *rng.Stream) tron.Dir

// Safe is a random direction that does not die at once.
func Safe(s *tron.State, p int, rs *rng.Stream) tron.Dir {
	h := s.Head(p)
	var ok []tron.Dir
	for d := range tron.Dir(4) {
		if x, y := tron.Step(h.X, h.Y, d); s.Free(x, y) {
			ok = append(ok, d)
		}
	}
	if len(ok) == 0 {
		return tron.Dir(rs.Intn(4))
	}
	return ok[rs.Intn(len(ok))]
}

// Easy takes the longest free straight run, ties in the arena's order.
func Easy(s *tron.State, p int, _ *rng.Stream) tron.Dir {
	h := s.Head(p)
	best, run := tron.XPlus, -1
	for d := range tron.Dir(4) {
		n := 0
		for x, y := tron.Step(h.X, h.Y, d); s.Free(x, y); x, y = tron.Step(x, y, d) {
			n++
		}
		if n > run {
			best, run = d, n
		}
	}
	return best
}
