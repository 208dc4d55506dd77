package brinebell

// tick runs one tick in the card's order: clock, due unlock and arrivals,
// patience and expiry, services (A before B), movement of boats that were
// already sailing, the departure end check, and retirement.
func (s *State) tick() {
	s.clock++
	t := s.clock
	if s.gen.due == t {
		s.arrive(t)
	}
	s.drain(t)
	var departed [NumFerries]bool
	for f := range s.ferries {
		departed[f] = s.serve(f, t)
	}
	for f := range s.ferries {
		if fe := &s.ferries[f]; fe.mode == Sailing && !departed[f] {
			fe.left--
			if fe.left == 0 {
				fe.mode, fe.dock, fe.dest, fe.left = InService, fe.dest, -1, ServiceTicks
				s.event(Event{Tick: t, Kind: EventArrive, Passenger: -1, Ferry: f, Dock: fe.dock})
			}
		}
	}
	if s.departures >= MaxDepartures {
		s.finished, s.reason = true, TooManyDepartures
	}
	s.retire(t)
}

// drain takes 2 patience from each waiting passenger and 1 from each
// rider, never below zero; a waiting passenger at zero departs.
func (s *State) drain(t int) {
	for i := range s.passengers {
		p := &s.passengers[i]
		switch p.status {
		case Riding:
			p.patience = max(0, p.patience-1)
		case Waiting:
			p.patience = max(0, p.patience-2)
			if p.patience == 0 {
				p.status, p.resolved = Departed, t
				s.departures++
				s.streak = 0
				s.event(Event{Tick: t, Kind: EventDeparture, Passenger: p.id, Ferry: -1, Dock: p.origin})
			}
		}
	}
}

// serve runs ferry f's service step: the exchange on the first tick, and at
// the end of service the queued crossing or idleness. It reports whether
// the ferry set out this tick.
func (s *State) serve(f, t int) bool {
	fe := &s.ferries[f]
	if fe.mode != InService {
		return false
	}
	if fe.left == ServiceTicks {
		s.exchange(f, t)
	}
	fe.left--
	if fe.left > 0 {
		return false
	}
	if fe.queue < 0 {
		fe.mode = Idle
		return false
	}
	s.sail(f, fe.queue)
	return true
}

// exchange delivers ferry f's riders bound for its dock, scores them, then
// boards waiting passengers there in FIFO order while seats allow, skipping
// a cart when only one seat is left.
func (s *State) exchange(f, t int) {
	dock := s.ferries[f].dock
	mult := Multiplier(s.streak)
	sum, n := 0, 0
	for i := range s.passengers {
		p := &s.passengers[i]
		if p.status != Riding || p.ferry != f || p.dest != dock {
			continue
		}
		pts := basePoints(p.kind) + patienceBonus(p.patience, MaxPatience(p.kind, p.id))
		sum += pts
		n++
		p.status, p.ferry, p.resolved = Delivered, -1, t
		s.event(Event{Tick: t, Kind: EventDeliver, Passenger: p.id, Ferry: f, Dock: dock, Points: pts})
	}
	if n > 0 {
		award := mult * (sum + ExtraDeliveryPoints*(n-1))
		s.score += award
		s.event(Event{Tick: t, Kind: EventExchange, Passenger: -1, Ferry: f, Dock: dock, Points: award, Multiplier: mult})
		crossed := (s.deliveries+n)/MilestoneEvery - s.deliveries/MilestoneEvery
		s.deliveries += n
		if crossed > 0 {
			s.score += crossed * MilestonePoints
			s.event(Event{Tick: t, Kind: EventMilestone, Passenger: -1, Ferry: f, Dock: dock, Points: crossed * MilestonePoints})
		}
		s.streak += n
	}
	free := Seats - s.seatsTaken(f)
	for i := range s.passengers {
		p := &s.passengers[i]
		if p.status != Waiting || p.origin != dock {
			continue
		}
		if seatsOf(p.kind) > free {
			if p.kind == Cart && free == 1 {
				s.event(Event{Tick: t, Kind: EventSkip, Passenger: p.id, Ferry: f, Dock: dock})
			}
			continue
		}
		free -= seatsOf(p.kind)
		p.status, p.ferry = Riding, f
		s.event(Event{Tick: t, Kind: EventBoard, Passenger: p.id, Ferry: f, Dock: dock})
	}
}

// retire drops passengers resolved and events recorded RetireTicks or more
// ticks before t.
func (s *State) retire(t int) {
	k := 0
	for _, p := range s.passengers {
		if p.status.resolved() && t-p.resolved >= RetireTicks {
			continue
		}
		s.passengers[k] = p
		k++
	}
	s.passengers = s.passengers[:k]
	i := 0
	for i < len(s.events) && t-s.events[i].Tick >= RetireTicks {
		i++
	}
	if i > 0 {
		s.events = append(s.events[:0], s.events[i:]...)
	}
}
