package tidebreakers

import (
	"testing"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/livewire"
	"github.com/agentgames/bundle/conformance/rules"
	"github.com/agentgames/bundle/conformance/rules/rulestest"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestLiveRealServer: every live match check passes against this bundle's
// server, within the suite's time budget.
func TestLiveRealServer(t *testing.T) {
	rulestest.Run(t, check.HandlerTarget(testserver.WithLive(t, nil)), liveChecks(rules.DefaultSeeds))
}

// TestLiveModel: the referee's own rules, on cases the docs spell out.
func TestLiveModel(t *testing.T) {
	for round, want := range map[int]int{1: 3, 10: 3, 11: 4, 20: 4, 21: 5, 30: 5, 31: 6, 60: 6} {
		if got := supplyIn(round); got != want {
			t.Errorf("supply in round %d: %d, want %d", round, got, want)
		}
	}
	m := opening(3, 1)
	if m.cells[0].owner != 0 || m.cells[4].owner != 1 || m.cells[24].owner != 2 || m.cells[12] != (cell{-1, 2, 2}) {
		t.Fatalf("3 seats start at 0, 4 and 24 with wild islands at 2: %v", m.cells)
	}
	// The opener (seat 1) is out: seat 0's turn passing to seat 2 passes
	// the opener's place, so round 2 begins.
	m.cells[4] = cell{-1, 0, 0}
	m.turn = 0
	m.endTurn()
	if m.turn != 2 || m.round != 2 || m.left != 3 || m.phase != supplyPhase {
		t.Errorf("after seat 0 with the opener out: turn %d, round %d, left %d, phase %s; want seat 2 in round 2 with 3", m.turn, m.round, m.left, m.phase)
	}
	// Round 60 over: seats 0 and 2 tie on islands and strength, a draw.
	m.round, m.turn = 60, 2
	m.endTurn()
	if m.turn != 0 || m.phase == overPhase {
		t.Fatalf("seat 0 still plays round 60 after seat 2: turn %d, phase %s", m.turn, m.phase)
	}
	m.endTurn()
	if m.phase != overPhase || m.ending != "round_cap" || m.winner != -1 || len(m.log) != 1 || m.log[0].seat != -1 {
		t.Errorf("after round 60 with a tie: phase %s, ending %q, winner %d, log %v; want a draw by round_cap", m.phase, m.ending, m.winner, m.log)
	}
	// A capture of an island with a garrison of 0 by 1 leaves 1.
	m = opening(2, 0)
	m.cells[1] = cell{-1, 0, 0}
	m.supply(0, 3)
	m.expedition(0, 0, 1, 1, 0)
	if m.cells[1] != (cell{0, 1, 1}) || m.cells[0] != (cell{0, 6, 6}) || m.total[0] != 7 || m.log[0].kind != "captured" || m.turn != 1 {
		t.Errorf("1 sent on a garrison of 0: island %v, from %v, total %d, log %v", m.cells[1], m.cells[0], m.total[0], m.log)
	}
}

// TestLivePlaces: the live referee requires every seat's place once the
// match is over, by islands then strength with ties shared, and null
// before.
func TestLivePlaces(t *testing.T) {
	// Round 60 ends at seat 2's pass: seat 0 holds 1 island (strength 9),
	// seats 1 and 2 hold 2 each (4 and 2).
	ended := opening(3, 0)
	ended.cells[0], ended.cells[3], ended.cells[23] = cell{0, 9, 9}, cell{1, 2, 2}, cell{2, 2, 2}
	ended.total = []int{9, 6, 6}
	ended.round, ended.turn = maxRounds, 2
	ended.endTurn()
	open := opening(3, 0)
	tests := []struct {
		name   string
		model  *game
		places []int
		wrong  bool
	}{
		{"over, seats 1 and 2 share 1st", ended, []int{3, 1, 1}, false},
		{"over, no places", ended, nil, true},
		{"over, places by seat order", ended, []int{3, 1, 2}, true},
		{"open, null", open, nil, false},
		{"open, places", open, []int{1, 1, 1}, true},
	}
	if ended.phase != overPhase || ended.winner != -1 {
		t.Fatalf("staged end: phase %s, winner %d; want a round cap with 1st place shared", ended.phase, ended.winner)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := &livewire.State{Players: 3, Places: tt.places}
			wrong := false
			for _, d := range tt.model.diff(&livewire.State{Players: 3}, got, false) {
				wrong = wrong || d.Path == "places"
			}
			if wrong != tt.wrong {
				t.Errorf("places %v judged wrong: %v, want %v", tt.places, wrong, tt.wrong)
			}
		})
	}
}
