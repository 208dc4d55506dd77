package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/agentgames/bundle/client"
	engine "github.com/agentgames/bundle/engines/tinrail"
	"github.com/agentgames/bundle/games/tinrail"
	"github.com/agentgames/bundle/games/tron"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestPlayTinrail plays a whole seeded Tinrail match against G-Bot Easy on
// the play page, by keys and clicks only: the options by clicks and typing,
// each placement by keys 1-3, R and Enter on one turn and by the tile,
// rotate and place buttons on the next. The test plays the same seed and
// actions through the API beside it, choosing each placement by trying
// every legal one from the token (a placement that keeps its engine on the
// table), and after every answer holds the page to the API's: the
// observation, score, turn, result, the tiles, engines and hand the
// renderer drew, and the preview of the chosen placement. Enter after the
// end is refused (game_over): the reason shows and nothing else changes.
// The downloaded transcript must be the API's, and the viewer must open
// it. It keeps a screenshot in .artifacts/play-tinrail.png.
func TestPlayTinrail(t *testing.T) {
	p := openPlay(t, "tinrail")
	p.start(map[string]string{"opponent": "easy", "seed": "11"},
		chromedp.Click(`#fields input[name="opponent"][value="easy"]`), chromedp.Click("#seed"), chromedp.KeyEvent("11"))
	for turn := 0; !p.s.Last.GameOver; turn++ {
		if turn > 40 {
			t.Fatal("the match is not over after 40 placements")
		}
		var a struct{ TileIndex, Rotation int }
		action := p.safePlacement()
		json.Unmarshal(action, &a)
		var input []chromedp.Action[chromedp.Void]
		if turn%2 == 0 {
			input = append(input, chromedp.KeyEvent(strconv.Itoa(a.TileIndex+1)))
			for range a.Rotation {
				input = append(input, chromedp.KeyEvent("r"))
			}
		} else {
			input = append(input, chromedp.Click(fmt.Sprintf(`#controls .tiles button[data-tile-index="%d"]`, a.TileIndex)))
			for range a.Rotation {
				input = append(input, chromedp.Click(`#controls [data-act="rotate"]`))
			}
		}
		p.do(input...)
		p.checkPreview(a.TileIndex, a.Rotation)
		if turn%2 == 0 {
			p.act(action, chromedp.KeyEvent(kb.Enter))
		} else {
			p.act(action, chromedp.Click(`#controls [data-act="place"]`))
		}
	}
	p.act(json.RawMessage(`{"type":"place","tileIndex":0,"rotation":0}`), chromedp.KeyEvent(kb.Enter))
	p.screenshot("play-tinrail.png")
	p.transcript()
	t.Logf("%d steps, %s", len(p.rec.Steps), p.text("#status"))
}

// TestPlayBrinebell plays a seeded Brinebell run to its bank on the play
// page: Space before the start is refused (not_started), S starts, a click
// orders Ferry A to Orchard, Space (scrolling nothing) and a typed 60
// advance, B then 3 (Ferry B before it joins) is refused, 95 ticks typed are refused, and Bank
// ends the run with Ferry A's delivery scored. After every answer the page
// must show the API's observation, score, result and refusal, and the
// renderer every dock's line, every ferry's mode, route and riders and
// every passenger's patience; a refused action changes none of them. The
// downloaded transcript must be the API's, and the viewer must open it.
// It keeps a screenshot in .artifacts/play-brinebell.png.
func TestPlayBrinebell(t *testing.T) {
	p := openPlay(t, "brinebell")
	p.start(map[string]string{"seed": "7"}, chromedp.Click("#seed"), chromedp.KeyEvent("7"))
	typeTicks := func(n string) chromedp.Action[chromedp.Void] {
		return chromedp.Steps(chromedp.Click("#ticks"), chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)), chromedp.KeyEvent(n))
	}
	p.act(json.RawMessage(`{"type":"advance","ticks":30}`), chromedp.KeyEvent(" "))
	p.act(json.RawMessage(`{"type":"start"}`), chromedp.KeyEvent("s"))
	p.act(json.RawMessage(`{"type":"order","ferry":0,"dock":1}`), chromedp.Click(`#controls .row[data-ferry="0"] button[data-dock="1"]`))
	scrolled := eval[float64](p.tab, "scrollY")
	p.act(json.RawMessage(`{"type":"advance","ticks":30}`), chromedp.KeyEvent(" "))
	if now := eval[float64](p.tab, "scrollY"); now != scrolled {
		t.Errorf("Space advanced and scrolled the page from %v to %v", scrolled, now)
	}
	p.act(json.RawMessage(`{"type":"advance","ticks":60}`), typeTicks("60"), chromedp.Click(`#controls [data-act="advance"]`))
	p.act(json.RawMessage(`{"type":"order","ferry":1,"dock":3}`), chromedp.KeyEvent("b"), chromedp.KeyEvent("3"))
	p.act(json.RawMessage(`{"type":"advance","ticks":95}`), typeTicks("95"), chromedp.KeyEvent(kb.Enter))
	p.act(json.RawMessage(`{"type":"bank"}`), chromedp.Click(`#controls [data-act="bank"]`))
	var end struct{ Score int }
	json.Unmarshal(p.s.Last.Body, &end)
	if end.Score == 0 {
		t.Errorf("the run banked 0 points; Ferry A's delivery should score")
	}
	p.screenshot("play-brinebell.png")
	p.transcript()
	t.Logf("%d steps, %s", len(p.rec.Steps), p.text("#status"))
}

