package brinebell

// PassengerKind is what a passenger is: it sets seats, patience and points.
type PassengerKind uint8

// Passenger kinds.
const (
	// Traveller takes one seat and is worth 100.
	Traveller PassengerKind = iota
	// Courier takes one seat, has 75% of a traveller's patience, is worth 160.
	Courier
	// Cart takes two seats, has 125% of a traveller's patience, is worth 180.
	Cart
)

// Status is where a passenger stands.
type Status uint8

// Passenger statuses.
const (
	// Waiting: queued at its origin dock.
	Waiting Status = iota
	// Riding: aboard a ferry.
	Riding
	// Delivered: set down at its destination; retires after RetireTicks.
	Delivered
	// Departed: gave up waiting; retires after RetireTicks.
	Departed
)

// resolved reports whether a passenger with this status is done.
func (s Status) resolved() bool { return s >= Delivered }

// FerryMode is what a ferry is doing.
type FerryMode uint8

// Ferry modes.
const (
	// Idle: moored with no service running.
	Idle FerryMode = iota
	// InService: a 24-tick service at its dock; the exchange is the first tick.
	InService
	// Sailing: on a committed crossing.
	Sailing
)

// Reason tells why a run finished.
type Reason uint8

// Finish reasons.
const (
	// Running: the run has not finished.
	Running Reason = iota
	// Banked: the player banked the score.
	Banked
	// TooManyDepartures: the fifth waiting passenger gave up.
	TooManyDepartures
)

// EventKind is what an Event records.
type EventKind uint8

// Event kinds. Fields an event kind does not use are -1 (ids) or 0.
const (
	// EventSpawn: Passenger appeared waiting at Dock.
	EventSpawn EventKind = iota + 1
	// EventDockOpen: Dock opened.
	EventDockOpen
	// EventFerryJoin: Ferry joined the run, idle at Dock.
	EventFerryJoin
	// EventDeparture: waiting Passenger ran out of patience and left Dock.
	EventDeparture
	// EventBoard: Passenger boarded Ferry at Dock.
	EventBoard
	// EventDeliver: Ferry set Passenger down at Dock; Points is its base
	// value plus patience bonus, before the multiplier.
	EventDeliver
	// EventExchange: Ferry's exchange at Dock delivered someone; Points is
	// what it scored with Multiplier applied, milestones excluded.
	EventExchange
	// EventMilestone: an exchange of Ferry at Dock crossed a multiple of
	// twenty deliveries; Points is the bonus.
	EventMilestone
	// EventSail: Ferry set out for Dock.
	EventSail
	// EventArrive: Ferry reached Dock; its service begins.
	EventArrive
	// EventService: idle Ferry began a fresh service at Dock (start, or an
	// order to the dock it is moored at).
	EventService
	// EventOverflow: Passenger, just appeared, was placed at Dock because
	// its planned origin had no room (see the arrival generator).
	EventOverflow
	// EventSkip: Ferry's exchange at Dock left the waiting cart Passenger
	// behind: one seat was free and a cart takes two.
	EventSkip
	eventKinds = EventSkip
)

// uses tells which optional fields an event of kind k fills; Dock is always
// filled, Multiplier only by EventExchange.
func (k EventKind) uses() (passenger, ferry, points bool) {
	switch k {
	case EventSpawn, EventDeparture, EventOverflow:
		return true, false, false
	case EventBoard, EventSkip:
		return true, true, false
	case EventDeliver:
		return true, true, true
	case EventExchange, EventMilestone:
		return false, true, true
	case EventFerryJoin, EventSail, EventArrive, EventService:
		return false, true, false
	}
	return false, false, false
}
