package tinrail

import "github.com/agentgames/bundle/engines/rng"

// view is what G-Bot may know when it moves: the board and both engines, its
// own hand, the tiles it has not seen (the player's hand and the pile, which
// it cannot tell apart) and how many tiles the player holds. It never holds
// the player's hand or the pile order.
type view struct {
	pos       position
	me        Player
	hand      Hand
	unseen    []Tile
	theirHand int
}

// viewFor builds the view of side p.
func (s *State) viewFor(p Player) view {
	v := view{pos: s.pos, me: p, hand: s.hands[p], theirHand: s.hands[p.Other()].Len()}
	var known [TileCount]bool
	for c := range Cells {
		if pl, ok := s.pos.board.At(c); ok {
			known[pl.Tile] = true
		}
	}
	for i := range v.hand.Len() {
		known[v.hand.At(i)] = true
	}
	for t := range Tile(TileCount) {
		if !known[t] {
			v.unseen = append(v.unseen, t)
		}
	}
	return v
}

// option is one placement a side can make from its hand.
type option struct {
	index, rotation int
}

// options lists the distinct placements of a hand: a rotation that lays the
// same strands as an earlier rotation of the same tile is left out.
func options(h *Hand) []option {
	out := make([]option, 0, HandSize*Rotations)
	for i := range h.Len() {
		t := h.At(i)
		for r := range Rotations {
			if !repeatsRotation(t, r) {
				out = append(out, option{i, r})
			}
		}
	}
	return out
}

// repeatsRotation reports whether rotation r of t lays the same strands as a
// smaller rotation of t.
func repeatsRotation(t Tile, r int) bool {
	m := t.At(r)
	for earlier := range r {
		if t.At(earlier) == m {
			return true
		}
	}
	return false
}

// fate is what a placement does to the side that makes it.
type fate uint8

const (
	fateLoses fate = iota
	fateDraws
	fateSurvives
	fateWins
)

// fateOf is the outcome for side me once a position has settled.
func fateOf(p *position, me Player) fate {
	switch {
	case p.out[me] && p.out[me.Other()]:
		return fateDraws
	case p.out[me]:
		return fateLoses
	case p.out[me.Other()]:
		return fateWins
	}
	return fateSurvives
}

// gbotChoice picks G-Bot's placement from its fair view, with the random
// stream of this turn.
func (s *State) gbotChoice() (index, rotation int) {
	v := s.viewFor(GBot)
	rs := rng.New(s.seed, streamGBotBase+uint64(s.placements))
	var o option
	if s.opponent == Easy {
		o = easyChoice(&v, &rs)
	} else {
		o = wiseChoice(&v, &rs)
	}
	return o.index, o.rotation
}

// easyChoice is G-Bot Easy: a uniformly random placement among those that
// keep its engine on the table (winning ones included, not preferred); when
// none does, among those that draw; when none does, any.
func easyChoice(v *view, rs *rng.Stream) option {
	var best []option
	bestFate := fateLoses
	for i := range v.hand.Len() {
		for r := range Rotations {
			p := v.pos
			var rides [2]Ride
			p.place(v.me, v.hand.At(i), r, &rides)
			f := min(fateOf(&p, v.me), fateSurvives)
			switch {
			case f > bestFate || best == nil:
				best, bestFate = []option{{i, r}}, f
			case f == bestFate:
				best = append(best, option{i, r})
			}
		}
	}
	return best[rs.Intn(len(best))]
}
