package tidebreakers

import (
	"bytes"
	"encoding/binary"
	"errors"
	"reflect"
	"testing"

	"github.com/agentgames/bundle/engines/rng"
)

// randomAction is a legal action of the captain to act in an open match:
// a random part of the supply on a random island it holds; when sailing, a
// random expedition with a random send three times in four, else a pass.
func randomAction(s *State, r *rng.Stream) Action {
	if s.phase == Supplying {
		held := s.Held(s.turn)
		return Action{Kind: Supply, Tile: held[r.Intn(len(held))], Amount: r.Range(1, s.supplyLeft)}
	}
	routes := s.Expeditions()
	if len(routes) == 0 || r.Intn(4) == 0 {
		return Action{Kind: Pass}
	}
	e := routes[r.Intn(len(routes))]
	return Action{Kind: Attack, From: e.From, To: e.To, Send: r.Range(1, e.MaxSend)}
}

// played is the match of seed after up to steps random legal actions.
func played(t testing.TB, seed uint64, players, steps int) *State {
	t.Helper()
	s, err := New(seed, players)
	if err != nil {
		t.Fatal(err)
	}
	r := rng.New(seed, 50)
	for range steps {
		if s.Over() {
			break
		}
		apply(t, s, s.turn, randomAction(s, &r))
	}
	return s
}

// sampleStates are states from every stage of a match: fresh, mid-supply,
// mid-match with a full log, with a captain out, and ended in each way;
// seeds small and large.
func sampleStates(t testing.TB) []*State {
	var out []*State
	for players := MinPlayers; players <= MaxPlayers; players++ {
		fresh, err := New(1<<63+uint64(players), players)
		if err != nil {
			t.Fatal(err)
		}
		split := fresh.Clone()
		apply(t, split, split.turn, Action{Kind: Supply, Tile: Corner(players, split.turn), Amount: 1})
		out = append(out, fresh, split, played(t, uint64(players), players, 40), played(t, 9, players, 1<<20))
	}
	timed := played(t, 3, 3, 25)
	timed.Finish(TimeLimit)
	out = append(out, timed)
	var conquest, capped bool
	for seed := uint64(0); seed < 100 && !(conquest && capped); seed++ {
		if s := played(t, seed, 2, 1<<20); s.ending == Conquest && !conquest {
			conquest = true
			out = append(out, s)
		}
		if s := played(t, seed, 4, 1<<20); s.ending == RoundCap && !capped {
			capped = true
			out = append(out, s)
		}
	}
	if !conquest || !capped {
		t.Fatal("no sample conquest or round cap")
	}
	// an elimination, then the last captain standing
	s := &State{players: 3, opener: 1, turn: 0, round: 12, phase: Sailing, winner: Wild}
	for i := range s.islands {
		s.islands[i] = Island{Owner: Wild, Strength: 0}
	}
	s.islands[0], s.islands[1], s.islands[2] = Island{0, 9}, Island{1, 1}, Island{2, 1}
	apply(t, s, 0, Action{Kind: Attack, From: 0, To: 1, Send: 8})
	out = append(out, s.Clone())
	apply(t, s, 2, Action{Kind: Supply, Tile: 2, Amount: SupplyIn(13)})
	apply(t, s, 2, Action{Kind: Pass})
	apply(t, s, 0, Action{Kind: Supply, Tile: 1, Amount: SupplyIn(13)})
	apply(t, s, 0, Action{Kind: Attack, From: 1, To: 2, Send: 10})
	if s.ending != LastStanding {
		t.Fatalf("sample: ending %v", s.ending)
	}
	return append(out, s)
}

// TestMarshalRoundTrip checks that every sample state decodes to an equal
// state (but for Recorded, which a decoded state starts empty) that encodes
// to the same bytes, starting with the format byte.
func TestMarshalRoundTrip(t *testing.T) {
	for i, s := range sampleStates(t) {
		b := encode(t, s)
		if b[0] != stateFormat {
			t.Fatalf("state %d: format byte %d", i, b[0])
		}
		var u State
		if err := u.UnmarshalBinary(b); err != nil {
			t.Fatalf("state %d: %v", i, err)
		}
		if len(u.Recorded()) != 0 {
			t.Fatalf("state %d: decoded with recorded entries %+v", i, u.Recorded())
		}
		want := s.Clone()
		want.recorded = 0 // what the last Apply added is not encoded
		if !reflect.DeepEqual(u.Clone(), want) {
			t.Fatalf("state %d: decoded %+v, want %+v", i, u, *s)
		}
		if !bytes.Equal(encode(t, &u), b) {
			t.Fatalf("state %d: round trip differs", i)
		}
	}
}

