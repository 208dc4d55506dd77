package tidebreakers

// Outcome is what the end of a match means for one seat.
type Outcome uint8

// Outcomes of a seat.
const (
	// Undecided: the match is still open.
	Undecided Outcome = iota
	// Win: the seat places 1st alone.
	Win
	// Draw: the seat shares 1st place with another.
	Draw
	// Loss: the seat places below 1st.
	Loss
)

// Place is seat's place once the match is over, 1 the best, and 0 while it
// is open. Seats rank by islands, then total strength: a seat's place is 1
// plus the number of seats ahead of it on those keys, so seats tied on
// both share a place and the places after them are skipped (1, 1, 3).
// Captains that are out hold nothing and share the last place; the state
// does not keep the order in which they fell. One ranking serves every
// ending: the winner of a conquest holds 13 of the 25 islands and the last
// captain standing the only islands left, so either places 1st alone, and
// at the round cap and the time limit the ranking is the scoring itself.
func (s *State) Place(seat int) int {
	if !s.Over() {
		return 0
	}
	n, st := s.Count(seat)
	place := 1
	for q := range s.players {
		if m, sq := s.Count(q); m > n || m == n && sq > st {
			place++
		}
	}
	return place
}

// Outcome is what the end means for seat: Win when it places 1st alone,
// Draw when it shares 1st place, Loss below; Undecided while the match is
// open. A seat outside the tied leaders has lost, even when no one wins.
func (s *State) Outcome(seat int) Outcome {
	switch {
	case !s.Over():
		return Undecided
	case s.Place(seat) > 1:
		return Loss
	}
	for q := range s.players {
		if q != seat && s.Place(q) == 1 {
			return Draw
		}
	}
	return Win
}
