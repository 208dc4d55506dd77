package tinrail_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/agentgames/bundle/engines/rng"
	"github.com/agentgames/bundle/engines/tinrail"
	"github.com/agentgames/bundle/engines/tinrail/gbot"
)

// reply plays G-Bot's placement, chosen by its policy from its seat's view.
func reply(t testing.TB, s *tinrail.State) tinrail.Placement {
	t.Helper()
	v := s.SeatView(tinrail.GBot)
	rs := s.BotStream()
	pl, err := s.Place(gbot.Choose(s.Opponent(), &v, &rs))
	if err != nil {
		t.Fatalf("G-Bot's placement refused: %v", err)
	}
	return pl
}

// TestRandomPlay plays random legal placements against G-Bot and checks,
// after every placement, the invariants of a match: 35 distinct tiles between
// board, hands and pile; engines facing empty cells; counters that add up; a
// stored state that round trips once the player is to move again; a score
// that follows the card.
func TestRandomPlay(t *testing.T) {
	seeds := uint64(400)
	if testing.Short() {
		seeds = 50
	}
	for seed := range seeds {
		opp := tinrail.Opponent(seed % 2)
		s := tinrail.New(seed, opp)
		rs := rng.New(seed, 7)
		for step := 0; !s.Over(); step++ {
			if step >= tinrail.TileCount {
				t.Fatalf("seed %d: match longer than the deck", seed)
			}
			before, mover := s.Placements(), s.Turn()
			var pl tinrail.Placement
			if mover == tinrail.You {
				k := rs.Intn(s.HandLen(tinrail.You) * tinrail.Rotations)
				var err error
				if pl, err = s.Place(k/tinrail.Rotations, k%tinrail.Rotations); err != nil {
					t.Fatalf("seed %d: legal action refused: %v", seed, err)
				}
			} else {
				pl = reply(t, s)
			}
			if s.Placements() != before+1 || pl.Player != mover {
				t.Fatalf("seed %d: placement by %d counted %d -> %d", seed, pl.Player, before, s.Placements())
			}
			if err := s.Check(); err != nil {
				t.Fatalf("seed %d: invariant broken: %v", seed, err)
			}
			if !s.Over() && s.Turn() != mover.Other() {
				t.Fatalf("seed %d: the turn did not pass", seed)
			}
			enc, _ := s.MarshalBinary()
			var back tinrail.State
			err := back.UnmarshalBinary(enc)
			if !s.Over() && s.Turn() == tinrail.GBot {
				if !errors.Is(err, tinrail.ErrBadState) {
					t.Fatalf("seed %d: a state waiting for G-Bot decoded (%v)", seed, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if again, _ := back.MarshalBinary(); !bytes.Equal(enc, again) {
				t.Fatalf("seed %d: encoding does not round-trip", seed)
			}
		}
		if s.Ending() == tinrail.TilesExhausted && s.Placements() != tinrail.TileCount {
			t.Fatalf("seed %d: tiles exhausted after %d placements", seed, s.Placements())
		}
		if s.Score() < 0 || s.Score() > tinrail.MaxScore {
			t.Fatalf("seed %d: score %d", seed, s.Score())
		}
	}
}
