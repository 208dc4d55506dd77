package e2e

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/agentgames/bundle/internal/arenatest"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestArenaPage drives the arena's page in headless chromium: a test bot
// runs on loopback and an agent registers through the API; then, in the
// page, the agent's key tries the bot (it passes with no departure),
// registers the bot at its URL and the page shows
// the challenge. Verify fails, saying why, until the test gives the bot
// the challenge; then the bot is active. Options that are not JSON launch
// nothing; then the page launches a 12x12 Tron fight of the bot against
// house:easy and follows it until it is over: its verdict and seats must
// be the API's (places, failures, calls, reply times). The ladder must
// then be the API's, row for row (rank, name linking to the bot's page
// for a registered bot, ELO to 1 decimal, μ, σ and the ordinal to 2,
// fights, W, D, L), the table of pairs its pairs, and the latest fights
// list the fight with its places. The bot's page, as its owner sees it
// (the key is in the tab's session storage), shows its URL and lists the
// fight with its places; its buttons pause and resume it. Another
// browser, without the key, sees the fight's own page and the bot's page
// without its URL or its owner's buttons. The owner deletes the bot. No
// page may log a console error or throw, but for the failed Verify's
// answer. It keeps screenshots in .artifacts/arena-*.png.
func TestArenaPage(t *testing.T) {
	start := time.Now()
	b := newTab(t, 2*time.Minute)
	errs := consoleErrors(b)
	srv := httptest.NewServer(testserver.WithLive(t, nil))
	defer srv.Close()
	api := boardsAPI{t, srv.URL}
	owner := api.register("Arena Pager")
	runner := arenatest.Start(t, arenatest.Bot{Name: "runner", Width: 12, Height: 12})
	const name = "Runner Page"

	arenaDo(b, chromedp.Navigate(srv.URL+"/arena/"), until(`document.querySelector('#games li[data-game="tron"] a')`))
	if href := eval[string](b, `document.querySelector('#games li[data-game="tron"] a').href`); href != srv.URL+"/arena/?game=tron" {
		t.Errorf("the games list links Tron at %s", href)
	}
	b.screenshot("arena-home.png")
	follow(b, `#games li[data-game="tron"] a`)
	arenaDo(b, until(`!document.getElementById("game").hidden && document.querySelectorAll("#launch-slots select").length === 2`))
	if tabs := eval[[]string](b, `Array.from(document.querySelectorAll("#seats a"), (a) => a.dataset.seats + (a.getAttribute("aria-current") || ""))`); !reflect.DeepEqual(tabs, []string{"2page", "3", "4"}) {
		t.Errorf("the seats' tabs are %q, want 2 (current), 3 and 4", tabs)
	}

	// Try the bot before registering it: a trial of 12x12 Tron against the
	// house bot, which it passes with no departure.
	arenaDo(b, chromedp.Click("#try summary"), chromedp.WaitVisible("#try-key"),
		chromedp.SetValue("#try-key", owner.Key),
		chromedp.SetValue("#try-url", runner.URL),
		chromedp.SetValue("#try-options", `{"width":12,"height":12}`),
		chromedp.Click("#try-button"),
		until(`document.getElementById("try-verdict").dataset.state !== undefined`))
	if verdict := b.text("#try-verdict"); !strings.HasPrefix(verdict, "Passed: ") || eval[int](b, `document.querySelectorAll("#try-departures li").length`) != 0 {
		t.Errorf("the trial says %q", verdict)
	}

	// Register the bot with the agent's key, and verify it.
	arenaDo(b, chromedp.Click("#register summary"), chromedp.WaitVisible("#register-key"),
		chromedp.SetValue("#register-key", owner.Key),
		chromedp.SetValue("#register-name", name),
		chromedp.SetValue("#register-url", runner.URL),
		chromedp.SetValue("#register-description", "runs the longest straight line"),
		chromedp.Click("#register-button"),
		until(`!document.getElementById("registered").hidden`))
	challenge := b.text("#challenge")
	id := eval[string](b, `document.getElementById("registered-bot").dataset.bot`)
	if challenge == "" || id == "" {
		t.Fatalf("the page shows the challenge %q of bot %q", challenge, id)
	}
	if reply := b.text("#challenge-reply"); !strings.Contains(reply, `"challenge":"`+challenge+`"`) {
		t.Errorf("the page shows the init reply as %q", reply)
	}
	if stored := eval[string](b, `sessionStorage.getItem("arena:key")`); stored != owner.Key {
		t.Errorf("the tab's session storage holds the key %q", stored)
	}
	if strings.Contains(eval[string](b, "document.documentElement.outerHTML"), owner.Key) {
		t.Error("the page's HTML shows the agent's key")
	}
	var pending struct{ Name, State string }
	api.get("/api/arena/tron/bots/"+id, &pending)
	if pending.Name != name || pending.State != "pending" {
		t.Fatalf("the API's bot after the page registered it: %+v", pending)
	}
	b.screenshot("arena-registered.png")
	// The bot does not return the challenge yet: Verify fails, and says why.
	arenaDo(b, chromedp.Click("#verify"), until(`document.getElementById("verify-result").textContent.startsWith("challenge_failed: ")`))
	if line, result := b.text("#error"), b.text("#verify-result"); line != result {
		t.Errorf("a failed Verify shows %q in the error line and %q under its button", line, result)
	}
	runner.SetChallenge(challenge)
	arenaDo(b, chromedp.Click("#verify"), until(`document.getElementById("verify-result").dataset.state === "active"`),
		until(`document.querySelector('#roster-rows tr[data-bot="`+id+`"] td.state').textContent === "active"`),
		until(`document.querySelector('#seat-0 option[value="`+id+`"]')`))
	if got := b.text("#verify-result"); !strings.HasPrefix(got, "active") {
		t.Errorf("the page says %q after Verify", got)
	}

	// Launch a fight against house:easy, and follow it to its end; options
	// that are not JSON launch nothing.
	arenaDo(b, chromedp.SetValue("#seat-0", id), chromedp.SetValue("#seat-1", "house:easy"),
		chromedp.SetValue("#launch-options", `{width:12}`), chromedp.Click("#launch-button"),
		until(`document.getElementById("error").textContent.startsWith("bad_json: ")`))
	if eval[bool](b, `!!document.querySelector("#launched .fight")`) {
		t.Error("options that are not JSON launched a fight")
	}
	arenaDo(b, chromedp.SetValue("#launch-options", `{"width":12,"height":12}`),
		chromedp.Click("#launch-button"),
		until(`document.querySelector("#launched .fight")`))
	code := eval[string](b, `document.querySelector("#launched .fight").dataset.code`)
	launched := time.Now()
	if href := eval[string](b, `document.querySelector("#launched .fight a.watch").href`); href != srv.URL+"/tron/?code="+code {
		t.Errorf("the fight's Watch links %s", href)
	}
	if href := eval[string](b, `document.querySelector("#launched .fight a.replay").href`); href != srv.URL+"/view/?game=tron&live="+code {
		t.Errorf("the fight's Replay links %s", href)
	}
	arenaDo(b, chromedp.Poll[chromedp.Void](`document.querySelector("#launched .fight").dataset.over === "true"`, chromedp.WithPollingTimeout(time.Minute)),
		until(`document.querySelector('#ladder-rows tr[data-bot="`+id+`"]') && document.querySelector('#fights-rows tr[data-code="`+code+`"][data-over="true"]')`))
	over := time.Now()
	verdict := b.text("#launched .fight .state")
	if !strings.HasPrefix(verdict, "Over: ") {
		t.Errorf("the fight over says %q", verdict)
	}
	var fight struct {
		Over  bool
		Match string
		Seats []struct {
			Bot, Name, Failed         string
			Calls                     int
			MeanMillis, SlowestMillis int64
		}
	}
	api.get("/api/arena/tron/fights/"+code, &fight)
	var match struct{ Places []int }
	api.get(fight.Match, &match)
	if !fight.Over || len(fight.Seats) != 2 || len(match.Places) != 2 || fight.Seats[0].Bot != id || fight.Seats[0].Calls == 0 {
		t.Fatalf("the API's fight: %+v, places %v", fight, match.Places)
	}
	var first []string
	for i, s := range fight.Seats {
		if match.Places[i] == 1 {
			first = append(first, s.Name)
		}
	}
	if want := "Over: " + strings.Join(first, " and ") + map[bool]string{true: " won.", false: " share 1st place."}[len(first) == 1]; verdict != want {
		t.Errorf("the fight over says %q, want %q", verdict, want)
	}
	var wantSeats [][]string
	for i, s := range fight.Seats {
		wantSeats = append(wantSeats, []string{strconv.Itoa(i + 1), s.Name, arenaNth(match.Places[i]), cmp.Or(s.Failed, "–"),
			strconv.Itoa(s.Calls), strconv.FormatInt(s.MeanMillis, 10), strconv.FormatInt(s.SlowestMillis, 10)})
	}
	if seats := shownSeats(b, "#launched"); !reflect.DeepEqual(seats, wantSeats) {
		t.Errorf("the fight's seats on the page:\n%q\nthe API's:\n%q", seats, wantSeats)
	}

	// The ladder and the pairs, as the API answers them.
	var ladder arenaLadder
	api.get("/api/arena/tron/ladder?seats=2", &ladder)
	var rows []struct {
		Bot   string   `json:"bot"`
		Cells []string `json:"cells"`
		Href  string   `json:"href"`
	}
	if err := json.Unmarshal([]byte(eval[string](b, `JSON.stringify(Array.from(document.querySelectorAll("#ladder-rows tr"), (tr) => ({
		bot: tr.dataset.bot, cells: Array.from(tr.cells, (c) => c.textContent), href: (tr.querySelector("a") || {}).href || ""})))`)), &rows); err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	if len(rows) != len(ladder.Standings) {
		t.Fatalf("the ladder shows %d rows, the API %d standings", len(rows), len(ladder.Standings))
	}
	for i, s := range ladder.Standings {
		names[s.Name] = true
		href := ""
		if !strings.HasPrefix(s.Bot, "house:") {
			href = srv.URL + "/arena/?game=tron&bot=" + s.Bot
		}
		want := []string{strconv.Itoa(i + 1), s.Name, arenaFixed(s.Elo, 1), arenaFixed(s.Rating.Mu, 2), arenaFixed(s.Rating.Sigma, 2),
			arenaFixed(s.Ordinal, 2), strconv.Itoa(s.Fights), strconv.Itoa(s.Wins), strconv.Itoa(s.Draws), strconv.Itoa(s.Losses)}
		if rows[i].Bot != s.Bot || !reflect.DeepEqual(rows[i].Cells, want) || rows[i].Href != href {
			t.Errorf("ladder row %d is %+v, want bot %s, cells %q, link %q", i, rows[i], s.Bot, want, href)
		}
	}
	if !names[name] || !names["house:easy"] {
		t.Errorf("the ladder lists %v, want %s and house:easy", names, name)
	}
	var cells map[string]map[string]string
	if err := json.Unmarshal([]byte(eval[string](b, `JSON.stringify(Object.fromEntries(Array.from(document.querySelectorAll("#pairs-rows tr"),
		(tr) => [tr.dataset.bot, Object.fromEntries(Array.from(tr.querySelectorAll("td"), (td) => [td.dataset.against, td.textContent]))])))`)), &cells); err != nil {
		t.Fatal(err)
	}
	wantCells := map[string]map[string]string{}
	for _, a := range ladder.Standings {
		wantCells[a.Bot] = map[string]string{}
		for _, o := range ladder.Standings {
			cell := "–"
			if a.Bot == o.Bot {
				cell = ""
			} else if p, ok := ladder.Pairs[a.Bot][o.Bot]; ok {
				cell = fmt.Sprintf("%d-%d-%d", p.Wins, p.Draws, p.Losses)
			}
			wantCells[a.Bot][o.Bot] = cell
		}
	}
	if !reflect.DeepEqual(cells, wantCells) {
		t.Errorf("the pairs on the page:\n%q\nthe API's:\n%q", cells, wantCells)
	}
	if p := ladder.Pairs[id]["house:easy"]; p.Wins+p.Draws+p.Losses != 1 {
		t.Errorf("the API's pair of the bot and house:easy after one fight: %+v", p)
	}
	listed := b.text(`#fights-rows tr[data-code="` + code + `"] td.seats`)
	wantListed := fmt.Sprintf("%s (%s) · house:easy (%s)", name, arenaNth(match.Places[0]), arenaNth(match.Places[1]))
	if listed != wantListed {
		t.Errorf("the latest fights list the fight as %q, want %q", listed, wantListed)
	}
	b.screenshot("arena-ladder.png")

	// The bot's page, as its owner sees it.
	follow(b, `#ladder-rows tr[data-bot="`+id+`"] a`)
	arenaDo(b, until(`!document.getElementById("bot").hidden && document.querySelector('#bot-fight-rows tr[data-code="`+code+`"]')`))
	if got := eval[string](b, "location.search"); got != "?game=tron&bot="+id {
		t.Errorf("the ladder's link opened %s", got)
	}
	facts := map[string]string{"owner": "Arena Pager", "state": "active", "description": "runs the longest straight line", "url": runner.URL, "failures": "0"}
	for cls, want := range facts {
		if got := b.text("#bot-facts dd." + cls); got != want {
			t.Errorf("the bot's page shows %s %q, want %q", cls, got, want)
		}
	}
	if got := b.text("#bot-name"); got != name {
		t.Errorf("the bot's page names %q", got)
	}
	if got := b.text("#bot-facts dd.times"); !strings.HasPrefix(got, "latest ") || !strings.Contains(got, "median") {
		t.Errorf("the bot's reply times: %q", got)
	}
	row := `#bot-fight-rows tr[data-code="` + code + `"]`
	if got, want := b.text(row+" td.seats"), wantListed; got != want {
		t.Errorf("the bot's fight shows seats %q, want %q", got, want)
	}
	if got, want := b.text(row+" td.place"), arenaNth(match.Places[0])+" of 2"; got != want {
		t.Errorf("the bot's fight shows its place %q, want %q", got, want)
	}
	if href := eval[string](b, `document.querySelector('`+row+` td.replay a').href`); href != srv.URL+"/view/?game=tron&live="+code {
		t.Errorf("the bot's fight links its replay at %s", href)
	}
	if href := eval[string](b, `document.querySelector('`+row+` th a').href`); href != srv.URL+"/arena/?game=tron&fight="+code {
		t.Errorf("the bot's fight links its details at %s", href)
	}
	b.screenshot("arena-bot.png")
	arenaDo(b, chromedp.Click("#bot-pause"), until(`document.querySelector("#bot-facts dd.state").textContent.startsWith("paused")`))
	var paused struct{ State string }
	api.get("/api/arena/tron/bots/"+id, &paused)
	if paused.State != "paused" {
		t.Errorf("the API's bot after Pause is %s", paused.State)
	}
	arenaDo(b, chromedp.WaitVisible("#bot-resume"), chromedp.Click("#bot-resume"),
		until(`document.querySelector("#bot-facts dd.state").textContent === "active"`))

	// The fight's own page, and the bot's page as anyone sees it.
	stranger := b.stranger()
	strangerErrs := consoleErrors(stranger)
	arenaDo(stranger, chromedp.Navigate(srv.URL+"/arena/?game=tron&fight="+code),
		until(`document.querySelector("#fight-box .fight[data-over='true']")`))
	if got, want := stranger.text("#fight-box .fight .state"), verdict; got != want {
		t.Errorf("the fight's page says %q, want %q", got, want)
	}
	if got := shownSeats(stranger, "#fight-box"); !reflect.DeepEqual(got, wantSeats) {
		t.Errorf("the fight's page shows the seats\n%q\nthe API's:\n%q", got, wantSeats)
	}
	arenaDo(stranger, chromedp.Navigate(srv.URL+"/arena/?game=tron&bot="+id),
		until(`!document.getElementById("bot").hidden && document.querySelector('#bot-fight-rows tr[data-code="`+code+`"]')`))
	if eval[bool](stranger, `!!document.querySelector("#bot-facts dd.url") || !document.getElementById("owner").hidden || document.getElementById("bot-key-form").hidden`) {
		t.Error("a browser without the owner's key sees its URL or its buttons, or no key form")
	}
	// Its owner deletes it, once sure.
	arenaDo(b, chromedp.Click("#bot-delete"), chromedp.WaitVisible("#bot-delete-yes"), chromedp.Click("#bot-delete-yes"),
		until(`document.getElementById("status").textContent.includes("deleted")`))
	res, err := http.Get(srv.URL + "/api/arena/tron/bots/" + id)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotFound {
		t.Errorf("the API answers %s for the bot after Delete, want 404", res.Status)
	}

	// The one error the pages may log is the failed Verify's answer.
	failed := 0
	for _, e := range append(errs(), strangerErrs()...) {
		if strings.HasSuffix(e, "/api/arena/tron/bots/"+id+"/verify") && failed == 0 {
			failed++
			continue
		}
		t.Errorf("the page logged %s", e)
	}
	if failed != 1 { // the watch on the console sees errors
		t.Errorf("the console logged no error for the failed Verify: %q", errs())
	}
	t.Logf("fight %s over in %s; the test took %s", code, over.Sub(launched).Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
}

// arenaDo runs steps in b, failing the test with what the page's error
// and status lines say if one fails (a wait that times out, say).
func arenaDo(b *tab, steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, steps...); err != nil {
		lines, _ := chromedp.Run(b.ctx, chromedp.Evaluate[string](`"error line: " + JSON.stringify(document.getElementById("error").textContent) +
			", status line: " + JSON.stringify(document.getElementById("status").textContent)`))
		b.t.Fatalf("%v; %s", err, lines)
	}
}