// TestPlayTron plays a seeded three-cycle Tron match against easy bots on
// a 10x8 grid on the play page to its end, steering by arrow keys, WASD
// and the on-screen pad in turn, each move the roomiest by the API's view.
// After every round the canvas must hold exactly the API's trails and
// heads and the cycles' lines theirs, and the page the API's observation,
// score and events; a move after the end is refused (game_over). The
// downloaded transcript must be the API's, and the viewer must open it.
// It keeps a screenshot in .artifacts/play-tron.png.
func TestPlayTron(t *testing.T) {
	p := openPlay(t, "tron")
	typed := func(sel, v string) chromedp.Action[chromedp.Void] {
		return chromedp.Steps(chromedp.Click(sel), chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)), chromedp.KeyEvent(v))
	}
	p.start(map[string]string{"players": "3", "width": "10", "height": "8", "opponent": "easy", "seed": "5"},
		chromedp.Click(`#fields input[name="players"][value="3"]`), typed(`#fields input[name="width"]`, "10"),
		typed(`#fields input[name="height"]`, "8"), chromedp.Click("#seed"), chromedp.KeyEvent("5"))
	for round := 0; !p.s.Last.GameOver; round++ {
		if round > 80 {
			t.Fatal("the match is not over after 80 rounds")
		}
		var v tron.View
		if err := p.s.Last.View(&v); err != nil {
			t.Fatal(err)
		}
		d := tronDirs[max(roomiest(playTronState(t, &v), 0), 0)]
		press := map[int]chromedp.Action[chromedp.Void]{0: chromedp.KeyEvent(d.arrow), 1: chromedp.KeyEvent(d.letter),
			2: chromedp.Click(`#controls .pad button[data-dir="` + d.dir + `"]`)}[round%3]
		p.act(json.RawMessage(`{"type":"move","dir":"`+d.dir+`"}`), press)
	}
	p.act(json.RawMessage(`{"type":"move","dir":"x+"}`), chromedp.KeyEvent(kb.ArrowRight))
	p.screenshot("play-tron.png")
	p.transcript()
	t.Logf("%d steps, %s", len(p.rec.Steps), p.text("#status"))
}

