package brinebell

import (
	"fmt"
	"strings"

	engine "github.com/agentgames/bundle/engines/brinebell"
	"github.com/agentgames/bundle/play"
)

// Names of the engine's enums on the wire.
var (
	kindNames   = [...]string{engine.Traveller: "traveller", engine.Courier: "courier", engine.Cart: "cart"}
	statusNames = [...]string{engine.Waiting: "waiting", engine.Riding: "riding", engine.Delivered: "delivered", engine.Departed: "departed"}
	modeNames   = [...]string{engine.Idle: "idle", engine.InService: "service", engine.Sailing: "sailing"}
	reasonNames = [...]string{engine.Running: "", engine.Banked: "banked", engine.TooManyDepartures: "departures"}
	eventNames  = map[engine.EventKind]string{
		engine.EventSpawn: "spawn", engine.EventDockOpen: "dock_open", engine.EventFerryJoin: "ferry_join",
		engine.EventDeparture: "departure", engine.EventBoard: "board", engine.EventDeliver: "deliver",
		engine.EventExchange: "exchange", engine.EventMilestone: "milestone", engine.EventSail: "sail",
		engine.EventArrive: "arrive", engine.EventService: "service", engine.EventOverflow: "overflow",
		engine.EventSkip: "skip",
	}
)

// Dock is one dock of the ring in the view.
type Dock struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
	Open bool   `json:"open"`
	// Waiting lists the passenger ids in line, first to board first.
	Waiting []int `json:"waiting"`
}

// Ferry is one ferry in the view.
type Ferry struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
	Mode string `json:"mode"`
	// Dock is where it is moored, or where it left from while sailing.
	Dock        int  `json:"dock"`
	Destination *int `json:"destination"`
	TicksLeft   int  `json:"ticksLeft"`
	// ExchangePending: in service and the exchange is the next tick.
	ExchangePending bool  `json:"exchangePending"`
	Queued          *int  `json:"queued"`
	Riders          []int `json:"riders"`
	SeatsFree       int   `json:"seatsFree"`
}

// Passenger is one live or recently resolved passenger in the view.
type Passenger struct {
	ID          int    `json:"id"`
	Kind        string `json:"kind"`
	Status      string `json:"status"`
	Origin      int    `json:"origin"`
	Destination int    `json:"destination"`
	Ferry       *int   `json:"ferry"`
	Patience    int    `json:"patience"`
	MaxPatience int    `json:"maxPatience"`
	SpawnTick   int    `json:"spawnTick"`
	// ResolvedTick is when it was delivered or departed.
	ResolvedTick *int `json:"resolvedTick"`
}

// Event is one recent event in the view; fields its kind does not use are
// left out.
type Event struct {
	Tick       int    `json:"tick"`
	Kind       string `json:"kind"`
	Passenger  *int   `json:"passenger,omitempty"`
	Ferry      *int   `json:"ferry,omitempty"`
	Dock       int    `json:"dock"`
	Points     int    `json:"points,omitempty"`
	Multiplier int    `json:"multiplier,omitempty"`
}

// View is the structured view of a run.
type View struct {
	Started    bool        `json:"started"`
	Finished   bool        `json:"finished"`
	Clock      int         `json:"clock"`
	Score      int         `json:"score"`
	Streak     int         `json:"streak"`
	Multiplier int         `json:"multiplier"`
	Deliveries int         `json:"deliveries"`
	Departures int         `json:"departures"`
	Docks      []Dock      `json:"docks"`
	Ferries    []Ferry     `json:"ferries"`
	Passengers []Passenger `json:"passengers"`
	Events     []Event     `json:"events"`
}

// Result is the end of a run.
type Result struct {
	Reason     string `json:"reason"`
	Score      int    `json:"score"`
	Deliveries int    `json:"deliveries"`
	Departures int    `json:"departures"`
	Clock      int    `json:"clock"`
}

// Action is one entry of legalActions, exactly as it may be sent.
type Action struct {
	Type  string `json:"type"`
	Ferry *int   `json:"ferry,omitempty"`
	Dock  *int   `json:"dock,omitempty"`
	Ticks *int   `json:"ticks,omitempty"`
}

// Range is the whole numbers a field of an action takes, in actionRanges.
type Range struct {
	Type  string `json:"type"`
	Field string `json:"field"`
	Min   int    `json:"min"`
	Max   int    `json:"max"`
}

// listedTicks is the tick count legalActions lists advance with: one
// second, short enough that the view's 60 ticks of events miss nothing.
const listedTicks = engine.TicksPerSecond

func id(v int) *int {
	if v < 0 {
		return nil
	}
	return &v
}

