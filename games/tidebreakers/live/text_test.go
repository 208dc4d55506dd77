package live

import (
	"strings"
	"testing"
)

// TestStateTextPlaces: the text of a finished live match says who won, or
// who share 1st place, and every seat's place; an open match's says none.
func TestStateTextPlaces(t *testing.T) {
	two := 2
	tests := []struct {
		name  string
		state State
		want  []string
	}{
		{"two share 1st place", State{Players: 3, Phase: "over", Over: true, Ending: "round_cap", Places: []int{3, 1, 1}},
			[]string{"Over (round_cap): no winner; seats 1, 2 share 1st place.\n", "Places (1st is best; a tie shares a place): seat 0 3rd, seat 1 1st, seat 2 1st.\n"}},
		{"a winner", State{Players: 4, Phase: "over", Over: true, Ending: "conquest", Winner: &two, Places: []int{2, 4, 1, 2}},
			[]string{"Over (conquest): seat 2 won.\n", "Places (1st is best; a tie shares a place): seat 0 2nd, seat 1 4th, seat 2 1st, seat 3 2nd.\n"}},
		{"open", State{Players: 3, Phase: "attack", Turn: &two}, []string{"Seat 2 to attack or pass.\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := stateText(&tt.state, -1)
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

// TestNowText: the text of a live state for a seat's holder says which
// seat is theirs and what they may do now, and a watcher's says neither.
func TestNowText(t *testing.T) {
	one, zero := 1, 0
	tiles := make([]Tile, 25)
	tiles[0], tiles[6] = Tile{Owner: &one, Strength: 4}, Tile{Owner: &one, Strength: 1}
	lobby := State{Players: 3, Phase: "lobby", Seats: []Seat{{Seat: 0, Joined: true}, {Seat: 1, Joined: true}, {Seat: 2}}}
	tests := []struct {
		name  string
		state State
		seat  int
		want  string
	}{
		{"the lobby", lobby, 1, "You are seat 1. The match is in its lobby, waiting for players (2 of 3 seats taken; captains take the empty ones 10s after it opened)"},
		{"another's turn", State{Players: 2, Phase: "supply", Turn: &zero, SupplyLeft: 3, Tiles: tiles}, 1, "You are seat 1. It is seat 0's turn, not yours"},
		{"your supply", State{Players: 2, Phase: "supply", Turn: &one, SupplyLeft: 3, Tiles: tiles}, 1,
			"You are seat 1 and it is your turn: place 3 supply on islands you hold (tile:strength 0:4, 6:1) with live_act's action {\"type\":\"supply\""},
		{"your attack", State{Players: 2, Phase: "attack", Turn: &one, Tiles: tiles}, 1,
			"You are seat 1 and it is your turn: send one expedition {\"type\":\"attack\",\"from\":f,\"to\":t,\"send\":n} from an island you hold (tile:strength 0:4) to an adjacent"},
		{"over", State{Players: 2, Phase: "over", Over: true, Ending: "conquest", Winner: &zero, Places: []int{1, 2}}, 1, "You are seat 1 and placed 2nd. The match is over"},
		{"a watcher", lobby, -1, "With your seat's token as \"token\", live_state also says which seat is yours"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := stateText(&tt.state, tt.seat)
			if !strings.Contains(text, tt.want) {
				t.Errorf("text %q lacks %q", text, tt.want)
			}
			if tt.seat < 0 && strings.Contains(text, "You are") {
				t.Errorf("a watcher's text names a seat as theirs: %q", text)
			}
		})
	}
}
