// Package dispatcher is a simple Brinebell agent, an example for agent
// authors: it reads the structured view of each answer (the view types of
// package games/brinebell) and picks the next action, nothing more.
// cmd/brinebell-dispatcher plays it over HTTP with package client.
//
// Its rules of thumb: a ferry with riders heads for the dock most of them
// are bound for (the most impatient rider breaks ties); an empty ferry
// heads for the dock with the most waiting, weighted by how close they are
// to giving up, leaving a dock the other ferry already covers; a ferry
// queues its next dock right after its exchange, so it leaves as soon as
// its service ends; and time advances until the next moment a ferry needs
// a decision.
package dispatcher

import (
	"encoding/json"

	"github.com/agentgames/bundle/games/brinebell"
)

// Action is one Brinebell action as sent.
type Action = brinebell.Action

func order(f, d int) Action { return Action{Type: "order", Ferry: &f, Dock: &d} }

func advance(n int) Action { return Action{Type: "advance", Ticks: &n} }

// JSON is the action as sent.
func JSON(a Action) json.RawMessage {
	b, _ := json.Marshal(a)
	return b
}

// Policy is the dispatcher's configuration.
type Policy struct {
	// BankAt banks the score once the clock reaches it; 0 never banks.
	BankAt int
	// MaxStep is the most ticks one advance runs (1..90). At 60 or less
	// no event retires unseen between two answers.
	MaxStep int
	// Ferries is how many ferries it dispatches, A first; 0 means all.
	// With 1 it leaves Ferry B idle, a weaker play that lets lines grow.
	Ferries int
}

// Next picks the action for the view of the answer just received, or
// reports that the run is over.
func (p Policy) Next(v *brinebell.View) (Action, bool) {
	switch {
	case v.Finished:
		return Action{}, false
	case !v.Started:
		return Action{Type: "start"}, true
	case p.BankAt > 0 && v.Clock >= p.BankAt:
		return Action{Type: "bank"}, true
	}
	for i := range v.Ferries {
		if p.Ferries > 0 && i >= p.Ferries {
			break
		}
		if a, ok := p.orderFor(v, &v.Ferries[i]); ok {
			return a, true
		}
	}
	return advance(p.wait(v)), true
}

// orderFor is the order ferry f needs now, if any: a destination when it is
// idle, or its next dock once its exchange is done.
func (p Policy) orderFor(v *brinebell.View, f *brinebell.Ferry) (Action, bool) {
	switch {
	case f.Mode == "idle":
		d, ok := target(v, f)
		if !ok || (d == f.Dock && len(v.Docks[d].Waiting) == 0) {
			return Action{}, false
		}
		return order(f.ID, d), true
	case f.Mode == "service" && !f.ExchangePending && f.Queued == nil:
		d, ok := target(v, f)
		if !ok || d == f.Dock {
			return Action{}, false
		}
		return order(f.ID, d), true
	}
	return Action{}, false
}

// target picks where ferry f should go next.
func target(v *brinebell.View, f *brinebell.Ferry) (int, bool) {
	byID := map[int]*brinebell.Passenger{}
	for i := range v.Passengers {
		byID[v.Passengers[i].ID] = &v.Passengers[i]
	}
	if len(f.Riders) > 0 {
		count := map[int]int{}
		urgent := map[int]int{}
		for _, id := range f.Riders {
			r := byID[id]
			count[r.Destination]++
			if u, ok := urgent[r.Destination]; !ok || r.Patience < u {
				urgent[r.Destination] = r.Patience
			}
		}
		best := -1
		for d := range v.Docks {
			if count[d] == 0 {
				continue
			}
			if best < 0 || count[d] > count[best] || count[d] == count[best] && urgent[d] < urgent[best] {
				best = d
			}
		}
		return best, true
	}
	covered := map[int]bool{}
	for _, g := range v.Ferries {
		if g.ID == f.ID {
			continue
		}
		switch {
		case g.Mode == "sailing":
			covered[*g.Destination] = true
		case g.Mode == "service" && g.ExchangePending:
			covered[g.Dock] = true
		}
		if g.Queued != nil {
			covered[*g.Queued] = true
		}
	}
	best, bestScore := -1, 0.0
	for _, d := range v.Docks {
		if !d.Open || covered[d.ID] {
			continue
		}
		score := 0.0
		for _, id := range d.Waiting {
			w := byID[id]
			score += 1 + 2*(1-float64(w.Patience)/float64(w.MaxPatience))
		}
		if d.ID != f.Dock {
			score /= 1.5 // a crossing costs time
		}
		if score > bestScore {
			best, bestScore = d.ID, score
		}
	}
	return best, best >= 0
}

// wait is how many ticks to advance: until the next moment a ferry will
// need a decision (an exchange done, a service ending, an arrival), at
// most MaxStep.
func (p Policy) wait(v *brinebell.View) int {
	n := p.MaxStep
	for _, f := range v.Ferries {
		switch {
		case f.Mode == "service" && f.ExchangePending:
			n = min(n, 1)
		case f.Mode == "service" && f.Queued == nil:
			n = min(n, f.TicksLeft)
		case f.Mode == "sailing":
			n = min(n, f.TicksLeft+1)
		}
	}
	return max(1, min(n, 90))
}