// shownSeats are the cells of the seats of the fight shown in the
// element sel selects.
func shownSeats(b *tab, sel string) [][]string {
	b.t.Helper()
	var seats [][]string
	if err := json.Unmarshal([]byte(eval[string](b, `JSON.stringify(Array.from(document.querySelectorAll("`+sel+` .fight tbody tr"),
		(tr) => Array.from(tr.cells, (c) => c.textContent)))`)), &seats); err != nil {
		b.t.Fatal(err)
	}
	return seats
}

// consoleErrors watches b's console from now on: consoleErrors()() is
// what its pages logged as errors, and the exceptions they threw.
func consoleErrors(b *tab) func() []string {
	messages := chromedp.Console(b.ctx)
	var mu sync.Mutex
	var out []string
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.IsException() {
				mu.Lock()
				out = append(out, m.String()+" "+m.URL)
				mu.Unlock()
			}
		}
	}()
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), out...)
	}
}

// arenaLadder is GET /api/arena/{game}/ladder's answer.
type arenaLadder struct {
	Seats     int
	Standings []struct {
		Bot, Name                   string
		Elo, Ordinal                float64
		Rating                      struct{ Mu, Sigma float64 }
		Fights, Wins, Draws, Losses int
	}
	Pairs map[string]map[string]struct{ Wins, Draws, Losses int }
}

// arenaFixed writes x with d decimals as the arena page does: rounded
// half away from zero on its 4th decimal, then on its d-th.
func arenaFixed(x float64, d int) string { return boardDec(int64(math.Round(x*1e4)), 4, d) }

// arenaNth writes a place as the arena page does: 1st, 2nd, 3rd, 4th.
func arenaNth(n int) string {
	if n%100 >= 11 && n%100 <= 13 {
		return strconv.Itoa(n) + "th"
	}
	switch n % 10 {
	case 1:
		return strconv.Itoa(n) + "st"
	case 2:
		return strconv.Itoa(n) + "nd"
	case 3:
		return strconv.Itoa(n) + "rd"
	}
	return strconv.Itoa(n) + "th"
}
