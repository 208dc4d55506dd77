package tidebreakers

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/rules"
	"github.com/agentgames/bundle/conformance/rules/rulestest"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestTidebreakersRefereePassesTheServer: every stateless-loop match of
// the default seeds passes against this bundle's server, in time.
func TestTidebreakersRefereePassesTheServer(t *testing.T) {
	var matches []check.Check
	for _, c := range Referee(rules.DefaultSeeds) {
		if strings.Contains(c.Name, "-agent-seed") { // not the live match API's checks
			matches = append(matches, c)
		}
	}
	took := rulestest.Run(t, check.HandlerTarget(testserver.New(t)), matches)
	if n := len(matches); n != 3*rules.DefaultSeeds {
		t.Errorf("%d matches, want 3 agents x %d seeds", n, rules.DefaultSeeds)
	}
	t.Logf("the referee took %v (about 8 s on a quiet machine)", took.Round(time.Millisecond))
}

// evt builds an event.
func evt(seat int, typ string, fields ...int) event {
	ev := event{Seat: seat, Type: typ}
	switch typ {
	case "supply":
		ev.Tile, ev.Amount = intPtr(fields[0]), intPtr(fields[1])
	case "attack":
		ev.From, ev.To, ev.Send = intPtr(fields[0]), intPtr(fields[1]), intPtr(fields[2])
	}
	return ev
}

// TestTidebreakersCombat: the referee's combat is the documented one and
// it refuses an event that says otherwise.
func TestTidebreakersCombat(t *testing.T) {
	g := opening(2, 0)
	for _, ev := range []event{evt(0, "supply", 0, 2), evt(0, "supply", 0, 1)} {
		if _, b := g.apply(ev, "e"); b != nil {
			t.Fatalf("%+v refused: %+v", ev, *b)
		}
	}
	if g.strength(0) != 7 || g.phase != "expedition" {
		t.Fatalf("after supply 2+1 on 4: strength %d, phase %s; want 7, expedition", g.strength(0), g.phase)
	}
	// Sending exactly the garrison is repelled and leaves 0.
	ev := evt(0, "attack", 0, 1, 2)
	ev.Result, ev.Before, ev.After = "repelled", intPtr(2), intPtr(1)
	if _, b := g.clone().apply(ev, "e"); b == nil || b.Path != "e.after" || b.Want != "0" {
		t.Fatalf("a repelled expedition leaving 1 of 2-2 passed: %+v", b)
	}
	ev.After = intPtr(0)
	if _, b := g.apply(ev, "e"); b != nil {
		t.Fatalf("2 against 2 refused: %+v", *b)
	}
	if g.owner(1) != -1 || g.strength(1) != 0 || g.strength(0) != 5 || g.turn != 1 || g.round != 1 {
		t.Fatalf("after 2 against 2: island 1 %d/%d, island 0 %d, turn %d round %d", g.owner(1), g.strength(1), g.strength(0), g.turn, g.round)
	}
	// Seat 1 passes; seat 0 takes the garrison at 0 with 1.
	for _, ev := range []event{evt(1, "supply", 24, 3), evt(1, "pass"), evt(0, "supply", 0, 3)} {
		if _, b := g.apply(ev, "e"); b != nil {
			t.Fatalf("%+v refused: %+v", ev, *b)
		}
	}
	if g.round != 2 {
		t.Fatalf("round %d after both turns, want 2", g.round)
	}
	ev = evt(0, "attack", 0, 1, 1)
	ev.Result, ev.Before, ev.After = "captured", intPtr(0), intPtr(1)
	if _, b := g.apply(ev, "e"); b != nil || g.owner(1) != 0 || g.strength(1) != 1 {
		t.Fatalf("1 against 0: %+v, island 1 %d/%d", b, g.owner(1), g.strength(1))
	}
	// Seat 1 may not act out of turn, nor send all it has.
	if _, b := g.clone().apply(evt(0, "pass"), "e"); b == nil || b.Path != "e.seat" {
		t.Fatalf("seat 0 acting in seat 1's turn passed: %+v", b)
	}
	g.apply(evt(1, "supply", 24, 3), "e")
	if _, b := g.apply(evt(1, "attack", 24, 23, 10), "e"); b == nil || !strings.Contains(b.Rule, "at least 1 stays") {
		t.Fatalf("sending all 10 of 10 passed: %+v", b)
	}
}

// TestTidebreakersRounds: turns skip captains that are out, rounds count
// from the opener, and the end of round 60 scores the match.
func TestTidebreakersRounds(t *testing.T) {
	g := opening(4, 2)
	hold(g, 20, -1, 2) // seat 3 is out
	var order []int
	for range 5 {
		order = append(order, g.turn*10+g.round)
		g.endTurn()
	}
	if want := []int{21, 1, 11, 22, 2}; !slices.Equal(order, want) {
		t.Fatalf("seat*10+round over five turns: %v, want %v", order, want)
	}
	if supplyIn(10) != 3 || supplyIn(11) != 4 || supplyIn(31) != 6 || supplyIn(60) != 6 {
		t.Fatal("supply is not 3 to round 10, 4 from 11, 6 from 31 on")
	}
	g.round, g.turn = maxRounds, 1
	g.endTurn()
	if g.phase != "over" || g.ending != "round_cap" || g.winner != -1 {
		t.Fatalf("after round 60 with every seat alike: %s %s winner %d, want over round_cap draw", g.phase, g.ending, g.winner)
	}
	hold(g, 0, 0, g.strength(0)+1)
	if g.scoreWinner() != 0 {
		t.Fatal("equal islands: the most strength does not win")
	}
	hold(g, 1, 1, g.strength(1))
	if g.scoreWinner() != 1 {
		t.Fatal("the most islands does not win before strength")
	}
}

