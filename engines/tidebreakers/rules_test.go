package tidebreakers

import (
	"bytes"
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/agentgames/bundle/engines"
	"github.com/agentgames/bundle/engines/rng"
)

// staged builds an open match by hand: every island wild with garrison
// WildStrength, then the islands in set; out flags follow the islands. The
// captain turn is in its sailing phase unless supply is positive, in which
// case it has that much supply left to place.
func staged(t *testing.T, players, opener, turn, round, supply int, set map[int]Island) *State {
	t.Helper()
	s := &State{players: players, opener: opener, turn: turn, round: round, winner: Wild, supplyLeft: supply}
	if supply == 0 {
		s.phase = Sailing
	}
	for i := range s.islands {
		s.islands[i] = Island{Owner: Wild, Strength: WildStrength}
	}
	for i, is := range set {
		s.islands[i] = is
	}
	for p := range players {
		s.out[p] = len(s.Held(p)) == 0
	}
	if err := s.validate(); err != nil {
		t.Fatalf("staged state: %v", err)
	}
	return s
}

// encode is s's encoding; it fails the test on error.
func encode(t testing.TB, s *State) []byte {
	t.Helper()
	b, err := s.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// apply performs a legal action; it fails the test on refusal.
func apply(t testing.TB, s *State, seat int, a Action) {
	t.Helper()
	if err := s.Apply(seat, a); err != nil {
		t.Fatalf("seat %d %+v refused: %v", seat, a, err)
	}
}

// refused checks that seat's action a is refused with code and leaves s
// exactly as it was.
func refused(t *testing.T, s *State, seat int, a Action, code string) {
	t.Helper()
	before := encode(t, s)
	err := s.Apply(seat, a)
	var ill *engines.Illegal
	if !errors.As(err, &ill) || ill.Code != code {
		t.Fatalf("seat %d %+v: got %v, want refusal %q", seat, a, err, code)
	}
	if !bytes.Equal(before, encode(t, s)) {
		t.Fatalf("seat %d %+v: a refused action changed the state", seat, a)
	}
}

// supplyAllAndPass places the whole supply of the captain to act on its
// first island, then passes.
func supplyAllAndPass(t testing.TB, s *State) {
	t.Helper()
	seat := s.Turn()
	if s.Phase() == Supplying {
		apply(t, s, seat, Action{Kind: Supply, Tile: s.Held(seat)[0], Amount: s.SupplyLeft()})
	}
	apply(t, s, seat, Action{Kind: Pass})
}

// TestNewRefusesPlayerCounts pins the 2 to 4 captains of the card.
func TestNewRefusesPlayerCounts(t *testing.T) {
	for _, n := range []int{-1, 0, 1, 5, 8} {
		if s, err := New(1, n); err == nil || s != nil {
			t.Errorf("New(1, %d) = %v, %v; want an error", n, s, err)
		}
	}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		if _, err := New(1, n); err != nil {
			t.Errorf("New(1, %d): %v", n, err)
		}
	}
}

// TestStartingPosition pins the corners seats take (clockwise from the top
// left), the starting garrisons (StartStrength on each corner held, 2 on
// every wild island) and the opening turn: round 1, supplying, 3 supply,
// empty log, no winner.
func TestStartingPosition(t *testing.T) {
	tests := []struct {
		players int
		corners []int
	}{
		{2, []int{0, 24}},
		{3, []int{0, 4, 24}},
		{4, []int{0, 4, 24, 20}},
	}
	for _, tt := range tests {
		s, err := New(77, tt.players)
		if err != nil {
			t.Fatal(err)
		}
		for seat, c := range tt.corners {
			if got := Corner(tt.players, seat); got != c {
				t.Errorf("%d captains: Corner(%d) = %d, want %d", tt.players, seat, got, c)
			}
		}
		for i := range Islands {
			want := Island{Owner: Wild, Strength: 2}
			if seat := slices.Index(tt.corners, i); seat >= 0 {
				want = Island{Owner: seat, Strength: 4}
			}
			if got := s.Island(i); got != want {
				t.Errorf("%d captains: island %d = %+v, want %+v", tt.players, i, got, want)
			}
		}
		if s.Players() != tt.players || s.Seed() != 77 || s.Round() != 1 || s.Phase() != Supplying ||
			s.SupplyLeft() != 3 || s.Over() || s.Ending() != NotEnded || s.Winner() != Wild || len(s.Log()) != 0 {
			t.Errorf("%d captains: opening state %+v", tt.players, s)
		}
		for p := range tt.players {
			if s.Out(p) {
				t.Errorf("%d captains: seat %d out at the start", tt.players, p)
			}
		}
	}
}

// TestOpenerFromSeed pins the opening seat to rng stream 1's Intn(players)
// and checks that the seed matters: over a range of seeds every seat opens.
func TestOpenerFromSeed(t *testing.T) {
	for players := MinPlayers; players <= MaxPlayers; players++ {
		opened := make([]int, players)
		for seed := range uint64(200) {
			s, err := New(seed, players)
			if err != nil {
				t.Fatal(err)
			}
			r := rng.New(seed, 1)
			want := r.Intn(players)
			if s.Opener() != want || s.Turn() != want {
				t.Fatalf("seed %d, %d captains: opener %d turn %d, want %d", seed, players, s.Opener(), s.Turn(), want)
			}
			opened[want]++
		}
		for seat, n := range opened {
			if n == 0 {
				t.Errorf("%d captains: seat %d never opens over 200 seeds", players, seat)
			}
		}
	}
}

