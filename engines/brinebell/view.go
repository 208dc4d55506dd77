package brinebell

// Event is one thing that happened, kept for RetireTicks ticks. Passenger
// and Ferry are -1 and Points and Multiplier 0 when the kind does not use
// them; see EventKind.
type Event struct {
	Tick       int
	Kind       EventKind
	Passenger  int
	Ferry      int
	Dock       int
	Points     int
	Multiplier int
}

// Passenger is what a player sees of one passenger.
type Passenger struct {
	ID          int
	Kind        PassengerKind
	Status      Status
	Origin      int
	Destination int
	Ferry       int // the ferry carrying it while Riding, else -1
	Patience    int
	MaxPatience int
	SpawnTick   int
	// ResolvedTick is when it was delivered or departed, -1 while live.
	ResolvedTick int
}

// Ferry is what a player sees of one ferry.
type Ferry struct {
	ID   int
	Mode FerryMode
	// Dock is where it is moored, or where it left from while Sailing.
	Dock int
	// Destination is where it is bound while Sailing, else -1.
	Destination int
	// TicksLeft counts the service ticks left (ServiceTicks while the
	// exchange is still to come) or the crossing ticks left; 0 when Idle.
	TicksLeft int
	// Queued is the destination it will take after its service, -1 for none.
	Queued int
	// Riders are the ids aboard, ascending; SeatsTaken counts carts twice.
	Riders     []int
	SeatsTaken int
}

// DockQueue is one open dock and the ids waiting there, first in line first.
type DockQueue struct {
	Dock    int
	Waiting []int
}

// Started reports whether start has been played.
func (s *State) Started() bool { return s.started }

// Finished reports whether the run is over.
func (s *State) Finished() bool { return s.finished }

// Reason tells why the run finished, Running while it has not.
func (s *State) Reason() Reason { return s.reason }

// Clock is the number of ticks run so far.
func (s *State) Clock() int { return s.clock }

// Score is the points earned.
func (s *State) Score() int { return s.score }

// Streak is the deliveries since the last waiting departure.
func (s *State) Streak() int { return s.streak }

// Multiplier is the multiplier the next exchange would sample.
func (s *State) Multiplier() int { return Multiplier(s.streak) }

// Departures counts passengers who gave up waiting.
func (s *State) Departures() int { return s.departures }

// Deliveries counts passengers delivered.
func (s *State) Deliveries() int { return s.deliveries }

// OpenDocks is the number of open docks; docks 0..OpenDocks()-1 are open.
func (s *State) OpenDocks() int { return s.docks }

// FerryCount is the number of ferries in the run, 1 or 2.
func (s *State) FerryCount() int { return len(s.ferries) }

// Queues lists every open dock with its waiting line.
func (s *State) Queues() []DockQueue {
	q := make([]DockQueue, s.docks)
	for d := range q {
		q[d] = DockQueue{Dock: d, Waiting: []int{}}
	}
	for _, p := range s.passengers {
		if p.status == Waiting {
			q[p.origin].Waiting = append(q[p.origin].Waiting, p.id)
		}
	}
	return q
}

// Passengers lists the waiting, riding and recently resolved passengers by id.
func (s *State) Passengers() []Passenger {
	out := make([]Passenger, len(s.passengers))
	for i, p := range s.passengers {
		out[i] = Passenger{
			ID: p.id, Kind: p.kind, Status: p.status, Origin: p.origin, Destination: p.dest,
			Ferry: p.ferry, Patience: p.patience, MaxPatience: MaxPatience(p.kind, p.id),
			SpawnTick: p.spawn, ResolvedTick: p.resolved,
		}
	}
	return out
}

// Ferries lists the ferries in the run, A first.
func (s *State) Ferries() []Ferry {
	out := make([]Ferry, len(s.ferries))
	for f, fe := range s.ferries {
		out[f] = Ferry{
			ID: f, Mode: fe.mode, Dock: fe.dock, Destination: fe.dest,
			TicksLeft: fe.left, Queued: fe.queue, Riders: []int{}, SeatsTaken: s.seatsTaken(f),
		}
	}
	for _, p := range s.passengers {
		if p.status == Riding {
			out[p.ferry].Riders = append(out[p.ferry].Riders, p.id)
		}
	}
	return out
}

// Events lists the recent events, oldest first.
func (s *State) Events() []Event {
	return append([]Event{}, s.events...)
}
