package tidebreakers_test

import (
	"slices"
	"testing"

	"github.com/agentgames/bundle/engines/rng"
	tb "github.com/agentgames/bundle/engines/tidebreakers"
	"github.com/agentgames/bundle/engines/tidebreakers/captains"
)

// holdOn places all its supply on its first island and passes: seat 0 of
// an agent that never sails.
func holdOn(s *tb.State, _ *rng.Stream) tb.Action {
	if s.Phase() == tb.Supplying {
		return tb.Action{Kind: tb.Supply, Tile: s.Held(s.Turn())[0], Amount: s.SupplyLeft()}
	}
	return tb.Action{Kind: tb.Pass}
}

// TestPlacesOfSeededMatches replays whole matches as the stateless game
// plays them (seed, players and opponent as its options name them; every
// captain, and seat 0 when it plays a captain's policy, draws from the
// decision's stream) and pins how they end: matches where two other
// captains tie at the round cap and seat 0, below them, loses; and one
// where seat 0 shares 1st place and draws.
func TestPlacesOfSeededMatches(t *testing.T) {
	tests := []struct {
		name            string
		seed            uint64
		players         int
		seat0, opponent captains.Policy
		islands, places []int
		outcome         tb.Outcome
	}{
		{"seed=100030 players=3 opponent=strong, seat 0 holds on", 100030, 3, holdOn, captains.Strong, []int{1, 9, 9}, []int{3, 1, 1}, tb.Loss},
		{"seed=300233 players=4, seat 0 plays strong", 300233, 4, captains.Strong, captains.Sample, []int{5, 7, 7, 6}, []int{4, 1, 1, 3}, tb.Loss},
		{"seed=100009 players=3 opponent=strong, seat 0 plays strong", 100009, 3, captains.Strong, captains.Strong, []int{9, 9, 7}, []int{1, 1, 3}, tb.Draw},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := tb.New(tt.seed, tt.players)
			if err != nil {
				t.Fatal(err)
			}
			for !s.Over() {
				policy := tt.opponent
				if s.Turn() == 0 {
					policy = tt.seat0
				}
				rs := s.BotStream()
				if err := s.Apply(s.Turn(), policy(s, &rs)); err != nil {
					t.Fatal(err)
				}
			}
			var islands, places []int
			for p := range tt.players {
				n, _ := s.Count(p)
				islands, places = append(islands, n), append(places, s.Place(p))
			}
			if s.Ending() != tb.RoundCap || s.Winner() != tb.Wild || !slices.Equal(islands, tt.islands) {
				t.Fatalf("ending %v, winner %d, islands %v; want a round cap with no winner and islands %v", s.Ending(), s.Winner(), islands, tt.islands)
			}
			if !slices.Equal(places, tt.places) || s.Outcome(0) != tt.outcome {
				t.Errorf("places %v, seat 0's outcome %v; want %v, %v", places, s.Outcome(0), tt.places, tt.outcome)
			}
		})
	}
}
