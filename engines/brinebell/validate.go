package brinebell

import (
	"errors"
	"fmt"
)

// validate checks every invariant the rules keep, so that a decoded state
// is one play could reach in shape and is safe to continue.
func (s *State) validate() error {
	if err := s.validateRun(); err != nil {
		return err
	}
	for f, fe := range s.ferries {
		if err := s.validateFerry(fe); err != nil {
			return fmt.Errorf("ferry %d: %w", f, err)
		}
	}
	if err := s.validatePassengers(); err != nil {
		return err
	}
	if err := s.validateEvents(); err != nil {
		return err
	}
	return s.validateArrivals()
}

// validateRun checks the whole-run counters and what has opened.
func (s *State) validateRun() error {
	n := s.gen.next
	switch {
	case s.finished != (s.reason != Running), s.reason > TooManyDepartures:
		return errors.New("finish flag and reason disagree")
	case s.finished && !s.started:
		return errors.New("finished before the start")
	case !s.started && (s.clock != 0 || s.score != 0 || s.deliveries != 0 || s.departures != 0 || s.ferries[0].mode != Idle):
		return errors.New("play before the start")
	case (s.departures >= MaxDepartures) != (s.reason == TooManyDepartures):
		return errors.New("departure count and finish reason disagree")
	case s.streak > s.deliveries, s.deliveries+s.departures > n:
		return errors.New("counters exceed the passengers")
	case n < 2 || s.docks < docksFor(n-1) || s.docks > docksFor(n):
		return errors.New("open docks disagree with the arrivals")
	case n > 24 && len(s.ferries) != 2, n < 24 && len(s.ferries) != 1:
		return errors.New("ferry count disagrees with the arrivals")
	}
	return nil
}

// validateFerry checks one ferry's mode, position, timer and queue.
func (s *State) validateFerry(fe ferry) error {
	open := func(d int) bool { return d >= 0 && d < s.docks }
	if !open(fe.dock) {
		return errors.New("at a closed dock")
	}
	queueOK := fe.queue == -1 || open(fe.queue) && fe.queue != fe.dock
	switch fe.mode {
	case Idle:
		if fe.dest != -1 || fe.queue != -1 || fe.left != 0 {
			return errors.New("idle with a route or timer")
		}
	case InService:
		if fe.dest != -1 || !queueOK || fe.left < 1 || fe.left > ServiceTicks {
			return errors.New("bad service")
		}
	case Sailing:
		if !open(fe.dest) || fe.dest == fe.dock || fe.left < 1 || fe.left > Travel(fe.dock, fe.dest) ||
			fe.queue != -1 && (!open(fe.queue) || fe.queue == fe.dest) {
			return errors.New("bad crossing")
		}
	default:
		return errors.New("unknown mode")
	}
	return nil
}

// validatePassengers checks ids, kinds, routes, patience, times, caps and seats.
func (s *State) validatePassengers() error {
	var seats [NumFerries]int
	prevID, prevSpawn := -1, 0
	for _, p := range s.passengers {
		switch {
		case p.id <= prevID || p.id >= s.gen.next || p.spawn < prevSpawn:
			return fmt.Errorf("passenger %d out of order", p.id)
		case p.kind > Cart || p.status > Departed:
			return fmt.Errorf("passenger %d has an unknown kind or status", p.id)
		case p.origin >= docksFor(p.id) || p.dest >= docksFor(p.id) || p.origin == p.dest:
			return fmt.Errorf("passenger %d has a bad route", p.id)
		case p.patience < 0 || p.patience > MaxPatience(p.kind, p.id) || p.spawn > s.clock:
			return fmt.Errorf("passenger %d has bad patience or spawn tick", p.id)
		case p.id < 2 && (p.kind != Traveller || p.origin != BellQuay || p.dest != p.id+1 || p.spawn != 0):
			return fmt.Errorf("passenger %d is not a start traveller", p.id)
		}
		prevID, prevSpawn = p.id, p.spawn
		live := p.resolved == -1 && p.ferry == -1
		switch p.status {
		case Waiting:
			live = live && p.patience > 0
		case Riding:
			live = p.resolved == -1 && p.ferry >= 0 && p.ferry < len(s.ferries)
			if live {
				seats[p.ferry] += seatsOf(p.kind)
			}
		default:
			live = p.ferry == -1 && p.resolved >= p.spawn && p.resolved <= s.clock &&
				s.clock-p.resolved < RetireTicks && (p.status == Delivered || p.patience == 0)
		}
		if !live {
			return fmt.Errorf("passenger %d has an inconsistent status", p.id)
		}
	}
	per, total := s.waitingCounts()
	if total > TotalCap || max(per[0], per[1], per[2], per[3], per[4]) > DockCap {
		return errors.New("waiting caps exceeded")
	}
	if max(seats[0], seats[1]) > Seats {
		return errors.New("a ferry is over capacity")
	}
	return nil
}

// validateEvents checks order, age, kinds and the fields each kind fills.
func (s *State) validateEvents() error {
	prev := 0
	for _, e := range s.events {
		usesP, usesF, usesPoints := e.Kind.uses()
		switch {
		case e.Tick < prev || e.Tick > s.clock || s.clock-e.Tick >= RetireTicks:
			return errors.New("event out of order or too old")
		case e.Kind < EventSpawn || e.Kind > eventKinds || e.Dock < 0 || e.Dock >= s.docks:
			return errors.New("event of unknown kind or dock")
		case usesP != (e.Passenger >= 0) || e.Passenger >= s.gen.next:
			return errors.New("event passenger field")
		case usesF != (e.Ferry >= 0) || e.Ferry >= len(s.ferries):
			return errors.New("event ferry field")
		case !usesPoints && e.Points != 0 || usesPoints && e.Points < 100:
			return errors.New("event points field")
		case (e.Kind == EventExchange) != (e.Multiplier > 0):
			return errors.New("event multiplier field")
		}
		prev = e.Tick
	}
	return nil
}

// validateArrivals checks the private generator: overflow order, pending
// plan against the block structure, due tick and origin run.
func (s *State) validateArrivals() error {
	g := &s.gen
	seen := 0
	for _, d := range g.order {
		seen |= 1 << d
	}
	if seen != 1<<NumDocks-1 {
		return errors.New("overflow order is not a permutation")
	}
	if g.due <= s.clock || g.due-s.clock > 150 || g.last >= NumDocks || g.run < 1 || g.run > maxOrigin {
		return errors.New("bad due tick or origin run")
	}
	end := blockEnd(g.next)
	six := end-blockStart(g.next) == 6
	id, pairs := g.next, 0
	for _, b := range g.plan {
		lo, hi, _ := tier(id)
		docks := docksFor(id)
		switch {
		case b.size == 2 && b.kinds[1] > Cart, b.size == 1 && b.kinds[1] != Traveller, b.kinds[0] > Cart:
			return errors.New("plan kinds")
		case !six && (b.size != 1 || b.kinds[0] != Traveller):
			return errors.New("boundary block with a pair or special kind")
		case b.origin >= docks || b.dest >= docks || b.origin == b.dest:
			return errors.New("plan route")
		case b.interval < lo || b.interval > hi:
			return errors.New("plan interval")
		}
		if b.size == 2 {
			pairs++
		}
		id += b.size
	}
	if len(g.plan) == 0 || id != end || pairs > 1 {
		return errors.New("plan does not fill its block")
	}
	return nil
}
