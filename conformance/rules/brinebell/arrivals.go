package brinebell

import (
	"fmt"

	"github.com/agentgames/bundle/conformance/check"
)

// This file holds what the referee can judge of Brinebell's arrivals
// without the generator: new passengers are taken from the answer that
// shows them and placed on the tick of their spawnTick, and everything the
// documented generator promises regardless of its draws is checked (ids,
// docks, destinations, kinds, patience, caps, three in a row, the block
// shape, interval ranges, deferrals only when nothing fits, the unlocks).

// seen is what the referee remembers of a passenger once shown.
type seen struct {
	spawn, origin int
	kind          string
}

// arrivals is the referee's memory of the arrivals, and what the
// current advance's answer shows of them.
type arrivals struct {
	seen      []seen       // by id, every passenger shown so far
	last, run int          // origin of the latest passenger and the run from it
	noRoom    map[int]bool // ticks when, after placing, no open dock had room for one more
	unlockAt  [3]int       // ticks Lantern, Windmill and Ferry B came, -1 unknown or not yet
	pairs     map[int]bool // blocks whose pair appeared on one tick, by first id

	// Of the advance being judged:
	fresh    []passenger          // passengers the answer shows first, by id
	unlocks  map[int][]event      // dock_open and ferry_join events, by tick
	overflow map[int]event        // overflow events, by passenger
	late     [3]bool              // unlocks whose events are already out of sight
	placed   int                  // how many of fresh are placed
	spawned  map[int][]*passenger // fresh passengers by spawn tick
}

// newArrivals remembers the start pair.
func newArrivals() *arrivals {
	return &arrivals{
		seen: []seen{{kind: "traveller"}, {kind: "traveller"}}, last: 0, run: 2,
		noRoom: map[int]bool{}, unlockAt: [3]int{-1, -1, -1}, pairs: map[int]bool{},
	}
}

// block is the block of id: its first id and size (docs A1).
func block(id int) (first, size int) {
	switch {
	case id < 2:
		return 0, 2
	case id < 8:
		return 2, 6
	case id < 14:
		return 8, 6
	case id < 16:
		return 14, 2
	case id < 22:
		return 16, 6
	case id < 24:
		return 22, 2
	}
	return 24 + (id-24)/6*6, 6
}

// docksFor is how many docks the plan of id's block uses.
func docksFor(id int) int {
	switch {
	case id >= 16:
		return 5
	case id >= 8:
		return 4
	}
	return 3
}

// unlockIDs are, for Lantern, Windmill and Ferry B, the id whose
// batch brings the unlock.
var unlockIDs = [3]int{8, 16, 24}

// prepare reads what the answer after an advance from clock shows of the
// arrivals: the new passengers and the unlock and overflow events.
func (a *arrivals) prepare(s *sim, v *view) error {
	a.fresh, a.placed = nil, 0
	a.unlocks, a.overflow, a.spawned = map[int][]event{}, map[int]event{}, map[int][]*passenger{}
	a.late = [3]bool{}
	for _, p := range v.Passengers {
		if p.ID >= len(a.seen) {
			a.fresh = append(a.fresh, p)
		}
	}
	for i := range a.fresh {
		p := &a.fresh[i]
		path := fmt.Sprintf("view.passengers[id=%d]", p.ID)
		if want := len(a.seen) + i; p.ID != want {
			return &check.Failure{Path: path + ".id", Rule: "passengers get ids 0, 1, 2, ... in the order they appear, none skipped",
				Want: fmt.Sprint(want), Got: fmt.Sprint(p.ID)}
		}
		if p.SpawnTick <= s.clock || p.SpawnTick > v.Clock {
			return &check.Failure{Path: path + ".spawnTick", Rule: "a new passenger appears on a tick this advance ran",
				Want: fmt.Sprintf("%d..%d", s.clock+1, v.Clock), Got: fmt.Sprint(p.SpawnTick)}
		}
		if i > 0 && p.SpawnTick < a.fresh[i-1].SpawnTick {
			return &check.Failure{Path: path + ".spawnTick", Rule: "ids follow the order of appearance",
				Want: fmt.Sprintf(">= %d", a.fresh[i-1].SpawnTick), Got: fmt.Sprint(p.SpawnTick)}
		}
		a.spawned[p.SpawnTick] = append(a.spawned[p.SpawnTick], p)
	}
	for i, e := range v.Events {
		if e.Tick <= s.clock {
			continue
		}
		path := fmt.Sprintf("view.events[%d]", i)
		switch e.Kind {
		case "dock_open", "ferry_join":
			a.unlocks[e.Tick] = append(a.unlocks[e.Tick], e)
		case "overflow":
			if e.Passenger == nil || *e.Passenger < len(a.seen) || *e.Passenger >= len(a.seen)+len(a.fresh) ||
				a.fresh[*e.Passenger-len(a.seen)].SpawnTick != e.Tick {
				return &check.Failure{Path: path, Rule: "an overflow event names a passenger appearing on its tick",
					Want: "a new passenger's id", Got: e.String()}
			}
			a.overflow[*e.Passenger] = e
		}
	}
	// An unlock whose event is out of sight happened before the window.
	for u := range a.late {
		if a.has(s, u) || !unlocked(v, u) || v.Clock-retire <= s.clock {
			continue
		}
		visible := false
		for _, es := range a.unlocks {
			for _, e := range es {
				visible = visible || unlockOf(e) == u
			}
		}
		a.late[u] = !visible
	}
	return nil
}

