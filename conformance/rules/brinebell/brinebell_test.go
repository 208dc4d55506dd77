package brinebell

import (
	"testing"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/rules"
	"github.com/agentgames/bundle/conformance/rules/rulestest"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestBrinebellRealServerPasses plays every Brinebell rules check on the
// default seeds against this bundle's server, in sequence, and reports
// how long they took.
func TestBrinebellRealServerPasses(t *testing.T) {
	cs := Referee(rules.DefaultSeeds)
	if len(cs) != 2*rules.DefaultSeeds+1 {
		t.Fatalf("%d checks, want %d", len(cs), 2*rules.DefaultSeeds+1)
	}
	rulestest.Run(t, check.HandlerTarget(testserver.New(t)), cs)
}

// memory is an arrival memory where passengers 0..len(spawns)-1
// appeared on the given ticks, all at Bell Quay.
func memory(spawns ...int) *arrivals {
	a := newArrivals()
	a.seen = a.seen[:0]
	for _, t := range spawns {
		a.seen = append(a.seen, seen{spawn: t, kind: "traveller"})
	}
	return a
}

// TestBrinebellTimingRanges: a batch appears its tier's interval after the
// previous one, later only by deferrals on ticks when nothing fitted, and
// on the same tick only as a complete block's one pair.
func TestBrinebellTimingRanges(t *testing.T) {
	ids := make([]int, 24)
	at := func(a *arrivals, id, tick int) bool { rule, _ := a.timing(id, tick); return rule == "" }
	a := memory(ids...)
	a.seen[23].spawn = 1000
	for _, c := range []struct {
		tick int
		ok   bool
	}{{1074, false}, {1075, true}, {1096, true}, {1097, false}, {1104, false}, {1105, false}, {1126, false}} {
		if got := at(a, 24, c.tick); got != c.ok {
			t.Errorf("id 24 (interval 75..96) on tick %d after 1000: ok %v, want %v", c.tick, got, c.ok)
		}
	}
	a.noRoom[1096] = true
	if !at(a, 24, 1126) {
		t.Error("a deferral on a congested tick 1096 must allow tick 1126")
	}
	if at(a, 24, 1104) {
		t.Error("tick 1104 is no interval and no deferral of one")
	}
	// Ids 2 and 3 share a complete block: one pair a tick, once a block.
	b := memory(0, 0, 130)
	if !at(b, 3, 130) {
		t.Error("a complete block's pair appears on one tick")
	}
	b.seen = append(b.seen, seen{spawn: 130, kind: "traveller"}, seen{spawn: 400, kind: "traveller"})
	if at(b, 4, 130) {
		t.Error("three passengers on one tick")
	}
	if at(b, 5, 400) {
		t.Error("a second pair in the block")
	}
	if at(memory(make([]int, 15)...), 15, 0) {
		t.Error("a pair in the boundary block 14-15")
	}
}

// TestBrinebellUnlockWindow: Lantern opens on the tick passenger 8's
// batch is first due, 105..135 ticks after passenger 7 appeared.
func TestBrinebellUnlockWindow(t *testing.T) {
	spawns := make([]int, 8)
	spawns[7] = 700
	for _, c := range []struct {
		tick int
		ok   bool
	}{{804, false}, {805, true}, {835, true}, {836, false}} {
		s := newRun()
		err := memory(spawns...).unlock(s, c.tick, event{Tick: c.tick, Kind: "dock_open", Dock: 3})
		if (err == nil) != c.ok || c.ok && !s.open[3] {
			t.Errorf("Lantern opening on tick %d after passenger 7 at 700: %v, want ok %v", c.tick, err, c.ok)
		}
	}
	if memory(0, 0, 130).unlock(newRun(), 300, event{Tick: 300, Kind: "dock_open", Dock: 3}) == nil {
		t.Error("Lantern opened before passenger 7 appeared")
	}
	if memory(spawns...).unlock(newRun(), 810, event{Tick: 810, Kind: "dock_open", Dock: 4}) == nil {
		t.Error("Windmill opened before Lantern")
	}
}

// TestBrinebellPlacement: an overflow needs a full dock elsewhere, and no
// arrival breaks the caps or the three-in-a-row limit.
func TestBrinebellPlacement(t *testing.T) {
	place := func(atOrchard, origin int, overflow bool, last, run int) error {
		s := newRun()
		s.pass = nil
		for id := range 7 {
			d := 0
			if id < atOrchard {
				d = 1
			}
			s.pass = append(s.pass, pax{id: id, kind: "traveller", status: "waiting", origin: d, ferry: -1, resolved: -1})
		}
		a := memory(0, 0, 130, 260, 390, 520, 650)
		a.seen[2].kind, a.seen[3].kind = "courier", "cart"
		a.last, a.run = last, run
		p := &passenger{ID: 7, Kind: "traveller", Origin: origin, Destination: (origin + 1) % 3, MaxPatience: 2160, SpawnTick: 780}
		a.spawned = map[int][]*passenger{780: {p}}
		a.overflow = map[int]event{}
		if overflow {
			a.overflow[7] = event{Tick: 780, Kind: "overflow", Passenger: ptr(7), Dock: origin}
		}
		return a.arrive(s, 780, p, a.room(s))
	}
	if err := place(6, 2, true, 0, 1); err != nil {
		t.Errorf("an overflow beside a full Orchard: %v", err)
	}
	if place(5, 2, true, 0, 1) == nil {
		t.Error("an overflow while every other dock had room")
	}
	if place(6, 1, false, 0, 1) == nil {
		t.Error("a seventh passenger waiting at one dock")
	}
	if place(0, 2, false, 2, 3) == nil {
		t.Error("a fourth passenger in a row from one dock")
	}
	if err := place(0, 2, false, 2, 2); err != nil {
		t.Errorf("a third passenger in a row: %v", err)
	}
}
