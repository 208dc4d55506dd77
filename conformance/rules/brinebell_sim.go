package rules

import "slices"

// This file holds Brinebell's rules as the referee re-derives them from
// docs/brinebell.md: the run it can see (everything but the arrival
// generator), the actions, and a tick in the documented order. Arrivals
// are not derived: a hook places the ones the answer shows.

// Numbers of the rules (docs/brinebell.md).
const (
	brinebellDocks         = 5
	brinebellSeats         = 4
	brinebellService       = 24
	brinebellAdjacent      = 54
	brinebellFar           = 84
	brinebellRetire        = 60
	brinebellMaxDepartures = 5
	brinebellMilestone     = 20
	brinebellMilestonePts  = 300
	brinebellExtraPts      = 40
	brinebellMaxTicks      = 90
	brinebellListedTicks   = 30
	brinebellDockCap       = 6
	brinebellTotalCap      = 24
	brinebellRunCap        = 3
	brinebellDeferTicks    = 30
)

// brinebellDockNames and brinebellFerryNames are the documented names.
var (
	brinebellDockNames  = [brinebellDocks]string{"Bell Quay", "Orchard", "Shellbank", "Lantern", "Windmill"}
	brinebellFerryNames = [2]string{"Ferry A", "Ferry B"}
)

// brinebellShip is one ferry; dest and queue are -1 for none.
type brinebellShip struct {
	mode              string // idle, service, sailing
	dock, dest, queue int
	left              int
}

// brinebellPax is one passenger; ferry and resolved are -1 for none.
type brinebellPax struct {
	id                  int
	kind, status        string
	origin, dest, ferry int
	patience, max       int
	spawn, resolved     int
}

// brinebellSim is the run as the referee knows it.
type brinebellSim struct {
	started, finished bool
	reason            string
	clock, score      int
	streak            int
	deliveries        int
	departures        int
	open              [brinebellDocks]bool
	ferries           []brinebellShip
	pass              []brinebellPax // by id: waiting, riding, resolved in the last 60 ticks
	events            []brinebellEvent
}

// brinebellTravel is the crossing time from dock a to dock b on the ring.
func brinebellTravel(a, b int) int {
	switch (b - a + brinebellDocks) % brinebellDocks {
	case 1, brinebellDocks - 1:
		return brinebellAdjacent
	}
	return brinebellFar
}

// brinebellMultiplier is what an exchange reads with a given streak.
func brinebellMultiplier(streak int) int { return min(3, 1+streak/8) }

// brinebellTier is the interval range and traveller patience of an id.
func brinebellTier(id int) (lo, hi, patience int) {
	switch {
	case id >= 36:
		return 60, 81, 1920
	case id >= 24:
		return 75, 96, 1920
	case id >= 16:
		return 96, 120, 2040
	case id >= 8:
		return 105, 135, 2040
	}
	return 120, 150, 2160
}

// brinebellMaxPatience is the starting patience of passenger id of kind.
func brinebellMaxPatience(kind string, id int) int {
	_, _, p := brinebellTier(id)
	switch kind {
	case "courier":
		return p * 3 / 4
	case "cart":
		return p * 5 / 4
	}
	return p
}

// brinebellBase is what delivering a kind is worth before the bonus.
func brinebellBase(kind string) int {
	switch kind {
	case "courier":
		return 160
	case "cart":
		return 180
	}
	return 100
}

// brinebellBonus is the patience bonus at delivery.
func brinebellBonus(p, m int) int {
	switch {
	case p*3 >= m*2:
		return 40
	case p*3 >= m:
		return 20
	}
	return 0
}

// brinebellSeatsOf is how many seats a kind takes.
func brinebellSeatsOf(kind string) int {
	if kind == "cart" {
		return 2
	}
	return 1
}

// brinebellNewRun is the documented state of a new run: three docks,
// Ferry A idle at Bell Quay, travellers 0 and 1 waiting there for Orchard
// and Shellbank.
func brinebellNewRun() *brinebellSim {
	s := &brinebellSim{open: [brinebellDocks]bool{true, true, true}}
	s.ferries = []brinebellShip{{mode: "idle", dest: -1, queue: -1}}
	for id := range 2 {
		s.pass = append(s.pass, brinebellPax{id: id, kind: "traveller", status: "waiting", dest: 1 + id, ferry: -1,
			patience: 2160, max: 2160, resolved: -1})
		s.event(brinebellEvent{Kind: "spawn", Passenger: brinebellPtr(id)})
	}
	return s
}

func (s *brinebellSim) event(e brinebellEvent) {
	e.Tick = s.clock
	s.events = append(s.events, e)
}

// openDocks counts the open docks.
func (s *brinebellSim) openDocks() int {
	n := 0
	for _, o := range s.open {
		if o {
			n++
		}
	}
	return n
}

