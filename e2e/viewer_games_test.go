package e2e

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/agentgames/bundle/games/brinebell"
	"github.com/agentgames/bundle/games/tidebreakers"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestViewerGames opens a golden Brinebell match and a golden Tidebreakers
// match in the replay viewer at /view/, each at its first step, at a
// middle step where something is under way (a ferry sailing with riders;
// an expedition) and at its last step (reached with the End key), and
// holds the page to the transcript the server serves for the case: for
// Brinebell each dock's line, each ferry's mode, route, progress and
// riders, every passenger's patience, the clock and the score; for
// Tidebreakers every island's holder and strength, whose turn, the round,
// the step's expeditions and supplies and each captain's counts; for both
// the observation and the action's description. A step with no view (a
// refused action) must show the latest board and observation before it.
// It keeps screenshots in .artifacts/viewer-<game>-<step>.png.
func TestViewerGames(t *testing.T) {
	b := newTab(t, 2*time.Minute)
	srv := httptest.NewServer(testserver.New(t))
	defer srv.Close()

	for _, c := range []struct {
		game, name string
		busy       func(viewerStep) bool
		check      func(*tab, viewerStep) string
	}{
		{"brinebell", "seed001-dispatch", sailing, brinebellDiff},
		{"tidebreakers", "p4-sample-seed003-thin", attacking, tidebreakersDiff},
	} {
		steps := viewerTranscript(t, srv.URL+"/api/games/"+c.game+"/golden/"+c.name)
		mid := len(steps) / 2
		for mid < len(steps)-1 && !c.busy(steps[mid]) {
			mid++
		}
		if !c.busy(steps[mid]) {
			t.Fatalf("%s/%s: no step from the middle on has a ferry sailing with riders or an expedition", c.game, c.name)
		}
		page := srv.URL + "/view/?game=" + c.game + "&golden=" + c.name
		for _, i := range []int{0, mid, len(steps) - 1} {
			if i == len(steps)-1 {
				b.do(chromedp.KeyEvent(kb.End))
			} else {
				b.do(chromedp.Navigate(page+"&step="+strconv.Itoa(i)), chromedp.WaitReady("#board"))
			}
			drawn := i
			for steps[drawn].Answer == nil || steps[drawn].Answer.View == nil {
				drawn--
			}
			b.do(until(fmt.Sprintf(`document.querySelector("#board [data-step]")?.dataset.step === "%d" && document.getElementById("position").textContent === "step %d of %d"`,
				drawn, i, len(steps)-1)))
			if got, observation := eval[string](b, `document.getElementById("observation").textContent`), steps[drawn].Answer.Observation; got != observation {
				t.Errorf("%s step %d: the page shows the observation %q, want %q", c.game, i, got, observation)
			}
			if got, want := eval[string](b, `document.getElementById("action").textContent`), describeAction(steps[i].Action); i > 0 && got != want {
				t.Errorf("%s step %d: the action reads %q, want %q", c.game, i, got, want)
			}
			if diff := c.check(b, steps[drawn]); diff != "" {
				t.Errorf("%s step %d (the board of step %d): %s", c.game, i, drawn, diff)
			}
			b.screenshot(fmt.Sprintf("viewer-%s-%d.png", c.game, i))
		}
		t.Logf("%s/%s: checked steps 0, %d and %d; screenshots in .artifacts/viewer-%s-*.png", c.game, c.name, mid, len(steps)-1, c.game)
	}
}

// viewerStep is one step of a transcript as the viewer tests read it.
type viewerStep struct {
	Action json.RawMessage `json:"action"`
	Answer *struct {
		Observation string               `json:"observation"`
		View        json.RawMessage      `json:"view"`
		Events      []tidebreakers.Event `json:"events"`
	} `json:"answer"`
}

