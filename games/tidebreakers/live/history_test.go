package live

import (
	"encoding/json"
	"testing"

	engine "github.com/agentgames/bundle/engines/tidebreakers"
	"github.com/agentgames/bundle/engines/tidebreakers/captains"
	"github.com/agentgames/bundle/internal/transcripttest"
	core "github.com/agentgames/bundle/play/live"
)

// playedTable is a table of a match the sample captains played for moves
// moves (or to its end), as the core plays it.
func playedTable(t testing.TB, seed uint64, moves int) *table {
	t.Helper()
	tb, err := rules{}.Start(seed, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	tab := tb.(*table)
	for range moves {
		if tab.Over() {
			break
		}
		rs := tab.BotStream()
		a := captains.Sample(tab.State, &rs)
		if err := tab.Apply(tab.Turn(), a); err != nil {
			t.Fatal(err)
		}
		tab.history = appendChange(tab.history, a)
	}
	return tab
}

// TestHistoryReplays: a table restored from its stored form replays to
// the state it was stored in, one frame a move; an engine state stored
// alone (before tables kept their history) restores and has none.
func TestHistoryReplays(t *testing.T) {
	tab := playedTable(t, 7, 200)
	data, _ := tab.AppendBinary(nil)
	back, err := restore(data)
	if err != nil || !back.kept {
		t.Fatalf("restore: %v", err)
	}
	frames := 0
	var last *engine.State
	err = back.Replay(0, func(tb core.Table, _ json.RawMessage) error {
		frames++
		last = tb.(*table).State.Clone()
		return nil
	})
	want, _ := tab.State.MarshalBinary()
	got, _ := last.MarshalBinary()
	if err != nil || string(got) != string(want) {
		t.Fatalf("replayed in %d frames to a state other than the stored one: %v", frames, err)
	}
	old, err := restore(want)
	if err != nil || old.kept || old.Replay(0, func(core.Table, json.RawMessage) error { return nil }) != core.ErrNoHistory {
		t.Errorf("an engine state alone: %v, kept %v", err, old.kept)
	}
}

// FuzzRestore: no stored form, however broken, panics Restore or Replay.
func FuzzRestore(f *testing.F) {
	for _, moves := range []int{0, 1, 30, 500} {
		data, _ := playedTable(f, 11, moves).AppendBinary(nil)
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tab, err := restore(data)
		if err != nil {
			return
		}
		tab.Replay(0, func(core.Table, json.RawMessage) error { return nil })
	})
}

// TestReplayFrom: a match replays from any frame as from the deal.
func TestReplayFrom(t *testing.T) {
	tab := playedTable(t, 11, 20)
	transcripttest.ReplaysFrom(t, tab, func(tb core.Table) string {
		b, _ := tb.(*table).State.MarshalBinary()
		return string(b)
	})
}
