package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/agentgames/bundle/internal/arenatest"
	"github.com/agentgames/bundle/internal/contracttest"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestArenaOverHTTP registers a bot over HTTP, verifies it, fights it
// against a house bot to the end and reads the ladder, every answer held
// to openapi.yaml; and the refusals, each with its code.
func TestArenaOverHTTP(t *testing.T) {
	t.Parallel()
	h := testserver.WithLive(t, nil)
	key := do(t, h, "POST", "/api/agents", `{"name":"Arena Owner"}`).JSON(t)["key"].(string)
	other := do(t, h, "POST", "/api/agents", `{"name":"Someone Else"}`).JSON(t)["key"].(string)
	bot := arenatest.Start(t, arenatest.Bot{Name: "runner", Width: 12, Height: 12})
	reg := contracttest.DoAs(t, h, key, "POST", "/api/arena/tron/bots", `{"name":"Runner","url":"`+bot.URL+`","description":"runs"}`)
	if reg.Status != http.StatusCreated {
		t.Fatalf("register: %d %s", reg.Status, reg.Body)
	}
	id := reg.JSON(t)["bot"].(map[string]any)["id"].(string)
	bot.SetChallenge(reg.JSON(t)["challenge"].(string))
	path := "/api/arena/tron/bots/" + id
	if e := do(t, h, "GET", path, ""); e.Status != 200 || strings.Contains(string(e.Body), bot.URL) || !strings.Contains(string(e.Body), `"state":"pending"`) {
		t.Fatalf("the bot as anyone sees it: %d %s", e.Status, e.Body)
	}
	if e := contracttest.DoAs(t, h, key, "POST", path+"/verify", ""); e.Status != 200 || !strings.Contains(string(e.Body), `"state":"active"`) {
		t.Fatalf("verify: %d %s", e.Status, e.Body)
	}
	if e := contracttest.DoAs(t, h, key, "GET", path, ""); e.Status != 200 || !strings.Contains(string(e.Body), bot.URL) {
		t.Fatalf("the bot as its owner sees it: %d %s", e.Status, e.Body)
	}
	launch := do(t, h, "POST", "/api/arena/tron/fights", `{"entrants":["`+id+`","house:easy"],"options":{"width":12,"height":12}}`)
	if launch.Status != http.StatusCreated {
		t.Fatalf("launch: %d %s", launch.Status, launch.Body)
	}
	code := launch.JSON(t)["code"].(string)
	deadline := time.Now().Add(10 * time.Second)
	for {
		f := do(t, h, "GET", "/api/arena/tron/fights/"+code, "")
		if f.JSON(t)["over"] == true {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the fight is not over: %s", f.Body)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if m := do(t, h, "GET", "/api/games/tron/matches/"+code, ""); m.Status != 200 {
		t.Fatalf("the fight's match: %d %s", m.Status, m.Body)
	}
	if tr := do(t, h, "GET", "/api/games/tron/matches/"+code+"/transcript", ""); tr.Status != 200 {
		t.Fatalf("the fight's transcript: %d %s", tr.Status, tr.Body)
	}
	ladder := do(t, h, "GET", "/api/arena/tron/ladder?seats=2", "")
	if ladder.Status != 200 || !strings.Contains(string(ladder.Body), `"name":"Runner"`) || !strings.Contains(string(ladder.Body), `"house:easy"`) {
		t.Fatalf("the ladder: %d %s", ladder.Status, ladder.Body)
	}
	// one bot against a house bot: the match is the bot's, on the game's
	// board of ratings, marked as the platform's
	if r := do(t, h, "GET", "/api/games/tron/ratings?players=2", ""); r.Status != 200 ||
		!strings.Contains(string(r.Body), `"agent":"bot-`+id+`","name":"Runner"`) || !strings.Contains(string(r.Body), `"platform":true`) {
		t.Fatalf("the ratings: %d %s", r.Status, r.Body)
	}
	if e := do(t, h, "GET", "/api/arena/tron/fights", ""); e.Status != 200 || !strings.Contains(string(e.Body), code) {
		t.Fatalf("the fights: %d %s", e.Status, e.Body)
	}
	if e := do(t, h, "GET", "/api/arena", ""); e.Status != 200 || !strings.Contains(string(e.Body), `"house:wise"`) {
		t.Fatalf("the index: %d %s", e.Status, e.Body)
	}
	for _, c := range []struct {
		key, method, path, body string
		status                  int
		code                    string
	}{
		{"", "POST", "/api/arena/tron/bots", `{"name":"x","url":"https://bot.example/"}`, 401, "unauthorized"},
		{key, "POST", "/api/arena/tron/bots", `{"name":"x","url":"ftp://bot.example/"}`, 400, "url_refused"},
		{key, "POST", "/api/arena/tron/bots", `{"name":"x","url":"https://user:pw@bot.example/"}`, 400, "url_refused"},
		{key, "POST", "/api/arena/tron/bots", `{"name":"x","url":"https://2130706433/"}`, 400, "url_refused"},
		{key, "POST", "/api/arena/tron/bots", `{"name":"x","url":"https://0x7f.1/"}`, 400, "url_refused"},
		{key, "POST", "/api/arena/tron/bots", `{"name":"","url":"https://bot.example/"}`, 400, "invalid_request"},
		{key, "POST", "/api/arena/tron/bots", `{"name":"x","url":"https://bot.example/","admin":true}`, 400, "invalid_request"},
		{key, "POST", "/api/arena/tron/bots", `{"name":"x","name":"y","url":"https://bot.example/"}`, 400, "bad_json"},
		{key, "POST", "/api/arena/chess/bots", `{"name":"x","url":"https://bot.example/"}`, 404, "unknown_game"},
		{other, "POST", path + "/pause", "", 403, "forbidden"},
		{other, "DELETE", path, "", 403, "forbidden"},
		{key, "POST", "/api/arena/tron/bots/NOSUCHBOT/pause", "", 404, "no_bot"},
		{"", "GET", "/api/arena/tinrail/bots/" + id, "", 404, "no_bot"},
		{"", "POST", "/api/arena/tron/fights", `{"entrants":["` + id + `","` + id + `"]}`, 400, "invalid_request"},
		{"", "POST", "/api/arena/tron/fights", `{"entrants":["` + id + `"]}`, 400, "invalid_request"},
		{"", "POST", "/api/arena/tron/fights", `{"entrants":["` + id + `","house:nobody"]}`, 400, "invalid_request"},
		{"", "POST", "/api/arena/tron/fights", `{"entrants":["` + id + `","house:easy"],"options":{"players":3}}`, 400, "invalid_request"},
		{"", "POST", "/api/arena/tron/fights", `{"entrants":["NOSUCHBOT","house:easy"]}`, 404, "no_bot"},
		{"", "GET", "/api/arena/tron/ladder?seats=9", "", 400, "invalid_request"},
		{"", "GET", "/api/arena/tron/ladder?seat=2", "", 400, "invalid_request"},
		{"", "GET", "/api/arena/tron/fights/NOSUCHFIGHT", "", 404, "no_match"},
		{"", "GET", "/api/arena/tinrail/fights/" + code, "", 404, "no_match"},
	} {
		e := contracttest.DoAs(t, h, c.key, c.method, c.path, c.body)
		if e.Status != c.status || e.Code(t) != c.code {
			t.Errorf("%s %s %s: %d %s, want %d %s", c.method, c.path, c.body, e.Status, e.Body, c.status, c.code)
		}
	}
	trial := contracttest.DoAs(t, h, key, "POST", "/api/arena/tron/trials", `{"url":"`+bot.URL+`","options":{"width":12,"height":12}}`)
	if trial.Status != 200 || trial.JSON(t)["passed"] != true {
		t.Fatalf("a trial: %d %s", trial.Status, trial.Body)
	}
	for _, c := range []struct {
		key, body string
		status    int
		code      string
	}{
		{"", `{"url":"` + bot.URL + `"}`, 401, "unauthorized"},
		{key, `{"url":"ftp://bot.example/"}`, 400, "url_refused"},
		{key, `{"url":"` + bot.URL + `","admin":1}`, 400, "invalid_request"},
		{key, `{}`, 400, "invalid_request"},
	} {
		e := contracttest.DoAs(t, h, c.key, "POST", "/api/arena/tron/trials", c.body)
		if e.Status != c.status || c.code != "" && e.Code(t) != c.code {
			t.Errorf("a trial %s: %d %s, want %d %s", c.body, e.Status, e.Body, c.status, c.code)
		}
	}
	if e := contracttest.DoAs(t, h, key, "POST", path+"/pause", "{}"); e.Status != 200 || !strings.Contains(string(e.Body), `"state":"paused"`) {
		t.Fatalf("pause: %d %s", e.Status, e.Body)
	}
	if e := do(t, h, "POST", "/api/arena/tron/fights", `{"entrants":["`+id+`","house:easy"]}`); e.Status != 409 || e.Code(t) != "bot_not_ready" {
		t.Fatalf("a paused bot launched: %d %s", e.Status, e.Body)
	}
	if e := contracttest.DoAs(t, h, key, "DELETE", path, ""); e.Status != http.StatusNoContent {
		t.Fatalf("delete: %d %s", e.Status, e.Body)
	}
	if e := do(t, h, "GET", path, ""); e.Status != 404 {
		t.Fatalf("a deleted bot: %d %s", e.Status, e.Body)
	}
}

// TestArenaRunsOverHTTP: a Brinebell bot (which plays runs: the arena
// holds no live Brinebell) registered and verified over HTTP is launched
// alone, and its ranked run, played by the arena, lands on the game's
// board under the bot, marked as the platform's; the fight answers the
// run's replay. Every answer held to openapi.yaml.
func TestArenaRunsOverHTTP(t *testing.T) {
	t.Parallel()
	h := testserver.WithLive(t, nil)
	var index struct {
		Games []struct{ Game string }
		Runs  []struct {
			Game   string
			Boards []struct {
				Board   string
				Options map[string]string
			}
			RunsPerBoard int
			Bots, Fights string
		}
	}
	if e := do(t, h, "GET", "/api/arena", ""); e.Status != 200 || json.Unmarshal(e.Body, &index) != nil {
		t.Fatalf("the arena's index: %d %s", e.Status, e.Body)
	}
	runs := map[string]string{}
	for _, r := range index.Runs {
		var boards []string
		for _, b := range r.Boards {
			boards = append(boards, fmt.Sprintf("%q %v", b.Board, b.Options))
		}
		runs[r.Game] = fmt.Sprintf("%s %s, %d each: %s", r.Bots, r.Fights, r.RunsPerBoard, strings.Join(boards, "; "))
	}
	for game, want := range map[string]string{
		"brinebell": `/api/arena/brinebell/bots /api/arena/brinebell/fights, 10 each: "" map[]`,
		"tinrail":   `/api/arena/tinrail/bots /api/arena/tinrail/fights, 10 each: "opponent=wise" map[opponent:wise]; "opponent=easy" map[opponent:easy]`,
	} {
		if runs[game] != want {
			t.Errorf("the index's runs of %s: %s, want %s", game, runs[game], want)
		}
	}
	for _, g := range index.Games {
		if g.Game == "brinebell" {
			t.Error("the index lists fights of Brinebell, which has no live game")
		}
	}
	key := do(t, h, "POST", "/api/agents", `{"name":"Ferry Owner"}`).JSON(t)["key"].(string)
	bot := arenatest.Start(t, arenatest.Bot{Name: "ferryman", Play: func(m arenatest.Message) any {
		var seen struct{ LegalActions []any }
		json.Unmarshal(m.Board, &seen)
		return seen.LegalActions[0]
	}})
	reg := contracttest.DoAs(t, h, key, "POST", "/api/arena/brinebell/bots", `{"name":"Ferryman","url":"`+bot.URL+`"}`)
	if reg.Status != http.StatusCreated || !strings.Contains(string(reg.Body), `"plays":"runs"`) {
		t.Fatalf("register: %d %s", reg.Status, reg.Body)
	}
	id := reg.JSON(t)["bot"].(map[string]any)["id"].(string)
	bot.SetChallenge(reg.JSON(t)["challenge"].(string))
	if e := contracttest.DoAs(t, h, key, "POST", "/api/arena/brinebell/bots/"+id+"/verify", ""); e.Status != 200 {
		t.Fatalf("verify: %d %s", e.Status, e.Body)
	}
	launch := do(t, h, "POST", "/api/arena/brinebell/fights", `{"entrants":["`+id+`"]}`)
	if launch.Status != http.StatusCreated {
		t.Fatalf("launch: %d %s", launch.Status, launch.Body)
	}
	code := launch.JSON(t)["code"].(string)
	var run map[string]any
	for deadline := time.Now().Add(10 * time.Second); run["over"] != true; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the run is not over: %v", run)
		}
		run = do(t, h, "GET", "/api/arena/brinebell/fights/"+code, "").JSON(t)
	}
	if run["plays"] != "runs" || run["score"] == nil || !strings.HasPrefix(run["page"].(string), "/view/?game=brinebell&ranked=") {
		t.Fatalf("the run: %v", run)
	}
	if m := do(t, h, "GET", run["match"].(string), ""); m.Status != 200 {
		t.Fatalf("the run's ranked match %s: %d %s", run["match"], m.Status, m.Body)
	}
	var listed struct {
		Fights []struct {
			Code, Plays string
			Score       *float64
		}
	}
	if e := do(t, h, "GET", "/api/arena/brinebell/fights", ""); e.Status != 200 || json.Unmarshal(e.Body, &listed) != nil ||
		len(listed.Fights) != 1 || listed.Fights[0].Plays != "runs" || listed.Fights[0].Score == nil || *listed.Fights[0].Score != run["score"] {
		t.Fatalf("the game's fights list the run as %s, want it with its score %v", e.Body, run["score"])
	}
	board := do(t, h, "GET", "/api/games/brinebell/board", "")
	if board.Status != 200 || board.JSON(t)["unlisted"] != 1.0 {
		t.Fatalf("the board: %d %s", board.Status, board.Body)
	}
	for _, c := range []struct{ body, code string }{
		{`{"name":"x","url":"https://bot.example/","plays":"fights"}`, "invalid_request"},
		{`{"name":"x","url":"https://bot.example/","plays":"games"}`, "invalid_request"},
	} {
		if e := contracttest.DoAs(t, h, key, "POST", "/api/arena/brinebell/bots", c.body); e.Status != 400 || e.Code(t) != c.code {
			t.Errorf("register %s: %d %s, want 400 %s", c.body, e.Status, e.Body, c.code)
		}
	}
}