// unlocked reports whether view v shows unlock u done.
func unlocked(v *view, u int) bool {
	if u == 2 {
		return len(v.Ferries) > 1
	}
	return len(v.Docks) > 3+u && v.Docks[3+u].Open
}

// unlockOf is which unlock an event records, -1 for none.
func unlockOf(e event) int {
	switch {
	case e.Kind == "dock_open" && (e.Dock == 3 || e.Dock == 4):
		return e.Dock - 3
	case e.Kind == "ferry_join":
		return 2
	}
	return -1
}

// has reports whether unlock u is done in s, or done out of sight.
func (a *arrivals) has(s *sim, u int) bool {
	if a.late[u] {
		return true
	}
	if u == 2 {
		return len(s.ferries) > 1
	}
	return s.open[3+u]
}

// room is what placement reads (docs A6.2): the waiting counts
// and the latest origin's run.
type room struct {
	per       [docks]int
	total     int
	last, run int
}

// room is the room now in s.
func (a *arrivals) room(s *sim) room {
	per, total := s.waiting()
	return room{per: per, total: total, last: a.last, run: a.run}
}

// fits reports whether dock d has room for m more.
func (r room) fits(d, m int) bool {
	run := 0
	if d == r.last {
		run = r.run
	}
	return r.per[d]+m <= dockCap && r.total+m <= totalCap && run+m <= runCap
}

// place is step 2 of tick t: the unlocks and the arrivals the answer
// shows on t, each checked against the documented generator.
func (a *arrivals) place(s *sim, t int) error {
	for _, e := range a.unlocks[t] {
		if err := a.unlock(s, t, e); err != nil {
			return err
		}
	}
	before := a.room(s)
	for _, p := range a.spawned[t] {
		if err := a.arrive(s, t, p, before); err != nil {
			return err
		}
	}
	after, room := a.room(s), false
	for d := range docks {
		room = room || s.open[d] && after.fits(d, 1)
	}
	if !room {
		a.noRoom[t] = true
	}
	return nil
}

// unlock checks and applies a dock_open or ferry_join event of tick t.
func (a *arrivals) unlock(s *sim, t int, e event) error {
	u := unlockOf(e)
	fault := func(rule, want string) error {
		return &check.Failure{Path: "view.events", Rule: rule, Want: want, Got: e.String()}
	}
	switch {
	case u < 0 || e.Passenger != nil || (u == 2) != (e.Ferry != nil) || u == 2 && (*e.Ferry != 1 || e.Dock != 3):
		return fault("only Lantern and Windmill open, and only Ferry B joins, idle at Lantern", "dock_open 3|4 or ferry_join ferry 1 dock 3")
	case a.has(s, u):
		return fault("each unlock happens once", "no repeat")
	case u > 0 && !a.has(s, u-1):
		return fault("unlocks come in order: Lantern, Windmill, Ferry B", "the earlier unlock first")
	}
	id := unlockIDs[u]
	if len(a.seen) < id {
		return fault(fmt.Sprintf("an unlock comes when passenger %d's batch is due, after passenger %d appeared", id, id-1),
			fmt.Sprintf("passenger %d seen first", id-1))
	}
	lo, hi, _ := tier(id)
	if gap := t - a.seen[id-1].spawn; gap < lo || gap > hi {
		return fault(fmt.Sprintf("an unlock comes on the first tick passenger %d's batch is due: its interval after passenger %d appeared", id, id-1),
			fmt.Sprintf("tick %d..%d", a.seen[id-1].spawn+lo, a.seen[id-1].spawn+hi))
	}
	a.unlockAt[u] = t
	s.events = append(s.events, event{Tick: t, Kind: e.Kind, Ferry: e.Ferry, Dock: e.Dock})
	if u == 2 {
		s.ferries = append(s.ferries, ship{mode: "idle", dock: 3, dest: -1, queue: -1})
	} else {
		s.open[3+u] = true
	}
	return nil
}