// TestSupplyIn pins the supply of a turn: 3 in rounds 1-10, +1 every ten
// rounds, 6 from round 31 to the cap.
func TestSupplyIn(t *testing.T) {
	tests := []struct{ round, want int }{
		{1, 3}, {10, 3}, {11, 4}, {20, 4}, {21, 5}, {30, 5}, {31, 6}, {40, 6}, {41, 6}, {51, 6}, {60, 6},
	}
	for _, tt := range tests {
		if got := SupplyIn(tt.round); got != tt.want {
			t.Errorf("SupplyIn(%d) = %d, want %d", tt.round, got, tt.want)
		}
	}
}

// TestAdjacency pins the orthogonal neighbours of the 5x5 grid: no
// diagonals, no wrap-around from one row's end to the next row's start.
func TestAdjacency(t *testing.T) {
	tests := []struct {
		a, b int
		want bool
	}{
		{0, 1, true}, {0, 5, true}, {12, 7, true}, {12, 11, true}, {12, 13, true}, {12, 17, true},
		{24, 19, true}, {24, 23, true},
		{4, 5, false}, {5, 4, false}, {9, 10, false}, {14, 15, false}, // wrap-around
		{0, 6, false}, {4, 8, false}, {12, 18, false}, {12, 6, false}, // diagonal
		{0, 2, false}, {0, 10, false}, {12, 12, false}, {0, 24, false},
	}
	for _, tt := range tests {
		if got := Adjacent(tt.a, tt.b); got != tt.want {
			t.Errorf("Adjacent(%d, %d) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
	neighbours := map[int][]int{
		0: {1, 5}, 4: {3, 9}, 20: {15, 21}, 24: {19, 23}, 2: {1, 3, 7}, 10: {5, 11, 15}, 14: {9, 13, 19}, 12: {7, 11, 13, 17},
	}
	for i, want := range neighbours {
		if got := Neighbours(i); !slices.Equal(got, want) {
			t.Errorf("Neighbours(%d) = %v, want %v", i, got, want)
		}
	}
	for a := range Islands {
		for b := range Islands {
			if Adjacent(a, b) != slices.Contains(Neighbours(a), b) {
				t.Errorf("Adjacent(%d, %d) disagrees with Neighbours", a, b)
			}
		}
	}
}

// TestSupplySplit pins that supply may be split over several islands one
// Supply at a time, stays in the supplying phase while any is left, and
// opens the sailing phase exactly when none is.
func TestSupplySplit(t *testing.T) {
	s := staged(t, 2, 0, 0, 1, 3, map[int]Island{0: {0, 4}, 1: {0, 1}, 24: {1, 4}})
	apply(t, s, 0, Action{Kind: Supply, Tile: 1, Amount: 1})
	if s.Phase() != Supplying || s.SupplyLeft() != 2 || s.Island(1) != (Island{0, 2}) {
		t.Fatalf("after 1 on island 1: phase %v, left %d, island %+v", s.Phase(), s.SupplyLeft(), s.Island(1))
	}
	if s.Expeditions() != nil {
		t.Error("expeditions listed while supplying")
	}
	apply(t, s, 0, Action{Kind: Supply, Tile: 0, Amount: 1})
	apply(t, s, 0, Action{Kind: Supply, Tile: 1, Amount: 1})
	if s.Phase() != Sailing || s.SupplyLeft() != 0 || s.Island(0) != (Island{0, 5}) || s.Island(1) != (Island{0, 3}) {
		t.Fatalf("after 3 placed: phase %v, left %d, islands %+v %+v", s.Phase(), s.SupplyLeft(), s.Island(0), s.Island(1))
	}
	if s.Turn() != 0 || s.Round() != 1 || len(s.Log()) != 0 {
		t.Error("placing supply ended the turn or logged")
	}
}

// TestSupplyRefusals pins what a Supply may not do: go to an island the
// captain does not hold or off the grid, place 0, a negative amount or more
// than is left, or come after the supply is placed; and that attack and
// pass wait until the supply is placed. Each refusal changes nothing.
func TestSupplyRefusals(t *testing.T) {
	set := map[int]Island{0: {0, 4}, 12: {0, 0}, 24: {1, 4}}
	fresh := func() *State { return staged(t, 2, 0, 0, 1, 3, set) }
	tests := []struct {
		name string
		a    Action
	}{
		{"wild island", Action{Kind: Supply, Tile: 1, Amount: 1}},
		{"enemy island", Action{Kind: Supply, Tile: 24, Amount: 1}},
		{"below the grid", Action{Kind: Supply, Tile: -1, Amount: 1}},
		{"past the grid", Action{Kind: Supply, Tile: 25, Amount: 1}},
		{"amount 0", Action{Kind: Supply, Tile: 0, Amount: 0}},
		{"negative amount", Action{Kind: Supply, Tile: 0, Amount: -1}},
		{"more than the supply", Action{Kind: Supply, Tile: 0, Amount: 4}},
		{"attack while supplying", Action{Kind: Attack, From: 0, To: 1, Send: 1}},
		{"pass while supplying", Action{Kind: Pass}},
		{"unknown kind 0", Action{}},
		{"unknown kind 9", Action{Kind: 9, Tile: 0, Amount: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			refused(t, fresh(), 0, tt.a, engines.CodeIllegalAction)
		})
	}
	t.Run("more than what is left after a split", func(t *testing.T) {
		s := fresh()
		apply(t, s, 0, Action{Kind: Supply, Tile: 12, Amount: 2})
		refused(t, s, 0, Action{Kind: Supply, Tile: 0, Amount: 2}, engines.CodeIllegalAction)
		refused(t, s, 0, Action{Kind: Pass}, engines.CodeIllegalAction)
		apply(t, s, 0, Action{Kind: Supply, Tile: 12, Amount: 1})
		if s.Island(12) != (Island{0, 3}) {
			t.Errorf("island 12 = %+v, want strength 3", s.Island(12))
		}
	})
	t.Run("supply after the supply is placed", func(t *testing.T) {
		s := fresh()
		apply(t, s, 0, Action{Kind: Supply, Tile: 0, Amount: 3})
		refused(t, s, 0, Action{Kind: Supply, Tile: 0, Amount: 1}, engines.CodeIllegalAction)
	})
}

// TestWrongSeat pins that only the captain to act may act, in either
// phase; other seats, absent seats and nonsense seats are refused.
func TestWrongSeat(t *testing.T) {
	s, err := New(3, 4)
	if err != nil {
		t.Fatal(err)
	}
	sailing := s.Clone()
	apply(t, sailing, sailing.Turn(), Action{Kind: Supply, Tile: Corner(4, sailing.Turn()), Amount: 3})
	for _, seat := range []int{-1, 0, 1, 2, 3, 4, 99} {
		if seat == s.Turn() {
			continue
		}
		if seat >= 0 && seat < 4 {
			refused(t, s, seat, Action{Kind: Supply, Tile: Corner(4, seat), Amount: 1}, engines.CodeIllegalAction)
		}
		refused(t, s, seat, Action{Kind: Supply, Tile: Corner(4, s.Turn()), Amount: 1}, engines.CodeIllegalAction)
		refused(t, sailing, seat, Action{Kind: Pass}, engines.CodeIllegalAction)
	}
}

// TestAttackRefusals pins what an expedition may not do: leave from an
// island the captain does not hold, go to a non-adjacent island (diagonal,
// two apart, wrap-around from a row's end to the next row's start, off the
// grid) or to one it holds, send less than 1 or leave less than 1 behind.
// Each refusal changes nothing.
func TestAttackRefusals(t *testing.T) {
	set := map[int]Island{
		3: {0, 5}, 4: {0, 5}, 10: {0, 5}, 12: {0, 1}, 22: {0, 5}, 2: {0, 5},
		24: {1, 4}, 19: {1, 6},
	}
	tests := []struct {
		name           string
		from, to, send int
	}{
		{"wrap-around 4 -> 5", 4, 5, 1},
		{"wrap-around 10 -> 9", 10, 9, 1},
		{"diagonal 4 -> 8", 4, 8, 1},
		{"diagonal 22 -> 16", 22, 16, 1},
		{"two apart 4 -> 14", 4, 14, 1},
		{"to its own island 4 -> 3", 4, 3, 1},
		{"to itself 4 -> 4", 4, 4, 1},
		{"below the grid 22 -> 27", 22, 27, 1},
		{"above the grid 2 -> -3", 2, -3, 1},
		{"to -1", 4, -1, 1},
		{"from a wild island 6 -> 7", 6, 7, 1},
		{"from an enemy island 19 -> 14", 19, 14, 1},
		{"from below the grid", -1, 0, 1},
		{"from past the grid", 25, 24, 1},
		{"send 0", 4, 9, 0},
		{"send negative", 4, 9, -2},
		{"send the whole garrison", 4, 9, 5},
		{"send more than the garrison", 4, 9, 6},
		{"from an island of strength 1", 12, 7, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := staged(t, 2, 0, 0, 1, 0, set)
			refused(t, s, 0, Action{Kind: Attack, From: tt.from, To: tt.to, Send: tt.send}, engines.CodeIllegalAction)
		})
	}
	t.Run("the largest send is accepted", func(t *testing.T) {
		s := staged(t, 2, 0, 0, 1, 0, set)
		apply(t, s, 0, Action{Kind: Attack, From: 4, To: 9, Send: 4})
		if s.Island(4) != (Island{0, 1}) {
			t.Errorf("island 4 = %+v, want 1 left behind", s.Island(4))
		}
	})
}

// TestExpeditions pins the routes listed to the captain to act: from each
// island it holds with at least 2, to each adjacent island it does not
// hold (wild or enemy), by from then to, with MaxSend = strength-1; none
// while supplying.
func TestExpeditions(t *testing.T) {
	set := map[int]Island{0: {0, 3}, 5: {0, 7}, 6: {0, 1}, 19: {0, 2}, 24: {1, 4}}
	if got := staged(t, 2, 0, 0, 1, 2, set).Expeditions(); got != nil {
		t.Errorf("Expeditions while supplying = %v", got)
	}
	s := staged(t, 2, 0, 0, 1, 0, set)
	want := []Expedition{{0, 1, 2}, {5, 10, 6}, {19, 14, 1}, {19, 18, 1}, {19, 24, 1}}
	if got := s.Expeditions(); !slices.Equal(got, want) {
		t.Errorf("Expeditions = %v, want %v", got, want)
	}
	if got := s.Held(0); !slices.Equal(got, []int{0, 5, 6, 19}) {
		t.Errorf("Held(0) = %v", got)
	}
	if got := s.Held(Wild); len(got) != Islands-5 {
		t.Errorf("Held(Wild) has %d islands", len(got))
	}
}

// TestCombat pins the resolution of an expedition: sent > garrison captures
// with the surplus as the new garrison; sent <= garrison reduces it, down
// to exactly 0, and the island stays with its holder or wild; an island at
// 0 falls to any expedition. The sender loses what it sent, the log gets
// one entry with the round, seat, route, sent, garrison before and after,
// and the turn passes.
func TestCombat(t *testing.T) {
	tests := []struct {
		name   string
		target Island
		send   int
		want   Island
		kind   EntryKind
	}{
		{"wild captured with surplus", Island{Wild, 2}, 5, Island{0, 3}, Captured},
		{"wild captured by one more", Island{Wild, 2}, 3, Island{0, 1}, Captured},
		{"wild repelled to exactly 0 stays wild", Island{Wild, 2}, 2, Island{Wild, 0}, Repelled},
		{"wild repelled", Island{Wild, 2}, 1, Island{Wild, 1}, Repelled},
		{"wild at 0 taken by 1", Island{Wild, 0}, 1, Island{0, 1}, Captured},
		{"enemy captured with surplus", Island{1, 3}, 5, Island{0, 2}, Captured},
		{"enemy repelled to exactly 0 keeps its holder", Island{1, 3}, 3, Island{1, 0}, Repelled},
		{"enemy repelled", Island{1, 5}, 2, Island{1, 3}, Repelled},
		{"enemy at 0 taken by 1", Island{1, 0}, 1, Island{0, 1}, Captured},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := staged(t, 2, 0, 0, 7, 0, map[int]Island{12: {0, 6}, 13: tt.target, 24: {1, 4}})
			apply(t, s, 0, Action{Kind: Attack, From: 12, To: 13, Send: tt.send})
			if got := s.Island(13); got != tt.want {
				t.Errorf("target = %+v, want %+v", got, tt.want)
			}
			if got := s.Island(12); got != (Island{0, 6 - tt.send}) {
				t.Errorf("sender = %+v, want strength %d", got, 6-tt.send)
			}
			want := []Entry{{Kind: tt.kind, Round: 7, Seat: 0, From: 12, To: 13, Sent: tt.send, Before: tt.target.Strength, After: tt.want.Strength}}
			if !reflect.DeepEqual(s.Log(), want) {
				t.Errorf("log = %+v, want %+v", s.Log(), want)
			}
			if s.Over() || s.Out(1) || s.Turn() != 1 || s.Round() != 7 || s.Phase() != Supplying || s.SupplyLeft() != SupplyIn(7) {
				t.Errorf("after the expedition: over %v, out %v, turn %d, round %d, phase %v, supply %d",
					s.Over(), s.Out(1), s.Turn(), s.Round(), s.Phase(), s.SupplyLeft())
			}
			if got := s.Island(24); got != (Island{1, 4}) {
				t.Errorf("an island away from the fight changed: %+v", got)
			}
		})
	}
}