// formatV1 is the format-1 encoding of the state that the format-2
// encoding b holds: the seed as a uvarint, the rest alike.
func formatV1(b []byte) []byte {
	seed := binary.LittleEndian.Uint64(b[1:])
	return append(binary.AppendUvarint([]byte{stateFormatV1}, seed), b[1+8:]...)
}

// TestUnmarshalFormat1 checks that tokens written before the seed had a
// fixed width still open: every sample state's format-1 encoding decodes
// to the state, which encodes in the current format.
func TestUnmarshalFormat1(t *testing.T) {
	for i, s := range sampleStates(t) {
		b := encode(t, s)
		var u State
		if err := u.UnmarshalBinary(formatV1(b)); err != nil {
			t.Fatalf("state %d: %v", i, err)
		}
		if !bytes.Equal(encode(t, &u), b) {
			t.Fatalf("state %d: format 1 decodes to another state", i)
		}
	}
}

// checkRefused checks that data is refused with ErrBadState and leaves the
// receiver alone.
func checkRefused(t *testing.T, name string, data []byte) {
	t.Helper()
	s := played(t, 4, 2, 9)
	want := encode(t, s)
	if err := s.UnmarshalBinary(data); !errors.Is(err, ErrBadState) {
		t.Errorf("%s: got %v, want ErrBadState", name, err)
		return
	}
	if !bytes.Equal(want, encode(t, s)) {
		t.Errorf("%s: a refused decode changed the receiver", name)
	}
}

// TestUnmarshalPrefixes checks that every strict prefix of a valid
// encoding, and a valid encoding with a byte more, is refused.
func TestUnmarshalPrefixes(t *testing.T) {
	for _, s := range sampleStates(t) {
		valid := encode(t, s)
		for n := range len(valid) {
			checkRefused(t, "prefix", valid[:n])
		}
		checkRefused(t, "trailing byte", append(append([]byte{}, valid...), 0))
	}
}

// corruptBase is an open 3-captain match of seed 0 with a full log, in the
// supplying phase.
func corruptBase(t *testing.T) *State {
	t.Helper()
	s, err := New(0, 3)
	if err != nil {
		t.Fatal(err)
	}
	r := rng.New(0, 51)
	for len(s.log) < LogKept || s.phase != Supplying {
		if s.Over() {
			t.Fatal("base match ended early")
		}
		apply(t, s, s.turn, randomAction(s, &r))
	}
	return s
}

// Offsets in an encoding.
const (
	offOut     = 1 + 8 + 6
	offIslands = 1 + 8 + 9
)

