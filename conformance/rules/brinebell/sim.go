package brinebell

import "slices"

// This file holds Brinebell's rules as the referee re-derives them from
// docs/brinebell.md: the run it can see (everything but the arrival
// generator), the actions, and a tick in the documented order. Arrivals
// are not derived: a hook places the ones the answer shows.

// Numbers of the rules (docs/brinebell.md).
const (
	docks         = 5
	seats         = 4
	service       = 24
	adjacent      = 54
	far           = 84
	retire        = 60
	maxDepartures = 5
	milestone     = 20
	milestonePts  = 300
	extraPts      = 40
	maxTicks      = 90
	listedTicks   = 30
	dockCap       = 6
	totalCap      = 24
	runCap        = 3
	deferTicks    = 30
)

// dockNames and ferryNames are the documented names.
var (
	dockNames  = [docks]string{"Bell Quay", "Orchard", "Shellbank", "Lantern", "Windmill"}
	ferryNames = [2]string{"Ferry A", "Ferry B"}
)

// ship is one ferry; dest and queue are -1 for none.
type ship struct {
	mode              string // idle, service, sailing
	dock, dest, queue int
	left              int
}

// pax is one passenger; ferry and resolved are -1 for none.
type pax struct {
	id                  int
	kind, status        string
	origin, dest, ferry int
	patience, max       int
	spawn, resolved     int
}

// sim is the run as the referee knows it.
type sim struct {
	started, finished bool
	reason            string
	clock, score      int
	streak            int
	deliveries        int
	departures        int
	open              [docks]bool
	ferries           []ship
	pass              []pax // by id: waiting, riding, resolved in the last 60 ticks
	events            []event
}

// travel is the crossing time from dock a to dock b on the ring.
func travel(a, b int) int {
	switch (b - a + docks) % docks {
	case 1, docks - 1:
		return adjacent
	}
	return far
}

// multiplierOf is what an exchange reads with a given streak.
func multiplierOf(streak int) int { return min(3, 1+streak/8) }

// tier is the interval range and traveller patience of an id.
func tier(id int) (lo, hi, patience int) {
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

// maxPatience is the starting patience of passenger id of kind.
func maxPatience(kind string, id int) int {
	_, _, p := tier(id)
	switch kind {
	case "courier":
		return p * 3 / 4
	case "cart":
		return p * 5 / 4
	}
	return p
}

// base is what delivering a kind is worth before the bonus.
func base(kind string) int {
	switch kind {
	case "courier":
		return 160
	case "cart":
		return 180
	}
	return 100
}

// bonus is the patience bonus at delivery.
func bonus(p, m int) int {
	switch {
	case p*3 >= m*2:
		return 40
	case p*3 >= m:
		return 20
	}
	return 0
}

// seatsOf is how many seats a kind takes.
func seatsOf(kind string) int {
	if kind == "cart" {
		return 2
	}
	return 1
}

// newRun is the documented state of a new run: three docks,
// Ferry A idle at Bell Quay, travellers 0 and 1 waiting there for Orchard
// and Shellbank.
func newRun() *sim {
	s := &sim{open: [docks]bool{true, true, true}}
	s.ferries = []ship{{mode: "idle", dest: -1, queue: -1}}
	for id := range 2 {
		s.pass = append(s.pass, pax{id: id, kind: "traveller", status: "waiting", dest: 1 + id, ferry: -1,
			patience: 2160, max: 2160, resolved: -1})
		s.event(event{Kind: "spawn", Passenger: ptr(id)})
	}
	return s
}

func (s *sim) event(e event) {
	e.Tick = s.clock
	s.events = append(s.events, e)
}

// openDocks counts the open docks.
func (s *sim) openDocks() int {
	n := 0
	for _, o := range s.open {
		if o {
			n++
		}
	}
	return n
}

// legal lists the legal actions and the ranges of advance.
func (s *sim) legal() ([]action, []actionRange) {
	switch {
	case s.finished:
		return []action{}, nil
	case !s.started:
		return []action{{Type: "start"}}, nil
	}
	out := []action{{Type: "advance", Ticks: ptr(listedTicks)}, {Type: "bank"}}
	for f := range s.ferries {
		for d := range docks {
			if s.open[d] {
				out = append(out, action{Type: "order", Ferry: ptr(f), Dock: ptr(d)})
			}
		}
	}
	return out, []actionRange{{Type: "advance", Field: "ticks", Min: 1, Max: maxTicks}}
}

// refusal is the documented code for a grammatical action a in s, or ""
// when the rules accept it.
func (s *sim) refusal(a action) string {
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
func (s *sim) act(a action) {
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

func (s *sim) beginService(f int) {
	fe := &s.ferries[f]
	fe.mode, fe.left = "service", service
	s.event(event{Kind: "service", Ferry: ptr(f), Dock: fe.dock})
}

func (s *sim) sail(f, d int) {
	fe := &s.ferries[f]
	fe.mode, fe.dest, fe.queue, fe.left = "sailing", d, -1, travel(fe.dock, d)
	s.event(event{Kind: "sail", Ferry: ptr(f), Dock: d})
}

// tick runs one tick in the documented order; place is step 2 (unlocks
// and arrivals), which the referee takes from the answer.
func (s *sim) tick(place func(t int) error) error {
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
				s.event(event{Kind: "departure", Passenger: ptr(p.id), Dock: p.origin})
			}
		}
	}
	set := make([]bool, len(s.ferries))
	for f := range s.ferries {
		fe := &s.ferries[f]
		if fe.mode != "service" {
			continue
		}
		if fe.left == service {
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
			fe.mode, fe.dock, fe.dest, fe.left = "service", fe.dest, -1, service
			s.event(event{Kind: "arrive", Ferry: ptr(f), Dock: fe.dock})
		}
	}
	if s.departures >= maxDepartures {
		s.finished, s.reason = true, "departures"
	}
	s.pass = slices.DeleteFunc(s.pass, func(p pax) bool { return p.resolved >= 0 && t-p.resolved >= retire })
	s.events = slices.DeleteFunc(s.events, func(e event) bool { return t-e.Tick >= retire })
	return nil
}

