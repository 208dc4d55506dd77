package e2e

import (
	"encoding/json"
	"net/http/httptest"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/agentgames/bundle/internal/arenatest"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestArenaRunsPage drives the arena's page for the games whose ranked
// runs the arena plays for bots, in headless chromium. The home lists
// every game of GET /api/arena, those of games (fights) first, then
// Brinebell, which the arena plays the runs of only, each with what the
// arena holds of it. Brinebell's page shows no ladder, pairs, seats,
// fight launch, trial or latest fights, but its bots, the register form
// (no choice of what the bot plays) and the section that plays a run on
// its one board. The page registers a test bot with an agent's key and
// verifies it once the bot has its challenge; the roster says it plays
// runs. The page plays a run of it and follows it until it is over: its
// score, board and replay must be the API's fight's. The bot's page says
// it plays runs and lists the run with its board (linking the board on
// /boards/), score and replay; the run's own page shows the same.
// Tinrail's page, whose fights and runs the arena holds, offers the
// choice: a bot registered there through the page playing runs is a
// runs bot, which no seat of a fight is offered, and its page links both
// of Tinrail's boards, their names with = readable. No page may log a
// console error or throw. It keeps screenshots in
// .artifacts/arena-runs-*.png.
func TestArenaRunsPage(t *testing.T) {
	start := time.Now()
	b := newTab(t, time.Minute)
	errs := consoleErrors(b)
	srv := httptest.NewServer(testserver.WithLive(t, nil))
	defer srv.Close()
	api := boardsAPI{t, srv.URL}
	owner := api.register("Ferry Pager")
	firstLegal := func(m arenatest.Message) any {
		var seen struct{ LegalActions []json.RawMessage }
		json.Unmarshal(m.Board, &seen)
		return seen.LegalActions[0]
	}
	ferry := arenatest.Start(t, arenatest.Bot{Name: "ferryman", Play: firstLegal})
	rails := arenatest.Start(t, arenatest.Bot{Name: "railman", Play: firstLegal})
	var index struct {
		Games []struct{ Game string }
		Runs  []struct {
			Game   string
			Boards []struct {
				Board   string
				Options map[string]string
			}
			RunsPerBoard int
		}
	}
	api.get("/api/arena", &index)
	var listed []string
	fought := map[string]bool{}
	for _, g := range index.Games {
		listed = append(listed, g.Game)
		fought[g.Game] = true
	}
	for _, r := range index.Runs {
		if !fought[r.Game] {
			listed = append(listed, r.Game)
		}
	}

	// The home lists the games of fights, then those of runs only.
	arenaDo(b, chromedp.Navigate(srv.URL+"/arena/"), until(`document.querySelector('#games li[data-game="brinebell"] a')`))
	if got := eval[[]string](b, `Array.from(document.querySelectorAll("#games li"), (li) => li.dataset.game)`); !reflect.DeepEqual(got, listed) {
		t.Errorf("the home lists %q, want %q", got, listed)
	}
	if href := eval[string](b, `document.querySelector('#games li[data-game="brinebell"] a').href`); href != srv.URL+"/arena/?game=brinebell" {
		t.Errorf("the home links Brinebell at %s", href)
	}
	for game, want := range map[string]string{"brinebell": "runs · ", "tinrail": "fights and runs · "} {
		if hint := b.text(`#games li[data-game="` + game + `"] .hint`); !strings.HasPrefix(hint, want) {
			t.Errorf("the home's hint of %s is %q, want it to begin %q", game, hint, want)
		}
	}
	b.screenshot("arena-runs-home.png")

	// Brinebell's page: no fights, a run to play.
	follow(b, `#games li[data-game="brinebell"] a`)
	arenaDo(b, until(`!document.getElementById("game").hidden && document.getElementById("status").textContent === ""`))
	for _, id := range []string{"seats", "ladder-box", "pairs-box", "launch", "try", "fights-box", "plays-label", "run-form"} {
		if eval[bool](b, `!document.getElementById("`+id+`").hidden`) {
			t.Errorf("Brinebell's page shows #%s", id)
		}
	}
	for _, id := range []string{"runs", "register", "roster-box", "run-none"} {
		if eval[bool](b, `document.getElementById("`+id+`").hidden`) {
			t.Errorf("Brinebell's page hides #%s", id)
		}
	}
	if boards := eval[[]string](b, `Array.from(document.querySelectorAll("#run-board option"), (o) => o.textContent)`); !reflect.DeepEqual(boards, []string{"the board"}) {
		t.Errorf("Brinebell's run may be played on %q", boards)
	}
	if href := eval[string](b, `document.querySelector("#runs-note a").href`); href != srv.URL+"/boards/?game=brinebell" {
		t.Errorf("the runs' note links the boards at %s", href)
	}
	if note := b.text("#runs-note"); !strings.Contains(note, "plays 10 runs") {
		t.Errorf("the runs' note says %q", note)
	}

	// Register the bot with the agent's key, and verify it.
	const name = "Ferry Page"
	arenaDo(b, chromedp.Click("#register summary"), chromedp.WaitVisible("#register-key"),
		chromedp.SetValue("#register-key", owner.Key),
		chromedp.SetValue("#register-name", name),
		chromedp.SetValue("#register-url", ferry.URL),
		chromedp.Click("#register-button"),
		until(`!document.getElementById("registered").hidden`))
	challenge := b.text("#challenge")
	id := eval[string](b, `document.getElementById("registered-bot").dataset.bot`)
	var registered struct{ State, Plays string }
	api.get("/api/arena/brinebell/bots/"+id, &registered)
	if registered.State != "pending" || registered.Plays != "runs" {
		t.Fatalf("the API's bot after the page registered it: %+v", registered)
	}
	ferry.SetChallenge(challenge)
	arenaDo(b, chromedp.Click("#verify"), until(`document.getElementById("verify-result").dataset.state === "active"`),
		until(`document.querySelector('#roster-rows tr[data-bot="`+id+`"] td.state').textContent === "active"`),
		until(`document.querySelector('#run-bot option[value="`+id+`"]') && !document.getElementById("run-form").hidden`))
	if plays := b.text(`#roster-rows tr[data-bot="` + id + `"] td.plays`); plays != "runs" {
		t.Errorf("the roster says the bot plays %q", plays)
	}

	// Play a run, and follow it until it is over.
	arenaDo(b, chromedp.SetValue("#run-bot", id), chromedp.Click("#run-button"), until(`document.querySelector("#run-launched .run")`))
	code := eval[string](b, `document.querySelector("#run-launched .run").dataset.code`)
	launched := time.Now()
	arenaDo(b, chromedp.Poll[chromedp.Void](`document.querySelector("#run-launched .run").dataset.over === "true"`, chromedp.WithPollingTimeout(20*time.Second)))
	over := time.Now()
	var run struct {
		Over        bool
		Plays, Page string
		Score       *int
		Seats       []struct{ Bot, Failed string }
	}
	api.get("/api/arena/brinebell/fights/"+code, &run)
	if !run.Over || run.Plays != "runs" || run.Score == nil || run.Page == "" || len(run.Seats) != 1 || run.Seats[0].Bot != id {
		t.Fatalf("the API's run: %+v", run)
	}
	score := strconv.Itoa(*run.Score)
	if got := b.text("#run-launched .run .score"); got != score {
		t.Errorf("the run shows the score %q, the API %s", got, score)
	}
	if href := eval[string](b, `document.querySelector("#run-launched .run a.replay").href`); href != srv.URL+run.Page {
		t.Errorf("the run's replay is at %s, the API's page %s", href, run.Page)
	}
	if got, want := b.text("#run-launched .run .state"), "Over: "+name+" scored "+score+"."; run.Seats[0].Failed == "" && got != want {
		t.Errorf("the run over says %q, want %q", got, want)
	}
	if got := b.text("#run-launched .run .board"); got != "the board" {
		t.Errorf("the run's board shows as %q", got)
	}
	b.screenshot("arena-runs-brinebell.png")

	// The bot's page lists the run, and links its board.
	follow(b, `#roster-rows tr[data-bot="`+id+`"] a`)
	row := `#bot-fight-rows tr[data-code="` + code + `"]`
	arenaDo(b, until(`!document.getElementById("bot").hidden && document.querySelector('`+row+`')`))
	if got := b.text("#bot-facts dd.plays"); got != "runs" {
		t.Errorf("the bot's page says it plays %q", got)
	}
	if got := b.text("#bot-fights-title"); got != "Its runs" {
		t.Errorf("the bot's page titles its table %q", got)
	}
	if cols := eval[[]string](b, `Array.from(document.querySelectorAll("#bot-fights thead th"), (th) => th.textContent)`); !reflect.DeepEqual(cols, []string{"Run", "Board", "Score", "Launched", "Replay"}) {
		t.Errorf("the bot's runs' columns are %q", cols)
	}
	if got := b.text(row + " td.board"); got != "the board" {
		t.Errorf("the bot's run shows the board %q", got)
	}
	if got := b.text(row + " td.score"); got != score {
		t.Errorf("the bot's run shows the score %q, the API %s", got, score)
	}
	links := map[string]string{
		row + " th a":        srv.URL + "/arena/?game=brinebell&fight=" + code,
		row + " td.board a":  srv.URL + "/boards/?game=brinebell&board=",
		row + " td.replay a": srv.URL + run.Page,
		"#bot-boards a":      srv.URL + "/boards/?game=brinebell&board=",
	}
	for sel, want := range links {
		if href := eval[string](b, `(document.querySelector('`+sel+`') || {}).href || ""`); href != want {
			t.Errorf("the bot's page links %s at %q, want %q", sel, href, want)
		}
	}
	b.screenshot("arena-runs-bot.png")

	// The run's own page.
	follow(b, row+" th a")
	arenaDo(b, until(`document.querySelector("#fight-box .run[data-over='true']")`))
	if got := b.text("#fight-box .run .score"); got != score {
		t.Errorf("the run's page shows the score %q, the API %s", got, score)
	}
	if href := eval[string](b, `document.querySelector("#fight-box .run a.replay").href`); href != srv.URL+run.Page {
		t.Errorf("the run's page links its replay at %s", href)
	}

	// Tinrail's page offers the choice; a bot registered there to play
	// runs links Tinrail's boards.
	arenaDo(b, chromedp.Navigate(srv.URL+"/arena/?game=tinrail"),
		until(`!document.getElementById("game").hidden && document.querySelectorAll("#launch-slots select").length === 2`))
	if eval[bool](b, `document.getElementById("plays-label").hidden || document.getElementById("runs").hidden || document.getElementById("launch").hidden`) {
		t.Error("Tinrail's page hides the choice of what a bot plays, the runs or the fights")
	}
	if plays := eval[[]string](b, `Array.from(document.querySelectorAll("#register-plays option"), (o) => o.value)`); !reflect.DeepEqual(plays, []string{"fights", "runs"}) {
		t.Errorf("Tinrail's bots may play %q", plays)
	}
	if boards := eval[[]string](b, `Array.from(document.querySelectorAll("#run-board option"), (o) => o.textContent)`); !reflect.DeepEqual(boards, []string{"opponent wise", "opponent easy"}) {
		t.Errorf("Tinrail's run may be played on %q", boards)
	}
	arenaDo(b, chromedp.Click("#register summary"), chromedp.WaitVisible("#register-key"),
		chromedp.SetValue("#register-key", owner.Key),
		chromedp.SetValue("#register-name", "Rail Page"),
		chromedp.SetValue("#register-url", rails.URL),
		chromedp.SetValue("#register-plays", "runs"),
		chromedp.Click("#register-button"),
		until(`!document.getElementById("registered").hidden`))
	railID := eval[string](b, `document.getElementById("registered-bot").dataset.bot`)
	api.get("/api/arena/tinrail/bots/"+railID, &registered)
	if registered.Plays != "runs" {
		t.Errorf("the bot the page registered to play Tinrail's runs plays %s", registered.Plays)
	}
	rails.SetChallenge(b.text("#challenge"))
	arenaDo(b, chromedp.Click("#verify"), until(`document.getElementById("verify-result").dataset.state === "active"`),
		until(`document.querySelector('#run-bot option[value="`+railID+`"]')`))
	if eval[bool](b, `!!document.querySelector('#launch-slots option[value="`+railID+`"]')`) {
		t.Error("Tinrail's fight launch offers a seat to the bot that plays runs")
	}
	b.screenshot("arena-runs-tinrail.png")
	follow(b, `#roster-rows tr[data-bot="`+railID+`"] a`)
	arenaDo(b, until(`!document.getElementById("bot").hidden && !document.getElementById("bot-boards").hidden`))
	want := []string{srv.URL + "/boards/?game=tinrail&board=opponent=wise", srv.URL + "/boards/?game=tinrail&board=opponent=easy"}
	if got := eval[[]string](b, `Array.from(document.querySelectorAll("#bot-boards a"), (a) => a.href)`); !reflect.DeepEqual(got, want) {
		t.Errorf("the Tinrail bot's page links its boards at %q, want %q", got, want)
	}

	for _, e := range errs() {
		t.Errorf("the page logged %s", e)
	}
	t.Logf("run %s over in %s; the test took %s", code, over.Sub(launched).Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
}