// TestTidebreakersSamplePolicy: the sample captain is held to its weakest
// border island and to its clearly stronger attacks.
func TestTidebreakersSamplePolicy(t *testing.T) {
	g := opening(2, 1)
	hold(g, 23, 1, 1)
	if b := g.policy("sample", evt(1, "supply", 24, 3), "e"); b == nil {
		t.Fatal("sample supplying 24 (4) over 23 (1) passed")
	}
	if b := g.policy("sample", evt(1, "supply", 23, 2), "e"); b == nil {
		t.Fatal("sample supplying 2 of 3 passed")
	}
	if b := g.policy("sample", evt(1, "supply", 23, 3), "e"); b != nil {
		t.Fatalf("sample supplying its weakest border island refused: %+v", *b)
	}
	g.phase = expeditionPhase
	hold(g, 24, 1, 5)
	if b := g.policy("sample", evt(1, "pass"), "e"); b == nil {
		t.Fatal("sample passing with 4 against 2 passed")
	}
	if b := g.policy("sample", evt(1, "attack", 24, 19, 4), "e"); b != nil {
		t.Fatalf("sample's 4 against 2 refused: %+v", *b)
	}
	if b := g.policy("sample", evt(1, "attack", 24, 19, 3), "e"); b == nil {
		t.Fatal("sample sending 3 of 5 passed")
	}
	if b := g.policy("strong", evt(1, "attack", 24, 19, 2), "e"); b == nil {
		t.Fatal("strong sending 2 against 2 passed")
	}
	if b := g.policy("strong", evt(1, "attack", 24, 19, 3), "e"); b != nil {
		t.Fatalf("strong's smallest capture refused: %+v", *b)
	}
}

// TestTidebreakersPlaces: the referee requires every seat's place and
// seat 0's outcome from its place, and refuses the draw once answered to
// a seat 0 below two captains sharing 1st place.
func TestTidebreakersPlaces(t *testing.T) {
	// held gives seat n islands from tile first on, each of strength.
	type held struct{ seat, first, n, strength int }
	cap3 := []held{{0, 0, 1, 30}, {1, 1, 9, 2}, {2, 15, 9, 2}} // islands 1, 9, 9: seats 1 and 2 share 1st
	shared := []held{{0, 0, 9, 2}, {1, 10, 9, 2}, {2, 20, 5, 9}}
	tests := []struct {
		name    string
		players int
		held    []held
		ending  string
		outcome string
		places  []int
		breaks  []string
	}{
		{"below two sharing 1st: loss", 3, cap3, "round_cap", "loss", []int{3, 1, 1}, nil},
		{"below two sharing 1st: the old draw", 3, cap3, "round_cap", "draw", []int{3, 1, 1}, []string{"result.outcome"}},
		{"below two sharing 1st: no places", 3, cap3, "round_cap", "loss", nil, []string{"result.places"}},
		{"below two sharing 1st: places by seat order", 3, cap3, "round_cap", "loss", []int{3, 1, 2}, []string{"result.places"}},
		{"sharing 1st above a third: draw", 3, shared, "round_cap", "draw", []int{1, 1, 3}, nil},
		{"sharing 1st above a third: loss", 3, shared, "round_cap", "loss", []int{1, 1, 3}, []string{"result.outcome"}},
		{"four-way tie", 4, []held{{0, 0, 1, 4}, {1, 4, 1, 4}, {2, 24, 1, 4}, {3, 20, 1, 4}}, "round_cap", "draw", []int{1, 1, 1, 1}, nil},
		{"out captains share the last place", 4, []held{{0, 0, 2, 1}, {1, 4, 1, 9}}, "round_cap", "win", []int{1, 2, 3, 3}, nil},
		{"out captains ranked apart", 4, []held{{0, 0, 2, 1}, {1, 4, 1, 9}}, "round_cap", "win", []int{1, 2, 3, 4}, []string{"result.places"}},
		{"conquest, a richer rival below", 3, []held{{0, 0, 13, 1}, {1, 24, 1, 90}, {2, 20, 1, 80}}, "conquest", "win", []int{1, 2, 3}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := opening(tt.players, 0)
			for i := range g.cells {
				hold(g, i, -1, 2)
			}
			for _, h := range tt.held {
				for i := h.first; i < h.first+h.n; i++ {
					hold(g, i, h.seat, h.strength)
				}
			}
			winner := g.scoreWinner()
			g.end(tt.ending, winner)
			a := &answer{Result: &result{Outcome: tt.outcome, Ending: tt.ending, Round: g.round, Places: tt.places}}
			if winner >= 0 {
				a.Result.Winner = intPtr(winner)
			}
			for p := range tt.players {
				m, s := g.count(p), g.total[p]
				a.Result.Islands, a.Result.Strength = append(a.Result.Islands, m), append(a.Result.Strength, s)
			}
			var paths []string
			for _, b := range g.compareResult(a, true) {
				paths = append(paths, b.Path)
			}
			if !slices.Equal(paths, tt.breaks) {
				t.Errorf("breaks %v, want %v", paths, tt.breaks)
			}
		})
	}
}

// hold gives island i to owner (-1 wild) at strength, keeping the seats'
// totals.
func hold(g *game, i, owner, strength int) {
	if o := g.cells[i].owner; o >= 0 {
		g.total[o] -= g.cells[i].lo
	}
	g.cells[i] = cell{owner, strength, strength}
	if owner >= 0 {
		g.total[owner] += strength
	}
}
