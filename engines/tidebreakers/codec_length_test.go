package tidebreakers

import (
	"bytes"
	"testing"

	"github.com/agentgames/bundle/engines/rng"
)

// lengthSeeds span the seed's range, through the edges of a uvarint's
// widths; each starts a search for a twin (the seed xor 0, 1, 2, ...).
var lengthSeeds = []uint64{0, 1, 127, 128, 1<<48 - 1, 1 << 49, 1<<53 - 1, 1 << 63, 1<<64 - 1}

// twins are matches of players captains whose seeds differ, one near each
// of lengthSeeds, and which all draw opener: the same public match.
func twins(t *testing.T, players, opener int) []*State {
	t.Helper()
	var out []*State
	for _, seed := range lengthSeeds {
		for k := uint64(0); ; k++ {
			s, err := New(seed^k, players)
			if err != nil {
				t.Fatal(err)
			}
			if s.opener == opener {
				out = append(out, s)
				break
			}
		}
	}
	return out
}

// TestEncodingLengthHidesSeed: matches that differ only in their seed, the
// one hidden value of a match, encode to one length, and to the bytes of
// the first twin given their seed. The twins are seeds from the whole
// range that draw the same opener, played to the end by the same random
// actions.
func TestEncodingLengthHidesSeed(t *testing.T) {
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for opener := range players {
			ms := twins(t, players, opener)
			r := rng.New(uint64(10*players+opener), 53)
			for step := 0; ; step++ {
				want := encode(t, ms[0])
				for _, s := range ms[1:] {
					b := encode(t, s)
					if len(b) != len(want) {
						t.Fatalf("%d captains, opener %d, step %d: seed %d encodes to %d bytes, seed %d to %d",
							players, opener, step, s.seed, len(b), ms[0].seed, len(want))
					}
					reseeded := ms[0].Clone()
					reseeded.seed = s.seed
					if !bytes.Equal(encode(t, reseeded), b) {
						t.Fatalf("%d captains, opener %d, step %d: seed %d's twin encodes otherwise", players, opener, step, s.seed)
					}
				}
				if ms[0].Over() {
					break
				}
				a := randomAction(ms[0], &r)
				for _, s := range ms {
					apply(t, s, s.turn, a)
				}
			}
		}
	}
}
