package tinrail

// This file holds the agents Tinrail's referee plays with: random,
// adversarial and cautious.

import (
	"fmt"
	"math/rand/v2"
)

// refusal is an action the server must refuse, and the code it must
// refuse it with.
type refusal struct {
	action string
	code   string
}

// agent chooses, each turn, the refusals to try and then a
// placement.
type agent struct {
	name string
	plan func(w *world, rng *rand.Rand) ([]refusal, action)
}

// agents are the referee's agents. The random one draws from the
// world's legal actions, which judge has held equal to legalActions.
var agents = []agent{
	{"random", func(w *world, rng *rand.Rand) ([]refusal, action) {
		legal := w.legal()
		return nil, legal[rng.IntN(len(legal))]
	}},
	{"adversarial", adversary},
	{"cautious", cautious},
}

// invalid are actions outside the grammar.
var invalid = []string{
	`{"type":"place","tileIndex":3,"rotation":0}`,
	`{"type":"place","tileIndex":-1,"rotation":1}`,
	`{"type":"place","tileIndex":0,"rotation":4}`,
	`{"type":"place","tileIndex":1,"rotation":-1}`,
	`{"type":"pass"}`,
	`{"type":"place","tileIndex":0}`,
	`{"type":"place","rotation":2}`,
	`{"type":"rotate","tileIndex":0,"rotation":1}`,
}

// beyond is a tileIndex just beyond a shrunken hand, when there is
// one inside the grammar.
func beyond(w *world, rng *rand.Rand) []refusal {
	if len(w.hand) >= 3 {
		return nil
	}
	return []refusal{{fmt.Sprintf(`{"type":"place","tileIndex":%d,"rotation":%d}`, len(w.hand), rng.IntN(4)), "illegal_action"}}
}

// adversary mixes refusals in and plays for head-on meetings,
// G-Bot's elimination, and positions where many tiles G-Bot may hold would
// bring its engine to face your engine's cell (the one way to a head-on
// meeting on your next turn), then for the table's edge.
func adversary(w *world, rng *rand.Rand) ([]refusal, action) {
	bad := beyond(w, rng)
	if rng.IntN(3) == 0 {
		bad = append(bad, refusal{invalid[rng.IntN(len(invalid))], "invalid_action"})
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
func (w *world) meetings() int {
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

// cautious keeps its engine on the table when it can (a win first),
// then where most new tiles would keep it there, and tries a tileIndex
// beyond its hand once the hand shrinks.
func cautious(w *world, rng *rand.Rand) ([]refusal, action) {
	legal := w.legal()
	best, value := legal[0], -1
	for _, a := range legal {
		sim := w.clone()
		sim.place(0, sim.hand[a.TileIndex], a.Rotation)
		v := rng.IntN(3) + 1000*(3-fate(sim))
		if !sim.out[0] {
			v += 10 * sim.exits(sim.at[0])
		}
		if v > value {
			best, value = a, v
		}
	}
	return beyond(w, rng), best
}

// exits counts the ports of n's cell, other than n's, by which a new tile
// could send an engine at n to rest on the table: across an empty cell's
// edge, or on along the track to an empty cell.
func (w *world) exits(n notch) int {
	count := 0
	for q := range 8 {
		next := neighbour(n.Cell, q)
		switch {
		case q == n.Port || next < 0:
		case w.board[next] < 0:
			count++
		case !w.ride(notch{Cell: next, Port: across[q]}).off:
			count++
		}
	}
	return count
}