// arrive checks passenger p, shown appearing on tick t, and places it;
// before is the room before the tick's arrivals.
func (a *arrivals) arrive(s *sim, t int, p *passenger, before room) error {
	path := fmt.Sprintf("view.passengers[id=%d]", p.ID)
	fault := func(field, rule, want, got string) error {
		return &check.Failure{Path: path + field, Rule: rule, Want: want, Got: got}
	}
	id, k := p.ID, docksFor(p.ID)
	switch {
	case p.Kind != "traveller" && p.Kind != "courier" && p.Kind != "cart":
		return fault(".kind", "a passenger is a traveller, a courier or a cart", "one of them", p.Kind)
	case p.MaxPatience != maxPatience(p.Kind, id):
		return fault(".maxPatience", "maximum patience is the tier's traveller patience (x3/4 courier, x5/4 cart, rounded down)",
			fmt.Sprint(maxPatience(p.Kind, id)), fmt.Sprint(p.MaxPatience))
	case p.Origin < 0 || p.Origin >= k || !s.open[p.Origin] && !(p.Origin >= 3 && a.late[p.Origin-3]):
		return fault(".origin", "a passenger appears at an open dock of its block's plan", fmt.Sprintf("an open dock below %d", k), fmt.Sprint(p.Origin))
	case p.Destination < 0 || p.Destination >= k || p.Destination == p.Origin:
		return fault(".destination", "a destination is another dock of the block's plan", fmt.Sprintf("0..%d but not %d", k-1, p.Origin), fmt.Sprint(p.Destination))
	}
	for u, uid := range unlockIDs {
		if id >= uid && !a.has(s, u) {
			return fault("", fmt.Sprintf("the unlock of passenger %d's batch comes before anyone of it appears", uid),
				[3]string{"Lantern open", "Windmill open", "Ferry B joined"}[u], "not yet")
		}
	}
	if err := a.shape(id, p); err != nil {
		return fault(".kind", err.Error(), "", p.Kind)
	}
	if rule, want := a.timing(id, t); rule != "" {
		return fault(".spawnTick", rule, want, fmt.Sprint(t))
	}
	now := a.room(s)
	if e, ok := a.overflow[id]; ok {
		m := 1
		for _, q := range a.spawned[t] {
			if q.ID != id && q.Origin == p.Origin && (q.ID == id-1 || q.ID == id+1) {
				m = 2
			}
		}
		// The planned dock is hidden: some other open dock must have lacked
		// room, when the batch came or when this passenger was placed.
		full := false
		for d := range docks {
			full = full || d != p.Origin && s.open[d] && (!before.fits(d, m) || !now.fits(d, m))
		}
		if !full || e.Dock != p.Origin {
			return fault("", "an overflow places a passenger away from its planned origin only when that dock has no room", "a full planned dock", e.String())
		}
	}
	per, total := now.per, now.total
	per[p.Origin]++
	total++
	if p.Origin == a.last {
		a.run++
	} else {
		a.last, a.run = p.Origin, 1
	}
	switch {
	case per[p.Origin] > dockCap:
		return fault(".origin", "at most 6 wait at one dock", "<= 6 waiting", fmt.Sprint(per[p.Origin]))
	case total > totalCap:
		return fault(".origin", "at most 24 wait in all", "<= 24 waiting", fmt.Sprint(total))
	case a.run > runCap:
		return fault(".origin", "at most three passengers in a row come from one dock", "<= 3 in a row", fmt.Sprint(a.run))
	}
	a.seen = append(a.seen, seen{spawn: t, origin: p.Origin, kind: p.Kind})
	s.pass = append(s.pass, pax{id: id, kind: p.Kind, status: "waiting", origin: p.Origin, dest: p.Destination,
		ferry: -1, patience: p.MaxPatience, max: p.MaxPatience, spawn: t, resolved: -1})
	s.events = append(s.events, event{Tick: t, Kind: "spawn", Passenger: ptr(id), Dock: p.Origin})
	if e, ok := a.overflow[id]; ok {
		s.events = append(s.events, event{Tick: t, Kind: "overflow", Passenger: ptr(id), Dock: e.Dock})
	}
	a.placed++
	return nil
}