// viewerTranscript reads the transcript the server serves at url,
// compact, expanded.
func viewerTranscript(t *testing.T, url string) []viewerStep {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var c golden.Case // reading a compact transcript expands it
	if err := json.NewDecoder(res.Body).Decode(&c); err != nil || res.StatusCode != http.StatusOK || len(c.Steps) == 0 {
		t.Fatalf("GET %s: %d %v", url, res.StatusCode, err)
	}
	data, _ := json.Marshal(c)
	var tr struct{ Steps []viewerStep }
	if err := json.Unmarshal(data, &tr); err != nil {
		t.Fatal(err)
	}
	return tr.Steps
}

// describeAction is how the Brinebell and Tidebreakers renderers should
// write a well-formed action.
func describeAction(raw json.RawMessage) string {
	var a struct {
		Type                             string
		Ticks, Ferry, Dock, Tile, Amount int
		From, To, Send                   int
	}
	json.Unmarshal(raw, &a)
	switch a.Type {
	case "advance":
		return fmt.Sprintf("advance %d ticks", a.Ticks)
	case "order":
		return fmt.Sprintf("order Ferry %c to %s", 'A'+a.Ferry, []string{"Bell Quay", "Orchard", "Shellbank", "Lantern", "Windmill"}[a.Dock])
	case "supply":
		return fmt.Sprintf("supply %d to island %d", a.Amount, a.Tile)
	case "attack":
		return fmt.Sprintf("send %d from island %d to %d", a.Send, a.From, a.To)
	}
	return a.Type
}

func brinebellView(s viewerStep) *brinebell.View {
	var v brinebell.View
	if s.Answer == nil || json.Unmarshal(s.Answer.View, &v) != nil {
		return nil
	}
	return &v
}

// sailing: a ferry of the step is under way with riders.
func sailing(s viewerStep) bool {
	v := brinebellView(s)
	return v != nil && slices.ContainsFunc(v.Ferries, func(f brinebell.Ferry) bool { return f.Mode == "sailing" && len(f.Riders) > 0 })
}

// attacking: the step sent an expedition.
func attacking(s viewerStep) bool {
	return s.Answer != nil && slices.ContainsFunc(s.Answer.Events, func(e tidebreakers.Event) bool { return e.Type == "attack" })
}

// brinebellPage is what the Brinebell board shows, read by brinebellPageJS.
type brinebellPage struct {
	Clock, Score int
	Stats        string
	Docks        []struct {
		Dock, Queue int
		Open        bool
		Line        []int // the passengers drawn at the dock, in order
	}
	Ferries  []brinebellFerry
	Patience map[string]int // per passenger drawn
}

// brinebellFerry is a ferry as the Brinebell board shows it.
type brinebellFerry struct {
	Ferry, Dock       int
	Mode, Destination string
	Progress          float64
	Riders            []int // the passengers drawn aboard, in order
}

const brinebellPageJS = `(() => {
	const root = document.querySelector("#board .bb"), ids = (e) => [...e.querySelectorAll("g.bb-passenger")].map((p) => Number(p.dataset.passenger));
	return JSON.stringify({
		clock: Number(root.dataset.clock), score: Number(root.dataset.score), stats: root.querySelector(".bb-stats").textContent,
		docks: [...root.querySelectorAll("g.bb-dock")].map((d) => ({dock: Number(d.dataset.dock), queue: Number(d.dataset.queue), open: d.dataset.open === "true", line: ids(d)})),
		ferries: [...root.querySelectorAll("g.bb-ferry")].map((f) => ({ferry: Number(f.dataset.ferry), dock: Number(f.dataset.dock), mode: f.dataset.mode,
			destination: f.dataset.destination, progress: Number(f.dataset.progress), riders: ids(f)})),
		patience: Object.fromEntries([...root.querySelectorAll("g.bb-passenger")].map((p) => [p.dataset.passenger, Number(p.dataset.patience)])),
	});
})()`