// TestUnmarshalRefusesCorrupt checks that encodings of impossible states
// and malformed byte strings are refused with ErrBadState: captains
// outside 2 to 4, seats out of range, rounds outside 1 to 60, unknown
// owners, out flags that disagree with the islands, supply that disagrees
// with the phase, a winner in an open match, a log longer than LogKept or
// with bad entries, garrisons above MaxStrength, non-canonical numbers.
func TestUnmarshalRefusesCorrupt(t *testing.T) {
	base := corruptBase(t)
	if err := base.validate(); err != nil {
		t.Fatal(err)
	}
	seatWith := func(s *State, has bool) int {
		for p := range s.players {
			if p != s.turn && (len(s.Held(p)) > 0) == has {
				return p
			}
		}
		t.Fatal("no such seat")
		return 0
	}
	states := map[string]func(s *State){
		"1 captain":                   func(s *State) { s.players = 1 },
		"5 captains":                  func(s *State) { s.players = 5 },
		"0 captains":                  func(s *State) { s.players = 0 },
		"opener out of range":         func(s *State) { s.opener = 3 },
		"turn out of range":           func(s *State) { s.turn = 3 },
		"round 0":                     func(s *State) { s.round = 0 },
		"round 61":                    func(s *State) { s.round = 61 },
		"owner beyond players":        func(s *State) { s.islands[12].Owner = 3 },
		"owner 255":                   func(s *State) { s.islands[12].Owner = 254 },
		"out with islands":            func(s *State) { s.out[seatWith(s, true)] = true },
		"absent seat out":             func(s *State) { s.out[3] = true },
		"sailing with supply left":    func(s *State) { s.phase = Sailing },
		"supplying with none left":    func(s *State) { s.supplyLeft = 0 },
		"supply above the round's":    func(s *State) { s.supplyLeft = SupplyIn(s.round) + 1 },
		"phase 2":                     func(s *State) { s.phase = 2 },
		"phase 2 with no supply left": func(s *State) { s.phase, s.supplyLeft = 2, 0 },
		"1 captain holding islands": func(s *State) {
			for i := range s.islands {
				if s.islands[i].Owner != Wild {
					s.islands[i].Owner = 0
				}
			}
			s.players, s.opener, s.turn, s.out, s.log = 1, 0, 0, [MaxPlayers]bool{}, nil
		},
		"5 captains holding islands": func(s *State) {
			s.islands[1].Owner, s.islands[2].Owner = 3, 4
			s.players, s.out = 5, [MaxPlayers]bool{}
		},
		"ending 5":                   func(s *State) { s.ending = 5 },
		"winner set while open":      func(s *State) { s.winner = 0 },
		"winner beyond players":      func(s *State) { s.ending, s.winner = RoundCap, 3 },
		"log longer than LogKept":    func(s *State) { s.log = append(s.log, s.log[0]) },
		"log entry kind 0":           func(s *State) { s.log[2].Kind = 0 },
		"log entry kind 5":           func(s *State) { s.log[2].Kind = 5 },
		"log entry round 0":          func(s *State) { s.log[2].Round = 0 },
		"log entry round 61":         func(s *State) { s.log[2].Round = 61 },
		"log entry seat beyond":      func(s *State) { s.log[2].Seat = 3 },
		"log entry from 25":          func(s *State) { s.log[2].From = 25 },
		"log entry to 25":            func(s *State) { s.log[2].To = 25 },
		"log entry sent too large":   func(s *State) { s.log[2].Sent = MaxStrength + 1 },
		"garrison above MaxStrength": func(s *State) { s.islands[7].Strength = MaxStrength + 1 },
		"the seat to act is out": func(s *State) {
			for i := range s.islands {
				if s.islands[i].Owner == s.turn {
					s.islands[i].Owner = Wild
				}
			}
			s.out[s.turn] = true
		},
		"not out without islands": func(s *State) {
			p := seatWith(s, true)
			for i := range s.islands {
				if s.islands[i].Owner == p {
					s.islands[i].Owner = Wild
				}
			}
		},
	}
	for name, mutate := range states {
		s := base.Clone()
		mutate(s)
		checkRefused(t, name, encode(t, s))
	}

	valid := encode(t, base)
	if binary.LittleEndian.Uint64(valid[1:]) != 0 || valid[offIslands+1] >= 0x80 {
		t.Fatalf("base encoding %x: want seed 0 and a one-byte garrison on island 0", valid[:offIslands+2])
	}
	v1 := func(seed ...byte) []byte { return append(append([]byte{stateFormatV1}, seed...), valid[1+8:]...) }
	edit := func(at int, with ...byte) []byte {
		b := append([]byte{}, valid[:at]...)
		b = append(b, with...)
		return append(b, valid[at+1:]...)
	}
	bytesCases := map[string][]byte{
		"empty":                    nil,
		"format only":              {stateFormat},
		"format 0":                 edit(0, 0),
		"format 3":                 edit(0, 3),
		"seed of 7 bytes":          append([]byte{stateFormat}, valid[2:]...),
		"format 1, no seed":        {stateFormatV1},
		"format 1, seed 80 00":     v1(0x80, 0x00),
		"format 1, 8-byte seed":    append([]byte{stateFormatV1}, valid[1:]...),
		"format 1, seed > 64 bits": v1(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02),
		"non-canonical garrison":   edit(offIslands+1, valid[offIslands+1]|0x80, 0x00),
		"garrison MaxStrength+1":   edit(offIslands+1, 0x81, 0x80, 0x01),
		"log count above LogKept":  edit(len(valid)-1-entryLen(t, base.log), LogKept+1),
		"out bit of seat 4":        edit(offOut, valid[offOut]|1<<4),
		"out bit of seat 7":        edit(offOut, valid[offOut]|1<<7),
		"trailing byte":            append(append([]byte{}, valid...), 0),
	}
	for name, b := range bytesCases {
		checkRefused(t, name, b)
	}
}

// entryLen is the length of the encoded log entries, without their count.
func entryLen(t *testing.T, log []Entry) int {
	t.Helper()
	s := &State{log: log}
	full := encode(t, s)
	s.log = nil
	return len(full) - len(encode(t, s))
}