// TestElimination pins what happens when a captain loses its last island:
// an Eliminated entry after the Captured one, the captain is out, the match
// goes on while two captains hold islands, the out captain's turns are
// skipped and its actions refused. A garrison repelled to 0 on a last
// island does not eliminate.
func TestElimination(t *testing.T) {
	set := map[int]Island{5: {0, 3}, 6: {1, 1}, 24: {2, 4}}
	t.Run("repelled to 0 is not out", func(t *testing.T) {
		s := staged(t, 3, 0, 0, 4, 0, set)
		apply(t, s, 0, Action{Kind: Attack, From: 5, To: 6, Send: 1})
		if s.Out(1) || s.Island(6) != (Island{1, 0}) || s.Turn() != 1 || len(s.Log()) != 1 {
			t.Fatalf("out %v, island %+v, turn %d, log %+v", s.Out(1), s.Island(6), s.Turn(), s.Log())
		}
	})
	t.Run("last island captured", func(t *testing.T) {
		s := staged(t, 3, 0, 0, 4, 0, set)
		apply(t, s, 0, Action{Kind: Attack, From: 5, To: 6, Send: 2})
		want := []Entry{
			{Kind: Captured, Round: 4, Seat: 0, From: 5, To: 6, Sent: 2, Before: 1, After: 1},
			{Kind: Eliminated, Round: 4, Seat: 1},
		}
		if !reflect.DeepEqual(s.Log(), want) {
			t.Fatalf("log = %+v, want %+v", s.Log(), want)
		}
		if !s.Out(1) || s.Out(0) || s.Out(2) || s.Over() || s.Winner() != Wild {
			t.Fatalf("out %v %v %v, over %v, winner %d", s.Out(0), s.Out(1), s.Out(2), s.Over(), s.Winner())
		}
		if s.Turn() != 2 || s.Round() != 4 {
			t.Fatalf("turn %d round %d, want seat 2 in round 4 (seat 1 skipped)", s.Turn(), s.Round())
		}
		refused(t, s, 1, Action{Kind: Pass}, engines.CodeIllegalAction)
		supplyAllAndPass(t, s)
		if s.Turn() != 0 || s.Round() != 5 {
			t.Fatalf("turn %d round %d, want seat 0 in round 5", s.Turn(), s.Round())
		}
		supplyAllAndPass(t, s)
		if s.Turn() != 2 || s.Round() != 5 {
			t.Fatalf("turn %d round %d, want seat 2 in round 5 (seat 1 skipped)", s.Turn(), s.Round())
		}
	})
}