// exchange delivers ferry f's riders bound for its dock and scores them,
// then boards the waiting line in order while seats allow.
func (s *sim) exchange(f int) {
	dock := s.ferries[f].dock
	mult := multiplierOf(s.streak)
	sum, n := 0, 0
	for i := range s.pass {
		p := &s.pass[i]
		if p.status != "riding" || p.ferry != f || p.dest != dock {
			continue
		}
		pts := base(p.kind) + bonus(p.patience, p.max)
		sum += pts
		n++
		p.status, p.ferry, p.resolved = "delivered", -1, s.clock
		s.event(event{Kind: "deliver", Passenger: ptr(p.id), Ferry: ptr(f), Dock: dock, Points: pts})
	}
	if n > 0 {
		award := mult * (sum + extraPts*(n-1))
		s.score += award
		s.event(event{Kind: "exchange", Ferry: ptr(f), Dock: dock, Points: award, Multiplier: mult})
		crossed := (s.deliveries+n)/milestone - s.deliveries/milestone
		s.deliveries += n
		if crossed > 0 {
			s.score += crossed * milestonePts
			s.event(event{Kind: "milestone", Ferry: ptr(f), Dock: dock, Points: crossed * milestonePts})
		}
		s.streak += n
	}
	free := seats - s.seatsTaken(f)
	for i := range s.pass {
		p := &s.pass[i]
		if p.status != "waiting" || p.origin != dock {
			continue
		}
		if need := seatsOf(p.kind); need > free {
			if need == 2 && free == 1 {
				s.event(event{Kind: "skip", Passenger: ptr(p.id), Ferry: ptr(f), Dock: dock})
			}
			continue
		}
		free -= seatsOf(p.kind)
		p.status, p.ferry = "riding", f
		s.event(event{Kind: "board", Passenger: ptr(p.id), Ferry: ptr(f), Dock: dock})
	}
}

func (s *sim) seatsTaken(f int) int {
	n := 0
	for _, p := range s.pass {
		if p.status == "riding" && p.ferry == f {
			n += seatsOf(p.kind)
		}
	}
	return n
}

// waiting counts the waiting passengers at each dock and in all.
func (s *sim) waiting() (per [docks]int, total int) {
	for _, p := range s.pass {
		if p.status == "waiting" {
			per[p.origin]++
			total++
		}
	}
	return per, total
}

// view is the view the documented rules call for.
func (s *sim) view() view {
	v := view{
		Started: s.started, Finished: s.finished, Clock: s.clock, Score: s.score, Streak: s.streak,
		Multiplier: multiplierOf(s.streak), Deliveries: s.deliveries, Departures: s.departures,
		Passengers: []passenger{}, Events: slices.Clone(s.events),
	}
	if v.Events == nil {
		v.Events = []event{}
	}
	for d := range docks {
		v.Docks = append(v.Docks, dock{ID: d, Name: dockNames[d], Open: s.open[d], Waiting: []int{}})
	}
	for f, fe := range s.ferries {
		v.Ferries = append(v.Ferries, ferry{ID: f, Name: ferryNames[f], Mode: fe.mode, Dock: fe.dock,
			Destination: ptr(fe.dest), TicksLeft: fe.left, ExchangePending: fe.mode == "service" && fe.left == service,
			Queued: ptr(fe.queue), Riders: []int{}, SeatsFree: seats - s.seatsTaken(f)})
	}
	for _, p := range s.pass {
		switch p.status {
		case "waiting":
			v.Docks[p.origin].Waiting = append(v.Docks[p.origin].Waiting, p.id)
		case "riding":
			v.Ferries[p.ferry].Riders = append(v.Ferries[p.ferry].Riders, p.id)
		}
		v.Passengers = append(v.Passengers, passenger{ID: p.id, Kind: p.kind, Status: p.status, Origin: p.origin,
			Destination: p.dest, Ferry: ptr(p.ferry), Patience: p.patience, MaxPatience: p.max,
			SpawnTick: p.spawn, ResolvedTick: ptr(p.resolved)})
	}
	return v
}

// result is the documented result, nil while the run goes on.
func (s *sim) result() *result {
	if !s.finished {
		return nil
	}
	return &result{Reason: s.reason, Score: s.score, Deliveries: s.deliveries, Departures: s.departures, Clock: s.clock}
}
