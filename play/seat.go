package play

import (
	"encoding/json"
	"slices"
)

// Seat is a place at a match's table, numbered from 0. In the stateless
// loop the caller always holds seat 0.
type Seat int

// Caller is the seat of whoever calls the stateless loop.
const Caller Seat = 0

// Phase says who must act now: one seat in turn-based games, every living
// seat at once in simultaneous ones, none once the match is over.
type Phase struct {
	ToAct []Seat
	Over  bool
}

// Acts reports whether seat s must act now.
func (p Phase) Acts(s Seat) bool { return slices.Contains(p.ToAct, s) }

// Move is one seat's action, as JSON in the game's action grammar.
type Move struct {
	Seat   Seat
	Action json.RawMessage
}
