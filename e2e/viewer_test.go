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
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/conformance"
	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/games/tinrail"
	"github.com/agentgames/bundle/games/tron"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestViewerTron opens a four-cycle golden Tron case in the replay viewer
// from its gallery and by ?step= links, and steps it by keys and buttons:
// at every step shown the canvas must hold exactly the transcript's trail
// cells, each in its cycle's colour, the heads in theirs, the cycles'
// lines their heads, lengths and crashes, and the facts beside it the
// step's. Screenshots go to .artifacts/viewer-tron-<step>.png.
func TestViewerTron(t *testing.T) {
	viewerCase(t, "tron", "p4-30x30-easy-seed015-easy", checkTron)
}

// TestViewerTinrail is TestViewerTron for a golden Tinrail case that ends
// with a refused action: the placed tiles with their rails, both engines
// where they wait or that they left the table, and the hand.
func TestViewerTinrail(t *testing.T) {
	viewerCase(t, "tinrail", "wise-seed031-cautious", checkTinrail)
}

// viewerCase finds golden case name of game from the viewer's list of
// games and the game's gallery and opens it, then opens it at its last
// and a middle step by link, checking each against the transcript the
// server serves with check and checkFacts; then it steps by Right, Left,
// End and Home, the URL's step following, by the buttons, and plays and
// pauses by Space, checking again.
func viewerCase(t *testing.T, game, name string, check func(*tab, *replay, int)) {
	b := newTab(t, 2*time.Minute)
	srv := httptest.NewServer(testserver.New(t))
	defer srv.Close()
	tr := fetchTranscript(t, srv.URL+"/api/games/"+game+"/golden/"+name)
	last, mid := len(tr.Steps)-1, (len(tr.Steps)-1)/2
	page := srv.URL + "/view/?game=" + game + "&golden=" + name
	gameLink, caseLink := `#games li[data-game="`+game+`"] a`, `#cases li[data-case="`+name+`"] a`
	b.do(chromedp.Navigate(srv.URL+"/view/"), chromedp.WaitVisible(gameLink), chromedp.Click(gameLink), chromedp.WaitVisible(caseLink))
	if href := eval[string](b, `document.querySelector('`+caseLink+`').href`); href != page {
		t.Errorf("the gallery links %s to %s, want %s", name, href, page)
	}
	b.do(chromedp.Click(caseLink), chromedp.WaitVisible("#board > div > *"), atStep(0, last))
	for _, step := range []int{0, last, mid} {
		if step > 0 {
			b.do(chromedp.Navigate(page+"&step="+strconv.Itoa(step)), chromedp.WaitVisible("#board > div > *"), atStep(step, last))
		}
		checkFacts(b, tr, step)
		check(b, tr, step)
		b.screenshot(fmt.Sprintf("viewer-%s-%d.png", game, step))
	}
	for _, k := range []struct {
		key  string
		want int
	}{{kb.ArrowRight, mid + 1}, {kb.ArrowRight, mid + 2}, {kb.ArrowLeft, mid + 1}, {kb.End, last}, {kb.Home, 0}} {
		b.do(chromedp.KeyEvent(k.key), atStep(k.want, last), until(`location.search.endsWith("&step=`+strconv.Itoa(k.want)+`")`))
		checkFacts(b, tr, k.want)
		check(b, tr, k.want)
	}
	b.do(chromedp.Click("#forward"), atStep(1, last), chromedp.Click("#last"), atStep(last, last), chromedp.Click("#back"), atStep(last-1, last),
		chromedp.Click("#first"), atStep(0, last))
	b.do(chromedp.KeyEvent(" "), until(`!document.getElementById("position").textContent.startsWith("step 0 ")`), chromedp.KeyEvent(" "))
	paused := eval[int](b, `Number(document.getElementById("scrub").value)`)
	b.do(chromedp.Sleep(300 * time.Millisecond))
	if now := eval[int](b, `Number(document.getElementById("scrub").value)`); now != paused {
		t.Errorf("Space played to step %d and paused, then the page shows step %d", paused, now)
	}
	checkFacts(b, tr, paused)
	check(b, tr, paused)
}

// replay is a transcript as the viewer reads it.
type replay struct {
	Game  string `json:"game"`
	Full  bool   `json:"full"`
	Steps []struct {
		Action json.RawMessage `json:"action"`
		Answer *replayAnswer   `json:"answer"`
	} `json:"steps"`
}