// brinebellDiff says how b's Brinebell board differs from step s, or "".
func brinebellDiff(b *tab, s viewerStep) string {
	v := brinebellView(s)
	var p brinebellPage
	if err := json.Unmarshal([]byte(eval[string](b, brinebellPageJS)), &p); err != nil || v == nil {
		return fmt.Sprintf("unreadable: %v", err)
	}
	switch {
	case p.Clock != v.Clock || p.Score != v.Score || !strings.Contains(p.Stats, fmt.Sprintf("Score %d", v.Score)):
		return fmt.Sprintf("clock %d, score %d (%q), want %d and %d", p.Clock, p.Score, p.Stats, v.Clock, v.Score)
	case len(p.Docks) != len(v.Docks) || len(p.Ferries) != len(v.Ferries):
		return fmt.Sprintf("%d docks and %d ferries drawn, want %d and %d", len(p.Docks), len(p.Ferries), len(v.Docks), len(v.Ferries))
	}
	for i, d := range v.Docks {
		if got := p.Docks[i]; got.Dock != d.ID || got.Open != d.Open || got.Queue != len(d.Waiting) || !slices.Equal(got.Line, d.Waiting) {
			return fmt.Sprintf("dock %d drawn as %+v, want open %v and the line %v", d.ID, got, d.Open, d.Waiting)
		}
	}
	slices.SortFunc(p.Ferries, func(a, b brinebellFerry) int { return a.Ferry - b.Ferry })
	for i, f := range v.Ferries {
		want, dest := 0.0, ""
		if f.Destination != nil {
			dest = strconv.Itoa(*f.Destination)
		}
		if f.Mode == "sailing" {
			crossing := 84.0
			if gap := *f.Destination - f.Dock; gap == 1 || gap == -1 || gap == 4 || gap == -4 {
				crossing = 54
			}
			want = 1 - float64(f.TicksLeft)/crossing
		}
		got := p.Ferries[i]
		if got.Ferry != f.ID || got.Mode != f.Mode || got.Dock != f.Dock || got.Destination != dest || math.Abs(got.Progress-want) > 0.001 || !slices.Equal(got.Riders, f.Riders) {
			return fmt.Sprintf("ferry %d drawn as %+v, want %s at dock %d to %q, %.3f of the way, riders %v", f.ID, got, f.Mode, f.Dock, dest, want, f.Riders)
		}
	}
	for _, q := range v.Passengers {
		if got, drawn := p.Patience[strconv.Itoa(q.ID)]; drawn && got != q.Patience || !drawn && (q.Status == "waiting" || q.Status == "riding") {
			return fmt.Sprintf("passenger %d (%s) drawn %v with patience %d, want %d", q.ID, q.Status, drawn, got, q.Patience)
		}
	}
	return ferriesApart(b)
}

// ferriesApartJS reads the box each ferry is drawn in (its hull, label
// and riders): ferry, x, y, width, height.
const ferriesApartJS = `JSON.stringify([...document.querySelectorAll("#board g.bb-ferry")].map((g) => {
	const r = g.getBBox();
	return [Number(g.dataset.ferry), r.x, r.y, r.width, r.height];
}))`

// ferriesApart says which ferries of b's Brinebell board are drawn over
// each other, or "".
func ferriesApart(b *tab) string {
	var boxes [][5]float64
	if err := json.Unmarshal([]byte(eval[string](b, ferriesApartJS)), &boxes); err != nil {
		return err.Error()
	}
	for i, a := range boxes {
		for _, c := range boxes[i+1:] {
			if a[1] < c[1]+c[3] && c[1] < a[1]+a[3] && a[2] < c[2]+c[4] && c[2] < a[2]+a[4] {
				return fmt.Sprintf("ferries %v and %v are drawn over each other (boxes x, y, w, h)", a, c)
			}
		}
	}
	return ""
}

