package tinrail

import (
	"bytes"
	"testing"

	"github.com/agentgames/bundle/engines/rng"
)

// TestRandomPlay plays random legal matches and checks, after every action,
// the invariants of a match: 35 distinct tiles between board, hands and pile;
// engines facing empty cells; counters that add up; an encoding that round
// trips; a score that follows the card.
func TestRandomPlay(t *testing.T) {
	seeds := uint64(400)
	if testing.Short() {
		seeds = 50
	}
	for seed := range seeds {
		opp := Opponent(seed % 2)
		s := New(seed, opp)
		rs := rng.New(seed, 7)
		for step := 0; !s.Over(); step++ {
			if step > TileCount {
				t.Fatalf("seed %d: match longer than the deck", seed)
			}
			before := s.Placements()
			v := s.viewFor(You)
			o := randomAgent(&v, &rs)
			turns, err := s.Play(o.index, o.rotation)
			if err != nil {
				t.Fatalf("seed %d: legal action refused: %v", seed, err)
			}
			if got := s.Placements() - before; got != len(turns) || got < 1 || got > 2 {
				t.Fatalf("seed %d: %d turns but %d placements", seed, len(turns), got)
			}
			if err := s.check(); err != nil {
				t.Fatalf("seed %d: invariant broken: %v", seed, err)
			}
			if !s.Over() && s.Turn() != You {
				t.Fatalf("seed %d: an open match must wait for you", seed)
			}
			enc, _ := s.MarshalBinary()
			var back State
			if err := back.UnmarshalBinary(enc); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if again, _ := back.MarshalBinary(); !bytes.Equal(enc, again) {
				t.Fatalf("seed %d: encoding does not round-trip", seed)
			}
		}
		if s.Ending() == TilesExhausted && s.Placements() != TileCount {
			t.Fatalf("seed %d: tiles exhausted after %d placements", seed, s.Placements())
		}
		if s.Score() < 0 || s.Score() > MaxScore {
			t.Fatalf("seed %d: score %d", seed, s.Score())
		}
	}
}

// TestEasyIsNotSuicidal: whenever G-Bot Easy holds a placement that keeps
// its engine on the table, it plays one.
func TestEasyIsNotSuicidal(t *testing.T) {
	checked := 0
	for seed := range uint64(300) {
		s := New(seed, Easy)
		rs := rng.New(seed, 7)
		for !s.Over() {
			v := s.viewFor(You)
			o := randomAgent(&v, &rs)
			c := s.Clone()
			c.apply(o.index, o.rotation)
			if !c.Over() {
				bv := c.viewFor(GBot)
				if safeExists(&bv) {
					i, r := c.gbotChoice()
					c.apply(i, r)
					if c.pos.out[GBot] {
						t.Fatalf("seed %d: Easy rode off with a safe placement in hand", seed)
					}
					checked++
				}
			}
			s.Play(o.index, o.rotation)
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d positions checked", checked)
	}
}

func safeExists(v *view) bool {
	for _, o := range options(&v.hand) {
		p := v.pos
		var rides [2]Ride
		p.place(v.me, v.hand.At(o.index), o.rotation, &rides)
		if !p.out[v.me] {
			return true
		}
	}
	return false
}

// TestGBotPlaysFair: G-Bot's choice depends on what it may see only.
// Dealing the player's hand and the pile differently from the same unseen
// tiles never changes its placement.
func TestGBotPlaysFair(t *testing.T) {
	for _, opp := range []Opponent{Easy, Wise} {
		for seed := range uint64(40) {
			s := New(seed, opp)
			rs := rng.New(seed, 3)
			for !s.Over() {
				v := s.viewFor(You)
				o := randomAgent(&v, &rs)
				c := s.Clone()
				c.apply(o.index, o.rotation)
				if !c.Over() {
					i, r := c.gbotChoice()
					for k := range uint64(3) {
						shuffled := c.Clone()
						hidden := append(shuffled.hands[You].Tiles(), shuffled.pile...)
						mix := rng.New(seed, 100+k)
						mix.Shuffle(len(hidden), func(a, b int) { hidden[a], hidden[b] = hidden[b], hidden[a] })
						n := shuffled.hands[You].Len()
						shuffled.hands[You] = Hand{}
						for _, tl := range hidden[:n] {
							shuffled.hands[You].add(tl)
						}
						shuffled.pile = hidden[n:]
						if i2, r2 := shuffled.gbotChoice(); i2 != i || r2 != r {
							t.Fatalf("%v seed %d: G-Bot's choice changed with the hidden tiles", opp, seed)
						}
					}
				}
				s.Play(o.index, o.rotation)
			}
		}
	}
}
