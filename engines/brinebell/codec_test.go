package brinebell

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/agentgames/bundle/engines/rng"
)

// sampleStates are states from every phase of a run.
func sampleStates(t testing.TB) []*State {
	fresh := New(42)
	started := New(42)
	apply(t, started, Action{Kind: Start})
	mid := playGreedy(t, 42, 1500, nil)
	late := playGreedy(t, 43, 6000, nil)
	apply(t, late, Action{Kind: Order, Ferry: 1, Dock: Windmill})
	banked := playGreedy(t, 44, 900, nil)
	apply(t, banked, Action{Kind: Bank})
	return []*State{fresh, started, mid, late, banked, lazy(t, 45, 3000)}
}

// lazy plays greedily until tick from, then only advances until the run
// ends by departures.
func lazy(t testing.TB, seed uint64, from int) *State {
	s := playGreedy(t, seed, from, nil)
	advance(t, s, 1<<20)
	return s
}

func TestMarshalRoundTrip(t *testing.T) {
	for i, s := range sampleStates(t) {
		b := encode(t, s)
		if b[0] != codecVersion {
			t.Fatalf("state %d: version byte %d", i, b[0])
		}
		var u State
		if err := u.UnmarshalBinary(b); err != nil {
			t.Fatalf("state %d: %v", i, err)
		}
		if !reflect.DeepEqual(u.Clone(), s.Clone()) || !bytes.Equal(encode(t, &u), b) {
			t.Fatalf("state %d: round trip differs", i)
		}
	}
}

// version1 is the version-1 encoding of the state that the current
// encoding b holds: the plan's empty slots left out.
func version1(b []byte) []byte {
	plan := len(b) - 3*planSlots
	return append([]byte{codecVersionV1}, b[1:plan+3*int(b[plan-1])]...)
}

// TestUnmarshalVersion1 checks that tokens written before the plan had a
// fixed width still open: every sample state's version-1 encoding decodes
// to the state, which encodes in the current version.
func TestUnmarshalVersion1(t *testing.T) {
	for i, s := range sampleStates(t) {
		b := encode(t, s)
		var u State
		if err := u.UnmarshalBinary(version1(b)); err != nil {
			t.Fatalf("state %d: %v", i, err)
		}
		if !reflect.DeepEqual(u.Clone(), s.Clone()) || !bytes.Equal(encode(t, &u), b) {
			t.Fatalf("state %d: version 1 decodes to another state", i)
		}
	}
}

func TestUnmarshalRefusals(t *testing.T) {
	s := playGreedy(t, 8, 2000, nil)
	if len(s.gen.plan) == planSlots {
		t.Fatal("want a plan with empty slots")
	}
	valid := encode(t, s)
	plan := len(valid) - 3*planSlots
	batch := valid[plan : plan+3]
	sixth := append(append(append([]byte{}, valid[:plan-1]...), 6), valid[plan:]...)
	sixth = append(sixth, batch...)
	sixV1 := append(append([]byte{codecVersionV1}, valid[1:plan-1]...), 6)
	for range 6 {
		sixV1 = append(sixV1, batch...)
	}
	bad := map[string][]byte{
		"empty":                      nil,
		"version 0":                  append([]byte{0}, valid[1:]...),
		"version 3":                  append([]byte{3}, valid[1:]...),
		"version 1 with empty slots": append([]byte{codecVersionV1}, valid[1:]...),
		"a filled empty slot":        append(append([]byte{}, valid[:len(valid)-3]...), batch...),
		"a sixth batch":              sixth,
		"version 1, six batches":     sixV1,
		"trailing byte":              append(append([]byte{}, valid...), 0),
		"json":                       []byte(`{"clock":3}`),
		"non-canonical":              append([]byte{valid[0], valid[1], valid[2] | 0x80, 0}, valid[3:]...),
		"too many ferry":             append([]byte{valid[0], valid[1] ^ 1<<6}, valid[2:]...),
	}
	for n := 1; n < len(valid); n++ {
		checkRefused(t, "truncated", valid[:n])
	}
	for name, b := range bad {
		checkRefused(t, name, b)
	}
}

// checkRefused checks that data is refused and leaves the receiver alone.
func checkRefused(t *testing.T, name string, data []byte) {
	t.Helper()
	s := New(9)
	want := encode(t, s)
	if err := s.UnmarshalBinary(data); err == nil {
		t.Fatalf("%s: accepted", name)
	}
	if !bytes.Equal(want, encode(t, s)) {
		t.Fatalf("%s: a refused decode changed the receiver", name)
	}
}

// TestBitFlips flips every bit of real encodings: each result is refused
// or is a valid state that encodes back to exactly the same bytes.
func TestBitFlips(t *testing.T) {
	accepted := 0
	for _, s := range sampleStates(t) {
		valid := encode(t, s)
		for i := range len(valid) * 8 {
			b := append([]byte{}, valid...)
			b[i/8] ^= 1 << (i % 8)
			accepted += checkDecoded(t, b)
		}
	}
	t.Logf("%d flipped encodings still valid (random state and free counters)", accepted)
}

// checkDecoded decodes data; when accepted it checks re-encoding (to the
// same bytes, or for version 1 to the same state in the current version)
// and that play continues without panics and with invariants intact. It
// returns 1 when data was accepted.
func checkDecoded(t testing.TB, data []byte) int {
	var s State
	if s.UnmarshalBinary(data) != nil {
		return 0
	}
	if again := encode(t, &s); !bytes.Equal(again, data) && !bytes.Equal(version1(again), data) {
		t.Fatalf("accepted %x re-encodes differently", data)
	}
	r := rng.New(uint64(len(data)), 5)
	for range 12 {
		if _, err := s.Apply(randomAction(&r)); err == nil {
			if err := s.validate(); err != nil {
				t.Fatalf("accepted %x: play broke an invariant: %v", data, err)
			}
		}
	}
	return 1
}

func FuzzUnmarshalBinary(f *testing.F) {
	for _, s := range sampleStates(f) {
		f.Add(encode(f, s))
		f.Add(version1(encode(f, s)))
	}
	f.Add([]byte{})
	f.Add([]byte{codecVersion})
	f.Fuzz(func(t *testing.T, data []byte) {
		checkDecoded(t, data)
	})
}
