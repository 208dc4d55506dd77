package brinebell

import (
	"testing"

	"github.com/agentgames/bundle/engines"
)

func TestOnlyStartBeforeStart(t *testing.T) {
	for _, a := range []Action{
		{Kind: Order, Ferry: 0, Dock: 1},
		{Kind: Advance, Ticks: 1},
		{Kind: Bank},
	} {
		refused(t, New(3), a, engines.CodeNotStarted)
	}
	for _, a := range []Action{{}, {Kind: 9}, {Kind: Start, Ticks: 1}, {Kind: Start, Dock: 2}} {
		refused(t, New(3), a, engines.CodeIllegalAction)
	}
	s := New(3)
	if l := s.Legal(); l != (Legal{Start: true}) {
		t.Fatalf("legal before start: %+v", l)
	}
	apply(t, s, Action{Kind: Start})
	refused(t, s, Action{Kind: Start}, engines.CodeAlreadyStarted)
	if l := s.Legal(); l != (Legal{Advance: true, Bank: true, Ferries: 1, Docks: 3}) {
		t.Fatalf("legal after start: %+v", l)
	}
}

func TestRefusedActions(t *testing.T) {
	s := New(5)
	apply(t, s, Action{Kind: Start})
	cases := []struct {
		name string
		a    Action
	}{
		{"ferry B before it joins", Action{Kind: Order, Ferry: 1, Dock: 0}},
		{"no ferry 2", Action{Kind: Order, Ferry: 2, Dock: 0}},
		{"negative ferry", Action{Kind: Order, Ferry: -1, Dock: 0}},
		{"Lantern not open", Action{Kind: Order, Ferry: 0, Dock: Lantern}},
		{"Windmill not open", Action{Kind: Order, Ferry: 0, Dock: Windmill}},
		{"no dock 5", Action{Kind: Order, Ferry: 0, Dock: 5}},
		{"negative dock", Action{Kind: Order, Ferry: 0, Dock: -1}},
		{"order with ticks", Action{Kind: Order, Ferry: 0, Dock: 1, Ticks: 3}},
		{"advance 0", Action{Kind: Advance, Ticks: 0}},
		{"advance 91", Action{Kind: Advance, Ticks: 91}},
		{"advance negative", Action{Kind: Advance, Ticks: -4}},
		{"advance with dock", Action{Kind: Advance, Ticks: 5, Dock: 1}},
		{"bank with ticks", Action{Kind: Bank, Ticks: 1}},
		{"unknown kind", Action{Kind: 7}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { refused(t, s, c.a, engines.CodeIllegalAction) })
	}
}

func TestOrdersOpenWithUnlocks(t *testing.T) {
	s := bare(5, 2)
	apply(t, s, Action{Kind: Order, Ferry: 1, Dock: Windmill})
	if fe := s.Ferries()[1]; fe.Mode != Sailing || fe.Destination != Windmill {
		t.Fatalf("Ferry B did not sail: %+v", fe)
	}
}

func TestBankFinishesAtSeaAndAtZero(t *testing.T) {
	s := bare(3, 1)
	apply(t, s, Action{Kind: Order, Ferry: 0, Dock: Shellbank})
	out := apply(t, s, Action{Kind: Bank})
	if !out.Finished || !s.Finished() || s.Reason() != Banked || s.Score() != 0 {
		t.Fatalf("bank: %+v reason %v score %d", out, s.Reason(), s.Score())
	}
	if s.Legal() != (Legal{}) {
		t.Fatal("actions legal after the finish")
	}
	for _, a := range []Action{{Kind: Start}, {Kind: Bank}, {Kind: Advance, Ticks: 1}, {Kind: Order}} {
		refused(t, s, a, engines.CodeGameOver)
	}
}

func TestAdvanceRunsExactTicks(t *testing.T) {
	for _, n := range []int{1, 2, 45, 90} {
		s := bare(3, 1)
		out := apply(t, s, Action{Kind: Advance, Ticks: n})
		if out.Ticks != n || s.Clock() != 100+n {
			t.Fatalf("advance %d: ran %d, clock %d", n, out.Ticks, s.Clock())
		}
	}
}
