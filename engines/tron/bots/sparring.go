package bots

import (
	"github.com/agentgames/bundle/engines/rng"
	"github.com/agentgames/bundle/engines/tron"
)

// First takes the first direction, in the arena's order x+, x-, y+, y-,
// whose target cell is free, and x+ when none is. It draws nothing. It is a
// sparring partner for tests and ladders, not a bot any match serves: it
// fills a region row by row without looking ahead, so it survives long and
// meets its rival head-on late in a match.
func First(s *tron.State, p int, _ *rng.Stream) tron.Dir {
	h := s.Head(p)
	for d := range tron.Dir(4) {
		if x, y := tron.Step(h.X, h.Y, d); s.Free(x, y) {
			return d
		}
	}
	return tron.XPlus
}
