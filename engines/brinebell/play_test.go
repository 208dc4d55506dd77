package brinebell

import (
	"bytes"
	"errors"
	"reflect"
	"testing"

	"github.com/agentgames/bundle/engines"
	"github.com/agentgames/bundle/engines/rng"
)

// TestRandomPlay plays random action sequences, legal and not, mixed with
// sensible orders, and checks after every action that refusals change
// nothing, invariants hold, score and clock never go back, realised
// origins never run four in a row, and a mid-game encoding round-trips and
// continues identically.
func TestRandomPlay(t *testing.T) {
	for seed := range uint64(400) {
		s := New(seed)
		r := rng.New(seed, 96)
		var twin *State
		origins := []int{BellQuay, BellQuay}
		roundTrip := 50 + r.Intn(200)
		greed := r.Intn(3) // 0 never greedy, 1 half the time, 2 always
		for step := range 400 {
			if s.Finished() {
				break
			}
			acts := []Action{randomAction(&r)}
			if s.Started() && r.Intn(2) < greed {
				acts = greedyOrders(s, &r, MaxAdvance)
			}
			for _, a := range acts {
				before := s.Clone()
				out, err := s.Apply(a)
				if twin != nil {
					twinOut, twinErr := twin.Apply(a)
					if twinOut != out || (err == nil) != (twinErr == nil) || !bytes.Equal(encode(t, s), encode(t, twin)) {
						t.Fatalf("seed %d step %d: decoded copy diverged on %+v", seed, step, a)
					}
				}
				checkStep(t, before, s, a, out, err)
			}
			for _, p := range s.passengers {
				if p.id == len(origins) {
					origins = append(origins, p.origin)
				}
			}
			if step == roundTrip {
				twin = new(State)
				if err := twin.UnmarshalBinary(encode(t, s)); err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if !reflect.DeepEqual(twin.Clone(), s.Clone()) {
					t.Fatalf("seed %d: decoded state differs", seed)
				}
			}
		}
		if len(origins) != s.gen.next {
			t.Fatalf("seed %d: saw %d of %d passengers", seed, len(origins), s.gen.next)
		}
		for i := maxOrigin; i < len(origins); i++ {
			if origins[i] == origins[i-1] && origins[i] == origins[i-2] && origins[i] == origins[i-3] {
				t.Fatalf("seed %d: passengers %d..%d all from %d", seed, i-3, i, origins[i])
			}
		}
	}
}

// checkStep checks one Apply of a that turned before into s.
func checkStep(t *testing.T, before, s *State, a Action, out Outcome, err error) {
	t.Helper()
	if err != nil {
		var ill *engines.Illegal
		if !errors.As(err, &ill) || !reflect.DeepEqual(before, s.Clone()) {
			t.Fatalf("%+v: refusal %v changed the state", a, err)
		}
		return
	}
	if err := s.validate(); err != nil {
		t.Fatalf("after %+v at tick %d: %v", a, s.clock, err)
	}
	if s.score < before.score || s.clock < before.clock || s.deliveries < before.deliveries {
		t.Fatalf("after %+v: score, clock or deliveries went back", a)
	}
	if a.Kind == Advance && (out.Ticks != s.clock-before.clock || out.Ticks != a.Ticks && !s.finished) {
		t.Fatalf("advance %d ran %d ticks", a.Ticks, out.Ticks)
	}
	if out.Finished != s.finished {
		t.Fatal("outcome disagrees on the finish")
	}
}

func TestDeterministicFromTheSeed(t *testing.T) {
	for seed := range uint64(200) {
		a := playGreedy(t, seed, 3000, nil)
		b := playGreedy(t, seed, 3000, nil)
		if !bytes.Equal(encode(t, a), encode(t, b)) {
			t.Fatalf("seed %d: two runs differ", seed)
		}
	}
	if bytes.Equal(encode(t, New(1)), encode(t, New(2))) {
		t.Fatal("seeds 1 and 2 share a state")
	}
}

func TestCloneIsIndependent(t *testing.T) {
	s := playGreedy(t, 3, 2500, nil)
	want := encode(t, s)
	c := s.Clone()
	advance(t, c, 900)
	apply(t, c, Action{Kind: Bank})
	if !bytes.Equal(want, encode(t, s)) {
		t.Fatal("playing a clone changed the original")
	}
}
