package brinebell

import (
	"errors"
	"reflect"
	"testing"

	"github.com/agentgames/bundle/engines"
)

// bare is a started run at tick 100 with the given docks and ferries (A
// idle at Bell Quay, B idle at Lantern), no passengers, no events, and no
// arrival due for a long time.
func bare(docks, ferries int) *State {
	s := New(1)
	s.started = true
	s.clock = 100
	s.docks = docks
	s.passengers, s.events = nil, nil
	s.ferries = []ferry{{mode: Idle, dock: BellQuay, dest: -1, queue: -1}}
	if ferries == 2 {
		s.ferries = append(s.ferries, ferry{mode: Idle, dock: Lantern, dest: -1, queue: -1})
	}
	s.gen.next = 40
	s.gen.due = 1 << 30
	return s
}

// put adds a passenger of kind k from origin to dest with the given status
// (ferry is the carrier when riding), full patience, spawned now; it
// returns the id.
func put(s *State, k PassengerKind, st Status, origin, dest, ferry int) int {
	id := s.gen.next
	s.gen.next++
	s.passengers = append(s.passengers, passenger{
		id: id, kind: k, status: st, origin: origin, dest: dest, ferry: ferry,
		patience: MaxPatience(k, id), spawn: s.clock, resolved: -1,
	})
	return id
}

// find is passenger id as a player sees it, and whether it is still listed.
func find(s *State, id int) (Passenger, bool) {
	for _, p := range s.Passengers() {
		if p.ID == id {
			return p, true
		}
	}
	return Passenger{}, false
}

// setPatience sets passenger id's patience.
func setPatience(s *State, id, patience int) {
	for i := range s.passengers {
		if s.passengers[i].id == id {
			s.passengers[i].patience = patience
		}
	}
}

// eventsOf lists the events of kind k recorded at tick t.
func eventsOf(s *State, k EventKind, t int) []Event {
	var out []Event
	for _, e := range s.events {
		if e.Kind == k && e.Tick == t {
			out = append(out, e)
		}
	}
	return out
}

// encode is s's encoding; it fails the test on error.
func encode(t testing.TB, s *State) []byte {
	t.Helper()
	b, err := s.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// refused checks that a is refused with code and leaves s unchanged.
func refused(t *testing.T, s *State, a Action, code string) {
	t.Helper()
	before := s.Clone()
	_, err := s.Apply(a)
	var ill *engines.Illegal
	if !errors.As(err, &ill) || ill.Code != code {
		t.Fatalf("%+v: got %v, want code %s", a, err, code)
	}
	if !reflect.DeepEqual(before, s.Clone()) {
		t.Fatalf("%+v: refused action changed the state", a)
	}
}
