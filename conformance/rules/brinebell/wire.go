package brinebell

import (
	"fmt"
	"strings"
)

// This file holds Brinebell's answers as the referee reads them, written
// from docs/brinebell.md and openapi.yaml, and the field-by-field
// comparison of an answer with the referee's expectation.

// answer is what an answer holds beside the envelope.
type answer struct {
	LegalActions []action      `json:"legalActions"`
	ActionRanges []actionRange `json:"actionRanges"`
	Result       *result       `json:"result"`
	View         *view         `json:"view"`
}

// action is one action, as sent and as listed in legalActions.
type action struct {
	Type  string `json:"type"`
	Ferry *int   `json:"ferry,omitempty"`
	Dock  *int   `json:"dock,omitempty"`
	Ticks *int   `json:"ticks,omitempty"`
}

// actionRange is one entry of actionRanges.
type actionRange struct {
	Type  string `json:"type"`
	Field string `json:"field"`
	Min   int    `json:"min"`
	Max   int    `json:"max"`
}

// result is the end of a run.
type result struct {
	Reason     string `json:"reason"`
	Score      int    `json:"score"`
	Deliveries int    `json:"deliveries"`
	Departures int    `json:"departures"`
	Clock      int    `json:"clock"`
}

// view is the structured view of a run.
type view struct {
	Started    bool        `json:"started"`
	Finished   bool        `json:"finished"`
	Clock      int         `json:"clock"`
	Score      int         `json:"score"`
	Streak     int         `json:"streak"`
	Multiplier int         `json:"multiplier"`
	Deliveries int         `json:"deliveries"`
	Departures int         `json:"departures"`
	Docks      []dock      `json:"docks"`
	Ferries    []ferry     `json:"ferries"`
	Passengers []passenger `json:"passengers"`
	Events     []event     `json:"events"`
}

// dock is one dock of the ring.
type dock struct {
	ID      int    `json:"id"`
	Name    string `json:"name"`
	Open    bool   `json:"open"`
	Waiting []int  `json:"waiting"`
}

// ferry is one ferry.
type ferry struct {
	ID              int    `json:"id"`
	Name            string `json:"name"`
	Mode            string `json:"mode"`
	Dock            int    `json:"dock"`
	Destination     *int   `json:"destination"`
	TicksLeft       int    `json:"ticksLeft"`
	ExchangePending bool   `json:"exchangePending"`
	Queued          *int   `json:"queued"`
	Riders          []int  `json:"riders"`
	SeatsFree       int    `json:"seatsFree"`
}

// passenger is one live or recently resolved passenger.
type passenger struct {
	ID           int    `json:"id"`
	Kind         string `json:"kind"`
	Status       string `json:"status"`
	Origin       int    `json:"origin"`
	Destination  int    `json:"destination"`
	Ferry        *int   `json:"ferry"`
	Patience     int    `json:"patience"`
	MaxPatience  int    `json:"maxPatience"`
	SpawnTick    int    `json:"spawnTick"`
	ResolvedTick *int   `json:"resolvedTick"`
}

// event is one recent event; fields its kind does not use are
// left out.
type event struct {
	Tick       int    `json:"tick"`
	Kind       string `json:"kind"`
	Passenger  *int   `json:"passenger,omitempty"`
	Ferry      *int   `json:"ferry,omitempty"`
	Dock       int    `json:"dock"`
	Points     int    `json:"points,omitempty"`
	Multiplier int    `json:"multiplier,omitempty"`
}

func (e event) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "t%d %s dock %d", e.Tick, e.Kind, e.Dock)
	if e.Passenger != nil {
		fmt.Fprintf(&b, " #%d", *e.Passenger)
	}
	if e.Ferry != nil {
		fmt.Fprintf(&b, " ferry %d", *e.Ferry)
	}
	if e.Points != 0 {
		fmt.Fprintf(&b, " %d pts", e.Points)
	}
	if e.Multiplier != 0 {
		fmt.Fprintf(&b, " x%d", e.Multiplier)
	}
	return b.String()
}

// ptr is a pointer to v, or nil when v is negative (the
// referee's "none").
func ptr(v int) *int {
	if v < 0 {
		return nil
	}
	return &v
}

// idsOf lists the ids of passengers, for messages.
func idsOf(ps []passenger) []int {
	out := make([]int, len(ps))
	for i, p := range ps {
		out[i] = p.ID
	}
	return out
}
