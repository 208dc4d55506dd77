package brinebell

import "github.com/agentgames/bundle/engines/rng"

// State is one Brinebell run. The zero value is not usable; start from New
// or UnmarshalBinary. A State is not safe for concurrent use.
type State struct {
	started    bool
	finished   bool
	reason     Reason
	clock      int
	score      int
	streak     int
	departures int
	deliveries int
	docks      int // docks 0..docks-1 are open
	ferries    []ferry
	passengers []passenger // waiting, riding and recently resolved, by id
	events     []Event     // recent events, oldest first
	gen        arrivals
}

// ferry is one boat. While sailing, dock is where it left from.
type ferry struct {
	mode  FerryMode
	dock  int
	dest  int // sailing destination, -1 otherwise
	queue int // queued next destination, -1 for none
	left  int // ticks of service or crossing left, 0 when idle
}

// passenger is one traveller, courier or cart.
type passenger struct {
	id       int
	kind     PassengerKind
	status   Status
	origin   int
	dest     int
	ferry    int // the ferry carrying it while riding, -1 otherwise
	patience int
	spawn    int // tick it appeared
	resolved int // tick it was delivered or departed, -1 while live
}

// New is the run of the given seed before its start: docks Bell Quay,
// Orchard and Shellbank open, Ferry A idle at Bell Quay, and two travellers
// waiting there for Orchard and Shellbank.
func New(seed uint64) *State {
	s := &State{
		docks:   3,
		ferries: []ferry{{mode: Idle, dock: BellQuay, dest: -1, queue: -1}},
		gen:     newArrivals(seed),
	}
	for _, dest := range []int{Orchard, Shellbank} {
		s.addPassenger(Traveller, BellQuay, dest, 0)
	}
	s.gen.planBlock()
	s.gen.due = s.gen.plan[0].interval
	return s
}

// newArrivals seeds the private generator: the overflow order is drawn
// once from stream 1, block plans come from stream 2.
func newArrivals(seed uint64) arrivals {
	g := arrivals{stream: rng.New(seed, streamArrivals), last: -1}
	order := rng.New(seed, streamOverflow)
	for d := range g.order {
		g.order[d] = d
	}
	order.Shuffle(NumDocks, func(i, j int) { g.order[i], g.order[j] = g.order[j], g.order[i] })
	return g
}

// Clone is an independent copy of s.
func (s *State) Clone() *State {
	c := *s
	c.ferries = append([]ferry(nil), s.ferries...)
	c.passengers = append([]passenger(nil), s.passengers...)
	c.events = append([]Event(nil), s.events...)
	c.gen.plan = append([]batch(nil), s.gen.plan...)
	return &c
}

// addPassenger creates the next passenger, waiting at origin from tick t.
func (s *State) addPassenger(k PassengerKind, origin, dest, t int) {
	g := &s.gen
	id := g.next
	g.next++
	if origin == g.last {
		g.run++
	} else {
		g.last, g.run = origin, 1
	}
	s.passengers = append(s.passengers, passenger{
		id: id, kind: k, status: Waiting, origin: origin, dest: dest, ferry: -1,
		patience: MaxPatience(k, id), spawn: t, resolved: -1,
	})
	s.event(Event{Tick: t, Kind: EventSpawn, Passenger: id, Ferry: -1, Dock: origin})
}

// event records e.
func (s *State) event(e Event) {
	s.events = append(s.events, e)
}

// waitingCounts is how many passengers wait at each dock and in all.
func (s *State) waitingCounts() (per [NumDocks]int, total int) {
	for i := range s.passengers {
		if p := &s.passengers[i]; p.status == Waiting {
			per[p.origin]++
			total++
		}
	}
	return per, total
}

// seatsTaken is how many seats ferry f has in use.
func (s *State) seatsTaken(f int) int {
	n := 0
	for i := range s.passengers {
		if p := &s.passengers[i]; p.status == Riding && p.ferry == f {
			n += seatsOf(p.kind)
		}
	}
	return n
}
