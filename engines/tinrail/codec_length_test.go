package tinrail

import (
	"testing"

	"github.com/agentgames/bundle/engines/rng"
)

// rehide is s with what the player cannot see dealt again from r: the
// tiles of G-Bot's hand and of the pile shuffled together and dealt back
// in the same counts, and another seed. The player's side is untouched.
func rehide(s *State, r *rng.Stream) *State {
	c := s.Clone()
	hidden := append(c.hands[GBot].Tiles(), c.pile...)
	r.Shuffle(len(hidden), func(i, j int) { hidden[i], hidden[j] = hidden[j], hidden[i] })
	n := c.hands[GBot].Len()
	c.hands[GBot] = Hand{}
	for _, t := range hidden[:n] {
		c.hands[GBot].add(t)
	}
	copy(c.pile, hidden[n:])
	c.seed = r.Uint64()
	return c
}

// TestEncodingLengthHidesHands: states that differ only in what the player
// cannot see (G-Bot's hand, the pile's tiles and order, the seed) encode to
// one length. The states come from random matches, after every placement;
// each is compared with twins whose hidden tiles and seed are dealt again.
func TestEncodingLengthHidesHands(t *testing.T) {
	r := rng.New(1, 57)
	for seed := range uint64(100) {
		s := New(seed, Opponent(seed%2))
		for {
			b, _ := s.MarshalBinary()
			for range 4 {
				c := rehide(s, &r)
				if err := c.check(); err != nil {
					t.Fatalf("seed %d: a twin the rules refuse: %v", seed, err)
				}
				if d, _ := c.MarshalBinary(); len(d) != len(b) {
					t.Fatalf("seed %d, %d tiles placed: %d bytes, a twin %d", seed, s.placements, len(b), len(d))
				}
			}
			if s.Over() {
				break
			}
			k := r.Intn(s.hands[s.turn].Len() * Rotations)
			if _, err := s.Place(k/Rotations, k%Rotations); err != nil {
				t.Fatal(err)
			}
		}
	}
}