// legal lists the legal actions and the ranges of advance.
func (s *brinebellSim) legal() ([]brinebellAction, []brinebellRange) {
	switch {
	case s.finished:
		return []brinebellAction{}, nil
	case !s.started:
		return []brinebellAction{{Type: "start"}}, nil
	}
	out := []brinebellAction{{Type: "advance", Ticks: brinebellPtr(brinebellListedTicks)}, {Type: "bank"}}
	for f := range s.ferries {
		for d := range brinebellDocks {
			if s.open[d] {
				out = append(out, brinebellAction{Type: "order", Ferry: brinebellPtr(f), Dock: brinebellPtr(d)})
			}
		}
	}
	return out, []brinebellRange{{Type: "advance", Field: "ticks", Min: 1, Max: brinebellMaxTicks}}
}

// refusal is the documented code for a grammatical action a in s, or ""
// when the rules accept it.
func (s *brinebellSim) refusal(a brinebellAction) string {
	switch {
	case s.finished:
		return "game_over"
	case a.Type == "start" && s.started:
		return "already_started"
	case a.Type != "start" && !s.started:
		return "not_started"
	case a.Type == "order" && (*a.Ferry >= len(s.ferries) || !s.open[*a.Dock]):
		return "illegal_action"
	}
	return ""
}

// act applies an accepted start, order or bank.
func (s *brinebellSim) act(a brinebellAction) {
	switch a.Type {
	case "start":
		s.started = true
		s.beginService(0)
	case "bank":
		s.finished, s.reason = true, "banked"
	case "order":
		f, d := *a.Ferry, *a.Dock
		fe := &s.ferries[f]
		switch {
		case fe.mode == "idle" && d == fe.dock:
			s.beginService(f)
		case fe.mode == "idle":
			s.sail(f, d)
		case fe.mode == "service" && d == fe.dock, fe.mode == "sailing" && d == fe.dest:
			fe.queue = -1
		default:
			fe.queue = d
		}
	}
}

func (s *brinebellSim) beginService(f int) {
	fe := &s.ferries[f]
	fe.mode, fe.left = "service", brinebellService
	s.event(brinebellEvent{Kind: "service", Ferry: brinebellPtr(f), Dock: fe.dock})
}

func (s *brinebellSim) sail(f, d int) {
	fe := &s.ferries[f]
	fe.mode, fe.dest, fe.queue, fe.left = "sailing", d, -1, brinebellTravel(fe.dock, d)
	s.event(brinebellEvent{Kind: "sail", Ferry: brinebellPtr(f), Dock: d})
}

// tick runs one tick in the documented order; place is step 2 (unlocks
// and arrivals), which the referee takes from the answer.
func (s *brinebellSim) tick(place func(t int) error) error {
	s.clock++
	t := s.clock
	if err := place(t); err != nil {
		return err
	}
	for i := range s.pass {
		p := &s.pass[i]
		switch p.status {
		case "riding":
			p.patience = max(0, p.patience-1)
		case "waiting":
			p.patience = max(0, p.patience-2)
			if p.patience == 0 {
				p.status, p.resolved = "departed", t
				s.departures++
				s.streak = 0
				s.event(brinebellEvent{Kind: "departure", Passenger: brinebellPtr(p.id), Dock: p.origin})
			}
		}
	}
	set := make([]bool, len(s.ferries))
	for f := range s.ferries {
		fe := &s.ferries[f]
		if fe.mode != "service" {
			continue
		}
		if fe.left == brinebellService {
			s.exchange(f)
		}
		fe.left--
		if fe.left > 0 {
			continue
		}
		if fe.queue < 0 {
			fe.mode = "idle"
			continue
		}
		s.sail(f, fe.queue)
		set[f] = true
	}
	for f := range s.ferries {
		fe := &s.ferries[f]
		if fe.mode != "sailing" || set[f] {
			continue
		}
		fe.left--
		if fe.left == 0 {
			fe.mode, fe.dock, fe.dest, fe.left = "service", fe.dest, -1, brinebellService
			s.event(brinebellEvent{Kind: "arrive", Ferry: brinebellPtr(f), Dock: fe.dock})
		}
	}
	if s.departures >= brinebellMaxDepartures {
		s.finished, s.reason = true, "departures"
	}
	s.pass = slices.DeleteFunc(s.pass, func(p brinebellPax) bool { return p.resolved >= 0 && t-p.resolved >= brinebellRetire })
	s.events = slices.DeleteFunc(s.events, func(e brinebellEvent) bool { return t-e.Tick >= brinebellRetire })
	return nil
}