// replayAnswer is what the viewer shows of an answer.
type replayAnswer struct {
	Turn        string          `json:"turn"`
	Score       int             `json:"score"`
	Code        string          `json:"code"` // a refusal's
	Reason      string          `json:"reason"`
	Observation string          `json:"observation"`
	Result      json.RawMessage `json:"result"`
	View        json.RawMessage `json:"view"`
}

// drawn is the step whose answer the page shows at step: the step, or if
// it has no view (a refusal, a digest only) the latest earlier one with.
func (tr *replay) drawn(t *testing.T, step int) int {
	t.Helper()
	for ; step >= 0; step-- {
		if a := tr.Steps[step].Answer; a != nil && a.View != nil {
			return step
		}
	}
	t.Fatal("no step carries a view")
	return 0
}

// view decodes the view the board shows at step.
func (tr *replay) view(t *testing.T, step int, v any) {
	t.Helper()
	if err := json.Unmarshal(tr.Steps[tr.drawn(t, step)].Answer.View, v); err != nil {
		t.Fatal(err)
	}
}

// fetchTranscript reads the whole transcript the server serves at url,
// compact, expanded.
func fetchTranscript(t *testing.T, url string) *replay {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var c golden.Case // reading a compact transcript expands it
	if err := json.NewDecoder(res.Body).Decode(&c); err != nil || res.StatusCode != http.StatusOK || !c.Full {
		t.Fatalf("GET %s: %d %v, full %v", url, res.StatusCode, err, c.Full)
	}
	return asReplay(t, &c)
}

// asReplay is a transcript, every answer whole, as the viewer tests read
// it.
func asReplay(t *testing.T, c *golden.Case) *replay {
	t.Helper()
	data, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var tr replay
	if err := json.Unmarshal(data, &tr); err != nil {
		t.Fatal(err)
	}
	return &tr
}

// atStep waits for the viewer to show step of last.
func atStep(step, last int) chromedp.Action[chromedp.Void] {
	return until(fmt.Sprintf(`document.getElementById("position").textContent === "step %d of %d"`, step, last))
}

// checkFacts holds what the page shows beside the board to the step's
// action and to the answer drawn: the observation, the score, the turn
// and the result; a step without a view (a refused action, or a golden
// file's step that keeps only its digest) says why it shows another.
func checkFacts(b *tab, tr *replay, step int) {
	b.t.Helper()
	var got struct{ Action, Observation, Score, Turn, Result, Note string }
	js := `JSON.stringify(Object.fromEntries(["action", "observation", "score", "turn", "result", "note"].map((id) => [id, document.getElementById(id).textContent])))`
	if err := json.Unmarshal([]byte(eval[string](b, js)), &got); err != nil {
		b.t.Fatal(err)
	}
	drawn := tr.drawn(b.t, step)
	a, note := tr.Steps[drawn].Answer, ""
	if r := tr.Steps[step].Answer; r == nil {
		note = fmt.Sprintf("This file keeps only this step's digest. The board and the text are step %d's.", drawn)
	} else if drawn != step {
		note = fmt.Sprintf("Refused (%s): %s. The board and the text are step %d's.", r.Code, r.Reason, drawn)
	}
	var result any
	json.Unmarshal([]byte(got.Result), &result)
	var want any
	json.Unmarshal(a.Result, &want)
	switch {
	case got.Observation != a.Observation:
		b.t.Errorf("step %d shows the observation %q, want %q", step, got.Observation, a.Observation)
	case got.Note != note:
		b.t.Errorf("step %d shows the note %q, want %q", step, got.Note, note)
	case got.Score != strconv.Itoa(a.Score):
		b.t.Errorf("step %d shows the score %q, want %d", step, got.Score, a.Score)
	case got.Turn != a.Turn:
		b.t.Errorf("step %d shows the turn %q, want %q", step, got.Turn, a.Turn)
	case (want != nil) != (got.Result != "") || !reflect.DeepEqual(result, want):
		b.t.Errorf("step %d shows the result %q, want %s", step, got.Result, a.Result)
	case step == 0 && !strings.HasPrefix(got.Action, "init: "), step > 0 && got.Action != replayAction(tr.Game, tr.Steps[step].Action):
		b.t.Errorf("step %d shows the action %q for %s", step, got.Action, tr.Steps[step].Action)
	}
}

// replayAction is how the game's renderer names an action.
func replayAction(game string, raw json.RawMessage) string {
	var a struct {
		Dir                 string
		TileIndex, Rotation int
	}
	json.Unmarshal(raw, &a)
	if game == "tron" {
		return fmt.Sprintf("move %s (%s)", a.Dir, map[string]string{"x+": "right", "x-": "left", "y+": "down", "y-": "up"}[a.Dir])
	}
	return fmt.Sprintf("place hand tile #%d at rotation %d", a.TileIndex, a.Rotation)
}

