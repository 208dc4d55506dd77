package gbot

import (
	"testing"

	"github.com/agentgames/bundle/engines/rng"
	"github.com/agentgames/bundle/engines/tinrail"
)

// TestEasyIsNotSuicidal: whenever G-Bot Easy holds a placement that keeps
// its engine on the table, it plays one.
func TestEasyIsNotSuicidal(t *testing.T) {
	checked := 0
	for seed := range uint64(300) {
		s := tinrail.New(seed, tinrail.Easy)
		rs := rng.New(seed, 7)
		for !s.Over() {
			if s.Turn() == tinrail.You {
				v := s.SeatView(tinrail.You)
				i, r := randomAgent(&v, &rs)
				place(s, i, r)
				continue
			}
			v := s.SeatView(tinrail.GBot)
			safe := safeExists(&v)
			reply(s)
			if _, on := s.Engine(tinrail.GBot); safe && !on {
				t.Fatalf("seed %d: Easy rode off with a safe placement in hand", seed)
			}
			if safe {
				checked++
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d positions checked", checked)
	}
}

func safeExists(v *tinrail.SeatView) bool {
	hand := v.Hand()
	for _, o := range options(&hand) {
		p := v.Position()
		p.Place(v.Seat(), hand.At(o.index), o.rotation)
		if !p.Out(v.Seat()) {
			return true
		}
	}
	return false
}

// TestPoliciesChooseFromTheView: at every level, G-Bot's choice is a legal
// placement of its own hand, leaves the view it was given as it was, draws
// only from the stream it was given, and is the same for the same view and
// stream.
func TestPoliciesChooseFromTheView(t *testing.T) {
	for _, opp := range []tinrail.Opponent{tinrail.Easy, tinrail.Wise} {
		for seed := range uint64(20) {
			s := tinrail.New(seed, opp)
			rs := rng.New(seed, 5)
			for !s.Over() {
				if s.Turn() == tinrail.You {
					v := s.SeatView(tinrail.You)
					i, r := randomAgent(&v, &rs)
					place(s, i, r)
					continue
				}
				v := s.SeatView(tinrail.GBot)
				before := v
				a, b := s.BotStream(), s.BotStream()
				i, r := Choose(opp, &v, &a)
				if v != before {
					t.Fatalf("%d seed %d: the policy changed its view", opp, seed)
				}
				j, q := Choose(opp, &v, &b)
				if i != j || r != q || a.State() != b.State() {
					t.Fatalf("%d seed %d: the same view and stream chose differently", opp, seed)
				}
				if hand := v.Hand(); i < 0 || i >= hand.Len() || r < 0 || r >= tinrail.Rotations {
					t.Fatalf("%d seed %d: choice %d, %d is not a placement of a hand of %d", opp, seed, i, r, hand.Len())
				}
				var ei, er int
				e := s.BotStream()
				if opp == tinrail.Easy {
					ei, er = Easy(&v, &e)
				} else {
					ei, er = Wise(&v, &e)
				}
				if ei != i || er != r {
					t.Fatalf("%d seed %d: Choose does not pick the level's policy", opp, seed)
				}
				place(s, i, r)
			}
		}
	}
}

func TestOptionsSkipRepeatedRotations(t *testing.T) {
	for id := range tinrail.Tile(tinrail.TileCount) {
		distinct := map[tinrail.Matching]bool{}
		kept := 0
		for r := range tinrail.Rotations {
			distinct[id.At(r)] = true
			if !repeatsRotation(id, r) {
				kept++
			}
		}
		if kept != len(distinct) || repeatsRotation(id, 0) {
			t.Fatalf("tile %d: %d rotations kept, %d distinct", id, kept, len(distinct))
		}
	}
}
