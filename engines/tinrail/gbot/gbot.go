// Package gbot holds G-Bot's policies: how Tinrail's second seat chooses its
// placement. They live outside the rules (package tinrail), which never choose
// a placement for anyone.
//
// A policy sees only what G-Bot's seat may know, its tinrail.SeatView: the
// board and both engines, its own hand, the tiles it has not seen (the
// player's hand and the pile, which it cannot tell apart) and how many tiles
// the player holds. It never sees the player's hand or the pile order. Its
// only randomness is the stream it is given, State.BotStream (stream
// 2^32 + tiles placed of the match's seed), so a match replays exactly:
//
//	v := s.SeatView(tinrail.GBot)
//	rs := s.BotStream()
//	i, r := gbot.Choose(s.Opponent(), &v, &rs)
//	s.Place(i, r)
//
// Easy looks one placement ahead and only avoids riding off. Wise searches
// three placements ahead, averaging over the hands the player may hold.
package gbot

import (
	"github.com/agentgames/bundle/engines/rng"
	"github.com/agentgames/bundle/engines/tinrail"
)

// Choose is G-Bot's placement at the given level: Easy for tinrail.Easy, Wise
// for any other level.
func Choose(level tinrail.Opponent, v *tinrail.SeatView, rs *rng.Stream) (tileIndex, rotation int) {
	if level == tinrail.Easy {
		return Easy(v, rs)
	}
	return Wise(v, rs)
}

// option is one placement a side can make from its hand.
type option struct {
	index, rotation int
}

// Easy is G-Bot Easy: a uniformly random placement among those that keep its
// engine on the table (winning ones included, not preferred); when none does,
// among those that draw; when none does, any. Every tile and rotation counts,
// even rotations that lay the same strands. It draws once from rs.
func Easy(v *tinrail.SeatView, rs *rng.Stream) (tileIndex, rotation int) {
	pos, me, hand := v.Position(), v.Seat(), v.Hand()
	var room [tinrail.HandSize * tinrail.Rotations]option
	best := room[:0]
	bestFate := tinrail.FateLoses
	for i := range hand.Len() {
		for r := range tinrail.Rotations {
			p := pos
			p.Place(me, hand.At(i), r)
			f := min(p.Fate(me), tinrail.FateSurvives)
			switch {
			case f > bestFate || len(best) == 0:
				best, bestFate = append(room[:0], option{i, r}), f
			case f == bestFate:
				best = append(best, option{i, r})
			}
		}
	}
	o := best[rs.Intn(len(best))]
	return o.index, o.rotation
}

// options lists the distinct placements of a hand: a rotation that lays the
// same strands as an earlier rotation of the same tile is left out.
func options(h *tinrail.Hand) []option {
	out := make([]option, 0, tinrail.HandSize*tinrail.Rotations)
	for i := range h.Len() {
		t := h.At(i)
		for r := range tinrail.Rotations {
			if !repeatsRotation(t, r) {
				out = append(out, option{i, r})
			}
		}
	}
	return out
}

// repeatsRotation reports whether rotation r of t lays the same strands as a
// smaller rotation of t.
func repeatsRotation(t tinrail.Tile, r int) bool {
	m := t.At(r)
	for earlier := range r {
		if t.At(earlier) == m {
			return true
		}
	}
	return false
}
