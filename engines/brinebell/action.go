package brinebell

import "github.com/agentgames/bundle/engines"

// Kind is the type of an action.
type Kind uint8

// Action kinds. The zero Kind is no action and is refused.
const (
	// Start begins the run: Ferry A enters service at Bell Quay.
	Start Kind = iota + 1
	// Order sends Ferry to Dock (or queues, clears, or starts a service).
	Order
	// Advance runs Ticks ticks, 1..MaxAdvance.
	Advance
	// Bank finishes the run with the points earned.
	Bank
)

// Action is one player command. Fields a kind does not use must be zero.
type Action struct {
	Kind  Kind
	Ferry int
	Dock  int
	Ticks int
}

// Outcome is what Apply did: Ticks is how many ticks actually ran (an
// advance stops at the tick that finishes the run), Finished whether the
// run is now over.
type Outcome struct {
	Ticks    int
	Finished bool
}

// Legal says which actions the rules accept now.
type Legal struct {
	Start   bool
	Advance bool // with Ticks from 1 to MaxAdvance
	Bank    bool
	// Orders are legal for every ferry below Ferries and dock below Docks.
	Ferries int
	Docks   int
}

// Legal reports which actions are legal in s.
func (s *State) Legal() Legal {
	switch {
	case s.finished:
		return Legal{}
	case !s.started:
		return Legal{Start: true}
	}
	return Legal{Advance: true, Bank: true, Ferries: len(s.ferries), Docks: s.docks}
}

// Apply performs a. When the rules refuse it, the error is an
// *engines.Illegal and s is unchanged.
func (s *State) Apply(a Action) (Outcome, error) {
	if err := s.check(a); err != nil {
		return Outcome{}, err
	}
	var out Outcome
	switch a.Kind {
	case Start:
		s.started = true
		s.beginService(0)
	case Order:
		s.order(a.Ferry, a.Dock)
	case Advance:
		for out.Ticks < a.Ticks && !s.finished {
			s.tick()
			out.Ticks++
		}
	case Bank:
		s.finished, s.reason = true, Banked
	}
	out.Finished = s.finished
	return out, nil
}

// check refuses a when the rules do not accept it in s.
func (s *State) check(a Action) error {
	if s.finished {
		return illegal(engines.CodeGameOver, "the run has finished; no action is legal")
	}
	if a.Kind == Start {
		if s.started {
			return illegal(engines.CodeAlreadyStarted, "the run has already started")
		}
	} else if a.Kind >= Order && a.Kind <= Bank && !s.started {
		return illegal(engines.CodeNotStarted, "only start is legal before the run starts")
	}
	switch a.Kind {
	case Start, Bank:
		if a.Ferry != 0 || a.Dock != 0 || a.Ticks != 0 {
			return illegal(engines.CodeIllegalAction, "this action takes no parameters")
		}
	case Order:
		switch {
		case a.Ticks != 0:
			return illegal(engines.CodeIllegalAction, "an order takes a ferry and a dock only")
		case a.Ferry < 0 || a.Ferry >= NumFerries:
			return illegal(engines.CodeIllegalAction, "ferry must be 0 (A) or 1 (B)")
		case a.Ferry >= len(s.ferries):
			return illegal(engines.CodeIllegalAction, "Ferry B has not joined the run yet")
		case a.Dock < 0 || a.Dock >= NumDocks:
			return illegal(engines.CodeIllegalAction, "dock must be 0 to 4")
		case a.Dock >= s.docks:
			return illegal(engines.CodeIllegalAction, DockName(a.Dock)+" is not open yet")
		}
	case Advance:
		switch {
		case a.Ferry != 0 || a.Dock != 0:
			return illegal(engines.CodeIllegalAction, "advance takes a tick count only")
		case a.Ticks < 1 || a.Ticks > MaxAdvance:
			return illegal(engines.CodeIllegalAction, "ticks must be a whole number from 1 to 90")
		}
	default:
		return illegal(engines.CodeIllegalAction, "unknown action")
	}
	return nil
}

// illegal is a refusal with the given code and reason.
func illegal(code, reason string) error {
	return &engines.Illegal{Code: code, Reason: reason}
}

// order applies an order of ferry f to dock d, already checked.
func (s *State) order(f, d int) {
	fe := &s.ferries[f]
	switch {
	case fe.mode == Idle && d == fe.dock:
		s.beginService(f)
	case fe.mode == Idle:
		s.sail(f, d)
	case fe.mode == InService && d == fe.dock, fe.mode == Sailing && d == fe.dest:
		fe.queue = -1
	default:
		fe.queue = d
	}
}

// beginService starts a fresh service of idle ferry f at its dock.
func (s *State) beginService(f int) {
	fe := &s.ferries[f]
	fe.mode, fe.left = InService, ServiceTicks
	s.event(Event{Tick: s.clock, Kind: EventService, Passenger: -1, Ferry: f, Dock: fe.dock})
}

// sail starts ferry f's crossing from its dock to d and clears its queue.
func (s *State) sail(f, d int) {
	fe := &s.ferries[f]
	fe.mode, fe.dest, fe.queue, fe.left = Sailing, d, -1, Travel(fe.dock, d)
	s.event(Event{Tick: s.clock, Kind: EventSail, Passenger: -1, Ferry: f, Dock: d})
}