// tronCanvasJS reads the Tron renderer's canvas back: the centre pixel of
// every cell, as a trail or head colour of a seat, and the cycles' lines.
const tronCanvasJS = `(() => {
	const c = document.querySelector("#board canvas.tron"), cell = Number(c.dataset.cell), half = cell >> 1;
	const trails = c.dataset.trails.split(" "), heads = c.dataset.heads.split(" ");
	const px = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
	const hex = (i) => "#" + [px[i], px[i + 1], px[i + 2]].map((v) => v.toString(16).padStart(2, "0")).join("");
	const out = {cells: [], heads: [], stray: [], lines: []};
	for (let y = 0; y < c.height / cell; y++) for (let x = 0; x < c.width / cell; x++) {
		const i = ((y * cell + half) * c.width + x * cell + half) * 4;
		if (px[i + 3] === 0) continue;
		const trail = trails.indexOf(hex(i)), head = heads.indexOf(hex(i));
		if (head >= 0) out.heads.push([head, x, y]);
		if (trail >= 0 || head >= 0) out.cells.push([Math.max(trail, head), x, y]);
		else out.stray.push(hex(i) + " at " + x + "," + y);
	}
	out.lines = [...document.querySelectorAll("#board .seats li")].map((li) => li.textContent);
	return JSON.stringify(out);
})()`

// checkTron holds the canvas and the cycles' lines to the step's view.
func checkTron(b *tab, tr *replay, step int) {
	b.t.Helper()
	var v tron.View
	tr.view(b.t, step, &v)
	var got struct {
		Cells, Heads [][3]int
		Stray, Lines []string
	}
	if err := json.Unmarshal([]byte(eval[string](b, tronCanvasJS)), &got); err != nil {
		b.t.Fatal(err)
	}
	var cells, heads [][3]int
	for seat, trail := range v.Board {
		for _, c := range trail {
			cells = append(cells, [3]int{seat, c[0], c[1]})
		}
		if len(trail) > 0 {
			heads = append(heads, [3]int{seat, trail[0][0], trail[0][1]})
		}
	}
	cmp := func(a, b [3]int) int { return slices.Compare(a[:], b[:]) }
	for _, s := range [][][3]int{cells, heads, got.Cells, got.Heads} {
		slices.SortFunc(s, cmp)
	}
	if !slices.Equal(got.Cells, cells) || !slices.Equal(got.Heads, heads) || len(got.Stray) > 0 {
		b.t.Errorf("step %d: the canvas holds %d trail cells %v and heads %v (stray colours %v), want %d %v and %v",
			step, len(got.Cells), got.Cells, got.Heads, got.Stray, len(cells), cells, heads)
	}
	for i, c := range v.Cycles {
		want := ""
		if c.Alive {
			want = fmt.Sprintf("head (%d,%d), %d cells", c.Head[0], c.Head[1], c.Length)
		} else {
			at := crashedFrom(b.t, tr, step, i)
			want = fmt.Sprintf("crashed in round %d at (%d,%d)", *c.Died, at[0], at[1])
		}
		if i >= len(got.Lines) || !strings.Contains(got.Lines[i], "ABCD"[i:i+1]+" · "+c.Name+": "+want) {
			b.t.Errorf("step %d: the cycles' lines %q, want cycle %d's to say %q", step, got.Lines, i, want)
		}
	}
}

// crashedFrom is the last head a step up to step shows of seat's cycle.
func crashedFrom(t *testing.T, tr *replay, step, seat int) [2]int {
	for ; step >= 0; step-- {
		var v tron.View
		if a := tr.Steps[step].Answer; a != nil && json.Unmarshal(a.View, &v) == nil && v.Cycles[seat].Head != nil {
			return *v.Cycles[seat].Head
		}
	}
	t.Fatalf("cycle %d has no head in any step", seat)
	return [2]int{}
}

// tinrailJS reads what the Tinrail renderer drew: the tiles, the engines
// and the hand's captions.
const tinrailJS = `JSON.stringify({
	tiles: [...document.querySelectorAll("#board g.tile")].map((g) => ({cell: +g.dataset.cell, tile: +g.dataset.tile, rotation: +g.dataset.rotation, strands: g.dataset.strands, rails: g.querySelectorAll("path").length})),
	engines: [...document.querySelectorAll("#board g.engine")].map((g) => ({engine: g.dataset.engine, cell: +g.dataset.cell, port: +g.dataset.port, onTable: g.dataset.onTable === "true", marks: g.children.length})),
	hand: [...document.querySelectorAll("#board .hand figcaption")].map((f) => f.textContent),
})`

