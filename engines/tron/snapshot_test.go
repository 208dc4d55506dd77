package tron

import (
	"bytes"
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// snapshot is s's snapshot.
func snapshot(t testing.TB, s *State) []byte {
	t.Helper()
	b, err := s.AppendSnapshot(nil)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// same fails unless a and b are one match as far as its rules can tell:
// every field but the moves kept to encode it.
func same(t *testing.T, a, b *State) {
	t.Helper()
	if !(a.seed == b.seed && a.width == b.width && a.height == b.height && a.players == b.players &&
		a.round == b.round && a.alive == b.alive && a.died == b.died && a.heads == b.heads && a.length == b.length &&
		slices.Equal(a.grid, b.grid) && maps.Equal(a.jumps, b.jumps)) {
		strip := func(s *State) State {
			c := *s
			c.moves, c.restored, c.putOut = nil, false, false
			return c
		}
		t.Fatalf("the snapshot reads back another match (-played +read):\n%s", cmp.Diff(strip(a), strip(b), cmp.AllowUnexported(State{}), cmpopts.EquateEmpty()))
	}
}

// TestSnapshot: a match at every stage reads back from its snapshot as it
// stands, plays on as the match it was, and snapshots again to the same
// bytes; the state read back refuses to MarshalBinary, having no moves.
func TestSnapshot(t *testing.T) {
	for _, sm := range samples(t) {
		t.Run(sm.name, func(t *testing.T) {
			data := snapshot(t, sm.s)
			r, err := FromSnapshot(data)
			if err != nil {
				t.Fatal(err)
			}
			same(t, sm.s, r)
			consistent(t, r)
			if again := snapshot(t, r); !bytes.Equal(again, data) {
				t.Fatalf("snapshots again as %x, not %x", again, data)
			}
			if _, err := r.MarshalBinary(); err == nil {
				t.Fatal("a state read from a snapshot encodes its moves, which it does not have")
			}
			played := sm.s.Clone()
			for i := range 6 {
				m := [MaxPlayers]Dir{Dir(i), Dir(i + 1), Dir(i + 2), Dir(i + 3)}
				if a, b := played.Play(m), r.Play(m); !cmp.Equal(a, b) {
					t.Fatalf("round %d: %v die in the match played, %v in the one read back", i, a, b)
				}
				same(t, played, r)
			}
		})
	}
}

// TestSnapshotRefuses: a state that is no match's does not snapshot, and
// bytes that are no snapshot do not read.
func TestSnapshotRefuses(t *testing.T) {
	board, err := FromBoard(5, 5, [][]Cell{{{1, 1}, {1, 2}, {1, 3}}, {{3, 3}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := board.AppendSnapshot(nil); err == nil {
		t.Error("a board of trails of 3 and 1 cells in round 0 snapshots")
	}
	s, _ := match(t, 7, 7, 7, 2, 0, 3)
	if s.round != 3 || s.Living() != 2 {
		t.Fatalf("the sample is in round %d with %d cycles alive, not 3 with 2", s.round, s.Living())
	}
	good := snapshot(t, s) // round at 12, rounds of death at 13 and 14, first cells from 15
	with := func(at int, b ...byte) []byte {
		out := append([]byte{}, good[:at]...)
		return append(append(out, b...), good[at+1:]...)
	}
	for name, data := range map[string][]byte{
		"empty":         {},
		"format":        with(0, 9),
		"truncated":     good[:len(good)-1],
		"stray byte":    append(append([]byte{}, good...), 0),
		"stray bits":    with(len(good)-1, good[len(good)-1]|0xc0),
		"narrow grid":   with(9, 4),
		"five players":  with(11, 5),
		"long varint":   with(12, 0x83, 0x00),
		"died too late": with(13, 4),
		"off the grid":  with(15, 7),
	} {
		if _, err := FromSnapshot(data); !errors.Is(err, ErrBadSnapshot) {
			t.Errorf("%s: %x reads, %v", name, data, err)
		}
	}
	// Two trails through one cell: the second cycle starts on the first's
	// (a fresh match's first cells are from byte 15 on, as above).
	fresh, _ := New(3, 5, 5, 2)
	crossed := snapshot(t, fresh)
	crossed[17], crossed[18] = crossed[15], crossed[16]
	if _, err := FromSnapshot(crossed); !errors.Is(err, ErrBadSnapshot) || !strings.Contains(err.Error(), "crosses") {
		t.Errorf("two trails through one cell read back: %v", err)
	}
}

// FuzzFromSnapshot: no byte string panics FromSnapshot; what it reads is
// a consistent match that snapshots back to the same bytes and plays on.
func FuzzFromSnapshot(f *testing.F) {
	for _, sm := range samples(f)[:20] {
		f.Add(snapshot(f, sm.s))
	}
	f.Add([]byte{})
	f.Add([]byte{snapshotFormat, 0, 0, 0, 0, 0, 0, 0, 0, 5, 5, 2, 0, 0, 0, 1, 1, 3, 3})
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := FromSnapshot(data)
		if err != nil {
			if !errors.Is(err, ErrBadSnapshot) {
				t.Fatalf("error %v does not wrap ErrBadSnapshot", err)
			}
			return
		}
		consistent(t, s)
		if again := snapshot(t, s); !bytes.Equal(again, data) {
			t.Fatalf("%x reads as a match that snapshots as %x", data, again)
		}
		for i := range 3 {
			s.Play([MaxPlayers]Dir{Dir(i), Dir((i + 1) % 4), Dir((i + 2) % 4), Dir((i + 3) % 4)})
			consistent(t, s)
		}
	})
}

// TestRewound: a match worked out from its moves after any number of its
// rounds is the match played that far; moves that are no match's are
// refused.
func TestRewound(t *testing.T) {
	for _, sm := range samples(t)[:40] {
		if len(sm.moves) == 0 {
			continue
		}
		t.Run(sm.name, func(t *testing.T) {
			s, _ := New(sm.s.seed, sm.s.width, sm.s.height, sm.s.players)
			for r := 0; r <= len(sm.moves); r++ {
				got, err := Rewound(s.seed, s.width, s.height, s.players, r, sm.s.died, func(round, p int) Dir {
					return sm.s.moves[round-1][p]
				})
				if err != nil {
					t.Fatalf("round %d: %v", r, err)
				}
				same(t, s, got)
				if r < len(sm.moves) {
					s.Play(sm.s.moves[r])
				}
			}
		})
	}
	s, _ := match(t, 7, 7, 7, 2, 0, 3)
	back := func(int, int) Dir { return XMinus }
	if _, err := Rewound(s.seed, 7, 7, 2, 3, [MaxPlayers]int{}, func(r, p int) Dir { return [4]Dir{XPlus, XMinus, XPlus}[r-1] }); !errors.Is(err, ErrBadSnapshot) {
		t.Errorf("cycles turning back on themselves: %v", err)
	}
	if _, err := Rewound(s.seed, 7, 7, 2, 9, [MaxPlayers]int{}, back); !errors.Is(err, ErrBadSnapshot) {
		t.Errorf("cycles riding off the grid: %v", err)
	}
}