// TestMatchWins pins the win checks after an expedition: a capture that
// brings a captain to 13 islands wins by Conquest at once; a capture that
// leaves a single captain with islands wins by LastStanding; when one
// capture does both, Conquest (checked first). The Ended entry carries the
// round, the winner and the Ending in Before; the turn stays with the
// winner; a repelled expedition at 12 islands does not end the match.
func TestMatchWins(t *testing.T) {
	twelve := func(rest map[int]Island) map[int]Island {
		set := map[int]Island{}
		for i := range 12 { // islands 0..11: island 11 borders 12
			set[i] = Island{0, 1}
		}
		set[11] = Island{0, 6}
		for i, is := range rest {
			set[i] = is
		}
		return set
	}
	tests := []struct {
		name    string
		players int
		set     map[int]Island
		send    int
		ending  Ending
		log     []EntryKind
	}{
		{"13th island", 2, twelve(map[int]Island{24: {1, 4}}), 3, Conquest, []EntryKind{Captured, Ended}},
		{"13th island with 4 captains", 4, twelve(map[int]Island{24: {1, 4}, 20: {2, 1}, 14: {3, 9}}), 3, Conquest, []EntryKind{Captured, Ended}},
		{"repelled at 12 islands", 2, twelve(map[int]Island{24: {1, 4}}), 2, NotEnded, []EntryKind{Repelled}},
		{"13th island is the last enemy island", 2, twelve(map[int]Island{12: {1, 0}}), 1, Conquest, []EntryKind{Captured, Eliminated, Ended}},
		{"last enemy island", 2, map[int]Island{11: {0, 6}, 12: {1, 2}}, 3, LastStanding, []EntryKind{Captured, Eliminated, Ended}},
		{"last enemy island with two already out", 4, map[int]Island{11: {0, 6}, 12: {1, 2}}, 5, LastStanding, []EntryKind{Captured, Eliminated, Ended}},
		{"one of two enemies eliminated", 3, map[int]Island{11: {0, 6}, 12: {1, 2}, 24: {2, 1}}, 5, NotEnded, []EntryKind{Captured, Eliminated}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := staged(t, tt.players, 0, 0, 33, 0, tt.set)
			apply(t, s, 0, Action{Kind: Attack, From: 11, To: 12, Send: tt.send})
			var kinds []EntryKind
			for _, e := range s.Log() {
				kinds = append(kinds, e.Kind)
			}
			if !slices.Equal(kinds, tt.log) {
				t.Fatalf("log kinds %v, want %v", kinds, tt.log)
			}
			if s.Ending() != tt.ending || s.Over() != (tt.ending != NotEnded) {
				t.Fatalf("ending %v, want %v", s.Ending(), tt.ending)
			}
			if tt.ending == NotEnded {
				if s.Winner() != Wild || s.Turn() == 0 {
					t.Fatalf("open match: winner %d, turn %d", s.Winner(), s.Turn())
				}
				return
			}
			want := Entry{Kind: Ended, Round: 33, Seat: 0, Before: int(tt.ending)}
			if last := s.Log()[len(s.Log())-1]; last != want {
				t.Errorf("last entry %+v, want %+v", last, want)
			}
			if s.Winner() != 0 || s.Turn() != 0 || s.Round() != 33 {
				t.Errorf("winner %d, turn %d, round %d", s.Winner(), s.Turn(), s.Round())
			}
		})
	}
}