// checkTinrail holds the board the page drew to the step's view.
func checkTinrail(b *tab, tr *replay, step int) {
	b.t.Helper()
	var v tinrail.View
	tr.view(b.t, step, &v)
	type tile struct {
		Cell, Tile, Rotation, Rails int
		Strands                     string
	}
	type engine struct {
		Engine     string
		Cell, Port int
		OnTable    bool
		Marks      int
	}
	var got struct {
		Tiles   []tile
		Engines []engine
		Hand    []string
	}
	if err := json.Unmarshal([]byte(eval[string](b, tinrailJS)), &got); err != nil {
		b.t.Fatal(err)
	}
	var tiles []tile
	for _, p := range v.Board {
		var s []string
		for _, st := range p.Strands {
			s = append(s, fmt.Sprintf("%d-%d", st[0], st[1]))
		}
		tiles = append(tiles, tile{p.Cell, p.Tile, p.Rotation, 4, strings.Join(s, " ")})
	}
	marks := func(on bool) int { return map[bool]int{true: 2, false: 1}[on] } // a disc and its letter, or a cross
	engines := []engine{{"you", v.You.Cell, v.You.Port, v.You.OnTable, marks(v.You.OnTable)}, {"gbot", v.GBot.Cell, v.GBot.Port, v.GBot.OnTable, marks(v.GBot.OnTable)}}
	var hand []string
	for _, h := range v.Hand {
		hand = append(hand, fmt.Sprintf("#%d: tile %d", h.TileIndex, h.Tile))
	}
	if !slices.Equal(got.Tiles, tiles) || !slices.Equal(got.Engines, engines) || !slices.Equal(got.Hand, hand) {
		b.t.Errorf("step %d: drawn tiles %+v, engines %+v, hand %q; want %+v, %+v, %q", step, got.Tiles, got.Engines, got.Hand, tiles, engines, hand)
	}
}

// TestViewerDrop drops a golden file of the repository, which keeps the
// answers of only some steps, on the viewer's home page: it opens at step
// 0, and a step with only a digest shows the board and the text of the
// latest step kept, saying so.
func TestViewerDrop(t *testing.T) {
	body, err := os.ReadFile("../golden/tron/p2-10x10-easy-seed008-easy.json")
	if err != nil {
		t.Fatal(err)
	}
	var tr replay
	if err := json.Unmarshal(body, &tr); err != nil || tr.Full || tr.Steps[11].Answer != nil {
		t.Fatalf("the file is no longer a partial transcript with step 11 a digest only: %v", err)
	}
	last := len(tr.Steps) - 1
	b := newTab(t, time.Minute)
	srv := httptest.NewServer(testserver.New(t))
	defer srv.Close()
	text, _ := json.Marshal(string(body))
	b.do(chromedp.Navigate(srv.URL+"/view/"), chromedp.WaitVisible("#games li"),
		chromedp.Evaluate[chromedp.Void](`(() => {
			const dt = new DataTransfer();
			dt.items.add(new File([`+string(text)+`], "case.json", {type: "application/json"}));
			document.body.dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
		})()`), atStep(0, last))
	for _, k := range []struct {
		key  string
		step int
	}{{kb.Home, 0}, {kb.End, last}, {kb.ArrowLeft, 11}} {
		b.do(chromedp.KeyEvent(k.key), atStep(k.step, last))
		checkFacts(b, &tr, k.step)
		checkTron(b, &tr, k.step)
	}
}

