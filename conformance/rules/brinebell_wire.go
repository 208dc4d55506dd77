package rules

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/agentgames/bundle/conformance/check"
)

// This file holds Brinebell's answers as the referee reads them, written
// from docs/brinebell.md and openapi.yaml, and the field-by-field
// comparison of an answer with the referee's expectation.

// brinebellAnswer is one answer of the loop: an envelope or a refusal.
type brinebellAnswer struct {
	OK           bool              `json:"ok"`
	Code         string            `json:"code"`
	Reason       string            `json:"reason"`
	State        string            `json:"state"`
	StateToken   string            `json:"stateToken"`
	Seed         *int64            `json:"seed"`
	Observation  string            `json:"observation"`
	LegalActions []brinebellAction `json:"legalActions"`
	ActionRanges []brinebellRange  `json:"actionRanges"`
	Score        int               `json:"score"`
	GameOver     bool              `json:"gameOver"`
	Result       *brinebellResult  `json:"result"`
	Turn         string            `json:"turn"`
	View         *brinebellView    `json:"view"`
	// Raw is the whole answer, to tell a null field from a missing one.
	Raw map[string]any `json:"-"`
}

// brinebellAction is one action, as sent and as listed in legalActions.
type brinebellAction struct {
	Type  string `json:"type"`
	Ferry *int   `json:"ferry,omitempty"`
	Dock  *int   `json:"dock,omitempty"`
	Ticks *int   `json:"ticks,omitempty"`
}

// brinebellRange is one entry of actionRanges.
type brinebellRange struct {
	Type  string `json:"type"`
	Field string `json:"field"`
	Min   int    `json:"min"`
	Max   int    `json:"max"`
}

// brinebellResult is the end of a run.
type brinebellResult struct {
	Reason     string `json:"reason"`
	Score      int    `json:"score"`
	Deliveries int    `json:"deliveries"`
	Departures int    `json:"departures"`
	Clock      int    `json:"clock"`
}

// brinebellView is the structured view of a run.
type brinebellView struct {
	Started    bool                 `json:"started"`
	Finished   bool                 `json:"finished"`
	Clock      int                  `json:"clock"`
	Score      int                  `json:"score"`
	Streak     int                  `json:"streak"`
	Multiplier int                  `json:"multiplier"`
	Deliveries int                  `json:"deliveries"`
	Departures int                  `json:"departures"`
	Docks      []brinebellDock      `json:"docks"`
	Ferries    []brinebellFerry     `json:"ferries"`
	Passengers []brinebellPassenger `json:"passengers"`
	Events     []brinebellEvent     `json:"events"`
}

// brinebellDock is one dock of the ring.
type brinebellDock struct {
	ID      int    `json:"id"`
	Name    string `json:"name"`
	Open    bool   `json:"open"`
	Waiting []int  `json:"waiting"`
}

// brinebellFerry is one ferry.
type brinebellFerry struct {
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

// brinebellPassenger is one live or recently resolved passenger.
type brinebellPassenger struct {
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

// brinebellEvent is one recent event; fields its kind does not use are
// left out.
type brinebellEvent struct {
	Tick       int    `json:"tick"`
	Kind       string `json:"kind"`
	Passenger  *int   `json:"passenger,omitempty"`
	Ferry      *int   `json:"ferry,omitempty"`
	Dock       int    `json:"dock"`
	Points     int    `json:"points,omitempty"`
	Multiplier int    `json:"multiplier,omitempty"`
}

func (e brinebellEvent) String() string {
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

// brinebellDecode reads an answer strictly enough that a field of the
// wrong type is a failure.
func brinebellDecode(body []byte) (*brinebellAnswer, error) {
	var a brinebellAnswer
	if err := json.Unmarshal(body, &a); err != nil {
		return nil, err
	}
	d := json.NewDecoder(bytes.NewReader(body))
	d.UseNumber()
	if err := d.Decode(&a.Raw); err != nil {
		return nil, err
	}
	return &a, nil
}

// brinebellPtr is a pointer to v, or nil when v is negative (the
// referee's "none").
func brinebellPtr(v int) *int {
	if v < 0 {
		return nil
	}
	return &v
}

// brinebellIDs lists the ids of passengers, for messages.
func brinebellIDs(ps []brinebellPassenger) []int {
	out := make([]int, len(ps))
	for i, p := range ps {
		out[i] = p.ID
	}
	return out
}

// brinebellSameActions reports whether two action lists hold the same
// actions, in any order.
func brinebellSameActions(a, b []brinebellAction) bool {
	key := func(l []brinebellAction) []string {
		out := make([]string, len(l))
		for i, x := range l {
			b, _ := json.Marshal(x)
			out[i] = string(b)
		}
		slices.Sort(out)
		return out
	}
	return slices.Equal(key(a), key(b))
}

// brinebellSameRanges reports whether two actionRanges agree; an empty
// list counts as none.
func brinebellSameRanges(a, b []brinebellRange) bool {
	if len(a) == 0 || len(b) == 0 {
		return len(a) == len(b)
	}
	return check.DiffOf("", a, b) == nil
}
