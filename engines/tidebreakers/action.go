package tidebreakers

import (
	"fmt"

	"github.com/agentgames/bundle/engines"
)

// Kind is the type of an action.
type Kind uint8

// Action kinds.
const (
	// Supply places Amount supply on Tile.
	Supply Kind = iota + 1
	// Attack sends Send from island From to the adjacent island To.
	Attack
	// Pass ends the turn without an expedition.
	Pass
)

// Action is one move of the captain to act. Fields a kind does not use are
// zero.
type Action struct {
	Kind   Kind
	Tile   int
	Amount int
	From   int
	To     int
	Send   int
}

// Apply performs the action of seat, which must be the captain to act.
// When the rules refuse it, the error is an *engines.Illegal and s is
// unchanged.
func (s *State) Apply(seat int, a Action) error {
	if err := s.check(seat, a); err != nil {
		return err
	}
	s.recorded = 0
	switch a.Kind {
	case Supply:
		s.islands[a.Tile].Strength += a.Amount
		if s.supplyLeft -= a.Amount; s.supplyLeft == 0 {
			s.phase = Sailing
		}
	case Attack:
		s.attack(seat, a.From, a.To, a.Send)
		if !s.Over() {
			s.endTurn()
		}
	case Pass:
		s.endTurn()
	}
	return nil
}

func illegal(format string, args ...any) error {
	return &engines.Illegal{Code: engines.CodeIllegalAction, Reason: fmt.Sprintf(format, args...)}
}

// check refuses a when the rules do not accept it now.
func (s *State) check(seat int, a Action) error {
	switch {
	case s.Over():
		return &engines.Illegal{Code: engines.CodeGameOver, Reason: "the match is over; no action is legal"}
	case seat != s.turn:
		return illegal("it is seat %d's turn, not seat %d's", s.turn, seat)
	}
	switch a.Kind {
	case Supply:
		switch {
		case s.phase != Supplying:
			return illegal("your supply is placed; send an expedition or pass")
		case a.Tile < 0 || a.Tile >= Islands || s.islands[a.Tile].Owner != seat:
			return illegal("tile %d is not an island you hold", a.Tile)
		case a.Amount < 1 || a.Amount > s.supplyLeft:
			return illegal("amount must be 1 to %d, the supply left", s.supplyLeft)
		}
	case Attack:
		switch {
		case s.phase != Sailing:
			return illegal("place all your supply first (%d left)", s.supplyLeft)
		case a.From < 0 || a.From >= Islands || s.islands[a.From].Owner != seat:
			return illegal("from %d is not an island you hold", a.From)
		case a.To < 0 || a.To >= Islands || !Adjacent(a.From, a.To):
			return illegal("to %d does not share an edge with island %d", a.To, a.From)
		case s.islands[a.To].Owner == seat:
			return illegal("island %d is already yours; an expedition goes to an island you do not hold", a.To)
		case a.Send < 1 || a.Send > s.islands[a.From].Strength-1:
			return illegal("send must be 1 to %d: island %d has %d and at least 1 stays behind", s.islands[a.From].Strength-1, a.From, s.islands[a.From].Strength)
		}
	case Pass:
		if s.phase != Sailing {
			return illegal("place all your supply first (%d left)", s.supplyLeft)
		}
	default:
		return illegal("unknown action")
	}
	return nil
}

// attack resolves an expedition, logs it, and settles eliminations and
// wins.
func (s *State) attack(seat, from, to, send int) {
	target := &s.islands[to]
	before, defender := target.Strength, target.Owner
	s.islands[from].Strength -= send
	e := Entry{Round: s.round, Seat: seat, From: from, To: to, Sent: send, Before: before}
	if send > before {
		target.Owner, target.Strength = seat, send-before
		e.Kind, e.After = Captured, target.Strength
	} else {
		target.Strength -= send
		e.Kind, e.After = Repelled, target.Strength
	}
	s.record(e)
	if defender != Wild && e.Kind == Captured {
		if n, _ := s.Count(defender); n == 0 {
			s.out[defender] = true
			s.record(Entry{Kind: Eliminated, Round: s.round, Seat: defender})
		}
	}
	if n, _ := s.Count(seat); n >= WinIslands {
		s.end(Conquest, seat)
		return
	}
	in := 0
	for p := range s.players {
		if !s.out[p] {
			in++
		}
	}
	if in == 1 {
		s.end(LastStanding, seat)
	}
}

// endTurn passes the turn to the next captain still in, counts rounds, and
// ends the match by scoring once round MaxRounds is over.
func (s *State) endTurn() {
	next := s.turn
	for {
		next = (next + 1) % s.players
		if !s.out[next] {
			break
		}
	}
	if s.position(next) <= s.position(s.turn) {
		if s.round == MaxRounds {
			s.end(RoundCap, s.scoreWinner())
			return
		}
		s.round++
	}
	s.turn, s.phase, s.supplyLeft = next, Supplying, SupplyIn(s.round)
}

// position is seat's place in the order of play, the opener first.
func (s *State) position(seat int) int { return (seat - s.opener + s.players) % s.players }

// Finish ends an open match by scoring, for the round cap or for the live
// server's time limit (why is RoundCap or TimeLimit; anything else is
// ignored): most islands wins, then most total strength; when captains
// tie at the top on both there is no winner, and they draw (Outcome).
// Recorded then lists the end alone.
func (s *State) Finish(why Ending) {
	if s.Over() || (why != RoundCap && why != TimeLimit) {
		return
	}
	s.recorded = 0
	s.end(why, s.scoreWinner())
}

// scoreWinner is the seat that scoring designates, or Wild when captains
// tie at the top.
func (s *State) scoreWinner() int {
	best, bestIslands, bestStrength, tied := Wild, -1, -1, false
	for p := range s.players {
		n, st := s.Count(p)
		switch {
		case n > bestIslands || n == bestIslands && st > bestStrength:
			best, bestIslands, bestStrength, tied = p, n, st, false
		case n == bestIslands && st == bestStrength:
			tied = true
		}
	}
	if tied {
		return Wild
	}
	return best
}

func (s *State) end(why Ending, winner int) {
	s.ending, s.winner = why, winner
	s.record(Entry{Kind: Ended, Round: s.round, Seat: winner, Before: int(why)})
}