// TestViewerFerriesApart opens a Brinebell transcript made from a golden
// step with both ferries, each step setting them where their drawings
// would meet: moored at one dock (at the top of the ring and at the
// bottom), on one leg the same way and both ways at once, one leaving or
// reaching a dock where the other is moored, and crossing on a long leg.
// At each the board must still match the view and draw no ferry, with
// its label and riders, over the other.
func TestViewerFerriesApart(t *testing.T) {
	b := newTab(t, time.Minute)
	srv := httptest.NewServer(testserver.New(t))
	defer srv.Close()
	res, err := http.Get(srv.URL + "/api/games/brinebell/golden/seed001-dispatch")
	if err != nil {
		t.Fatal(err)
	}
	var c golden.Case
	err = json.NewDecoder(res.Body).Decode(&c)
	res.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	var base json.RawMessage
	for _, st := range c.Steps {
		var a struct{ View brinebell.View }
		if json.Unmarshal(st.Answer, &a) == nil && len(a.View.Ferries) == 2 && len(a.View.Ferries[0].Riders)+len(a.View.Ferries[1].Riders) > 0 {
			base = st.Answer
			break
		}
	}
	if base == nil {
		t.Fatal("no step of seed001-dispatch has two ferries with riders")
	}
	type at struct {
		mode       string
		dock, dest int // dest -1: none
		ticksLeft  int
	}
	scenes := []struct {
		name string
		a, b at
	}{
		{"moored at Shellbank", at{"idle", 2, -1, 0}, at{"service", 2, -1, 5}},
		{"moored at Bell Quay", at{"service", 0, -1, 5}, at{"idle", 0, -1, 0}},
		{"side by side from Bell Quay to Shellbank", at{"sailing", 0, 2, 42}, at{"sailing", 0, 2, 42}},
		{"both ways between Bell Quay and Shellbank", at{"sailing", 0, 2, 42}, at{"sailing", 2, 0, 42}},
		{"leaving Orchard, where the other is moored", at{"idle", 1, -1, 0}, at{"sailing", 1, 3, 80}},
		{"reaching Windmill, where the other is moored", at{"service", 4, -1, 3}, at{"sailing", 0, 4, 2}},
		{"crossing between Orchard and Lantern", at{"sailing", 3, 1, 60}, at{"sailing", 1, 3, 24}},
		{"both ways between Orchard and Shellbank", at{"sailing", 1, 2, 27}, at{"sailing", 2, 1, 27}},
	}
	out := golden.Case{Format: golden.Format, Game: "brinebell", Name: "ferries-apart", Covers: []string{"ferries apart"}, Full: true}
	for i, sc := range scenes {
		var answer map[string]any
		json.Unmarshal(base, &answer)
		ferries := answer["view"].(map[string]any)["ferries"].([]any)
		for f, p := range []at{sc.a, sc.b} {
			fe := ferries[f].(map[string]any)
			fe["mode"], fe["dock"], fe["ticksLeft"], fe["queued"], fe["destination"] = p.mode, p.dock, p.ticksLeft, nil, nil
			if p.dest >= 0 {
				fe["destination"] = p.dest
			}
		}
		data, _ := json.Marshal(answer)
		step := golden.Step{Answer: data}
		if i > 0 {
			step.Action = json.RawMessage(`{"type":"advance","ticks":1}`)
		}
		out.Steps = append(out.Steps, step)
	}
	path := filepath.Join(t.TempDir(), "ferries.json")
	data, _ := out.Marshal()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	last := len(scenes) - 1
	b.do(chromedp.Navigate(srv.URL+"/view/"), chromedp.WaitVisible("#games li"), chromedp.SetUploadFiles("#file", []string{path}), atStep(0, last))
	for i, sc := range scenes {
		if i > 0 {
			b.do(chromedp.KeyEvent(kb.ArrowRight), atStep(i, last))
		}
		var st viewerStep
		raw, _ := json.Marshal(map[string]json.RawMessage{"answer": out.Steps[i].Answer})
		if err := json.Unmarshal(raw, &st); err != nil {
			t.Fatal(err)
		}
		if diff := brinebellDiff(b, st); diff != "" {
			t.Errorf("%s (step %d): %s", sc.name, i, diff)
		}
		b.screenshot(fmt.Sprintf("viewer-brinebell-ferries-%d.png", i))
	}
}

