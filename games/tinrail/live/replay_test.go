package live

import (
	"encoding/json"
	"testing"

	"github.com/agentgames/bundle/internal/transcripttest"
	"github.com/agentgames/bundle/play"
	core "github.com/agentgames/bundle/play/live"
)

// TestReplayFrom: a match the bots played to its end replays from any
// frame as from the deal.
func TestReplayFrom(t *testing.T) {
	tb, err := rules{}.Start(7, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	for p := tb.Phase(); !p.Over; p = tb.Phase() {
		mv, err := tb.BotMove(p.ToAct[0], Bots[0])
		if err != nil {
			t.Fatal(err)
		}
		if err := tb.Play([]play.Move{{Seat: p.ToAct[0], Action: mv}}); err != nil {
			t.Fatal(err)
		}
	}
	transcripttest.ReplaysFrom(t, tb.(*table), func(f core.Table) string {
		b, _ := json.Marshal(struct {
			Phase play.Phase
			Log   []json.RawMessage
		}{f.Phase(), f.Recorded()})
		s, _ := f.(*table).s.MarshalBinary()
		return string(b) + string(s)
	})
}
