package rules

// This file holds the agents Tinrail's referee plays with: random,
// adversarial and cautious.

import (
	"fmt"
	"math/rand/v2"
)

// tinrailBad is an action the server must refuse, and the code it must
// refuse it with.
type tinrailBad struct {
	action string
	code   string
}

// tinrailAgent chooses, each turn, the refusals to try and then a
// placement.
type tinrailAgent struct {
	name string
	plan func(w *tinrailWorld, rng *rand.Rand) ([]tinrailBad, tinrailAction)
}

// tinrailAgents are the referee's agents. The random one draws from the
// world's legal actions, which judge has held equal to legalActions.
var tinrailAgents = []tinrailAgent{
	{"random", func(w *tinrailWorld, rng *rand.Rand) ([]tinrailBad, tinrailAction) {
		legal := w.legal()
		return nil, legal[rng.IntN(len(legal))]
	}},
	{"adversarial", tinrailAdversary},
	{"cautious", tinrailCautious},
}

// tinrailInvalid are actions outside the grammar.
var tinrailInvalid = []string{
	`{"type":"place","tileIndex":3,"rotation":0}`,
	`{"type":"place","tileIndex":-1,"rotation":1}`,
	`{"type":"place","tileIndex":0,"rotation":4}`,
	`{"type":"place","tileIndex":1,"rotation":-1}`,
	`{"type":"pass"}`,
	`{"type":"place","tileIndex":0}`,
	`{"type":"place","rotation":2}`,
	`{"type":"rotate","tileIndex":0,"rotation":1}`,
}

// tinrailBeyond is a tileIndex just beyond a shrunken hand, when there is
// one inside the grammar.
func tinrailBeyond(w *tinrailWorld, rng *rand.Rand) []tinrailBad {
	if len(w.hand) >= 3 {
		return nil
	}
	return []tinrailBad{{fmt.Sprintf(`{"type":"place","tileIndex":%d,"rotation":%d}`, len(w.hand), rng.IntN(4)), "illegal_action"}}
}

// tinrailAdversary mixes refusals in and plays for head-on meetings,
// G-Bot's elimination, and positions where many tiles G-Bot may hold would
// bring its engine to face your engine's cell (the one way to a head-on
// meeting on your next turn), then for the table's edge.
func tinrailAdversary(w *tinrailWorld, rng *rand.Rand) ([]tinrailBad, tinrailAction) {
	bad := tinrailBeyond(w, rng)
	if rng.IntN(3) == 0 {
		bad = append(bad, tinrailBad{tinrailInvalid[rng.IntN(len(tinrailInvalid))], "invalid_action"})
	}
	legal := w.legal()
	if rng.IntN(12) == 0 {
		return bad, legal[rng.IntN(len(legal))]
	}
	best, value := legal[0], -1<<30
	for _, a := range legal {
		v := rng.IntN(3)
		sim := w.clone()
		_, headOn := sim.place(0, sim.hand[a.TileIndex], a.Rotation)
		switch {
		case headOn:
			v += 10000
		case sim.out[1] && !sim.out[0]:
			v += 9000
		case sim.out[0]:
			v -= 10000
		default:
			v += 10 * sim.meetings()
			if r, c := sim.at[0].Cell/6, sim.at[0].Cell%6; r == 0 || r == 5 || c == 0 || c == 5 {
				v += 15
			}
		}
		if v > value {
			best, value = a, v
		}
	}
	return bad, best
}

// meetings counts the tiles and rotations, among tiles you have not seen,
// that G-Bot could lay to stay on the table facing your engine's cell.
func (w *tinrailWorld) meetings() int {
	count := 0
	for t := range 35 {
		if w.seen[t] {
			continue
		}
		for r := range 4 {
			sim := w.clone()
			sim.place(1, t, r)
			if !sim.out[0] && !sim.out[1] && sim.at[0].Cell == sim.at[1].Cell {
				count++
			}
		}
	}
	return count
}

// tinrailCautious keeps its engine on the table when it can (a win first),
// then where most new tiles would keep it there, and tries a tileIndex
// beyond its hand once the hand shrinks.
func tinrailCautious(w *tinrailWorld, rng *rand.Rand) ([]tinrailBad, tinrailAction) {
	legal := w.legal()
	best, value := legal[0], -1
	for _, a := range legal {
		sim := w.clone()
		sim.place(0, sim.hand[a.TileIndex], a.Rotation)
		v := rng.IntN(3) + 1000*(3-tinrailFate(sim))
		if !sim.out[0] {
			v += 10 * sim.exits(sim.at[0])
		}
		if v > value {
			best, value = a, v
		}
	}
	return tinrailBeyond(w, rng), best
}

// exits counts the ports of n's cell, other than n's, by which a new tile
// could send an engine at n to rest on the table: across an empty cell's
// edge, or on along the track to an empty cell.
func (w *tinrailWorld) exits(n tinrailNotch) int {
	count := 0
	for q := range 8 {
		next := tinrailNeighbour(n.Cell, q)
		switch {
		case q == n.Port || next < 0:
		case w.board[next] < 0:
			count++
		case !w.ride(tinrailNotch{Cell: next, Port: tinrailAdj[q]}).off:
			count++
		}
	}
	return count
}