// TestViewerLongTron measures the viewer on a long Tron match, two wise
// bots on a 100x100 grid for 3,576 rounds: it opens the compact
// transcript as a file, steps once a frame by keyboard, then back to
// back from the end, and logs the transcript's size whole and compact,
// the time to open, the frames a second and the cost of a step. The
// canvas must match the transcript at each step it stops at; the only
// timed assert is a sanity bound on opening. It takes minutes (the wise
// bots' match), so it runs only when asked:
// VIEWER_MEASURE=1 go test -count=1 -run ViewerLongTron -v ./e2e
func TestViewerLongTron(t *testing.T) {
	if os.Getenv("VIEWER_MEASURE") == "" {
		t.Skip("a measurement that plays two wise bots for minutes: set VIEWER_MEASURE=1")
	}
	c := longTron(t)
	whole, err := c.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	compact, err := c.Compact(golden.Checkpoint).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "long-tron.json")
	if err := os.WriteFile(path, compact, 0o644); err != nil {
		t.Fatal(err)
	}
	if len(compact)*8 > len(whole) {
		t.Errorf("the transcript takes %d bytes compact, more than an eighth of its %d whole", len(compact), len(whole))
	}
	tr := asReplay(t, c)
	last := len(tr.Steps) - 1
	b := newTab(t, 5*time.Minute)
	srv := httptest.NewServer(testserver.New(t))
	defer srv.Close()
	b.do(chromedp.Navigate(srv.URL+"/view/"), chromedp.WaitVisible("#games li"))
	start := time.Now()
	b.do(chromedp.SetUploadFiles("#file", []string{path}), atStep(0, last))
	open := time.Since(start)
	checkTron(b, tr, 0)
	// Each frame steps once, as a held key would; then steps back to back
	// from the end, each drawn.
	const frames = 300
	fps, err := chromedp.Run(b.ctx, chromedp.Evaluate[float64](`new Promise((done) => {
		let n = 0; const t0 = performance.now();
		const frame = () => {
			document.dispatchEvent(new KeyboardEvent("keydown", {key: "ArrowRight"}));
			if (++n < `+strconv.Itoa(frames)+`) requestAnimationFrame(frame); else done(n * 1000 / (performance.now() - t0));
		};
		requestAnimationFrame(frame);
	})`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	b.do(atStep(frames, last))
	checkTron(b, tr, frames)
	b.do(chromedp.KeyEvent(kb.End), atStep(last, last))
	checkTron(b, tr, last)
	back := min(1000, last)
	perStep := eval[float64](b, `(() => {
		const t0 = performance.now();
		for (let i = 0; i < `+strconv.Itoa(back)+`; i++) document.dispatchEvent(new KeyboardEvent("keydown", {key: "ArrowLeft"}));
		return (performance.now() - t0) / `+strconv.Itoa(back)+`;
	})()`)
	b.do(atStep(last-back, last))
	checkTron(b, tr, last-back)
	b.screenshot("viewer-tron-long.png")
	t.Logf("%d steps, a transcript of %.1f MB whole, %.1f MB compact: opened in %v; %.0f frames a second stepping one step a frame; %.2f ms a step drawn back to back",
		len(tr.Steps), float64(len(whole))/1e6, float64(len(compact))/1e6, open.Round(time.Millisecond), fps, perStep)
	if open > 5*time.Second { // 0.25-0.7 s; parsing the whole transcript alone takes 4 s
		t.Errorf("opening the transcript took %v", open)
	}
}

// longTron plays a duel of wise bots on a 100x100 grid in process, the
// agent's moves the wise bot's on a copy of the match it keeps from the
// answers' events, and answers its whole transcript.
func longTron(t *testing.T) *golden.Case {
	ctx := context.Background()
	ref, err := conformance.Reference()
	if err != nil {
		t.Fatal(err)
	}
	c := golden.Case{Format: golden.Format, Game: "tron", Name: "long-100x100-wise", Covers: []string{"measure"}, Full: true,
		Query: map[string]string{"width": "100", "height": "100", "opponent": "wise", "seed": "4"}}
	mirror, err := engine.New(4, 100, 100, 2)
	if err != nil {
		t.Fatal(err)
	}
	s, err := client.Start(ctx, ref, "tron", c.Query)
	if err != nil {
		t.Fatal(err)
	}
	var action json.RawMessage
	for {
		rec, err := golden.Recorded(s.Last.Body)
		if err != nil {
			t.Fatal(err)
		}
		digest, err := golden.Digest(s.Last.Body)
		if err != nil {
			t.Fatal(err)
		}
		c.Steps = append(c.Steps, golden.Step{Action: action, Digest: digest, Answer: rec})
		if s.Last.GameOver {
			break
		}
		action, _ = tron.BotMove(mirror, 0, "wise")
		if _, err := s.Act(ctx, action); err != nil {
			t.Fatal(err)
		}
		var round struct{ Events []tron.RoundEvent }
		if err := json.Unmarshal(s.Last.Body, &round); err != nil || len(round.Events) != 1 {
			t.Fatalf("round %d: %v, events %s", mirror.Round()+1, err, s.Last.Body)
		}
		var moves [engine.MaxPlayers]engine.Dir
		for p, m := range round.Events[0].Moves {
			if m != nil {
				moves[p], _ = engine.ParseDir(*m)
			}
		}
		mirror.Play(moves)
	}
	return &c
}