// exchange delivers ferry f's riders bound for its dock and scores them,
// then boards the waiting line in order while seats allow.
func (s *brinebellSim) exchange(f int) {
	dock := s.ferries[f].dock
	mult := brinebellMultiplier(s.streak)
	sum, n := 0, 0
	for i := range s.pass {
		p := &s.pass[i]
		if p.status != "riding" || p.ferry != f || p.dest != dock {
			continue
		}
		pts := brinebellBase(p.kind) + brinebellBonus(p.patience, p.max)
		sum += pts
		n++
		p.status, p.ferry, p.resolved = "delivered", -1, s.clock
		s.event(brinebellEvent{Kind: "deliver", Passenger: brinebellPtr(p.id), Ferry: brinebellPtr(f), Dock: dock, Points: pts})
	}
	if n > 0 {
		award := mult * (sum + brinebellExtraPts*(n-1))
		s.score += award
		s.event(brinebellEvent{Kind: "exchange", Ferry: brinebellPtr(f), Dock: dock, Points: award, Multiplier: mult})
		crossed := (s.deliveries+n)/brinebellMilestone - s.deliveries/brinebellMilestone
		s.deliveries += n
		if crossed > 0 {
			s.score += crossed * brinebellMilestonePts
			s.event(brinebellEvent{Kind: "milestone", Ferry: brinebellPtr(f), Dock: dock, Points: crossed * brinebellMilestonePts})
		}
		s.streak += n
	}
	free := brinebellSeats - s.seatsTaken(f)
	for i := range s.pass {
		p := &s.pass[i]
		if p.status != "waiting" || p.origin != dock {
			continue
		}
		if need := brinebellSeatsOf(p.kind); need > free {
			if need == 2 && free == 1 {
				s.event(brinebellEvent{Kind: "skip", Passenger: brinebellPtr(p.id), Ferry: brinebellPtr(f), Dock: dock})
			}
			continue
		}
		free -= brinebellSeatsOf(p.kind)
		p.status, p.ferry = "riding", f
		s.event(brinebellEvent{Kind: "board", Passenger: brinebellPtr(p.id), Ferry: brinebellPtr(f), Dock: dock})
	}
}

func (s *brinebellSim) seatsTaken(f int) int {
	n := 0
	for _, p := range s.pass {
		if p.status == "riding" && p.ferry == f {
			n += brinebellSeatsOf(p.kind)
		}
	}
	return n
}

// waiting counts the waiting passengers at each dock and in all.
func (s *brinebellSim) waiting() (per [brinebellDocks]int, total int) {
	for _, p := range s.pass {
		if p.status == "waiting" {
			per[p.origin]++
			total++
		}
	}
	return per, total
}

// view is the view the documented rules call for.
func (s *brinebellSim) view() brinebellView {
	v := brinebellView{
		Started: s.started, Finished: s.finished, Clock: s.clock, Score: s.score, Streak: s.streak,
		Multiplier: brinebellMultiplier(s.streak), Deliveries: s.deliveries, Departures: s.departures,
		Passengers: []brinebellPassenger{}, Events: slices.Clone(s.events),
	}
	if v.Events == nil {
		v.Events = []brinebellEvent{}
	}
	for d := range brinebellDocks {
		v.Docks = append(v.Docks, brinebellDock{ID: d, Name: brinebellDockNames[d], Open: s.open[d], Waiting: []int{}})
	}
	for f, fe := range s.ferries {
		v.Ferries = append(v.Ferries, brinebellFerry{ID: f, Name: brinebellFerryNames[f], Mode: fe.mode, Dock: fe.dock,
			Destination: brinebellPtr(fe.dest), TicksLeft: fe.left, ExchangePending: fe.mode == "service" && fe.left == brinebellService,
			Queued: brinebellPtr(fe.queue), Riders: []int{}, SeatsFree: brinebellSeats - s.seatsTaken(f)})
	}
	for _, p := range s.pass {
		switch p.status {
		case "waiting":
			v.Docks[p.origin].Waiting = append(v.Docks[p.origin].Waiting, p.id)
		case "riding":
			v.Ferries[p.ferry].Riders = append(v.Ferries[p.ferry].Riders, p.id)
		}
		v.Passengers = append(v.Passengers, brinebellPassenger{ID: p.id, Kind: p.kind, Status: p.status, Origin: p.origin,
			Destination: p.dest, Ferry: brinebellPtr(p.ferry), Patience: p.patience, MaxPatience: p.max,
			SpawnTick: p.spawn, ResolvedTick: brinebellPtr(p.resolved)})
	}
	return v
}

// result is the documented result, nil while the run goes on.
func (s *brinebellSim) result() *brinebellResult {
	if !s.finished {
		return nil
	}
	return &brinebellResult{Reason: s.reason, Score: s.score, Deliveries: s.deliveries, Departures: s.departures, Clock: s.clock}
}