// legal lists the legal actions: start; or advance, bank and every order
// of a present ferry to an open dock; or nothing. Advance is listed once,
// with listedTicks; ranges says what else ticks may be.
func legal(l engine.Legal) (actions []Action, ranges []Range) {
	actions = []Action{}
	if l.Start {
		actions = append(actions, Action{Type: "start"})
	}
	if l.Advance {
		actions = append(actions, Action{Type: "advance", Ticks: id(listedTicks)})
		ranges = append(ranges, Range{Type: "advance", Field: "ticks", Min: 1, Max: engine.MaxAdvance})
	}
	if l.Bank {
		actions = append(actions, Action{Type: "bank"})
	}
	for f := range l.Ferries {
		for d := range l.Docks {
			actions = append(actions, Action{Type: "order", Ferry: id(f), Dock: id(d)})
		}
	}
	return actions, ranges
}

func view(s *engine.State) View {
	v := View{
		Started: s.Started(), Finished: s.Finished(), Clock: s.Clock(), Score: s.Score(),
		Streak: s.Streak(), Multiplier: s.Multiplier(), Deliveries: s.Deliveries(), Departures: s.Departures(),
		Passengers: []Passenger{}, Events: []Event{},
	}
	for d := range engine.NumDocks {
		v.Docks = append(v.Docks, Dock{ID: d, Name: engine.DockName(d), Open: d < s.OpenDocks(), Waiting: []int{}})
	}
	for _, q := range s.Queues() {
		v.Docks[q.Dock].Waiting = q.Waiting
	}
	for _, f := range s.Ferries() {
		v.Ferries = append(v.Ferries, Ferry{
			ID: f.ID, Name: engine.FerryName(f.ID), Mode: modeNames[f.Mode], Dock: f.Dock,
			Destination: id(f.Destination), TicksLeft: f.TicksLeft,
			ExchangePending: f.Mode == engine.InService && f.TicksLeft == engine.ServiceTicks,
			Queued:          id(f.Queued), Riders: f.Riders, SeatsFree: engine.Seats - f.SeatsTaken,
		})
	}
	for _, p := range s.Passengers() {
		v.Passengers = append(v.Passengers, Passenger{
			ID: p.ID, Kind: kindNames[p.Kind], Status: statusNames[p.Status], Origin: p.Origin,
			Destination: p.Destination, Ferry: id(p.Ferry), Patience: p.Patience, MaxPatience: p.MaxPatience,
			SpawnTick: p.SpawnTick, ResolvedTick: id(p.ResolvedTick),
		})
	}
	for _, e := range s.Events() {
		v.Events = append(v.Events, Event{Tick: e.Tick, Kind: eventNames[e.Kind], Passenger: id(e.Passenger),
			Ferry: id(e.Ferry), Dock: e.Dock, Points: e.Points, Multiplier: e.Multiplier})
	}
	return v
}

// View shows the run to its one seat.
func (m *match) View(play.Seat) play.Presentation {
	s := m.s
	v := view(s)
	actions, ranges := legal(s.Legal())
	p := play.Presentation{
		Observation:  observation(&v),
		LegalActions: actions,
		Score:        s.Score(),
		GameOver:     s.Finished(),
		Turn:         "you",
		View:         v,
	}
	if len(ranges) > 0 {
		p.ActionRanges = ranges
	}
	if s.Finished() {
		p.Turn = "over"
		p.Result = Result{Reason: reasonNames[s.Reason()], Score: s.Score(), Deliveries: s.Deliveries(),
			Departures: s.Departures(), Clock: s.Clock()}
	}
	return p
}

// numberWords spells the small counts the text writes in words.
var numberWords = [...]string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}