// TestTurnOrder pins the order of play and the round count: seats in
// order, out captains skipped, the round going up when the turn wraps past
// the opener's place, also when the opener itself is out, and each turn's
// supply being SupplyIn of its round.
func TestTurnOrder(t *testing.T) {
	type turn struct{ seat, round int }
	tests := []struct {
		name                  string
		players, opener, seat int
		round                 int
		out                   []int
		want                  []turn
	}{
		{"two captains, opener 1", 2, 1, 1, 1, nil, []turn{{0, 1}, {1, 2}, {0, 2}}},
		{"supply steps at round 11", 2, 1, 1, 10, nil, []turn{{0, 10}, {1, 11}, {0, 11}}},
		{"four captains, opener 2", 4, 2, 2, 30, nil, []turn{{3, 30}, {0, 30}, {1, 30}, {2, 31}, {3, 31}}},
		{"seat 2 out", 4, 0, 0, 1, []int{2}, []turn{{1, 1}, {3, 1}, {0, 2}, {1, 2}}},
		{"the opener out", 3, 1, 2, 5, []int{1}, []turn{{0, 5}, {2, 6}, {0, 6}, {2, 7}}},
		{"the opener and the next out", 4, 3, 1, 9, []int{3, 0}, []turn{{2, 9}, {1, 10}, {2, 10}}},
		{"the last seat out", 4, 1, 2, 20, []int{0}, []turn{{3, 20}, {1, 21}, {2, 21}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set := map[int]Island{}
			for p := range tt.players {
				if !slices.Contains(tt.out, p) {
					set[Corner(tt.players, p)] = Island{p, 4}
				}
			}
			s := staged(t, tt.players, tt.opener, tt.seat, tt.round, SupplyIn(tt.round), set)
			for i, w := range tt.want {
				supplyAllAndPass(t, s)
				if s.Turn() != w.seat || s.Round() != w.round || s.Phase() != Supplying || s.SupplyLeft() != SupplyIn(w.round) {
					t.Fatalf("after pass %d: seat %d round %d phase %v supply %d, want seat %d round %d supply %d",
						i+1, s.Turn(), s.Round(), s.Phase(), s.SupplyLeft(), w.seat, w.round, SupplyIn(w.round))
				}
			}
		})
	}
}