// TestPlayRankedTinrail plays a ranked Tinrail match on the play page
// against G-Bot Easy, by keys alone: each turn the test reads the board
// and the hand the page shows and places, by 1-3, R and Enter, a tile that
// keeps its engine on the table if one does. The page must show the
// match's id and link its ledger, and the ledger, once the match is over,
// must hold the actions sent, the page's score and result; replaying its
// seed and actions through the API must end in the observation the page
// shows.
func TestPlayRankedTinrail(t *testing.T) {
	p := openPlay(t, "tinrail")
	p.do(chromedp.Click(`#fields input[name="opponent"][value="easy"]`), chromedp.Click("#ranked"), chromedp.Click("#start"), until(playSettled(1)))
	id := p.text("#ranked-id")
	link := eval[string](p.tab, `document.getElementById("ledger").href`)
	if len(id) != 32 || link != p.srv.URL+"/api/games/tinrail/ranked/"+id || eval[bool](p.tab, `document.getElementById("ranked-shown").classList.contains("hidden")`) {
		t.Fatalf("the page shows the ranked id %q and links %s", id, link)
	}
	if replay := eval[string](p.tab, `document.getElementById("ranked-replay").href`); replay != p.srv.URL+"/view/?game=tinrail&ranked="+id {
		t.Errorf("the page links the ranked match's replay to %s", replay)
	}
	var sent []json.RawMessage
	for !strings.HasPrefix(p.text("#status"), "Over") {
		if len(sent) == 40 {
			t.Fatal("the ranked match is not over after 40 placements")
		}
		i, r := playSurvivor(p)
		keys := []chromedp.Action[chromedp.Void]{chromedp.KeyEvent(strconv.Itoa(i + 1))}
		for range r {
			keys = append(keys, chromedp.KeyEvent("r"))
		}
		sent = append(sent, json.RawMessage(fmt.Sprintf(`{"type":"place","tileIndex":%d,"rotation":%d}`, i, r)))
		p.do(append(keys, chromedp.KeyEvent(kb.Enter), until(playSettled(len(sent)+1)))...)
		if refusal := p.text("#refusal"); refusal != "" {
			t.Fatalf("placement %d: %s", len(sent), refusal)
		}
	}
	res, err := http.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var ledger struct {
		ID      string
		Game    string
		Options map[string]string
		Actions []json.RawMessage
		Over    bool
		Seed    uint64
		Score   int
		Result  json.RawMessage
	}
	if err := json.NewDecoder(res.Body).Decode(&ledger); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %v", link, res.StatusCode, err)
	}
	score, _ := strconv.Atoi(p.text("#score"))
	actions, _ := json.Marshal(ledger.Actions)
	want, _ := json.Marshal(sent)
	if ledger.ID != id || ledger.Game != "tinrail" || !ledger.Over || !playSameJSON(actions, want) || ledger.Score != score ||
		!playSameJSON(ledger.Result, []byte(p.text("#result"))) || !reflect.DeepEqual(ledger.Options, map[string]string{"opponent": "easy"}) {
		t.Fatalf("the ledger %+v; the page sent %s, shows score %d and result %s", ledger, want, score, p.text("#result"))
	}
	if seed := p.text("#seed-shown"); seed != fmt.Sprintf("seed %d", ledger.Seed) {
		t.Errorf("the page shows %q at the end, the ledger seed %d", seed, ledger.Seed)
	}
	s, err := client.Start(context.Background(), client.NewHTTP(p.srv.URL), "tinrail", map[string]string{"opponent": "easy", "seed": strconv.FormatUint(ledger.Seed, 10)})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range ledger.Actions {
		if _, err := s.Act(context.Background(), a); err != nil {
			t.Fatal(err)
		}
	}
	var last struct{ Observation string }
	json.Unmarshal(s.Last.Body, &last)
	if shown := p.text("#observation"); shown != last.Observation {
		t.Errorf("the page shows the observation %q; replaying the ledger ends in %q", shown, last.Observation)
	}
	t.Logf("ranked %s: %d placements, score %d", id, len(sent), score)
}

// playSurvivor reads the board and the hand the Tinrail page shows and
// answers the first placement, hand index and rotation, whose ride keeps
// your engine on the table, else #0 at rotation 0.
func playSurvivor(p *playPage) (int, int) {
	p.t.Helper()
	var got struct {
		Tiles [][3]int // cell, tile, rotation
		You   [2]int   // cell, port
		Hand  [][2]int // index, tile
	}
	js := `JSON.stringify({tiles: [...document.querySelectorAll("#board g.tile")].map((g) => [+g.dataset.cell, +g.dataset.tile, +g.dataset.rotation]),
		you: ((e) => [+e.dataset.cell, +e.dataset.port])(document.querySelector('#board g.engine[data-engine="you"]')),
		hand: [...document.querySelectorAll("#controls .tiles button")].map((b) => [+b.dataset.tileIndex, +b.dataset.tile])})`
	if err := json.Unmarshal([]byte(eval[string](p.tab, js)), &got); err != nil {
		p.t.Fatal(err)
	}
	var board engine.Board
	for _, t := range got.Tiles {
		board.Put(t[0], engine.Tile(t[1]), t[2])
	}
	for _, h := range got.Hand {
		for r := range 4 {
			b := board
			b.Put(got.You[0], engine.Tile(h[1]), r)
			if !b.Ride(engine.Notch{Cell: got.You[0], Port: got.You[1]}).Off {
				return h[0], r
			}
		}
	}
	return 0, 0
}

