package tidebreakers

import (
	"maps"
	"slices"
	"testing"
)

// islandsOf is n islands of seat, from tile first on, each of strength.
func islandsOf(seat, first, n, strength int) map[int]Island {
	set := map[int]Island{}
	for i := range n {
		set[first+i] = Island{seat, strength}
	}
	return set
}

// board merges sets of islands.
func board(sets ...map[int]Island) map[int]Island {
	out := map[int]Island{}
	for _, s := range sets {
		maps.Copy(out, s)
	}
	return out
}

// TestPlaces pins every seat's place and outcome at the end, by each
// ending: islands, then strength; seats tied on both share a place and the
// next places are skipped; out captains share the last place; a seat
// outside the tied leaders loses; the winner field agrees (Wild exactly
// when 1st place is shared). The round-cap positions end both by the last
// pass of round 60 and by Finish(TimeLimit); the others by seat 0's
// expedition from island 11 to 12.
func TestPlaces(t *testing.T) {
	w, d, l := Win, Draw, Loss
	tests := []struct {
		name     string
		players  int
		set      map[int]Island
		send     int // seat 0's expedition 11 -> 12; 0 for the scoring endings
		ending   Ending
		places   []int
		outcomes []Outcome
	}{
		{"two others tie at the cap: islands 1, 9, 9 (seed 100030)", 3,
			board(islandsOf(0, 0, 1, 30), islandsOf(1, 1, 9, 2), islandsOf(2, 15, 9, 2)), 0, RoundCap, []int{3, 1, 1}, []Outcome{l, d, d}},
		{"two others tie at the cap: islands 5, 7, 7, 6 (seed 300233)", 4,
			board(islandsOf(0, 0, 5, 8), map[int]Island{0: {0, 12}}, islandsOf(1, 5, 7, 6), map[int]Island{11: {1, 12}},
				islandsOf(2, 12, 7, 6), map[int]Island{18: {2, 12}}, islandsOf(3, 19, 6, 8), map[int]Island{24: {3, 10}}),
			0, RoundCap, []int{4, 1, 1, 3}, []Outcome{l, d, d, l}},
		{"seat 0 shares 1st with one of two", 3,
			board(islandsOf(0, 0, 9, 2), islandsOf(1, 10, 9, 2), islandsOf(2, 20, 5, 9)), 0, RoundCap, []int{1, 1, 3}, []Outcome{d, d, l}},
		{"a tie below the top", 3,
			board(islandsOf(0, 0, 3, 1), islandsOf(1, 4, 1, 4), islandsOf(2, 24, 1, 4)), 0, RoundCap, []int{1, 2, 2}, []Outcome{w, l, l}},
		{"islands before strength", 4,
			board(islandsOf(0, 0, 2, 1), islandsOf(1, 3, 2, 5), islandsOf(2, 10, 3, 1), islandsOf(3, 24, 1, 50)), 0, RoundCap, []int{3, 2, 1, 4}, []Outcome{l, l, w, l}},
		{"a four-way tie", 4,
			board(islandsOf(0, 0, 1, 4), islandsOf(1, 4, 1, 4), islandsOf(2, 24, 1, 4), islandsOf(3, 20, 1, 4)), 0, RoundCap, []int{1, 1, 1, 1}, []Outcome{d, d, d, d}},
		{"out captains share the last place at the cap", 4,
			board(islandsOf(0, 0, 2, 1), islandsOf(1, 4, 1, 9)), 0, RoundCap, []int{1, 2, 3, 3}, []Outcome{w, l, l, l}},
		{"conquest: the others by islands, then strength, ties shared", 4,
			board(islandsOf(0, 0, 12, 1), map[int]Island{11: {0, 6}}, islandsOf(1, 23, 2, 4), islandsOf(2, 20, 1, 9), islandsOf(3, 14, 1, 9)),
			3, Conquest, []int{1, 2, 3, 3}, []Outcome{w, l, l, l}},
		{"conquest with a richer rival", 3,
			board(islandsOf(0, 0, 12, 1), map[int]Island{11: {0, 6}}, islandsOf(1, 24, 1, 90), islandsOf(2, 20, 1, 80)),
			3, Conquest, []int{1, 2, 3}, []Outcome{w, l, l}},
		{"last standing: the fallen share the last place", 4,
			map[int]Island{11: {0, 6}, 12: {1, 2}}, 5, LastStanding, []int{1, 2, 2, 2}, []Outcome{w, l, l, l}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var ended []*State
			if tt.ending == RoundCap {
				last := tt.players - 1 // the last seat in, with opener 0: its pass ends round 60
				for islandsHeld(tt.set, last) == 0 {
					last--
				}
				s := staged(t, tt.players, 0, last, MaxRounds, 0, tt.set)
				timed := s.Clone()
				apply(t, s, last, Action{Kind: Pass})
				timed.Finish(TimeLimit)
				ended = append(ended, s, timed)
			} else {
				s := staged(t, tt.players, 0, 0, 30, 0, tt.set)
				apply(t, s, 0, Action{Kind: Attack, From: 11, To: 12, Send: tt.send})
				ended = append(ended, s)
			}
			for _, s := range ended {
				if s.Ending() != tt.ending && !(tt.ending == RoundCap && s.Ending() == TimeLimit) {
					t.Fatalf("ending %v, want %v", s.Ending(), tt.ending)
				}
				var places []int
				var outcomes []Outcome
				for p := range tt.players {
					places, outcomes = append(places, s.Place(p)), append(outcomes, s.Outcome(p))
				}
				if !slices.Equal(places, tt.places) || !slices.Equal(outcomes, tt.outcomes) {
					t.Errorf("%v: places %v, outcomes %v; want %v, %v", s.Ending(), places, outcomes, tt.places, tt.outcomes)
				}
				winner := Wild
				if i := slices.Index(outcomes, Win); i >= 0 {
					winner = i
				}
				if s.Winner() != winner {
					t.Errorf("%v: winner %d, but the places make it %d", s.Ending(), s.Winner(), winner)
				}
			}
		})
	}
}

// islandsHeld counts the islands of seat in set.
func islandsHeld(set map[int]Island, seat int) int {
	n := 0
	for _, is := range set {
		if is.Owner == seat {
			n++
		}
	}
	return n
}

// TestPlacesWhileOpen: an open match places no one and decides nothing.
func TestPlacesWhileOpen(t *testing.T) {
	s := staged(t, 3, 0, 0, MaxRounds, 0, board(islandsOf(0, 0, 1, 4), islandsOf(1, 4, 1, 9), islandsOf(2, 24, 1, 9)))
	for p := range 3 {
		if s.Place(p) != 0 || s.Outcome(p) != Undecided {
			t.Errorf("seat %d of an open match: place %d, outcome %v; want 0, Undecided", p, s.Place(p), s.Outcome(p))
		}
	}
}