// TestWholeMatchOfPasses plays every seed's match where each captain puts
// all its supply on its corner and passes: turns follow seat order from the
// opener, supply follows the round (3, 4, 5, 6 from rounds 1, 11, 21, 31),
// and after the last turn of round 60 the match ends by scoring in a draw
// (equal islands and strength), the turn staying with the last captain.
func TestWholeMatchOfPasses(t *testing.T) {
	for players := MinPlayers; players <= MaxPlayers; players++ {
		for seed := range uint64(3) {
			s, err := New(seed, players)
			if err != nil {
				t.Fatal(err)
			}
			opener := s.Opener()
			for k := 0; !s.Over(); k++ {
				if k >= MaxRounds*players {
					t.Fatalf("%d captains: still open after %d turns", players, k)
				}
				round := k/players + 1
				if s.Turn() != (opener+k)%players || s.Round() != round || s.SupplyLeft() != SupplyIn(round) {
					t.Fatalf("%d captains, turn %d: seat %d round %d supply %d", players, k, s.Turn(), s.Round(), s.SupplyLeft())
				}
				supplyAllAndPass(t, s)
			}
			if s.Ending() != RoundCap || s.Winner() != Wild || s.Round() != MaxRounds || s.Turn() != (opener+players-1)%players {
				t.Fatalf("%d captains: ending %v winner %d round %d turn %d", players, s.Ending(), s.Winner(), s.Round(), s.Turn())
			}
			total := 10*3 + 10*4 + 10*5 + 30*6
			for p := range players {
				if n, st := s.Count(p); n != 1 || st != StartStrength+total {
					t.Errorf("%d captains: seat %d holds %d islands of %d", players, p, n, st)
				}
			}
			if want := []Entry{{Kind: Ended, Round: MaxRounds, Seat: Wild, Before: int(RoundCap)}}; !reflect.DeepEqual(s.Log(), want) {
				t.Errorf("log %+v, want %+v", s.Log(), want)
			}
		}
	}
}

// TestScoring pins the scoring that ends a match at the round cap and on
// Finish(TimeLimit): most islands wins, then most total strength, and
// captains tied at the top on both make a draw (winner Wild); a tie below
// the top does not matter; out captains take no part.
func TestScoring(t *testing.T) {
	tests := []struct {
		name    string
		players int
		set     map[int]Island
		winner  int
	}{
		{"most islands despite less strength", 3, map[int]Island{0: {0, 1}, 1: {0, 1}, 4: {1, 50}, 24: {2, 1}}, 0},
		{"equal islands, strength decides", 3, map[int]Island{0: {0, 5}, 4: {1, 9}, 24: {2, 3}}, 1},
		{"exact tie at the top is a draw", 3, map[int]Island{0: {0, 1}, 1: {0, 5}, 4: {1, 40}, 24: {2, 3}, 23: {2, 3}}, Wild},
		{"tie below the top", 3, map[int]Island{0: {0, 1}, 1: {0, 1}, 2: {0, 1}, 4: {1, 4}, 24: {2, 4}}, 0},
		{"tie broken by a later seat", 4, map[int]Island{0: {0, 4}, 4: {1, 4}, 24: {2, 4}, 20: {3, 4}, 21: {3, 0}}, 3},
		{"last seat wins on strength", 4, map[int]Island{0: {0, 4}, 4: {1, 4}, 24: {2, 4}, 20: {3, 5}}, 3},
		{"out captain takes no part in a draw", 3, map[int]Island{0: {0, 0}, 24: {2, 0}}, Wild},
		{"two captains, one more island", 2, map[int]Island{0: {0, 9}, 24: {1, 1}, 23: {1, 0}}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// round 60, the last seat of the order (opener 0) to act
			s := staged(t, tt.players, 0, tt.players-1, MaxRounds, 0, tt.set)
			if s.Out(s.Turn()) {
				t.Fatal("staged the seat to act out")
			}
			timed := s.Clone()
			apply(t, s, s.Turn(), Action{Kind: Pass})
			timed.Finish(TimeLimit)
			for _, c := range []struct {
				s   *State
				why Ending
			}{{s, RoundCap}, {timed, TimeLimit}} {
				if c.s.Ending() != c.why || c.s.Winner() != tt.winner || c.s.Round() != MaxRounds || c.s.Turn() != tt.players-1 {
					t.Errorf("%v: ending %v winner %d round %d turn %d, want winner %d", c.why, c.s.Ending(), c.s.Winner(), c.s.Round(), c.s.Turn(), tt.winner)
				}
				want := []Entry{{Kind: Ended, Round: MaxRounds, Seat: tt.winner, Before: int(c.why)}}
				if !reflect.DeepEqual(c.s.Log(), want) {
					t.Errorf("%v: log %+v, want %+v", c.why, c.s.Log(), want)
				}
			}
		})
	}
	t.Run("a pass before the last turn of round 60 plays on", func(t *testing.T) {
		s := staged(t, 3, 1, 2, MaxRounds, 0, map[int]Island{0: {0, 1}, 4: {1, 1}, 24: {2, 1}})
		apply(t, s, 2, Action{Kind: Pass})
		if s.Over() || s.Turn() != 0 || s.Round() != MaxRounds || s.SupplyLeft() != 6 {
			t.Fatalf("over %v, turn %d, round %d, supply %d", s.Over(), s.Turn(), s.Round(), s.SupplyLeft())
		}
	})
	t.Run("an expedition ending round 60 ends the match", func(t *testing.T) {
		s := staged(t, 2, 1, 0, MaxRounds, 0, map[int]Island{0: {0, 5}, 24: {1, 1}})
		apply(t, s, 0, Action{Kind: Attack, From: 0, To: 1, Send: 3})
		if s.Ending() != RoundCap || s.Winner() != 0 {
			t.Fatalf("ending %v winner %d", s.Ending(), s.Winner())
		}
		if kinds := []EntryKind{s.Log()[0].Kind, s.Log()[1].Kind}; len(s.Log()) != 2 || kinds[0] != Captured || kinds[1] != Ended {
			t.Fatalf("log %+v", s.Log())
		}
	})
}