// playPage is the play page in a browser tab, a game open on it, and the
// same match played through the API beside it.
type playPage struct {
	*tab
	srv  *httptest.Server
	game string
	s    *client.Session
	rec  *golden.Case // the API's transcript of the match
}

// openPlay opens the play page on a fresh server and clicks game in its
// list of games, which must lead to ?game=game and its options.
func openPlay(t *testing.T, game string) *playPage {
	b := newTab(t, 3*time.Minute)
	srv := httptest.NewServer(testserver.WithLive(t, nil))
	t.Cleanup(srv.Close)
	b.do(chromedp.Navigate(srv.URL + "/play/"))
	var mu sync.Mutex
	var thrown []string
	go func() {
		for msg, err := range chromedp.Console(b.ctx) {
			if err == nil && msg.IsException() {
				mu.Lock()
				thrown = append(thrown, msg.Text)
				mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		if len(thrown) > 0 {
			t.Errorf("the page threw %q", thrown)
		}
	})
	b.do(chromedp.Click(`#games li[data-game="`+game+`"] a`), chromedp.WaitVisible("#start"))
	if url := eval[string](b, "location.href"); url != srv.URL+"/play/?game="+game {
		t.Errorf("the game's link leads to %s", url)
	}
	return &playPage{tab: b, srv: srv, game: game}
}

// playSettled is true once the page holds steps steps and waits for none.
func playSettled(steps int) string {
	return fmt.Sprintf(`document.getElementById("match").dataset.steps === "%d" && document.getElementById("match").dataset.busy === "false"`, steps)
}

// settle waits for the page to hold steps steps and wait for none, and
// says what the page holds if it does not within 30 seconds (a loaded CI
// machine can keep a headless browser waiting for seconds).
func (p *playPage) settle(steps int) {
	p.t.Helper()
	wait := chromedp.Poll[chromedp.Void](playSettled(steps), chromedp.WithPollingTimeout(30*time.Second))
	if err := chromedp.Do(p.ctx, wait); err != nil {
		held, _ := chromedp.Run(p.ctx, chromedp.Evaluate[string](`JSON.stringify({...document.getElementById("match").dataset, refusal: document.getElementById("refusal").textContent})`))
		p.t.Fatalf("the page did not settle at %d steps: %v; it holds %s", steps, err, held)
	}
}

// start fills the options form by input, starts the match, starts the
// same one through the API with query, and checks the first answer.
func (p *playPage) start(query map[string]string, input ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	p.do(input...)
	p.do(chromedp.Click("#start"))
	p.settle(1)
	var err error
	if p.s, err = client.Start(context.Background(), client.NewHTTP(p.srv.URL), p.game, query); err != nil {
		p.t.Fatal(err)
	}
	if p.game == "brinebell" {
		p.s.Field = "stateToken"
	}
	if p.rec, err = p.s.Record(query); err != nil {
		p.t.Fatal(err)
	}
	p.check()
}

// act plays action on the page by input and through the API, and checks
// the page against the API's answer.
func (p *playPage) act(action json.RawMessage, input ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	n := len(p.rec.Steps)
	p.do(input...)
	p.settle(n + 1)
	if _, err := p.s.Act(context.Background(), action); err != nil {
		p.t.Fatal(err)
	}
	p.check()
}

// playAnswer is what the page shows of an answer beside the board.
type playAnswer struct {
	OK          bool            `json:"ok"`
	Code        string          `json:"code"`
	Reason      string          `json:"reason"`
	GameOver    bool            `json:"gameOver"`
	Observation string          `json:"observation"`
	Score       int             `json:"score"`
	Turn        string          `json:"turn"`
	Result      json.RawMessage `json:"result"`
	Events      json.RawMessage `json:"events"`
}

const playFactsJS = `JSON.stringify(Object.fromEntries(["status", "refusal", "observation", "score", "turn", "result"].map((id) => [id, document.getElementById(id).textContent]).concat([["events", document.querySelectorAll("#events li").length]])))`

// check holds the page to the API's transcript: beside the board the
// latest accepted answer and the last step's refusal if refused, and the
// board as the renderer draws the latest accepted answer.
func (p *playPage) check() {
	p.t.Helper()
	steps := p.rec.Steps
	answer := func(i int) playAnswer {
		var a playAnswer
		if err := json.Unmarshal(steps[i].Answer, &a); err != nil {
			p.t.Fatal(err)
		}
		return a
	}
	last, drawn := answer(len(steps)-1), len(steps)-1
	for !answer(drawn).OK {
		drawn--
	}
	a := answer(drawn)
	var got struct {
		Status, Refusal, Observation, Score, Turn, Result string
		Events                                            int
	}
	if err := json.Unmarshal([]byte(eval[string](p.tab, playFactsJS)), &got); err != nil {
		p.t.Fatal(err)
	}
	refusal, status := "", "Your move."
	if !last.OK {
		refusal = fmt.Sprintf("Refused (%s): %s", last.Code, last.Reason)
	}
	if a.GameOver {
		status = "Over: "
	}
	var events []json.RawMessage
	json.Unmarshal(a.Events, &events)
	step := len(steps) - 1
	switch {
	case got.Refusal != refusal:
		p.t.Errorf("step %d: the page shows the refusal %q, want %q", step, got.Refusal, refusal)
	case got.Observation != a.Observation:
		p.t.Errorf("step %d: the page shows the observation %q, want %q", step, got.Observation, a.Observation)
	case got.Score != strconv.Itoa(a.Score) || got.Turn != a.Turn || !strings.HasPrefix(got.Status, status):
		p.t.Errorf("step %d: the page shows score %q, turn %q, status %q; want %d, %q, %q", step, got.Score, got.Turn, got.Status, a.Score, a.Turn, status)
	case (got.Result == "") != (string(a.Result) == "null") || got.Result != "" && !playSameJSON(a.Result, []byte(got.Result)):
		p.t.Errorf("step %d: the page shows the result %q, want %s", step, got.Result, a.Result)
	case got.Events != len(events):
		p.t.Errorf("step %d: the page lists %d events, want %d", step, got.Events, len(events))
	}
	tr := p.replay()
	switch p.game {
	case "tinrail":
		checkTinrail(p.tab, tr, step)
	case "tron":
		checkTron(p.tab, tr, step)
	case "brinebell":
		var s viewerStep
		raw, _ := json.Marshal(tr.Steps[drawn])
		json.Unmarshal(raw, &s)
		p.do(until(fmt.Sprintf(`document.querySelector("#board .bb").dataset.step === "%d"`, drawn)))
		if diff := brinebellDiff(p.tab, s); diff != "" {
			p.t.Errorf("step %d (the board of step %d): %s", step, drawn, diff)
		}
	}
}

// replay is the API's transcript as the viewer's tests read one.
func (p *playPage) replay() *replay {
	p.t.Helper()
	raw, err := json.Marshal(p.rec)
	if err != nil {
		p.t.Fatal(err)
	}
	var tr replay
	if err := json.Unmarshal(raw, &tr); err != nil {
		p.t.Fatal(err)
	}
	return &tr
}

// safePlacement tries every legal placement from the API's token and
// answers the first that wins, else the first that keeps your engine on
// the table, else the first.
func (p *playPage) safePlacement() json.RawMessage {
	p.t.Helper()
	var legal struct{ LegalActions []json.RawMessage }
	json.Unmarshal(p.s.Last.Body, &legal)
	best, rank := legal.LegalActions[0], 0
	for _, action := range legal.LegalActions {
		status, body, err := p.s.T.Act(context.Background(), "tinrail", "state", p.s.Last.Token, action)
		if err != nil || status != http.StatusOK {
			p.t.Fatalf("trying %s: %d %v", action, status, err)
		}
		var a struct {
			View   tinrail.View
			Result *tinrail.Result
		}
		json.Unmarshal(body, &a)
		r := 0
		switch {
		case a.Result != nil && a.Result.Outcome == "win":
			r = 3
		case a.View.You.OnTable && a.Result == nil:
			r = 2
		case a.Result != nil && a.Result.Outcome == "draw":
			r = 1
		}
		if r > rank {
			best, rank = action, r
		}
	}
	return best
}

// checkPreview holds the chosen placement and its preview, the board with
// the chosen tile where your engine waits, to the API's hand.
func (p *playPage) checkPreview(tileIndex, rotation int) {
	p.t.Helper()
	var v tinrail.View
	if err := p.s.Last.View(&v); err != nil {
		p.t.Fatal(err)
	}
	var got struct {
		Chosen [2]int
		Ghost  []string
		Tiles  int
	}
	js := fmt.Sprintf(`(() => {
		const c = document.querySelector("#controls .chosen").dataset, g = document.querySelector('#controls .preview g.tile[data-cell="%d"]');
		return JSON.stringify({chosen: [+c.tileIndex, +c.rotation], ghost: g ? [g.dataset.tile, g.dataset.rotation, g.dataset.strands] : [],
			tiles: document.querySelectorAll("#controls .preview g.tile").length});
	})()`, v.You.Cell)
	if err := json.Unmarshal([]byte(eval[string](p.tab, js)), &got); err != nil {
		p.t.Fatal(err)
	}
	h := v.Hand[tileIndex]
	var strands []string
	for _, s := range h.Rotations[rotation] {
		strands = append(strands, fmt.Sprintf("%d-%d", s[0], s[1]))
	}
	want := []string{strconv.Itoa(h.Tile), strconv.Itoa(rotation), strings.Join(strands, " ")}
	if got.Chosen != [2]int{tileIndex, rotation} || !reflect.DeepEqual(got.Ghost, want) || got.Tiles != len(v.Board)+1 {
		p.t.Errorf("chose %v with a preview of %d tiles, %v in cell %d; want %v, %d tiles and %v", got.Chosen, got.Tiles, got.Ghost, v.You.Cell, [2]int{tileIndex, rotation}, len(v.Board)+1, want)
	}
}

// transcript downloads the page's transcript and holds it to the API's,
// then replays it in the viewer, opened in a new tab by the page.
func (p *playPage) transcript() {
	p.t.Helper()
	dir := p.t.TempDir()
	p.do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir})
		return err
	}), chromedp.Click("#download"))
	name := eval[string](p.tab, `document.getElementById("download").download`)
	var body []byte
	for range 100 {
		if b, err := os.ReadFile(filepath.Join(dir, name)); err == nil && len(b) > 0 {
			body = b
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	want := *p.rec
	want.Name, want.Steps = "played", slices.Clone(want.Steps)
	for i := range want.Steps {
		want.Steps[i].Digest = ""
	}
	wantJSON, _ := json.Marshal(want)
	if !playSameJSON(body, wantJSON) {
		p.t.Errorf("the downloaded %s is\n%s\nwant the API's transcript\n%s", name, body, wantJSON)
	}

	opened := chromedp.WaitNewTarget(p.ctx, func(i *target.Info) bool { return strings.HasSuffix(i.URL, "/view/") })
	p.do(chromedp.Click("#replay"))
	viewer := p.tab.child(chromedp.WithTargetID(<-opened))
	last := len(p.rec.Steps) - 1
	viewer.do(until(fmt.Sprintf(`document.getElementById("position").textContent === "step 0 of %d"`, last)))
	if title := viewer.text("#title"); !strings.HasPrefix(title, p.game+": played") {
		p.t.Errorf("the viewer opened %q", title)
	}
}

// playTronState is the view as TestTronPage's move chooser reads a match.
func playTronState(t *testing.T, v *tron.View) *tronState {
	seats := make([]map[string]any, len(v.Board))
	for i, trail := range v.Board {
		seats[i] = map[string]any{"alive": v.Cycles[i].Alive, "trail": trail}
	}
	raw, _ := json.Marshal(map[string]any{"width": v.Width, "height": v.Height, "round": v.Round, "seats": seats})
	var st tronState
	if err := json.Unmarshal(raw, &st); err != nil {
		t.Fatal(err)
	}
	return &st
}

// playSameJSON reports whether two JSON texts hold equal values.
func playSameJSON(a, b []byte) bool {
	var x, y any
	return json.Unmarshal(a, &x) == nil && json.Unmarshal(b, &y) == nil && reflect.DeepEqual(x, y)
}
