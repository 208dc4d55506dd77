package mcpedge

import (
	"strings"
	"testing"

	"github.com/agentgames/bundle/games/tidebreakers/live"
)

// TestStateTextPlaces: the text of a finished live match says who won, or
// who share 1st place, and every seat's place; an open match's says none.
func TestStateTextPlaces(t *testing.T) {
	two := 2
	tests := []struct {
		name  string
		state live.State
		want  []string
	}{
		{"two share 1st place", live.State{Players: 3, Phase: "over", Over: true, Ending: "round_cap", Places: []int{3, 1, 1}},
			[]string{"Over (round_cap): no winner; seats 1, 2 share 1st place.\n", "Places (1st is best; a tie shares a place): seat 0 3rd, seat 1 1st, seat 2 1st.\n"}},
		{"a winner", live.State{Players: 4, Phase: "over", Over: true, Ending: "conquest", Winner: &two, Places: []int{2, 4, 1, 2}},
			[]string{"Over (conquest): seat 2 won.\n", "Places (1st is best; a tie shares a place): seat 0 2nd, seat 1 4th, seat 2 1st, seat 3 2nd.\n"}},
		{"open", live.State{Players: 3, Phase: "attack", Turn: &two}, []string{"Seat 2 to attack or pass.\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := stateText(&tt.state)
			for _, w := range tt.want {
				if !strings.Contains(text, w) {
					t.Errorf("text %q lacks %q", text, w)
				}
			}
			if !tt.state.Over && strings.Contains(text, "Places") {
				t.Errorf("an open match's text gives places: %q", text)
			}
		})
	}
}
