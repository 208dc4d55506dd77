package tron

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/agentgames/bundle/engines/rng"
)

// match is a match played from New by cycles that take a random free
// direction, or any random direction one time in blunder (never when
// blunder is 0), for at most rounds rounds. It also answers, round by
// round, the moves of the cycles alive at the start of each round, in
// player order: what the encoding holds.
func match(t testing.TB, seed uint64, w, h, players, blunder, rounds int) (*State, [][]Dir) {
	t.Helper()
	s, err := New(seed, w, h, players)
	if err != nil {
		t.Fatal(err)
	}
	rs := rng.New(seed, 99)
	var played [][]Dir
	for range rounds {
		if s.Over() {
			break
		}
		var m [MaxPlayers]Dir
		var round []Dir
		for p := range players {
			if !s.alive[p] {
				continue
			}
			m[p] = Dir(rs.Intn(4))
			if blunder == 0 || rs.Intn(blunder) != 0 {
				h := s.Head(p)
				var free []Dir
				for d := range Dir(4) {
					if x, y := Step(h.X, h.Y, d); s.Free(x, y) {
						free = append(free, d)
					}
				}
				if len(free) > 0 {
					m[p] = free[rs.Intn(len(free))]
				}
			}
			round = append(round, m[p])
		}
		s.Play(m)
		played = append(played, round)
	}
	consistent(t, s)
	return s, played
}

// layout is the encoding of a match as the package comment of MarshalBinary
// lays it out, built here independently: the format byte 2, the seed in 8
// bytes little endian, width, height and players as a byte each, the number
// of rounds as a uvarint, then the given moves 2 bits each from the low
// bits up.
func layout(seed uint64, w, h, players, rounds int, moves [][]Dir) []byte {
	b := binary.LittleEndian.AppendUint64([]byte{2}, seed)
	b = append(b, byte(w), byte(h), byte(players))
	b = binary.AppendUvarint(b, uint64(rounds))
	k := 0
	for _, r := range moves {
		for _, d := range r {
			if k%4 == 0 {
				b = append(b, 0)
			}
			b[len(b)-1] |= byte(d) << (2 * (k % 4))
			k++
		}
	}
	return b
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

// sample is a state to encode, with the moves its encoding holds.
type sample struct {
	name  string
	s     *State
	moves [][]Dir
}

// samples are states from every stage of a match: fresh, in progress with
// every count of moves modulo 4, ended with a survivor and with none; on
// the smallest and largest grids, with 2 to 4 players, seeds small and
// large.
func samples(t testing.TB) []sample {
	t.Helper()
	var out []sample
	for _, seed := range []uint64{0, 1<<63 + 5, ^uint64(0)} {
		for players := MinPlayers; players <= MaxPlayers; players++ {
			s, err := New(seed, 100, 100-players, players)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, sample{fmt.Sprintf("fresh seed %d, %d players", seed, players), s, nil})
		}
	}
	residues := map[int]bool{}
	for seed := uint64(1); len(residues) < 4 || seed < 40; seed++ {
		players := 2 + int(seed%3)
		s, moves := match(t, seed, 5+int(seed%7), 5+int(seed%5), players, 0, int(seed%9)+1)
		k := 0
		for _, r := range moves {
			k += len(r)
		}
		residues[k%4] = true
		out = append(out, sample{fmt.Sprintf("short seed %d, %d moves", seed, k), s, moves})
	}
	var survivor, none bool
	for seed := uint64(0); !survivor || !none || seed < 40; seed++ {
		players := 2 + int(seed%3)
		side := []int{5, 7, 20, 100}[seed%4]
		s, moves := match(t, seed, side, side, players, int(seed%5), 1<<20)
		if !s.Over() {
			t.Fatalf("seed %d: not over", seed)
		}
		survivor, none = survivor || s.Living() == 1, none || s.Living() == 0
		out = append(out, sample{fmt.Sprintf("ended seed %d, %d players, %d living, side %d", seed, players, s.Living(), side), s, moves})
	}
	return out
}

