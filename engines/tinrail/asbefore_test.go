package tinrail_test

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"testing"

	"github.com/agentgames/bundle/engines/rng"
	"github.com/agentgames/bundle/engines/tinrail"
)

// firstNotLosing is the fixed player of the regression trace: the first
// placement, in hand order then rotation order, whose Preview is not Loss;
// else tile 0 at rotation 0.
func firstNotLosing(s *tinrail.State) (int, int) {
	for i := range s.HandLen(tinrail.You) {
		for r := range tinrail.Rotations {
			if s.Preview(i, r) != tinrail.Loss {
				return i, r
			}
		}
	}
	return 0, 0
}

// anyNotLosing is the random player of the regression trace: a uniformly
// random placement among those whose Preview is not Loss, else any, drawn
// from rs.
func anyNotLosing(s *tinrail.State, rs *rng.Stream) (int, int) {
	var ok [][2]int
	n := s.HandLen(tinrail.You)
	for i := range n {
		for r := range tinrail.Rotations {
			if s.Preview(i, r) != tinrail.Loss {
				ok = append(ok, [2]int{i, r})
			}
		}
	}
	if len(ok) == 0 {
		k := rs.Intn(n * tinrail.Rotations)
		return k / tinrail.Rotations, k % tinrail.Rotations
	}
	o := ok[rs.Intn(len(ok))]
	return o[0], o[1]
}

// traceMatch plays seed against opp, the player choosing with firstNotLosing
// or, when random, anyNotLosing, and writes every placement and the final
// outcome to h.
func traceMatch(t *testing.T, h hash.Hash, seed uint64, opp tinrail.Opponent, random bool) {
	s := tinrail.New(seed, opp)
	rs := rng.New(seed, 99)
	w := func(vs ...int) {
		for _, v := range vs {
			h.Write(binary.LittleEndian.AppendUint32(nil, uint32(int32(v))))
		}
	}
	w(int(seed), int(opp))
	for !s.Over() {
		var pl tinrail.Placement
		if s.Turn() == tinrail.You {
			i, r := firstNotLosing(s)
			if random {
				i, r = anyNotLosing(s, &rs)
			}
			var err error
			if pl, err = s.Place(i, r); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		} else {
			pl = reply(t, s)
		}
		w(int(pl.Player), int(pl.Tile), pl.Rotation, pl.Cell, b2i(pl.HeadOn), len(pl.Rides))
		for k, rd := range pl.Rides {
			w(int(pl.Riders[k]), b2i(rd.Off), rd.To.Cell, rd.To.Port, rd.Tiles)
		}
	}
	w(-1, int(s.Result()), int(s.Ending()), s.Placements(), s.TilesSurvived(), s.Score())
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Fingerprints of the traces of seeds 0..299 against Easy, then 0..299
// against Wise. They were obtained by running this same test (trace format,
// players and seeds unchanged) on the engine before G-Bot left the rules, at
// commit 200e0e1, when (*State).Play applied the player's placement and
// G-Bot's reply chosen inside the engine: the loop body was
// `pls, err := s.Play(i, r)` writing each placement of pls. They pin every
// placement G-Bot makes, so any change to its policies, its view or its
// random stream shows up here.
const (
	fingerprintFirstNotLosing = "86864baeef712909642db4b0b3e07d13ff144681ee609a6b0a71b47f0a42b2d4"
	fingerprintAnyNotLosing   = "2615af45ef6162feb8cb6ab691a79e0c37607bc765d8b516c5a79aec2cd59b3f"
)

// TestGBotPlaysAsBefore: for every seed 0..299 and both levels, G-Bot, now a
// policy outside the rules choosing from its SeatView and BotStream, makes
// exactly the placements it made when the engine chose them itself.
func TestGBotPlaysAsBefore(t *testing.T) {
	for _, tt := range []struct {
		name   string
		random bool
		want   string
	}{
		{"first not losing", false, fingerprintFirstNotLosing},
		{"any not losing", true, fingerprintAnyNotLosing},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := sha256.New()
			for _, opp := range []tinrail.Opponent{tinrail.Easy, tinrail.Wise} {
				for seed := range uint64(300) {
					traceMatch(t, h, seed, opp, tt.random)
				}
			}
			if got := hex.EncodeToString(h.Sum(nil)); got != tt.want {
				t.Errorf("fingerprint %s, want %s: G-Bot no longer plays as before", got, tt.want)
			}
		})
	}
}