// tidebreakersPage is what the Tidebreakers board shows, read by
// tidebreakersPageJS.
type tidebreakersPage struct {
	Round               int
	Turn, Status, Phase string
	Islands             [][3]string // tile, owner, strength
	Expeditions         [][5]string // seat, from, to, send, result
	Supplies            map[string]int
	Captains            [][3]int // seat, islands, strength
	Lines               []string // each captain's line, "|" and its data-out
	Text                string   // all the board says
}

const tidebreakersPageJS = `(() => {
	const root = document.querySelector("#board .tb"), all = (sel) => [...root.querySelectorAll(sel)];
	return JSON.stringify({
		round: Number(root.dataset.round), turn: root.dataset.turn, status: root.querySelector(".tb-status").textContent, phase: root.dataset.phase,
		islands: all("g.tb-island").map((e) => [e.dataset.tile, e.dataset.owner, e.dataset.strength]),
		expeditions: all("g.tb-expedition").map((e) => [e.dataset.seat, e.dataset.from, e.dataset.to, e.dataset.send, e.dataset.result]),
		supplies: Object.fromEntries(all("g.tb-supply").map((e) => [e.dataset.seat + ":" + e.dataset.tile, Number(e.dataset.amount)])),
		captains: all("li[data-islands]").map((e) => [Number(e.dataset.seat), Number(e.dataset.islands), Number(e.dataset.strength)]),
		lines: all("li[data-islands]").map((e) => e.textContent + "|" + e.dataset.out), text: root.textContent,
	});
})()`

// tidebreakersDiff says how b's Tidebreakers board differs from step s,
// or "".
func tidebreakersDiff(b *tab, s viewerStep) string {
	var v tidebreakers.View
	var p tidebreakersPage
	if err := json.Unmarshal(s.Answer.View, &v); err != nil {
		return err.Error()
	}
	if err := json.Unmarshal([]byte(eval[string](b, tidebreakersPageJS)), &p); err != nil {
		return fmt.Sprintf("unreadable: %v", err)
	}
	turn, status := "", "Over ("
	if v.Turn != nil {
		turn = strconv.Itoa(*v.Turn)
		status = "seat " + turn + " ("
	}
	if p.Round != v.Round || p.Turn != turn || !strings.HasPrefix(p.Status, status) {
		return fmt.Sprintf("round %d, turn %q, status %q; want round %d, turn %q, status from %q", p.Round, p.Turn, p.Status, v.Round, turn, status)
	}
	var islands [][3]string
	for _, is := range v.Islands {
		owner := "wild"
		if is.Owner != nil {
			owner = strconv.Itoa(*is.Owner)
		}
		islands = append(islands, [3]string{strconv.Itoa(is.Tile), owner, strconv.Itoa(is.Strength)})
	}
	if !slices.Equal(p.Islands, islands) {
		return fmt.Sprintf("islands drawn %v, want %v", p.Islands, islands)
	}
	var expeditions [][5]string
	supplies := map[string]int{}
	for _, e := range s.Answer.Events {
		switch e.Type {
		case "attack":
			expeditions = append(expeditions, [5]string{strconv.Itoa(e.Seat), strconv.Itoa(*e.From), strconv.Itoa(*e.To), strconv.Itoa(*e.Send), e.Result})
		case "supply":
			supplies[fmt.Sprintf("%d:%d", e.Seat, *e.Tile)] += *e.Amount
		}
	}
	if !slices.Equal(p.Expeditions, expeditions) || fmt.Sprint(p.Supplies) != fmt.Sprint(supplies) {
		return fmt.Sprintf("expeditions %v and supplies %v drawn, want %v and %v", p.Expeditions, p.Supplies, expeditions, supplies)
	}
	var captains [][3]int
	for _, c := range v.Captains {
		captains = append(captains, [3]int{c.Seat, c.Islands, c.Strength})
	}
	if !slices.Equal(p.Captains, captains) {
		return fmt.Sprintf("captains %v, want %v", p.Captains, captains)
	}
	return ""
}
