package mcpedge_test

import (
	"strings"
	"testing"
	"time"

	"github.com/agentgames/bundle/internal/arenatest"
	"github.com/agentgames/bundle/transport/mcpedge/mcptest"
)

// TestArenaOverMCP: over both transports an agent registers a bot with
// arena_register_bot and its key, the bot returns the challenge and
// arena_verify_bot makes it active, arena_launch_fight fights it against
// the easy house bot and arena_ladder ranks both once the fight is over,
// as GET /api/arena/tron/ladder answers it. Without the key, and with
// arguments the tools do not take, they are refused.
func TestArenaOverMCP(t *testing.T) {
	for _, conn := range connectors {
		t.Run(conn.name, func(t *testing.T) {
			b := newBench(t)
			cs := conn.connect(b, t)
			var agent struct{ Key string }
			structured(t, call(t, cs, "agent_register", map[string]any{"name": "Arena " + conn.name}), &agent)
			bot := arenatest.Start(t, arenatest.Bot{Name: "runner", Width: 10, Height: 10})
			res := call(t, cs, "arena_register_bot", map[string]any{"game": "tron", "name": "Runner", "url": bot.URL, "agent_key": agent.Key})
			var reg struct {
				Bot       struct{ ID, State string }
				Challenge string
			}
			structured(t, res, &reg)
			if text, _ := mcptest.Text(res); res.IsError || reg.Bot.State != "pending" || !strings.Contains(text, reg.Challenge) {
				t.Fatalf("arena_register_bot: %+v %s", reg, text)
			}
			bot.SetChallenge(reg.Challenge)
			var trial struct{ Passed bool }
			structured(t, call(t, cs, "arena_try_bot", map[string]any{"game": "tron", "url": bot.URL, "agent_key": agent.Key,
				"options": map[string]any{"width": 10, "height": 10}}), &trial)
			if !trial.Passed {
				t.Fatalf("arena_try_bot: %+v", trial)
			}
			var verified struct{ State string }
			structured(t, call(t, cs, "arena_verify_bot", map[string]any{"game": "tron", "bot": reg.Bot.ID, "agent_key": agent.Key}), &verified)
			if verified.State != "active" {
				t.Fatalf("arena_verify_bot: %+v", verified)
			}
			var fight struct{ Code, Match string }
			structured(t, call(t, cs, "arena_launch_fight", map[string]any{"game": "tron", "entrants": []string{reg.Bot.ID, "house:easy"},
				"options": map[string]any{"width": 10, "height": 10}}), &fight)
			deadline := time.Now().Add(10 * time.Second)
			var ladder struct {
				Standings []struct {
					Bot    string
					Fights int
				}
			}
			for len(ladder.Standings) < 2 {
				if time.Now().After(deadline) {
					t.Fatalf("fight %s is not on the ladder", fight.Code)
				}
				time.Sleep(20 * time.Millisecond)
				structured(t, call(t, cs, "arena_ladder", map[string]any{"game": "tron", "seats": 2}), &ladder)
			}
			for _, c := range []struct {
				tool string
				args map[string]any
				code string
			}{
				{"arena_register_bot", map[string]any{"game": "tron", "name": "x", "url": bot.URL}, "unauthorized"},
				{"arena_register_bot", map[string]any{"game": "tron", "name": "x", "url": bot.URL, "agent_key": agent.Key, "admin": true}, "invalid_request"},
				{"arena_register_bot", map[string]any{"game": "tron", "name": "x", "url": "https://1.2.3.4.5/", "agent_key": agent.Key}, "url_refused"},
				{"arena_launch_fight", map[string]any{"game": "tron", "entrants": []string{reg.Bot.ID}}, "invalid_request"},
				{"arena_ladder", map[string]any{"game": "chess"}, "unknown_game"},
			} {
				res := call(t, cs, c.tool, c.args)
				if text, _ := mcptest.Text(res); !res.IsError || !strings.Contains(text, c.code) {
					t.Errorf("%s %v: %s, want %s", c.tool, c.args, text, c.code)
				}
			}
		})
	}
}