// TestFinish pins Finish(TimeLimit): it ends an open match at any point,
// even mid-supply, by the round-cap scoring, and on a finished match it
// does nothing at all.
func TestFinish(t *testing.T) {
	s, err := New(5, 3)
	if err != nil {
		t.Fatal(err)
	}
	apply(t, s, s.Turn(), Action{Kind: Supply, Tile: Corner(3, s.Turn()), Amount: 1})
	s.Finish(TimeLimit)
	if s.Ending() != TimeLimit || s.Winner() != s.Turn() || !s.Over() {
		t.Fatalf("ending %v winner %d, want TimeLimit won by seat %d (one more strength)", s.Ending(), s.Winner(), s.Turn())
	}
	before := encode(t, s)
	s.Finish(TimeLimit)
	s.Finish(RoundCap)
	if !bytes.Equal(before, encode(t, s)) {
		t.Fatal("Finish changed a finished match")
	}
	if len(s.Log()) != 1 {
		t.Fatalf("log %+v, want one Ended entry", s.Log())
	}
}

// TestGameOver pins that once a match has ended, by any of the four
// endings, every action by any seat is refused with CodeGameOver and
// changes nothing.
func TestGameOver(t *testing.T) {
	ended := map[string]*State{}
	conquest := staged(t, 2, 0, 0, 3, 0, map[int]Island{0: {0, 1}, 1: {0, 1}, 2: {0, 1}, 3: {0, 1}, 4: {0, 1},
		5: {0, 1}, 6: {0, 1}, 7: {0, 1}, 8: {0, 1}, 9: {0, 1}, 10: {0, 1}, 11: {0, 5}, 24: {1, 3}})
	apply(t, conquest, 0, Action{Kind: Attack, From: 11, To: 12, Send: 3})
	ended["conquest"] = conquest
	last := staged(t, 2, 0, 0, 3, 0, map[int]Island{11: {0, 5}, 12: {1, 0}})
	apply(t, last, 0, Action{Kind: Attack, From: 11, To: 12, Send: 1})
	ended["last standing"] = last
	capped := staged(t, 4, 2, 1, MaxRounds, 0, map[int]Island{0: {0, 1}, 4: {1, 1}, 24: {2, 1}, 20: {3, 1}})
	apply(t, capped, 1, Action{Kind: Pass})
	ended["round cap"] = capped
	timed, err := New(11, 4)
	if err != nil {
		t.Fatal(err)
	}
	timed.Finish(TimeLimit)
	ended["time limit"] = timed
	for name, s := range ended {
		t.Run(name, func(t *testing.T) {
			if !s.Over() {
				t.Fatalf("not over: ending %v", s.Ending())
			}
			if s.Expeditions() != nil {
				t.Error("expeditions listed after the end")
			}
			for seat := -1; seat <= s.Players(); seat++ {
				for _, a := range []Action{
					{Kind: Supply, Tile: Corner(s.Players(), 0), Amount: 1},
					{Kind: Attack, From: 11, To: 12, Send: 1},
					{Kind: Attack, From: 12, To: 13, Send: 1},
					{Kind: Pass},
					{},
				} {
					refused(t, s, seat, a, engines.CodeGameOver)
				}
			}
		})
	}
}

// TestLogKept pins the log window: it keeps the LogKept most recent
// entries, oldest first, dropping the oldest as new ones come.
func TestLogKept(t *testing.T) {
	if LogKept != 8 {
		t.Fatalf("LogKept = %d; the package keeps 8, a round of four captains with a capture and an elimination each", LogKept)
	}
	s := staged(t, 2, 0, 0, 1, 0, map[int]Island{0: {0, 100}, 1: {Wild, 100}, 24: {1, 100}, 23: {Wild, 100}})
	var all []Entry
	garrison := map[int]int{1: 100, 23: 100}
	for k := range 3*LogKept + 1 {
		seat := s.Turn()
		from, to := Corner(2, seat), 1
		if seat == 1 {
			to = 23
		}
		if s.Phase() == Supplying {
			apply(t, s, seat, Action{Kind: Supply, Tile: from, Amount: s.SupplyLeft()})
		}
		send := 1 + k%3
		all = append(all, Entry{Kind: Repelled, Round: s.Round(), Seat: seat, From: from, To: to, Sent: send, Before: garrison[to], After: garrison[to] - send})
		garrison[to] -= send
		apply(t, s, seat, Action{Kind: Attack, From: from, To: to, Send: send})
		want := all[max(0, len(all)-LogKept):]
		if !reflect.DeepEqual(s.Log(), want) {
			t.Fatalf("after %d expeditions: log %+v, want %+v", k+1, s.Log(), want)
		}
	}
}