// shape checks the kinds of id's block so far: one courier and one cart
// in a complete block, travellers elsewhere.
func (a *arrivals) shape(id int, p *passenger) error {
	first, size := block(id)
	if size != 6 {
		if p.Kind != "traveller" {
			return fmt.Errorf("the start pair and boundary blocks (ids 14-15, 22-23) hold travellers only")
		}
		return nil
	}
	kinds := []string{p.Kind}
	for q := first; q < id; q++ {
		kinds = append(kinds, a.seen[q].kind)
	}
	couriers, carts := 0, 0
	for _, k := range kinds {
		if k == "courier" {
			couriers++
		}
		if k == "cart" {
			carts++
		}
	}
	if couriers > 1 || carts > 1 || id == first+size-1 && (couriers != 1 || carts != 1) {
		return fmt.Errorf("a complete block (ids %d-%d) holds exactly one courier and one cart", first, first+size-1)
	}
	return nil
}

// timing checks that passenger id may appear on tick t after id-1: in
// the same batch (the block's pair), or after its batch's interval plus
// deferrals, each on a tick when nothing fitted; or, for the second of a
// pair split by a deferral, on a later deferral tick. It answers the rule
// broken and what was wanted, or "".
func (a *arrivals) timing(id, t int) (rule, want string) {
	prev := a.seen[id-1].spawn
	gap := t - prev
	first, size := block(id)
	pairable := size == 6 && id > first
	if gap == 0 {
		switch {
		case !pairable:
			return "two passengers appear on one tick only as a complete block's pair", fmt.Sprintf("a tick after %d", prev)
		case id >= 2 && a.seen[id-2].spawn == t:
			return "at most two passengers (one batch) appear on a tick", fmt.Sprintf("a tick after %d", prev)
		case a.pairs[first]:
			return fmt.Sprintf("a block (ids %d-%d) has one pair", first, first+size-1), fmt.Sprintf("a tick after %d", prev)
		}
		a.pairs[first] = true
		return "", ""
	}
	deferred := func(k int) bool {
		for j := 1; j <= k; j++ {
			if !a.noRoom[t-deferTicks*j] {
				return false
			}
		}
		return true
	}
	lo, hi, _ := tier(id)
	for u, uid := range unlockIDs {
		if id == uid && a.unlockAt[u] >= 0 {
			due := a.unlockAt[u]
			if t >= due && (t-due)%deferTicks == 0 && deferred((t-due)/deferTicks) {
				return "", ""
			}
			return fmt.Sprintf("passenger %d's batch is due on its unlock's tick %d and appears then, or 30 ticks later for each tick nothing fits", id, due),
				fmt.Sprintf("%d + 30k", due)
		}
	}
	for k := 0; gap-deferTicks*k >= lo; k++ {
		if gap-deferTicks*k <= hi && deferred(k) {
			return "", ""
		}
	}
	if pairable && gap%deferTicks == 0 && deferred(gap/deferTicks) {
		return "", ""
	}
	return fmt.Sprintf("a batch appears its interval (%d..%d ticks for id %d) after the previous one, deferred by 30 only on ticks when no open dock has room", lo, hi, id),
		fmt.Sprintf("%d + %d..%d (+30 per deferral)", prev, lo, hi)
}

// finish ends an advance: unlocks out of sight are applied, and every new
// passenger the answer shows must have been placed.
func (a *arrivals) finish(s *sim) error {
	if a.placed < len(a.fresh) {
		p := a.fresh[a.placed]
		return &check.Failure{Path: fmt.Sprintf("view.passengers[id=%d].spawnTick", p.ID), Rule: "a passenger appears on a tick that ran",
			Want: fmt.Sprintf("<= %d", s.clock), Got: fmt.Sprint(p.SpawnTick)}
	}
	for u, late := range a.late {
		if !late {
			continue
		}
		id := unlockIDs[u]
		lo, _, _ := tier(id)
		if len(a.seen) < id || a.seen[id-1].spawn+lo > s.clock-retire {
			return &check.Failure{Path: "view", Rule: fmt.Sprintf("an unlock comes when passenger %d's batch is first due, at least %d ticks after passenger %d appeared, with an event", id, lo, id-1),
				Want: fmt.Sprintf("an event of the last %d ticks", retire), Got: "unlocked without one"}
		}
		if u == 2 {
			s.ferries = append(s.ferries, ship{mode: "idle", dock: 3, dest: -1, queue: -1})
		} else {
			s.open[3+u] = true
		}
	}
	a.late = [3]bool{}
	return nil
}