// observation is the text an agent reads: clock and score; every dock with
// its line; every ferry with its timer, route, queue and riders; every live
// passenger's kind, route and patience; and the recent events.
func observation(v *View) string {
	var b strings.Builder
	names := func(d int) string { return fmt.Sprintf("%s (dock %d)", engine.DockName(d), d) }
	pass := map[int]*Passenger{}
	for i := range v.Passengers {
		pass[v.Passengers[i].ID] = &v.Passengers[i]
	}
	who := func(pid int) string {
		p := pass[pid]
		if p == nil {
			return fmt.Sprintf("#%d", pid)
		}
		return fmt.Sprintf("#%d %s %s to %s, patience %d/%d", p.ID, p.Kind, engine.DockName(p.Origin),
			engine.DockName(p.Destination), p.Patience, p.MaxPatience)
	}
	fmt.Fprintf(&b, "Brinebell, tick %d (%.1f s at %d ticks per second).\n", v.Clock, float64(v.Clock)/engine.TicksPerSecond, engine.TicksPerSecond)
	switch {
	case v.Finished:
		why := "you banked"
		if v.Departures >= engine.MaxDepartures {
			why = numberWords[engine.MaxDepartures] + " waiting passengers gave up"
		}
		fmt.Fprintf(&b, "The run is over: %s. Final score %d.\n", why, v.Score)
	case !v.Started:
		b.WriteString("Not started: send {\"type\":\"start\"} to open Ferry A's first service at Bell Quay.\n")
	}
	fmt.Fprintf(&b, "Score %d. Deliveries %d (the next %d bonus at %d). Streak %d, multiplier x%d. Waiting departures %d of %d.\n",
		v.Score, v.Deliveries, engine.MilestonePoints, (v.Deliveries/engine.MilestoneEvery+1)*engine.MilestoneEvery, v.Streak, v.Multiplier,
		v.Departures, engine.MaxDepartures)
	fmt.Fprintf(&b, "Docks (ring 0-1-2-3-4-0; neighbours %d ticks apart, others %d):\n", engine.AdjacentTicks, engine.FarTicks)
	for _, d := range v.Docks {
		switch {
		case !d.Open:
			fmt.Fprintf(&b, "  %s: not open yet\n", names(d.ID))
		case len(d.Waiting) == 0:
			fmt.Fprintf(&b, "  %s: nobody waiting\n", names(d.ID))
		default:
			parts := make([]string, len(d.Waiting))
			for i, pid := range d.Waiting {
				parts[i] = who(pid)
			}
			fmt.Fprintf(&b, "  %s: %d waiting: %s\n", names(d.ID), len(d.Waiting), strings.Join(parts, "; "))
		}
	}
	b.WriteString("Ferries:\n")
	for _, f := range v.Ferries {
		var state string
		switch f.Mode {
		case "idle":
			state = "idle at " + names(f.Dock)
		case "service":
			state = fmt.Sprintf("in service at %s, %d ticks left", names(f.Dock), f.TicksLeft)
			if f.ExchangePending {
				state += ", exchange next tick"
			}
		default:
			state = fmt.Sprintf("sailing from %s to %s, %d ticks left", names(f.Dock), names(*f.Destination), f.TicksLeft)
		}
		if f.Queued != nil {
			state += ", then to " + names(*f.Queued)
		}
		riders := "no riders"
		if len(f.Riders) > 0 {
			parts := make([]string, len(f.Riders))
			for i, pid := range f.Riders {
				parts[i] = who(pid)
			}
			riders = "riders: " + strings.Join(parts, "; ")
		}
		fmt.Fprintf(&b, "  %s (ferry %d): %s; %d of %d seats free; %s\n", f.Name, f.ID, state, f.SeatsFree, engine.Seats, riders)
	}
	if len(v.Ferries) < engine.NumFerries {
		b.WriteString("  Ferry B (ferry 1): not in the run yet\n")
	}
	var recent []string
	for _, p := range v.Passengers {
		if p.ResolvedTick != nil {
			recent = append(recent, fmt.Sprintf("#%d %s %s at tick %d", p.ID, p.Kind, p.Status, *p.ResolvedTick))
		}
	}
	if len(recent) > 0 {
		fmt.Fprintf(&b, "Resolved in the last %d ticks: %s.\n", engine.RetireTicks, strings.Join(recent, "; "))
	}
	if len(v.Events) > 0 {
		fmt.Fprintf(&b, "Events of the last %d ticks:\n", engine.RetireTicks)
		for _, e := range v.Events {
			fmt.Fprintf(&b, "  tick %d: %s\n", e.Tick, eventText(&e, who))
		}
	}
	return b.String()
}

// eventText says what an event means.
func eventText(e *Event, who func(int) string) string {
	ferry := func() string { return engine.FerryName(*e.Ferry) }
	dock := engine.DockName(e.Dock)
	pid := func() string {
		if e.Passenger == nil {
			return ""
		}
		return fmt.Sprintf("#%d", *e.Passenger)
	}
	switch e.Kind {
	case "spawn":
		return pid() + " appeared at " + dock
	case "overflow":
		return pid() + " was placed at " + dock + ": its planned dock had no room"
	case "dock_open":
		return dock + " opened"
	case "ferry_join":
		return ferry() + " joined, idle at " + dock
	case "departure":
		return pid() + " gave up waiting at " + dock
	case "board":
		return pid() + " boarded " + ferry() + " at " + dock
	case "skip":
		return ferry() + " left cart " + pid() + " at " + dock + ": one seat free, a cart takes two"
	case "deliver":
		return fmt.Sprintf("%s delivered %s at %s (%d before the multiplier)", ferry(), pid(), dock, e.Points)
	case "exchange":
		return fmt.Sprintf("%s's exchange at %s scored %d (x%d)", ferry(), dock, e.Points, e.Multiplier)
	case "milestone":
		return fmt.Sprintf("delivery milestone: +%d", e.Points)
	case "sail":
		return ferry() + " set out for " + dock
	case "arrive":
		return ferry() + " arrived at " + dock + "; its service begins"
	case "service":
		return ferry() + " began a service at " + dock
	}
	return e.Kind
}
