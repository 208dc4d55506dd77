package brinebell

import "github.com/agentgames/bundle/engines/rng"

// Random streams of a run (rng.New(seed, stream)).
const (
	// streamOverflow shuffles the overflow order of the docks, once.
	streamOverflow = 1
	// streamArrivals draws every block plan, in order.
	streamArrivals = 2
)

// arrivals is the private arrival generator: the random stream, the
// overflow order, and what is left of the current block's plan.
type arrivals struct {
	stream rng.Stream
	order  [NumDocks]int // overflow order of the docks
	next   int           // id of the next passenger to appear
	due    int           // tick at which plan[0] is due
	plan   []batch       // batches of the current block not yet (fully) spawned
	last   int           // origin of the latest passenger, -1 before any
	run    int           // how many passengers in a row came from last
}

// batch is one or two passengers planned to appear together.
type batch struct {
	size     int              // passengers still to appear, 1 or 2
	kinds    [2]PassengerKind // their kinds in id order; unused entries Traveller
	origin   int
	dest     int
	interval int // ticks from the previous batch's completion to this one
}

// blockEnd is the id just past the block that contains id. Blocks are the
// start pair 0-1, then six-passenger blocks from each unlock (ids 2, 8, 16
// and 24 onwards), with two-passenger boundary blocks 14-15 and 22-23
// filling the rest before the unlocks at 16 and 24.
func blockEnd(id int) int {
	for _, end := range [...]int{2, 8, 14, 16, 22, 24} {
		if id < end {
			return end
		}
	}
	return 24 + ((id-24)/6+1)*6
}

// blockStart is the first id of the block that contains id.
func blockStart(id int) int {
	if id >= 24 {
		return 24 + (id-24)/6*6
	}
	start := 0
	for end := blockEnd(0); end <= id; end = blockEnd(end) {
		start = end
	}
	return start
}

// docksFor is the number of docks open while passenger id appears.
func docksFor(id int) int {
	n := 3
	if id >= 8 {
		n++
	}
	if id >= 16 {
		n++
	}
	return n
}

// planBlock draws the plan of the block that starts at g.next from the
// stream, in the order docs/brinebell.md fixes.
func (g *arrivals) planBlock() {
	first := g.next
	size := blockEnd(first) - first
	docks := docksFor(first)
	var kinds [6]PassengerKind
	pair := -1
	if size == 6 {
		kinds[0], kinds[1] = Courier, Cart
		pair = g.stream.Intn(5)
		g.stream.Shuffle(6, func(i, j int) { kinds[i], kinds[j] = kinds[j], kinds[i] })
	}
	g.plan = g.plan[:0]
	last, run := g.last, g.run
	id := first
	for j := 0; id < first+size; j++ {
		b := batch{size: 1}
		if j == pair {
			b.size = 2
		}
		copy(b.kinds[:b.size], kinds[id-first:])
		var eligible [NumDocks]int
		n := 0
		for d := range docks {
			if d != last || run+b.size <= maxOrigin {
				eligible[n] = d
				n++
			}
		}
		b.origin = eligible[g.stream.Intn(n)]
		b.dest = g.stream.Intn(docks - 1)
		if b.dest >= b.origin {
			b.dest++
		}
		lo, hi, _ := tier(id)
		b.interval = g.stream.Range(lo, hi)
		if b.origin == last {
			run += b.size
		} else {
			last, run = b.origin, b.size
		}
		g.plan = append(g.plan, b)
		id += b.size
	}
}

// arrive runs the arrival step of tick t when the pending batch is due:
// unlocks first, then the batch's passengers, each at the first origin that
// can take it, or a deferral when one cannot be placed.
func (s *State) arrive(t int) {
	s.unlock(t)
	g := &s.gen
	b := &g.plan[0]
	per, total := s.waitingCounts()
	cands := s.candidates(b.origin)
	fits := func(d, k int) bool {
		run := 0
		if d == g.last {
			run = g.run
		}
		return per[d]+k <= DockCap && total+k <= TotalCap && run+k <= maxOrigin
	}
	place := func(d int) {
		k := b.kinds[0]
		b.kinds[0], b.kinds[1] = b.kinds[1], Traveller
		b.size--
		dest := b.dest
		if dest == d {
			dest = b.origin
		}
		s.addPassenger(k, d, dest, t)
		if d != b.origin {
			s.event(Event{Tick: t, Kind: EventOverflow, Passenger: g.next - 1, Ferry: -1, Dock: d})
		}
		per[d]++
		total++
	}
	if b.size == 2 {
		for _, d := range cands {
			if fits(d, 2) {
				place(d)
				place(d)
				break
			}
		}
	}
	for b.size > 0 {
		at := -1
		for _, d := range cands {
			if fits(d, 1) {
				at = d
				break
			}
		}
		if at < 0 {
			g.due = t + DeferTicks
			return
		}
		place(at)
	}
	g.plan = append(g.plan[:0], g.plan[1:]...)
	if len(g.plan) == 0 {
		g.planBlock()
	}
	g.due = t + g.plan[0].interval
}

// candidates lists the origins a batch planned at origin may use, in the
// order they are tried: the planned origin, then the other open docks in
// the overflow order.
func (s *State) candidates(origin int) []int {
	var buf [NumDocks]int
	c := append(buf[:0], origin)
	for _, d := range s.gen.order {
		if d != origin && d < s.docks {
			c = append(c, d)
		}
	}
	return c
}

// openDock opens the next dock of the ring.
func (s *State) openDock(t int) {
	s.event(Event{Tick: t, Kind: EventDockOpen, Passenger: -1, Ferry: -1, Dock: s.docks})
	s.docks++
}

// unlock opens Lantern before passenger 8, Windmill before passenger 16,
// and brings Ferry B, idle at Lantern, before passenger 24.
func (s *State) unlock(t int) {
	n := s.gen.next
	if n >= 8 && s.docks == Lantern {
		s.openDock(t)
	}
	if n >= 16 && s.docks == Windmill {
		s.openDock(t)
	}
	if n >= 24 && len(s.ferries) == 1 {
		s.ferries = append(s.ferries, ferry{mode: Idle, dock: Lantern, dest: -1, queue: -1})
		s.event(Event{Tick: t, Kind: EventFerryJoin, Passenger: -1, Ferry: 1, Dock: Lantern})
	}
}