// TestRecorded pins Recorded: the entries the last accepted Apply added to
// the log, oldest first: none for a supply or a pass, the Captured or
// Repelled entry of an expedition followed by Eliminated and Ended when
// they happen, the Ended entry of a pass that closes round 60; also once
// the log is full. A refused action leaves it as it was.
func TestRecorded(t *testing.T) {
	s := staged(t, 3, 0, 0, 2, 2, map[int]Island{5: {0, 6}, 6: {1, 1}, 12: {1, 3}, 24: {2, 4}})
	apply(t, s, 0, Action{Kind: Supply, Tile: 5, Amount: 2})
	if got := s.Recorded(); len(got) != 0 {
		t.Fatalf("after a supply: %+v", got)
	}
	apply(t, s, 0, Action{Kind: Attack, From: 5, To: 6, Send: 1})
	if got, want := s.Recorded(), []Entry{{Kind: Repelled, Round: 2, Seat: 0, From: 5, To: 6, Sent: 1, Before: 1, After: 0}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("after a repelled expedition: %+v, want %+v", got, want)
	}
	refused(t, s, 0, Action{Kind: Pass}, engines.CodeIllegalAction)
	if len(s.Recorded()) != 1 {
		t.Fatalf("a refused action changed Recorded: %+v", s.Recorded())
	}
	supplyAllAndPass(t, s) // seat 1
	if got := s.Recorded(); len(got) != 0 {
		t.Fatalf("after a pass: %+v", got)
	}

	full := staged(t, 3, 0, 0, 5, 0, map[int]Island{11: {0, 9}, 12: {1, 3}, 24: {2, 4}})
	for k := range LogKept {
		full.log = append(full.log, Entry{Kind: Repelled, Round: 1 + k/3, Seat: k % 3, From: 1, To: 2, Sent: 1, Before: 2, After: 1})
	}
	apply(t, full, 0, Action{Kind: Attack, From: 11, To: 12, Send: 6})
	want := []Entry{
		{Kind: Captured, Round: 5, Seat: 0, From: 11, To: 12, Sent: 6, Before: 3, After: 3},
		{Kind: Eliminated, Round: 5, Seat: 1},
	}
	if got := full.Recorded(); !reflect.DeepEqual(got, want) {
		t.Fatalf("after an elimination with a full log: %+v, want %+v", got, want)
	}
	if got := full.Log(); len(got) != LogKept || !reflect.DeepEqual(got[LogKept-2:], want) {
		t.Fatalf("log %+v", got)
	}

	last := staged(t, 2, 0, 0, 7, 0, map[int]Island{11: {0, 6}, 12: {1, 2}})
	apply(t, last, 0, Action{Kind: Attack, From: 11, To: 12, Send: 3})
	if got := last.Recorded(); len(got) != 3 || got[0].Kind != Captured || got[1].Kind != Eliminated || got[2].Kind != Ended {
		t.Fatalf("after the last standing: %+v", got)
	}
	capped := staged(t, 2, 0, 1, MaxRounds, 0, map[int]Island{0: {0, 1}, 24: {1, 1}})
	apply(t, capped, 1, Action{Kind: Pass})
	if got, want := capped.Recorded(), []Entry{{Kind: Ended, Round: MaxRounds, Seat: Wild, Before: int(RoundCap)}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("after the round cap: %+v, want %+v", got, want)
	}
}

// TestBotStream pins the stream of a bot's decision, streamBotBase +
// round*256 + seat*16 + supply left of the seed, and that no two decisions
// of a whole match share a stream.
func TestBotStream(t *testing.T) {
	for players := MinPlayers; players <= MaxPlayers; players++ {
		s, err := New(21, players)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[uint64]bool{}
		r := rng.New(21, 77)
		for !s.Over() {
			got := s.BotStream()
			want := rng.New(21, 1<<32+uint64(s.round)*256+uint64(s.turn)*16+uint64(s.supplyLeft))
			if got != want {
				t.Fatalf("round %d seat %d supply %d: stream differs", s.round, s.turn, s.supplyLeft)
			}
			if seen[got.State()] {
				t.Fatalf("round %d seat %d supply %d: stream used twice", s.round, s.turn, s.supplyLeft)
			}
			seen[got.State()] = true
			apply(t, s, s.turn, randomAction(s, &r))
		}
	}
}

// TestBorder pins Border: a held island borders when a neighbour is not
// its holder's.
func TestBorder(t *testing.T) {
	s := staged(t, 2, 0, 0, 1, 0, map[int]Island{0: {0, 3}, 1: {0, 3}, 5: {0, 3}, 6: {0, 1}, 24: {1, 4}})
	for i, want := range map[int]bool{0: false, 1: true, 5: true, 6: true, 24: true} {
		if got := s.Border(i); got != want {
			t.Errorf("Border(%d) = %v, want %v", i, got, want)
		}
	}
}
