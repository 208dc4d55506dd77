package live

import (
	"encoding/json"
	"fmt"
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

// TestStored: a match reads back from its snapshot and, as an earlier
// server stored it, from its JSON record (replayed), as the match it was:
// the same trails, record and transcript, and it plays on alike.
func TestStored(t *testing.T) {
	for _, rounds := range []int{0, 2, 3, 8, 40} {
		tb := played(t, rounds)
		if rounds >= 3 && len(tb.rec.Out) != 1 {
			t.Fatalf("after %d rounds, %d cycles out for not moving; want seat 2's", rounds, len(tb.rec.Out))
		}
		snap, err := tb.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		old, err := json.Marshal(tb.rec)
		if err != nil {
			t.Fatal(err)
		}
		for name, data := range map[string][]byte{"snapshot": snap, "JSON record": old} {
			r, err := rules{}.Restore(data)
			if err != nil {
				t.Fatalf("%d rounds, %s: %v", rounds, name, err)
			}
			if diff := cmp.Diff(seen(t, tb), seen(t, r), cmpopts.EquateEmpty()); diff != "" {
				t.Fatalf("%d rounds, %s reads back another match:\n%s", rounds, name, diff)
			}
			on, back := played(t, rounds+5), r.(*table)
			playOn(t, back, rounds+5)
			if diff := cmp.Diff(seen(t, on), seen(t, back), cmpopts.EquateEmpty()); diff != "" {
				t.Fatalf("%d rounds, %s plays on as another match:\n%s", rounds, name, diff)
			}
		}
	}
}

// TestReplayFrom: a match replays from any frame as from the deal.
func TestReplayFrom(t *testing.T) {
	transcripttest.ReplaysFrom(t, played(t, 12), func(tb core.Table) string { return describe(nil, tb.(*table).s) })
}

// TestStoredRefused: a stored match that is neither a snapshot nor a JSON
// record, or whose parts disagree, does not read.
func TestStoredRefused(t *testing.T) {
	tb := played(t, 8)
	good, err := tb.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	with := func(at int, b ...byte) []byte {
		out := append([]byte{}, good[:at]...)
		return append(append(out, b...), good[at+1:]...)
	}
	snapLen := int(good[1])
	rounds := 2 + snapLen // where the count of rounds is
	for name, data := range map[string][]byte{
		"empty":             {},
		"format":            with(0, 7),
		"snapshot too long": with(1, 0x7f),
		"bad snapshot":      with(2, 9),
		"rounds short":      with(rounds, 7),
		"rounds long":       with(rounds, 9),
		"out of seat 3":     with(len(good)-1, 3),
		"out in round 0":    with(len(good)-2, 0),
		"out cut":           good[:len(good)-1],
		"bad JSON":          []byte(`{"seed":`),
	} {
		if _, err := (rules{}).Restore(data); err == nil {
			t.Errorf("%s: %x reads", name, data)
		}
	}
}

// FuzzRestore: no stored bytes panic Restore.
func FuzzRestore(f *testing.F) {
	for _, rounds := range []int{0, 3, 8} {
		b, _ := played(f, rounds).MarshalBinary()
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if tb, err := (rules{}).Restore(data); err == nil {
			if _, err := tb.MarshalBinary(); err != nil {
				t.Fatalf("%x reads back as a match that does not store: %v", data, err)
			}
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
