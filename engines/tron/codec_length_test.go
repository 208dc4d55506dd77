package tron

import (
	"bytes"
	"testing"

	"github.com/agentgames/bundle/engines/rng"
)

// lengthSeeds span the seed's range, through the edges of a uvarint's
// widths; each starts a search for a twin (the seed xor 0, 1, 2, ...).
var lengthSeeds = []uint64{0, 1, 127, 128, 1<<48 - 1, 1 << 49, 1<<53 - 1, 1 << 63, 1<<64 - 1}

// twins are fresh matches on a 5x5 grid whose seeds differ, one near each
// of lengthSeeds, and whose cycles all start where the first one's do:
// the same public match.
func twins(t *testing.T, players int) []*State {
	t.Helper()
	var out []*State
	for _, seed := range lengthSeeds {
		for k := uint64(0); ; k++ {
			s, err := New(seed^k, 5, 5, players)
			if err != nil {
				t.Fatal(err)
			}
			if len(out) == 0 || s.heads == out[0].heads {
				out = append(out, s)
				break
			}
		}
	}
	return out
}

// TestEncodingLengthHidesSeed: matches that differ only in their seed, the
// one hidden value of a match (it draws the start cells, shown, and the
// bots' choices), encode to one length, and to the bytes of the first twin
// given their seed. The twins are seeds from the whole range that draw the
// same start cells, played to the end by the same random free moves.
func TestEncodingLengthHidesSeed(t *testing.T) {
	for players := MinPlayers; players <= MaxPlayers; players++ {
		ms := twins(t, players)
		r := rng.New(uint64(players), 54)
		for {
			want := encode(t, ms[0])
			for _, s := range ms[1:] {
				b := encode(t, s)
				if len(b) != len(want) {
					t.Fatalf("%d players, round %d: seed %d encodes to %d bytes, seed %d to %d",
						players, s.round, s.seed, len(b), ms[0].seed, len(want))
				}
				reseeded := *ms[0]
				reseeded.seed = s.seed
				if !bytes.Equal(encode(t, &reseeded), b) {
					t.Fatalf("%d players, round %d: seed %d's twin encodes otherwise", players, s.round, s.seed)
				}
			}
			if ms[0].Over() {
				break
			}
			var moves [MaxPlayers]Dir
			for p := range players {
				if ms[0].alive[p] {
					moves[p] = freeDir(ms[0], ms[0].heads[p], &r)
				}
			}
			for _, s := range ms {
				s.Play(moves)
			}
		}
	}
}

// freeDir is a random direction from c to a free cell, or any when none is.
func freeDir(s *State, c Cell, r *rng.Stream) Dir {
	var free []Dir
	for d := range Dir(4) {
		if x, y := Step(c.X, c.Y, d); s.Free(x, y) {
			free = append(free, d)
		}
	}
	if len(free) == 0 {
		return Dir(r.Intn(4))
	}
	return free[r.Intn(len(free))]
}
