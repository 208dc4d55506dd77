package e2e

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
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

// TestBoardsPage: two agents register and play ranked Tinrail matches
// against the easy G-Bot through the API with their keys, Ada 10 to their
// end and one left after its init, Bob 3 and one against the wise G-Bot.
// The boards page lists the games, Tinrail with 2 boards and Brinebell
// with none, where it shows how an agent gets on one (register, then a
// ranked init with the key). On Tinrail's page the test picks the
// opponent=easy board: its table must be the API's board, row for row
// (rank, name, runs with the unfinished in brackets, mean, its 95 %
// interval, the win, draw and loss rates, best), the unlisted note must
// count Bob, and the best score must link to its replay, which the viewer
// then plays to its end. Ada's name opens Ada's page: its entry's totals
// and every recent run the API lists, each linking to its replay. It
// keeps screenshots in .artifacts/boards-*.png.
func TestBoardsPage(t *testing.T) {
	start := time.Now()
	b := newTab(t, 3*time.Minute)
	srv := httptest.NewServer(testserver.WithLive(t, nil))
	defer srv.Close()
	api := boardsAPI{t, srv.URL}
	ada, bob := api.register("Ada Boards"), api.register("Bob Boards")
	for range 10 {
		api.rankedTinrail(ada.Key, "opponent=easy", 100)
	}
	api.rankedTinrail(ada.Key, "opponent=easy", 0)
	for range 3 {
		api.rankedTinrail(bob.Key, "opponent=easy", 100)
	}
	api.rankedTinrail(bob.Key, "opponent=wise", 100)
	played := time.Now()

	b.do(chromedp.Navigate(srv.URL+"/boards/"), chromedp.WaitReady("body"), until(`document.querySelector('#games li[data-game="brinebell"]')`))
	for game, want := range map[string]string{"tinrail": "Tinrail 2 boards", "brinebell": "Brinebell no boards yet"} {
		if got := b.text(`#games li[data-game="` + game + `"]`); got != want {
			t.Errorf("the games list %s as %q, want %q", game, got, want)
		}
	}
	b.screenshot("boards-home.png")

	follow(b, `#games li[data-game="brinebell"] a`)
	b.do(until(`location.search === "?game=brinebell" && !document.getElementById("empty").hidden`))
	if got := b.text("#empty"); !strings.Contains(got, "no boards") {
		t.Errorf("Brinebell's page without boards says %q", got)
	}
	if !eval[bool](b, `document.getElementById("join").open`) {
		t.Error("Brinebell's page without boards does not show how to get on one")
	}
	register, ranked := b.text("#register"), b.text("#ranked")
	if !strings.Contains(register, "-X POST "+srv.URL+"/api/agents") || !strings.Contains(ranked, "Authorization: Bearer agk_") ||
		!strings.Contains(ranked, srv.URL+"/api/games/brinebell/init?ranked=true") {
		t.Errorf("how to get on a board:\n%s\n%s", register, ranked)
	}
	b.screenshot("boards-empty.png")

	var board boardAnswer
	api.get("/api/games/tinrail/board?opponent=easy", &board)
	if len(board.Standings) != 1 || board.Standings[0].Agent != ada.ID || board.Unlisted != 1 {
		t.Fatalf("the API's board of opponent=easy: %+v", board)
	}
	b.do(chromedp.Navigate(srv.URL+"/boards/?game=tinrail"), chromedp.WaitReady("body"), until(`document.querySelector('#boards a[data-board="opponent=easy"]')`))
	if n := eval[int](b, `document.querySelectorAll("#boards a").length`); n != 2 {
		t.Errorf("Tinrail's page offers %d boards, want 2", n)
	}
	follow(b, `#boards a[data-board="opponent=easy"]`)
	b.do(until(`location.search === "?game=tinrail&board=opponent=easy" && document.querySelectorAll("#rows tr").length > 0`))
	if cur := eval[string](b, `document.querySelector('#boards a[aria-current="page"]').dataset.board`); cur != "opponent=easy" {
		t.Errorf("the board marked current is %q", cur)
	}
	if !eval[bool](b, `document.getElementById("ratings").hidden`) {
		t.Error("Tinrail's page, a game not played live, shows ratings")
	}
	if head := eval[[]string](b, `Array.from(document.querySelectorAll("#head th"), (th) => th.textContent)`); !reflect.DeepEqual(head, boardColumns) {
		t.Errorf("the table's columns are %q, want %q", head, boardColumns)
	}
	var rows []shownStanding
	if err := json.Unmarshal([]byte(eval[string](b, shownStandings)), &rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(board.Standings) {
		t.Fatalf("the table has %d rows, the board %d standings", len(rows), len(board.Standings))
	}
	for i, s := range board.Standings {
		want := shownStanding{Agent: s.Agent, Cells: s.cells(), AgentHref: srv.URL + "/boards/?agent=" + s.Agent,
			BestHref: srv.URL + "/view/?game=tinrail&ranked=" + s.BestRun}
		if !reflect.DeepEqual(rows[i], want) {
			t.Errorf("row %d is\n%+v\nwant, from the API's %+v,\n%+v", i, rows[i], s, want)
		}
	}
	if s := board.Standings[0]; s.Runs != 11 || s.Unfinished != 1 || s.WinRate == nil || s.BestRun == "" {
		t.Errorf("Ada's standing %+v: want 11 runs, 1 unfinished, rates and a best run", s)
	}
	if note := b.text("#unlisted"); note != "1 agent with fewer than 10 runs is not listed." {
		t.Errorf("the unlisted note says %q", note)
	}
	if !eval[bool](b, `document.getElementById("more").hidden`) {
		t.Error("the board offers more agents than the one it lists")
	}
	b.screenshot("boards-tinrail.png")

	viewer := b.newTab()
	viewer.do(chromedp.Navigate(rows[0].BestHref), chromedp.WaitReady("body"), until(`document.getElementById("status").textContent.includes("is over")`))

	var mine struct {
		Entries []struct {
			Game, Board, BestRun                                   string
			Runs, Unfinished, Wins, Draws, Losses, Best, Open, Sum int
			Recent                                                 []struct {
				ID       string
				Score    int
				Outcome  string
				Finished bool
			}
		}
	}
	api.get("/api/agents/"+ada.ID+"/boards", &mine)
	if len(mine.Entries) != 1 || len(mine.Entries[0].Recent) < 10 {
		t.Fatalf("Ada's entries: %+v", mine)
	}
	e := mine.Entries[0]
	follow(b, `#rows tr[data-agent="`+ada.ID+`"] .agent a`)
	b.do(until(`!document.getElementById("agent").hidden`))
	if got := eval[string](b, "location.search"); got != "?agent="+ada.ID {
		t.Errorf("the agent link opened %s", got)
	}
	if name := b.text("#agent-name"); name != "Ada Boards" {
		t.Errorf("the agent page names %q", name)
	}
	sel := `#entries .entry[data-game="tinrail"][data-board="opponent=easy"]`
	facts := map[string]string{
		"runs": fmt.Sprintf("%d (%d unfinished, %d still open)", e.Runs, e.Unfinished, e.Open),
		"mean": boardFixed(float64(e.Sum) / float64(e.Runs)),
		"best": strconv.Itoa(e.Best), "outcomes": fmt.Sprintf("%d, %d, %d", e.Wins, e.Draws, e.Losses),
	}
	if e.Open == 0 {
		facts["runs"] = fmt.Sprintf("%d (%d unfinished)", e.Runs, e.Unfinished)
	}
	for cls, want := range facts {
		if got := b.text(sel + " dd." + cls); got != want {
			t.Errorf("Ada's entry shows %s %q, want %q", cls, got, want)
		}
	}
	if href := eval[string](b, `document.querySelector("`+strings.ReplaceAll(sel, `"`, `\"`)+` dd.best a").href`); href != srv.URL+"/view/?game=tinrail&ranked="+e.BestRun {
		t.Errorf("Ada's best run links to %s", href)
	}
	var runs [][]string
	if err := json.Unmarshal([]byte(eval[string](b, `JSON.stringify(Array.from(document.querySelectorAll("#entries .entry table.runs tbody tr"),
		(tr) => [tr.dataset.run, tr.querySelector("a").href, ...Array.from(tr.cells, (c) => c.textContent)]))`)), &runs); err != nil {
		t.Fatal(err)
	}
	var want [][]string
	for _, r := range e.Recent {
		outcome, finished := cmp.Or(r.Outcome, "–"), map[bool]string{true: "yes", false: "no"}[r.Finished]
		want = append(want, []string{r.ID, srv.URL + "/view/?game=tinrail&ranked=" + r.ID, r.ID, strconv.Itoa(r.Score), outcome, finished})
	}
	if !reflect.DeepEqual(runs, want) {
		t.Errorf("Ada's runs on the page:\n%q\nthe API's:\n%q", runs, want)
	}
	b.screenshot("boards-agent.png")
	t.Logf("played 15 ranked matches in %s, the pages in %s", played.Sub(start).Round(time.Millisecond), time.Since(played).Round(time.Millisecond))
}

// follow opens the link sel selects in b, as a click on it would (a
// poll across the navigation a click starts loses its page).
func follow(b *tab, sel string) {
	b.t.Helper()
	b.do(chromedp.Navigate(eval[string](b, "document.querySelector("+strconv.Quote(sel)+").href")))
}

// newTab opens another tab of b's browser.
func (b *tab) newTab() *tab {
	return b.child()
}

// boardColumns are the board table's column headers for a game whose
// results have an outcome.
var boardColumns = []string{"Rank", "Agent", "Runs (unfinished)", "Mean", "95 % interval", "Win", "Draw", "Loss", "Best run"}

// shownStandings is the JavaScript that answers, as JSON, the rows of the
// board's table as shownStanding.
const shownStandings = `JSON.stringify(Array.from(document.querySelectorAll("#rows tr"), (tr) => ({
	agent: tr.dataset.agent, cells: Array.from(tr.cells, (c) => c.textContent),
	agentHref: tr.querySelector(".agent a").href, bestHref: (tr.querySelector(".best a") || {}).href || ""})))`

// shownStanding is a row of the board's table.
type shownStanding struct {
	Agent     string   `json:"agent"`
	Cells     []string `json:"cells"`
	AgentHref string   `json:"agentHref"`
	BestHref  string   `json:"bestHref"`
}

// boardAnswer is GET /api/games/{slug}/board's answer.
type boardAnswer struct {
	Standings []apiStanding
	Unlisted  int
}

// apiStanding is a standing as the API answers it.
type apiStanding struct {
	Rank                        int
	Agent, Name, BestRun        string
	Runs, Unfinished, Best      int
	Mean, Low, High             float64
	WinRate, DrawRate, LossRate *float64
}

// cells are the texts the page must show for s: its numbers rounded as
// the page rounds them (half away from zero, on their decimal digits).
func (s apiStanding) cells() []string {
	runs := strconv.Itoa(s.Runs)
	if s.Unfinished > 0 {
		runs += fmt.Sprintf(" (%d)", s.Unfinished)
	}
	out := []string{strconv.Itoa(s.Rank), s.Name, runs, boardFixed(s.Mean), boardFixed(s.Low) + " – " + boardFixed(s.High)}
	if s.WinRate != nil {
		for _, r := range []*float64{s.WinRate, s.DrawRate, s.LossRate} {
			out = append(out, boardDec(int64(math.Round(*r*1e4)), 2, 1)+" %")
		}
	}
	best := "–"
	if s.BestRun != "" {
		best = strconv.Itoa(s.Best)
	}
	return append(out, best)
}

// boardFixed writes x with 2 decimals as the boards page does.
func boardFixed(x float64) string { return boardDec(int64(math.Round(x*1e4)), 4, 2) }

// boardDec writes n, a whole number of 10^-scale, with d decimals, rounded
// half away from zero: boards.js's dec.
func boardDec(n int64, scale, d int) string {
	unit := int64(math.Pow10(scale - d))
	m := (max(n, -n) + unit/2) / unit
	s := fmt.Sprintf("%0*d", d+1, m)
	sign := ""
	if n < 0 && m != 0 {
		sign = "-"
	}
	return sign + s[:len(s)-d] + "." + s[len(s)-d:]
}

// boardsAPI calls a server's API for TestBoardsPage.
type boardsAPI struct {
	t    *testing.T
	base string
}

// registeredAgent is POST /api/agents' answer.
type registeredAgent struct{ ID, Name, Key string }

// do sends a request with key (none when empty) and decodes the answer
// into out, failing the test unless it is a 200.
func (a boardsAPI) do(method, path, key string, body, out any) {
	a.t.Helper()
	data := []byte{}
	if body != nil {
		data, _ = json.Marshal(body)
	}
	req, _ := http.NewRequest(method, a.base+path, bytes.NewReader(data))
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer res.Body.Close()
	var raw json.RawMessage
	if err := json.NewDecoder(res.Body).Decode(&raw); err != nil || res.StatusCode != http.StatusOK {
		a.t.Fatalf("%s %s: %d %s %v", method, path, res.StatusCode, raw, err)
	}
	if err := json.Unmarshal(raw, out); err != nil {
		a.t.Fatalf("%s %s: %v", method, path, err)
	}
}

// get is a GET of path, its answer decoded into out.
func (a boardsAPI) get(path string, out any) {
	a.t.Helper()
	a.do(http.MethodGet, path, "", nil, out)
}

// register registers an agent under name.
func (a boardsAPI) register(name string) registeredAgent {
	a.t.Helper()
	var r registeredAgent
	a.do(http.MethodPost, "/api/agents", "", map[string]string{"name": name}, &r)
	if r.ID == "" || r.Key == "" {
		a.t.Fatalf("registering %s: %+v", name, r)
	}
	return r
}

// rankedTinrail plays a ranked Tinrail match with key, placing the first
// tile in turn's rotation until the match ends, or steps placements.
func (a boardsAPI) rankedTinrail(key, query string, steps int) {
	a.t.Helper()
	var env struct {
		State    string
		Ranked   string
		GameOver bool
	}
	a.do(http.MethodGet, "/api/games/tinrail/init?ranked=true&"+query, key, nil, &env)
	if env.Ranked == "" {
		a.t.Fatal("a ranked init answered no ranked id")
	}
	for step := 0; !env.GameOver && step < steps; step++ {
		if step == steps-1 {
			a.t.Fatalf("the match %s is not over after %d actions", env.Ranked, steps)
		}
		action := map[string]any{"type": "place", "tileIndex": 0, "rotation": step % 4}
		a.do(http.MethodPost, "/api/games/tinrail/action", "", map[string]any{"state": env.State, "action": action}, &env)
	}
}

// TestBoardsPageMarksPlatform: a bot registered in the arena to play
// Brinebell's runs, its 10 runs played by the arena, stands on
// Brinebell's board, and the page marks it as the platform's: its name
// with the tag, linking to the bot's page in the arena (it has no
// agent's page).
func TestBoardsPageMarksPlatform(t *testing.T) {
	b := newTab(t, 2*time.Minute)
	srv := httptest.NewServer(testserver.WithLive(t, nil))
	defer srv.Close()
	api := arenaAPI{t: t, base: srv.URL}
	var agent struct{ Key string }
	api.do("POST", "/api/agents", "", `{"name":"Ferry Owner"}`, &agent)
	bot := arenatest.Start(t, arenatest.Bot{Name: "ferryman", Play: func(m arenatest.Message) any {
		var seen struct{ LegalActions []json.RawMessage }
		json.Unmarshal(m.Board, &seen)
		return seen.LegalActions[0]
	}})
	var reg struct {
		Bot       struct{ ID string }
		Challenge string
	}
	api.do("POST", "/api/arena/brinebell/bots", agent.Key, `{"name":"Ferryman","url":"`+bot.URL+`"}`, &reg)
	bot.SetChallenge(reg.Challenge)
	api.do("POST", "/api/arena/brinebell/bots/"+reg.Bot.ID+"/verify", agent.Key, "", nil)
	for range 10 {
		api.do("POST", "/api/arena/brinebell/fights", "", `{"entrants":["`+reg.Bot.ID+`"]}`, nil)
	}
	var board struct{ Standings []struct{ Agent string } }
	for deadline := time.Now().Add(time.Minute); len(board.Standings) == 0; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the bot's 10 runs are not on the board after a minute")
		}
		api.do("GET", "/api/games/brinebell/board", "", "", &board)
	}
	b.do(chromedp.Navigate(srv.URL+"/boards/?game=brinebell"), chromedp.WaitReady("body"), until(`document.querySelector("#rows tr")`))
	if got := b.text("#rows tr .agent"); got != "Ferryman arena bot, played by the platform" {
		t.Errorf("the bot's name on the board: %q", got)
	}
	if href := eval[string](b, `document.querySelector("#rows tr .agent a").href`); href != srv.URL+"/arena/?game=brinebell&bot="+reg.Bot.ID {
		t.Errorf("the bot's name links to %s, want its page in the arena (it has no agent's page)", href)
	}
	b.screenshot("boards-platform.png")
}
