package live

import (
	"slices"
	"testing"

	"github.com/agentgames/bundle/engines/rng"
	engine "github.com/agentgames/bundle/engines/tidebreakers"
	"github.com/agentgames/bundle/engines/tidebreakers/captains"
	core "github.com/agentgames/bundle/play/live"
)

// played is the match of seed with every seat played by its policy, each
// drawing from the decision's stream, to its end or to the action limit.
func played(t *testing.T, seed uint64, limit int, seats ...captains.Policy) *engine.State {
	t.Helper()
	m, err := engine.New(seed, len(seats))
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n < limit && !m.Over(); n++ {
		rs := m.BotStream()
		if err := m.Apply(m.Turn(), seats[m.Turn()](m, &rs)); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// holdOn places all its supply on its first island and passes.
func holdOn(s *engine.State, _ *rng.Stream) engine.Action {
	if s.Phase() == engine.Supplying {
		return engine.Action{Kind: engine.Supply, Tile: s.Held(s.Turn())[0], Amount: s.SupplyLeft()}
	}
	return engine.Action{Kind: engine.Pass}
}

// TestPublicPlaces: the public state gives every seat's place once the
// match is over, and null before (in the lobby and while it is played);
// two seats sharing 1st place leave winner null and the third placed
// below them.
func TestPublicPlaces(t *testing.T) {
	strong := captains.Strong
	tests := []struct {
		name   string
		match  *engine.State
		over   bool
		winner *int
		places []int
	}{
		{"lobby", nil, false, nil, nil},
		{"played", played(t, 100030, 40, holdOn, strong, strong), false, nil, nil},
		{"two share 1st place (seed 100030)", played(t, 100030, 1<<20, holdOn, strong, strong), true, nil, []int{3, 1, 1}},
		{"conquest (seed 1)", played(t, 1, 1<<20, holdOn, captains.Sample, captains.Sample), true, ptr(2), []int{3, 2, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &core.Match{Code: "ABCD", Players: 3, Seats: make([]core.Seat, 3)}
			if tt.match != nil {
				r.Table = &table{State: tt.match}
			}
			st := Public(r)
			if st.Over != tt.over || !slices.Equal(st.Places, tt.places) || (st.Places == nil) != (tt.places == nil) ||
				(st.Winner == nil) != (tt.winner == nil) || st.Winner != nil && *st.Winner != *tt.winner {
				t.Errorf("over %v, winner %v, places %v; want %v, %v, %v", st.Over, st.Winner, st.Places, tt.over, tt.winner, tt.places)
			}
		})
	}
}
