package live

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/internal/transcripttest"
	"github.com/agentgames/bundle/play"
	core "github.com/agentgames/bundle/play/live"
)

// played is a 3-cycle match on a 9x9 grid played for rounds rounds by
// the easy bot, seat 2 silent in round 3 (put out for not moving).
func played(t testing.TB, rounds int) *table {
	t.Helper()
	tb, err := rules{}.Start(5, 3, map[string]string{"width": "9", "height": "9"})
	if err != nil {
		t.Fatal(err)
	}
	playOn(t, tb.(*table), rounds)
	return tb.(*table)
}

// playOn plays tb on to round rounds as played does.
func playOn(t testing.TB, tb *table, rounds int) {
	t.Helper()
	for r := tb.s.Round() + 1; r <= rounds && !tb.Phase().Over; r++ {
		var moves []play.Move
		for _, s := range tb.Phase().ToAct {
			if r == 3 && s == 2 {
				continue
			}
			mv, err := tb.BotMove(s, "easy")
			if err != nil {
				t.Fatal(err)
			}
			moves = append(moves, play.Move{Seat: s, Action: mv})
		}
		if err := tb.Play(moves); err != nil {
			t.Fatal(err)
		}
	}
}

// seen is what a reader of the table can tell of it: its phase, every
// cycle's trail and round of death, its record, and its transcript's
// frames.
func seen(t *testing.T, tb core.Table) any {
	t.Helper()
	x := tb.(*table)
	type cycle struct {
		Trail []engine.Cell
		Died  int
	}
	var out struct {
		Phase  play.Phase
		Round  int
		Cycles []cycle
		Record record
		Frames []string
	}
	out.Phase, out.Round, out.Record = x.Phase(), x.s.Round(), x.rec
	for p := range x.s.Players() {
		out.Cycles = append(out.Cycles, cycle{x.s.Trail(p), x.s.Died(p)})
	}
	if err := x.Replay(0, func(f core.Table, change json.RawMessage) error {
		out.Frames = append(out.Frames, describe(change, f.(*table).s))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestStored: a match reads back from its record and, as earlier servers
// stored it, from the engine's snapshot of its grid (format 2, in
// testdata/, written by the server before this one) and from its JSON
// record (replayed), as the match it was: the same trails, record and
// transcript, and it plays on alike.
func TestStored(t *testing.T) {
	for _, rounds := range []int{0, 2, 3, 8, 40} {
		tb := played(t, rounds)
		if rounds >= 3 && len(tb.rec.Out) != 1 {
			t.Fatalf("after %d rounds, %d cycles out for not moving; want seat 2's", rounds, len(tb.rec.Out))
		}
		rec, err := tb.AppendBinary(nil)
		if err != nil {
			t.Fatal(err)
		}
		old, err := json.Marshal(legacyRecord{Seed: tb.rec.Seed, Width: tb.rec.Width, Height: tb.rec.Height, Players: tb.rec.Players,
			Rounds: slices.Concat(tb.rec.Rounds...), Out: tb.rec.Out})
		if err != nil {
			t.Fatal(err)
		}
		snap, err := os.ReadFile(fmt.Sprintf("testdata/format2-%d.bin", rounds))
		if err != nil {
			t.Fatal(err)
		}
		for name, data := range map[string][]byte{"record": rec, "format 2": snap, "JSON record": old} {
			r, err := rules{}.Restore(data, nil)
			if err != nil {
				t.Fatalf("%d rounds, %s: %v", rounds, name, err)
			}
			if diff := cmp.Diff(seen(t, tb), seen(t, r), cmpopts.EquateEmpty()); diff != "" {
				t.Fatalf("%d rounds, %s reads back another match:\n%s", rounds, name, diff)
			}
			if again, _ := r.(*table).AppendBinary(nil); !bytes.Equal(again, rec) {
				t.Errorf("%d rounds, %s writes back %x, want %x", rounds, name, again, rec)
			}
			on, back := played(t, rounds+5), r.(*table)
			playOn(t, back, rounds+5)
			if diff := cmp.Diff(seen(t, on), seen(t, back), cmpopts.EquateEmpty()); diff != "" {
				t.Fatalf("%d rounds, %s plays on as another match:\n%s", rounds, name, diff)
			}
		}
	}
}

// TestClone: a clone plays on as the table it was cloned from, and
// neither changes the other.
func TestClone(t *testing.T) {
	tb := played(t, 5)
	before := seen(t, tb)
	c := tb.Clone().(*table)
	playOn(t, c, 12)
	if diff := cmp.Diff(before, seen(t, tb), cmpopts.EquateEmpty()); diff != "" {
		t.Fatalf("playing a clone on changed the table:\n%s", diff)
	}
	playOn(t, tb, 12)
	if diff := cmp.Diff(seen(t, tb), seen(t, c), cmpopts.EquateEmpty()); diff != "" {
		t.Fatalf("a clone plays on as another match:\n%s", diff)
	}
}

// TestReplayFrom: a match replays from any frame as from the deal.
func TestReplayFrom(t *testing.T) {
	transcripttest.ReplaysFrom(t, played(t, 12), func(tb core.Table) string { return describe(nil, tb.(*table).s) })
}

// TestStoredRefused: a stored match that is none of the formats, or
// whose parts disagree, does not read.
func TestStoredRefused(t *testing.T) {
	tb := played(t, 8)
	good, err := tb.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	with := func(at int, b ...byte) []byte {
		out := append([]byte{}, good[:at]...)
		return append(append(out, b...), good[at+1:]...)
	}
	// format | seed (8) | width | height | players | round | died x3 | rounds | ...
	const round, died, rounds = 12, 13, 16
	snap, err := os.ReadFile("testdata/format2-8.bin")
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"empty":                  {},
		"format":                 with(0, 7),
		"short":                  good[:11],
		"width":                  with(9, 4),
		"players":                with(11, 5),
		"round long":             with(round, 9),
		"round past the grid":    with(round, 0xff, 0xff, 0x7f),
		"died after the round":   with(died, 9),
		"a dead cycle alive":     with(died+2, 0),
		"rounds short":           with(rounds, 7),
		"rounds long":            with(rounds, 9),
		"out of seat 3":          with(len(good)-1, 3),
		"out in round 0":         with(len(good)-2, 0),
		"out cut":                good[:len(good)-1],
		"bad JSON":               []byte(`{"seed":`),
		"format 2, bad snapshot": append(append([]byte{}, snap[:2]...), append([]byte{9}, snap[3:]...)...),
	} {
		if _, err := (rules{}).Restore(data, nil); err == nil {
			t.Errorf("%s: %x reads", name, data)
		}
	}
}

// FuzzRestore: no stored bytes panic Restore, and a match that reads
// stores as itself.
func FuzzRestore(f *testing.F) {
	for _, rounds := range []int{0, 3, 8} {
		b, _ := played(f, rounds).AppendBinary(nil)
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tb, err := (rules{}).Restore(data, nil)
		if err != nil {
			return
		}
		rec, err := tb.AppendBinary(nil)
		if err != nil {
			t.Fatalf("%x reads back as a match that does not store: %v", data, err)
		}
		again, err := (rules{}).Restore(rec, nil)
		if err != nil {
			t.Fatalf("%x stores as %x, which does not read: %v", data, rec, err)
		}
		if diff := cmp.Diff(seen(t, tb), seen(t, again), cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("%x stores as another match:\n%s", data, diff)
		}
	})
}

// describe is a frame as a line: its change, then every cycle's round of
// death and trail.
func describe(change json.RawMessage, s *engine.State) string {
	out := string(change)
	for p := range s.Players() {
		out += fmt.Sprintf(" | %d %v", s.Died(p), s.Trail(p))
	}
	return out
}