// TestMarshalLayout pins the encoding to its documented layout, and checks
// that it decodes to an equal state that encodes to the same bytes.
func TestMarshalLayout(t *testing.T) {
	for _, sm := range samples(t) {
		s := sm.s
		b := encode(t, s)
		if want := layout(s.seed, s.width, s.height, s.players, s.round, sm.moves); !bytes.Equal(b, want) {
			t.Fatalf("%s: encoding\n%x\nwant\n%x", sm.name, b, want)
		}
		var u State
		if err := u.UnmarshalBinary(b); err != nil {
			t.Fatalf("%s: %v", sm.name, err)
		}
		consistent(t, &u)
		if !reflect.DeepEqual(&u, s) {
			t.Fatalf("%s: decoded\n%+v\nwant\n%+v", sm.name, u, *s)
		}
		if again := encode(t, &u); !bytes.Equal(again, b) {
			t.Fatalf("%s: encodes again as %x, was %x", sm.name, again, b)
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
// fixed width still open: every sample's format-1 encoding decodes to the
// state, which encodes in the current format.
func TestUnmarshalFormat1(t *testing.T) {
	for _, sm := range samples(t) {
		b := encode(t, sm.s)
		var u State
		if err := u.UnmarshalBinary(formatV1(b)); err != nil {
			t.Fatalf("%s: %v", sm.name, err)
		}
		if !reflect.DeepEqual(&u, sm.s) || !bytes.Equal(encode(t, &u), b) {
			t.Fatalf("%s: format 1 decodes to another state", sm.name)
		}
	}
}

// refused checks that data is refused with ErrBadState and leaves the
// receiver, a match in progress, alone.
func refused(t *testing.T, name string, data []byte) {
	t.Helper()
	s, _ := match(t, 11, 9, 9, 3, 0, 6)
	if s.Over() || s.round != 6 {
		t.Fatalf("receiver: over %v after %d rounds", s.Over(), s.round)
	}
	want := *s
	before := encode(t, s)
	if err := s.UnmarshalBinary(data); !errors.Is(err, ErrBadState) {
		t.Errorf("%s: %x answered %v, want ErrBadState", name, data, err)
		return
	}
	if !reflect.DeepEqual(*s, want) || !bytes.Equal(encode(t, s), before) {
		t.Errorf("%s: a refused decode changed the receiver", name)
	}
}

// TestUnmarshalPrefixes checks that every strict prefix of a valid
// encoding, and a valid encoding with one byte more, is refused.
func TestUnmarshalPrefixes(t *testing.T) {
	for _, sm := range samples(t) {
		valid := encode(t, sm.s)
		for n := range len(valid) {
			refused(t, fmt.Sprintf("%s, prefix of %d bytes", sm.name, n), valid[:n])
		}
		for _, extra := range []byte{0, 1, 0xff} {
			refused(t, sm.name+", a byte more", append(bytes.Clone(valid), extra))
		}
	}
}

// TestUnmarshalStrayBits checks that a set bit past the last move in the
// last byte is refused, for each count of moves modulo 4 that leaves bits
// unused.
func TestUnmarshalStrayBits(t *testing.T) {
	seen := map[int]bool{}
	for _, sm := range samples(t) {
		k := 0
		for _, r := range sm.moves {
			k += len(r)
		}
		if k%4 == 0 {
			continue
		}
		seen[k%4] = true
		valid := encode(t, sm.s)
		for bit := 2 * (k % 4); bit < 8; bit++ {
			bad := bytes.Clone(valid)
			bad[len(bad)-1] |= 1 << bit
			refused(t, fmt.Sprintf("%s, bit %d set", sm.name, bit), bad)
		}
	}
	if len(seen) != 3 {
		t.Fatalf("samples with moves modulo 4 in %v only", seen)
	}
}

// TestUnmarshalMovesAfterEnd checks that an ended match's encoding with one
// more round is refused: with a move for its survivor, with none when none
// survives, and with a round count past the moves.
func TestUnmarshalMovesAfterEnd(t *testing.T) {
	var survivor, none bool
	for _, sm := range samples(t) {
		s := sm.s
		if !s.Over() || s.round == 0 {
			continue
		}
		survivor, none = survivor || s.Living() == 1, none || s.Living() == 0
		for _, d := range []Dir{XPlus, YMinus} {
			extra := slices.Repeat([]Dir{d}, s.Living())
			more := append(append([][]Dir(nil), sm.moves...), extra)
			refused(t, sm.name+", a round more", layout(s.seed, s.width, s.height, s.players, s.round+1, more))
		}
		refused(t, sm.name+", a round count more", layout(s.seed, s.width, s.height, s.players, s.round+1, sm.moves))
	}
	if !survivor || !none {
		t.Fatalf("samples end with a survivor %v, with none %v", survivor, none)
	}
}

// TestUnmarshalRefusesHeader checks that malformed headers are refused:
// unknown formats, truncated seeds or varints, overflowing varints, sides
// outside 5 to 100, players outside 2 to 4, more rounds than cells, and
// numbers written in more bytes than needed (which would decode to a state
// that encodes to other bytes), in format 2 and in format 1.
func TestUnmarshalRefusesHeader(t *testing.T) {
	// v2 is a format-2 header of seed 0; v1 a format-1 one from its seed on.
	v2 := func(rest ...byte) []byte { return append([]byte{stateFormat, 0, 0, 0, 0, 0, 0, 0, 0}, rest...) }
	v1 := func(rest ...byte) []byte { return append([]byte{stateFormatV1}, rest...) }
	tests := []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"format 0", []byte{0, 0, 5, 5, 2, 0}},
		{"format 3", append([]byte{3}, v2(5, 5, 2, 0)[1:]...)},
		{"format only", []byte{stateFormat}},
		{"seed of 7 bytes", v2()[:8]},
		{"no width", v2()},
		{"no height", v2(5)},
		{"no players", v2(5, 5)},
		{"no rounds", v2(5, 5, 2)},
		{"width 4", v2(4, 5, 2, 0)},
		{"height 4", v2(5, 4, 2, 0)},
		{"width 0", v2(0, 5, 2, 0)},
		{"width 101", v2(101, 5, 2, 0)},
		{"height 255", v2(5, 255, 2, 0)},
		{"1 player", v2(5, 5, 1, 0)},
		{"0 players", v2(5, 5, 0, 0)},
		{"5 players", v2(5, 5, 5, 0)},
		{"truncated rounds", v2(5, 5, 2, 0x80)},
		{"10,001 rounds", append(v2(100, 100, 2, 0x91, 0x4e), make([]byte, 5001)...)},
		{"2^63 rounds", v2(5, 5, 2, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01)},
		{"0 rounds in two bytes", v2(5, 5, 2, 0x80, 0x00)},
		{"1 round in two bytes", v2(100, 100, 2, 0x81, 0x00, 0x08)},
		{"format 1, truncated seed", v1(0x80)},
		{"format 1, seed of 11 bytes", v1(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01, 5, 5, 2, 0)},
		{"format 1, seed past 64 bits", v1(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02, 5, 5, 2, 0)},
		{"format 1, seed 0 in two bytes", v1(0x80, 0x00, 5, 5, 2, 0)},
		{"format 1, seed 1 in two bytes", v1(0x81, 0x00, 5, 5, 2, 0)},
		{"format 1, seed 300 in three bytes", v1(0xac, 0x82, 0x00, 5, 5, 2, 0)},
		{"format 1, width 4", v1(0, 4, 5, 2, 0)},
		{"format 1, 1 round in two bytes", v1(0, 100, 100, 2, 0x81, 0x00, 0x08)},
	}
	for _, tt := range tests {
		refused(t, tt.name, tt.data)
	}
	// The same states written canonically are accepted.
	for _, ok := range [][]byte{
		v2(5, 5, 2, 0), {stateFormat, 1, 0, 0, 0, 0, 0, 0, 0, 5, 5, 2, 0},
		{stateFormat, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 5, 5, 2, 0}, v2(100, 100, 2, 0x01, 0x08),
		v1(0, 5, 5, 2, 0), v1(1, 5, 5, 2, 0), v1(0xac, 0x02, 5, 5, 2, 0), v1(0, 100, 100, 2, 0x01, 0x08),
	} {
		var s State
		if err := s.UnmarshalBinary(ok); err != nil {
			t.Errorf("%x refused: %v", ok, err)
		}
	}
}

// TestMarshalOutOfRangeDir checks that whatever Play makes of a direction
// outside the four (a Dir is a byte), the match it leaves encodes
// faithfully: the decoded state is the played one.
func TestMarshalOutOfRangeDir(t *testing.T) {
	for _, d := range []Dir{4, 5, 7, 255} {
		for p := range 2 {
			s, err := New(1, 10, 10, 2)
			if err != nil {
				t.Fatal(err)
			}
			var m [MaxPlayers]Dir
			m[p], m[1-p] = d, XPlus
			s.Play(m)
			var u State
			if err := u.UnmarshalBinary(encode(t, s)); err != nil {
				t.Errorf("Dir(%d) for cycle %d: %v", d, p, err)
				continue
			}
			for q := range 2 {
				if !reflect.DeepEqual(u.Trail(q), s.Trail(q)) || u.Died(q) != s.Died(q) {
					t.Errorf("Dir(%d) for cycle %d: cycle %d decodes with trail %v died %d, played %v died %d",
						d, p, q, u.Trail(q), u.Died(q), s.Trail(q), s.Died(q))
				}
			}
		}
	}
}

// FuzzUnmarshalBinary: any byte string is either refused with ErrBadState
// or decodes to a consistent state that encodes to exactly the same bytes
// (or, for format 1, to the same state in the current format) and can be
// played on; never a panic.
func FuzzUnmarshalBinary(f *testing.F) {
	for _, sm := range samples(f)[:20] {
		f.Add(encode(f, sm.s))
		f.Add(formatV1(encode(f, sm.s)))
	}
	f.Add([]byte{})
	f.Add([]byte{stateFormat, 0, 0, 0, 0, 0, 0, 0, 0, 5, 5, 4, 0})
	f.Add([]byte{stateFormatV1, 0, 5, 5, 4, 0})
	f.Add([]byte{stateFormatV1, 0x80, 0x00, 5, 5, 2, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		var s State
		if err := s.UnmarshalBinary(data); err != nil {
			if !errors.Is(err, ErrBadState) {
				t.Fatalf("error %v does not wrap ErrBadState", err)
			}
			return
		}
		consistent(t, &s)
		if again := encode(t, &s); !bytes.Equal(again, data) && !bytes.Equal(formatV1(again), data) {
			t.Fatalf("%x decodes to a state that encodes as %x", data, again)
		}
		for i := range 3 {
			s.Play([MaxPlayers]Dir{Dir(i), Dir((i + 1) % 4), Dir((i + 2) % 4), Dir((i + 3) % 4)})
			consistent(t, &s)
		}
	})
}