// TestUnmarshalRefusesUnreachable checks that encodings of matches the
// rules cannot reach, although each field is in range, are refused, as
// UnmarshalBinary promises: an open match a win check should have ended,
// an ending that its condition does not hold for, an ended match whose
// supply disagrees with its phase.
func TestUnmarshalRefusesUnreachable(t *testing.T) {
	open := func(set map[int]Island) *State {
		s := &State{players: 2, opener: 0, turn: 0, round: 20, phase: Sailing, winner: Wild}
		for i := range s.islands {
			s.islands[i] = Island{Owner: Wild, Strength: 1}
		}
		for i, is := range set {
			s.islands[i] = is
		}
		for p := range s.players {
			s.out[p] = len(s.Held(p)) == 0
		}
		return s
	}
	thirteen := map[int]Island{24: {1, 3}}
	for i := range WinIslands {
		thirteen[i] = Island{0, 2}
	}
	tests := map[string]*State{
		"open with a captain on 13 islands": open(thirteen),
		"open with one captain left": func() *State {
			s := open(map[int]Island{0: {0, 3}})
			s.players = 3
			s.out[2] = true
			return s
		}(),
		"round cap before round 60": func() *State {
			s := open(map[int]Island{0: {0, 3}, 24: {1, 3}})
			s.ending = RoundCap
			return s
		}(),
		"conquest drawn": func() *State {
			s := open(thirteen)
			s.ending = Conquest
			return s
		}(),
		"conquest on 2 islands": func() *State {
			s := open(map[int]Island{0: {0, 3}, 1: {0, 3}, 24: {1, 3}})
			s.ending, s.winner = Conquest, 0
			return s
		}(),
		"last standing with two captains in": func() *State {
			s := open(map[int]Island{0: {0, 3}, 24: {1, 3}})
			s.ending, s.winner = LastStanding, 0
			return s
		}(),
		"ended, sailing with 200 supply left": func() *State {
			s := open(map[int]Island{0: {0, 3}, 24: {1, 3}})
			s.ending, s.supplyLeft = TimeLimit, 200
			return s
		}(),
	}
	for name, s := range tests {
		t.Run(name, func(t *testing.T) {
			checkRefused(t, name, encode(t, s))
		})
	}
}

// FuzzUnmarshalBinary: any byte string either is refused with ErrBadState,
// leaving the receiver alone, or decodes to a state that passes validate,
// re-encodes to exactly the input (or, for format 1, to the input in the
// current format), and plays on without panicking, legal
// actions keeping it valid and refused ones changing nothing.
func FuzzUnmarshalBinary(f *testing.F) {
	for _, s := range sampleStates(f) {
		f.Add(encode(f, s))
		f.Add(formatV1(encode(f, s)))
	}
	f.Add([]byte{})
	f.Add([]byte{stateFormat})
	f.Add([]byte{stateFormatV1, 0x80, 0x00})
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := New(9, 2)
		if err != nil {
			t.Fatal(err)
		}
		was := encode(t, s)
		if err := s.UnmarshalBinary(data); err != nil {
			if !errors.Is(err, ErrBadState) {
				t.Fatalf("error %v does not wrap ErrBadState", err)
			}
			if !bytes.Equal(was, encode(t, s)) {
				t.Fatal("a refused decode changed the receiver")
			}
			return
		}
		if err := s.validate(); err != nil {
			t.Fatalf("accepted a state validate refuses: %v", err)
		}
		if again := encode(t, s); !bytes.Equal(again, data) && !bytes.Equal(formatV1(again), data) {
			t.Fatalf("accepted %x re-encodes as %x", data, again)
		}
		r := rng.New(uint64(len(data)), 52)
		for range 30 {
			if s.Over() {
				break
			}
			wild := Action{Kind: Kind(r.Intn(5)), Tile: r.Range(-1, Islands), Amount: r.Range(-1, 7),
				From: r.Range(-1, Islands), To: r.Range(-1, Islands), Send: r.Range(-1, 9)}
			before := encode(t, s)
			if err := s.Apply(r.Range(-1, s.players), wild); err != nil && !bytes.Equal(before, encode(t, s)) {
				t.Fatalf("refused %+v changed the state", wild)
			}
			if !s.Over() {
				apply(t, s, s.turn, randomAction(s, &r))
			}
			if err := s.validate(); err != nil {
				t.Fatalf("play from %x broke validate: %v", data, err)
			}
		}
		s.Finish(TimeLimit)
	})
}
