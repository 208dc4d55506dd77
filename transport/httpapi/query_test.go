package httpapi_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentgames/bundle/internal/arenatest"
	"github.com/agentgames/bundle/internal/contracttest"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestEveryAPIGetRefusesUnknownOptions: every GET under /api/ in the
// contract refuses a query parameter it does not read with
// invalid_request naming it and the ones it reads, and still answers 200
// with every parameter it documents.
func TestEveryAPIGetRefusesUnknownOptions(t *testing.T) {
	t.Parallel()
	h := testserver.WithLive(t, nil)
	created := do(t, h, "POST", "/api/matches", `{"players":2,"bots":1}`)
	code, _ := created.JSON(t)["code"].(string)
	if created.Status != 200 || code == "" {
		t.Fatalf("create: %d %s", created.Status, created.Body)
	}
	tron := do(t, h, "POST", "/api/games/tron/matches", `{"players":2,"bots":1}`)
	tronCode, _ := tron.JSON(t)["code"].(string)
	if tron.Status != 200 || tronCode == "" {
		t.Fatalf("create a Tron match: %d %s", tron.Status, tron.Body)
	}
	tinrail := do(t, h, "POST", "/api/games/tinrail/matches", `{"players":2,"bots":1}`)
	tinrailCode, _ := tinrail.JSON(t)["code"].(string)
	if tinrail.Status != 200 || tinrailCode == "" {
		t.Fatalf("create a Tinrail match: %d %s", tinrail.Status, tinrail.Body)
	}
	ranked := do(t, h, "GET", "/api/games/tinrail/init?ranked=true", "")
	id, _ := ranked.JSON(t)["ranked"].(string)
	if ranked.Status != 200 || id == "" {
		t.Fatalf("ranked init: %d %s", ranked.Status, ranked.Body)
	}
	agent := do(t, h, "POST", "/api/agents", `{"name":"Query Bot"}`)
	agentID, _ := agent.JSON(t)["id"].(string)
	key, _ := agent.JSON(t)["key"].(string)
	if agent.Status != 200 || key == "" {
		t.Fatalf("register: %d %s", agent.Status, agent.Body)
	}
	served := arenatest.Start(t, arenatest.Bot{Name: "Query Bot", Width: 10, Height: 10})
	bot := contracttest.DoAs(t, h, key, "POST", "/api/arena/tron/bots", `{"name":"Query Bot","url":"`+served.URL+`"}`)
	botID, _ := bot.JSON(t)["bot"].(map[string]any)["id"].(string)
	challenge, _ := bot.JSON(t)["challenge"].(string)
	served.SetChallenge(challenge)
	if e := contracttest.DoAs(t, h, key, "POST", "/api/arena/tron/bots/"+botID+"/verify", ""); e.Status != 200 {
		t.Fatalf("verify: %d %s", e.Status, e.Body)
	}
	fight := do(t, h, "POST", "/api/arena/tron/fights", `{"entrants":["`+botID+`","house:wise"],"options":{"width":10,"height":10}}`)
	fightCode, _ := fight.JSON(t)["code"].(string)
	if bot.Status != 201 || fight.Status != 201 {
		t.Fatalf("a bot and a fight: %d %s, %d %s", bot.Status, bot.Body, fight.Status, fight.Body)
	}
	checked := 0
	for _, path := range contract.Paths.InMatchingOrder() {
		op := contract.Paths.Value(path).Get
		if op == nil || !strings.HasPrefix(path, "/api/") {
			continue
		}
		match := code
		if strings.HasPrefix(path, "/api/games/tron/matches/") {
			match = tronCode
		}
		if strings.HasPrefix(path, "/api/games/tinrail/matches/") {
			match = tinrailCode
		}
		ident := id
		if strings.HasPrefix(path, "/api/agents/") {
			ident = agentID
		}
		if strings.HasPrefix(path, "/api/arena/") {
			ident, match = botID, fightCode
		}
		target := strings.NewReplacer("{code}", match, "{slug}", "tinrail", "{id}", ident, "{name}", "easy-seed001-cautious", "{game}", "tron").Replace(path)
		good, read := url.Values{}, []string{}
		for _, p := range op.Parameters {
			if p.Value.In != "query" {
				continue
			}
			s := p.Value.Schema.Value
			switch {
			case p.Value.Name == "message":
				good.Set("message", turn)
				continue
			case p.Value.Name == "seed":
				good.Set("seed", "7")
			case s.Default != nil:
				good.Set(p.Value.Name, fmt.Sprint(s.Default))
			case s.Max != nil:
				good.Set(p.Value.Name, fmt.Sprint(*s.Max))
			}
			read = append(read, p.Value.Name)
		}
		if e := contracttest.DoAs(t, h, key, "GET", target+"?"+good.Encode(), ""); e.Status != http.StatusOK {
			t.Errorf("GET %s?%s: %d %s, want 200", target, good.Encode(), e.Status, e.Body)
		}
		bad := url.Values{"level": {"easy"}}
		if m := good.Get("message"); m != "" {
			bad.Set("message", m)
		}
		e := contracttest.DoAs(t, h, key, "GET", target+"?"+bad.Encode(), "")
		var msg string
		if errObj, ok := e.JSON(t)["error"].(map[string]any); ok {
			msg, _ = errObj["message"].(string)
		}
		if e.Status != 400 || e.Code(t) != "invalid_request" || !strings.Contains(msg, `"level"`) {
			t.Errorf("GET %s?%s: %d %s, want 400 invalid_request naming \"level\"", target, bad.Encode(), e.Status, e.Body)
		}
		for _, name := range read {
			if strings.HasSuffix(path, "/board") {
				break // the board options a message names are the game's
			}
			if !strings.Contains(msg, name) {
				t.Errorf("GET %s?level=easy: the message does not name the option %s: %s", target, name, msg)
			}
		}
		if len(read) == 0 && !strings.Contains(msg, "no query parameters") {
			t.Errorf("GET %s?level=easy: the message does not say the path reads none: %s", target, msg)
		}
		checked++
	}
	if checked < 7 {
		t.Errorf("checked %d GET routes under /api/; the contract has at least 7", checked)
	}
}
