package mcpedge_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/games/tidebreakers"
)

// TestTools: over both transports the server lists every game's start and
// act tools besides the catalog, live (Tidebreakers', Tron's) and agent
// tools,
// and each act tool's "action" is the game's own action schema, byte for
// byte as JSON (live_act takes Tidebreakers'); each start tool takes the
// game's own options.
func TestTools(t *testing.T) {
	for _, c := range connectors {
		t.Run(c.name, func(t *testing.T) {
			cs := c.connect(newBench(t), t)
			res, err := cs.ListTools(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			schemas := map[string]map[string]json.RawMessage{}
			var names []string
			for _, tool := range res.Tools {
				names = append(names, tool.Name)
				raw, _ := json.Marshal(tool.InputSchema)
				var s struct {
					Properties map[string]json.RawMessage `json:"properties"`
				}
				if err := json.Unmarshal(raw, &s); err != nil {
					t.Fatalf("%s: %v", tool.Name, err)
				}
				schemas[tool.Name] = s.Properties
			}
			want := []string{"agent_register", "agent_standing", "arena_ladder", "arena_launch_fight", "arena_register_bot", "arena_try_bot", "arena_verify_bot", "game_rules", "leaderboard", "list_games", "live_act", "live_create", "live_join", "live_state",
				"ratings", "tinrail_live_create", "tinrail_live_join", "tinrail_live_place", "tinrail_live_state", "tron_live_create", "tron_live_join", "tron_live_move", "tron_live_state"}
			for _, g := range games.All() {
				want = append(want, "start_"+g.Info().Slug, "act_"+g.Info().Slug)
			}
			slices.Sort(names)
			slices.Sort(want)
			if d := cmp.Diff(want, names); d != "" {
				t.Fatalf("tools (-want +got):\n%s", d)
			}
			sameJSON := func(tool string, want, got []byte) {
				t.Helper()
				var w, g any
				json.Unmarshal(want, &w)
				json.Unmarshal(got, &g)
				if d := cmp.Diff(w, g); d != "" || g == nil {
					t.Errorf("%s's action schema is not the game's (-want +got):\n%s", tool, d)
				}
			}
			for _, g := range games.All() {
				info := g.Info()
				sameJSON("act_"+info.Slug, info.ActionSchema, schemas["act_"+info.Slug]["action"])
				for _, o := range info.Options {
					if schemas["start_"+info.Slug][o.Name] == nil {
						t.Errorf("start_%s does not take the option %s", info.Slug, o.Name)
					}
				}
			}
			sameJSON("live_act", tidebreakers.Game{}.Info().ActionSchema, schemas["live_act"]["action"])
		})
	}
}
