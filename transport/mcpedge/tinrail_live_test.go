package mcpedge_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentgames/bundle/games/tinrail"
	tinraillive "github.com/agentgames/bundle/games/tinrail/live"
	"github.com/agentgames/bundle/play"
	core "github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/transport/mcpedge/mcptest"
)

// TestTinrailLiveMatch plays a live Tinrail match against G-Bot to its end
// through the tools the registry's descriptor makes, over both transports,
// the seat named by its handle: the seat's state shows its hand and its
// placements, a watcher's (by code alone) neither, in its structured
// content or its text; each placement answers the seat's view; a stranger's
// token is forbidden.
func TestTinrailLiveMatch(t *testing.T) {
	for _, conn := range connectors {
		t.Run(conn.name, func(t *testing.T) {
			b := newBench(t)
			cs := conn.connect(b, t)
			var me core.Joined
			created := call(t, cs, "tinrail_live_create", map[string]any{"players": 2, "bots": 1, "bot": "easy", "name": "ada"})
			structured(t, created, &me)
			handle := handleOf(t, created)
			if text, _ := mcptest.Text(created); !strings.Contains(text, "Your turn: your engine faces cell 32 entering by port 4") || strings.Contains(text, me.Token) {
				t.Fatalf("the create's text: %q", text)
			}
			toolError(t, call(t, cs, "tinrail_live_state", map[string]any{"code": me.Code, "token": "stranger"}), play.CodeForbidden)
			for step := 0; ; step++ {
				var v struct {
					tinraillive.State
					Hand         []tinrail.HandTile
					LegalActions []tinrail.Action
				}
				structured(t, call(t, cs, "tinrail_live_state", map[string]any{"handle": handle}), &v)
				watched := call(t, cs, "tinrail_live_state", map[string]any{"code": me.Code})
				text, _ := mcptest.Text(watched)
				raw, _ := json.Marshal(watched.StructuredContent)
				if body := string(raw); strings.Contains(body, `"hand":[`) || strings.Contains(body, "legalActions") || strings.Contains(text, "tileIndex") {
					t.Fatalf("a watcher sees a hand: %s\n%s", body, text)
				}
				if v.Over {
					break
				}
				if step > 40 || len(v.Hand) == 0 || len(v.LegalActions) != 4*len(v.Hand) {
					t.Fatalf("step %d: hand %v, %d placements", step, v.Hand, len(v.LegalActions))
				}
				mv := v.LegalActions[step%len(v.LegalActions)]
				var after struct {
					You        int
					Placements int
				}
				structured(t, call(t, cs, "tinrail_live_place", map[string]any{"handle": handle, "tileIndex": mv.TileIndex, "rotation": mv.Rotation}), &after)
				if after.You != 0 || after.Placements < v.Placements+1 {
					t.Fatalf("step %d: the placement answers %+v", step, after)
				}
			}
		})
	}
}
