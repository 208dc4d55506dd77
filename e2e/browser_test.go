package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/agentgames/bundle/internal/testserver"
)

// chromium finds Debian's chromium.
func chromium(t *testing.T) string {
	return program(t, "apt-get install chromium", "chromium", "chromium-browser")
}

// TestTidebreakersPage plays the live page in a real headless browser: it
// creates a match against a bot seat, places the supply by clicking, sends
// an expedition, and sees the board change and the bot reply. It keeps a
// screenshot in .artifacts/tidebreakers.png.
func TestTidebreakersPage(t *testing.T) {
	b := newTab(t, 60*time.Second)
	srv := httptest.NewServer(testserver.WithLive(t, nil))
	defer srv.Close()

	tile := func(i int) string { return `#board button[data-tile="` + strconv.Itoa(i) + `"]` }
	do, text := b.do, b.text
	do(chromedp.Navigate(srv.URL+"/tidebreakers/"),
		chromedp.WaitVisible("#create-button"),
		chromedp.SetValue(`#create select[name="players"]`, "2"),
		chromedp.SetValue(`#create select[name="bots"]`, "1"),
		chromedp.SetValue(`#create input[name="name"]`, "Browser"),
		chromedp.Click("#create-button"),
		chromedp.WaitVisible(tile(0)),
		until(`document.getElementById("status").textContent.startsWith("Your turn")`))
	before := text(tile(0))
	// Seat 0 holds island 0: three clicks place the supply.
	for range 3 {
		do(chromedp.Click(tile(0)), chromedp.Sleep(150*time.Millisecond))
	}
	do(until(`document.getElementById("help").textContent.includes("expedition")`))
	after := text(tile(0))
	do(chromedp.Click(tile(0)), chromedp.Click(tile(1)),
		until(`document.getElementById("log").textContent.includes("captured 1")`),
		until(`document.getElementById("status").textContent.startsWith("Your turn")`))
	status, log := text("#status"), text("#log")
	if !strings.HasPrefix(before, "4") || !strings.HasPrefix(after, "7") {
		t.Errorf("island 0 showed %q before the supply and %q after, want 4 then 7", before, after)
	}
	if !strings.Contains(log, "seat 1") {
		t.Errorf("the log shows no move of the bot seat: %q", log)
	}
	code := text("#code")
	if replay := eval[string](b, `document.getElementById("replay").href`); replay != srv.URL+"/view/?game=tidebreakers&live="+code {
		t.Errorf("the page links the viewer at %s", replay)
	}
	b.screenshot("tidebreakers.png")
	t.Logf("status %q; screenshot in .artifacts/tidebreakers.png", status)
}

// TestTronPage plays the live Tron page in a real headless browser: it
// creates a duel against a wise bot on an 8x8 grid and steers by arrow
// keys, WASD and an on-screen button, each move chosen from the server's
// public state, until the match is over. Every round the page must show
// what the server says: the round, each trail's cells and head, who has
// moved, who is alive, the countdown, the log, and at the end the places.
// A second browser context opens the shared ?code= link without a seat and
// sees the same; then it takes the empty seat of another match in its
// lobby and is dealt in. It keeps a screenshot in .artifacts/tron.png.
func TestTronPage(t *testing.T) {
	b := newTab(t, 2*time.Minute)
	srv := httptest.NewServer(testserver.WithLive(t, nil))
	defer srv.Close()

	b.do(chromedp.Navigate(srv.URL+"/tron/"),
		chromedp.WaitVisible("#create-button"),
		chromedp.SetValue(`#create select[name="players"]`, "2"),
		chromedp.SetValue(`#create select[name="bots"]`, "1"),
		chromedp.SetValue(`#create select[name="bot"]`, "wise"),
		chromedp.SetValue(`#create input[name="width"]`, "8"),
		chromedp.SetValue(`#create input[name="height"]`, "8"),
		chromedp.SetValue(`#create input[name="seconds"]`, "60"),
		chromedp.SetValue(`#create input[name="name"]`, "Browser"),
		chromedp.Click("#create-button"),
		chromedp.WaitVisible("#grid circle.head"))
	code := b.text("#code")
	link := srv.URL + "/tron/?code=" + code
	token := eval[string](b, `JSON.parse(sessionStorage.getItem("tron:`+code+`")).token`)
	if href, share := eval[string](b, "location.href"), eval[string](b, `document.getElementById("share").href`); href != link || share != link {
		t.Errorf("the page is at %s and shares %s, want %s", href, share, link)
	}
	if replay := eval[string](b, `document.getElementById("replay").href`); replay != srv.URL+"/view/?game=tron&live="+code {
		t.Errorf("the page links the viewer at %s", replay)
	}
	if token == "" || strings.Contains(eval[string](b, "document.documentElement.outerHTML"), token) {
		t.Errorf("the seat's token %q is missing from session storage or shown in the page", token)
	}
	get := func(code string) *tronState {
		t.Helper()
		res, err := http.Get(srv.URL + "/api/games/tron/matches/" + code)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var st tronState
		if err := json.NewDecoder(res.Body).Decode(&st); err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("GET the match: %d %v", res.StatusCode, err)
		}
		return &st
	}

	var st *tronState
	var watcher *tab
	for step := 0; ; step++ {
		st = get(code)
		v := b.settle(st, true)
		if step == 0 && (v.Fills[0] == "" || v.Fills[0] == v.Fills[1]) {
			t.Errorf("the two trails are drawn in %q and %q, want two colours", v.Fills[0], v.Fills[1])
		}
		if watcher == nil && (step == 1 || st.Over) {
			watcher = b.stranger()
			watcher.do(chromedp.Navigate(link))
			watcher.settle(st, false)
			if seat := eval[string](watcher, `sessionStorage.getItem("tron:`+code+`") || ""`); seat != "" {
				t.Errorf("the watcher holds a seat: %s", seat)
			}
		}
		if st.Over {
			break
		}
		if step > 64 {
			t.Fatalf("the match is not over after %d rounds", st.Round)
		}
		if !st.Seats[1].Moved || st.Seats[0].Moved {
			t.Fatalf("round %d begins with moved flags %v, %v; the bot moves at once, the browser has not", st.Round+1, st.Seats[0].Moved, st.Seats[1].Moved)
		}
		d := tronDirs[max(roomiest(st, 0), 0)] // boxed in, any key crashes
		press := chromedp.KeyEvent(d.arrow)
		if step%2 == 1 {
			press = chromedp.KeyEvent(d.letter)
		}
		if step == 2 {
			press = chromedp.Click(`#controls button[data-dir="` + d.dir + `"]`)
		}
		b.do(press, until(`Number(document.getElementById("round").dataset.round) > `+strconv.Itoa(st.Round)))
		head, next := st.Seats[0].Trail[0], get(code)
		if me := next.Seats[0]; next.Round != st.Round+1 || me.Alive && (me.Trail[0] != [2]int{head[0] + d.dx, head[1] + d.dy} || len(me.Trail) != len(st.Seats[0].Trail)+1) {
			t.Fatalf("steering %s from %v in round %d: then %d rounds are resolved and the trail is %v", d.dir, head, st.Round+1, next.Round, me.Trail)
		}
	}
	watcher.settle(st, false)
	b.screenshot("tron.png")
	t.Logf("over after %d rounds, places %v: %q; screenshot in .artifacts/tron.png", st.Round, st.Places, b.text("#status"))

	// The watcher takes the empty seat of a match in its lobby.
	res, err := http.Post(srv.URL+"/api/games/tron/matches", "application/json", strings.NewReader(`{"players":2,"width":6,"height":6}`))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var lobby struct{ Code string }
	if err := json.NewDecoder(res.Body).Decode(&lobby); err != nil {
		t.Fatal(err)
	}
	watcher.do(chromedp.Navigate(srv.URL+"/tron/?code="+lobby.Code),
		chromedp.SetValue("#take-name", "Stranger"),
		chromedp.Click("#take-button"),
		chromedp.WaitVisible("#controls"))
	if st = get(lobby.Code); st.Over || !st.Seats[1].Alive || st.Seats[1].Name != "Stranger" {
		t.Fatalf("taking the seat left the match at %+v", st)
	}
	if seat := eval[int](watcher, `JSON.parse(sessionStorage.getItem("tron:`+lobby.Code+`")).seat`); seat != 1 {
		t.Errorf("the watcher's tab holds seat %d, want 1", seat)
	}
	watcher.settle(st, true)
}

// tronState is what TestTronPage reads of a live Tron match's public state.
type tronState struct {
	Round         int
	Over          bool
	Width, Height int
	Places        []int
	Seats         []struct {
		Name         string
		Moved, Alive bool
		Trail        [][2]int
	}
	Log []struct{ Round int }
}

// tronView is what the Tron page shows of a match, read from its DOM by
// tronViewJS.
type tronView struct {
	Round     int            `json:"round"`
	Cells     [][3]int       `json:"cells"` // each trail cell drawn: seat, x, y
	Heads     [][3]int       `json:"heads"`
	Fills     []string       `json:"fills"` // each seat's trail colour
	Seats     []tronSeatView `json:"seats"`
	Status    string         `json:"status"`
	Countdown string         `json:"countdown"`
	Log       []string       `json:"log"`
	Controls  bool           `json:"controls"`
}

// tronSeatView is a seat as the page's seat list shows it.
type tronSeatView struct {
	Moved bool `json:"moved"`
	Alive bool `json:"alive"`
	Place int  `json:"place"` // 0 until the match is over
}

const tronViewJS = `(() => {
	const $ = (id) => document.getElementById(id);
	const all = (sel) => [...document.querySelectorAll(sel)];
	const at = (e) => [Number(e.dataset.seat), Number(e.dataset.x), Number(e.dataset.y)];
	const fill = (li) => {
		const cell = document.querySelector('#grid rect.cell[data-seat="' + li.dataset.seat + '"]');
		return cell ? getComputedStyle(cell).fill : "";
	};
	return JSON.stringify({
		round: Number($("round").dataset.round), cells: all("#grid rect.cell").map(at), heads: all("#grid circle.head").map(at),
		fills: all("#seats li").map(fill), log: all("#log li").map((e) => e.textContent),
		seats: all("#seats li").map((e) => ({moved: e.dataset.moved === "true", alive: e.dataset.alive === "true", place: Number(e.dataset.place || 0)})),
		status: $("status").textContent, countdown: $("countdown").textContent, controls: !$("controls").classList.contains("hidden"),
	});
})()`

// settle waits up to 5 seconds for b's Tron page to show st, to the
// player of seat 0 when seated, else to a watcher, and fails the test
// with what differs if it does not.
func (b *tab) settle(st *tronState, seated bool) *tronView {
	b.t.Helper()
	var diff string
	for range 50 {
		var v tronView
		if err := json.Unmarshal([]byte(eval[string](b, tronViewJS)), &v); err != nil {
			b.t.Fatal(err)
		}
		if diff = tronDiff(st, &v, seated); diff == "" {
			return &v
		}
		time.Sleep(100 * time.Millisecond)
	}
	b.t.Fatalf("the page does not show round %d as the server does: %s", st.Round, diff)
	return nil
}

// tronDiff says how v differs from what the page should show of st, or
// answers "".
func tronDiff(st *tronState, v *tronView, seated bool) string {
	var cells, heads [][3]int
	for p, s := range st.Seats {
		for _, c := range s.Trail {
			cells = append(cells, [3]int{p, c[0], c[1]})
		}
		if len(s.Trail) > 0 { // the head first
			heads = append(heads, [3]int{p, s.Trail[0][0], s.Trail[0][1]})
		}
	}
	cmp := func(a, b [3]int) int { return slices.Compare(a[:], b[:]) }
	slices.SortFunc(cells, cmp)
	slices.SortFunc(v.Cells, cmp)
	switch seconds, err := strconv.Atoi(strings.TrimSuffix(v.Countdown, " s left")); {
	case v.Round != st.Round:
		return fmt.Sprintf("round %d", v.Round)
	case !slices.Equal(v.Cells, cells):
		return fmt.Sprintf("cells drawn %v, want %v", v.Cells, cells)
	case !slices.Equal(v.Heads, heads):
		return fmt.Sprintf("heads drawn %v, want %v", v.Heads, heads)
	case len(v.Seats) != len(st.Seats) || len(v.Log) != len(st.Log):
		return fmt.Sprintf("seats %+v, log %q", v.Seats, v.Log)
	case st.Over != (v.Countdown == "") || !st.Over && (err != nil || seconds < 0 || seconds > 60):
		return fmt.Sprintf("countdown %q", v.Countdown)
	case v.Controls != (seated && !st.Over):
		return fmt.Sprintf("steering controls shown: %v", v.Controls)
	case !strings.HasPrefix(v.Status, tronHeadline(st, seated)):
		return fmt.Sprintf("status %q, want %q", v.Status, tronHeadline(st, seated))
	}
	for p, s := range st.Seats {
		want := tronSeatView{Moved: s.Moved, Alive: s.Alive}
		if st.Over {
			want.Place = st.Places[p]
		}
		if v.Seats[p] != want {
			return fmt.Sprintf("seat %d shows %+v, want %+v", p, v.Seats[p], want)
		}
	}
	for i, e := range st.Log { // the page lists the newest first
		if shown := v.Log[len(v.Log)-1-i]; !strings.HasPrefix(shown, fmt.Sprintf("Round %d: ", e.Round)) {
			return fmt.Sprintf("log entry %q, want round %d's", shown, e.Round)
		}
	}
	return ""
}

// tronHeadline is how the page's status of a duel should begin, before
// the player of seat 0 moves.
func tronHeadline(st *tronState, seated bool) string {
	first := func(p int) bool { return st.Places[p] == 1 }
	switch {
	case !st.Over && seated:
		return fmt.Sprintf("Round %d: your move.", st.Round+1)
	case !st.Over:
		return fmt.Sprintf("Watching round %d.", st.Round+1)
	case seated && first(0) && first(1):
		return "Draw: you share 1st place"
	case seated && first(0):
		return "You win!"
	case seated:
		return "You place 2nd of 2"
	case first(0) && first(1):
		return fmt.Sprintf("Draw: %s and %s share 1st place.", st.Seats[0].Name, st.Seats[1].Name)
	case first(0):
		return st.Seats[0].Name + " wins."
	}
	return st.Seats[1].Name + " wins."
}

// tronDirs are the four directions, each with its step and its keys.
var tronDirs = []struct {
	dir           string
	dx, dy        int
	arrow, letter string
}{{"x+", 1, 0, kb.ArrowRight, "d"}, {"x-", -1, 0, kb.ArrowLeft, "a"}, {"y+", 0, 1, kb.ArrowDown, "s"}, {"y-", 0, -1, kb.ArrowUp, "w"}}

// roomiest answers the index in tronDirs of the move of seat's cycle onto
// a free cell from which it reaches the most free cells, halved when
// another head could enter it too; -1 when no move is safe.
func roomiest(st *tronState, seat int) int {
	taken := map[[2]int]bool{}
	for _, s := range st.Seats {
		for _, c := range s.Trail {
			taken[c] = true
		}
	}
	free := func(c [2]int) bool { return c[0] >= 0 && c[1] >= 0 && c[0] < st.Width && c[1] < st.Height && !taken[c] }
	step := func(c [2]int, i int) [2]int { return [2]int{c[0] + tronDirs[i].dx, c[1] + tronDirs[i].dy} }
	contested := map[[2]int]bool{}
	for p, s := range st.Seats {
		for i := range tronDirs {
			if p != seat && s.Alive {
				contested[step(s.Trail[0], i)] = true
			}
		}
	}
	best, most := -1, 0
	for i := range tronDirs {
		from := step(st.Seats[seat].Trail[0], i)
		if !free(from) {
			continue
		}
		seen, queue := map[[2]int]bool{from: true}, [][2]int{from}
		for len(queue) > 0 {
			c := queue[0]
			queue = queue[1:]
			for j := range tronDirs {
				if n := step(c, j); free(n) && !seen[n] {
					seen[n] = true
					queue = append(queue, n)
				}
			}
		}
		room := 2 * len(seen)
		if contested[from] {
			room /= 2
		}
		if room > most {
			best, most = i, room
		}
	}
	return best
}

// tab is a tab of headless chromium, for a browser test.
type tab struct {
	t   *testing.T
	ctx context.Context
	// log holds what the page logged that no page of the bundle may: a
	// refusal under its Content-Security-Policy, a file it asked for that
	// is not there (see watch).
	log *pageLog
}

// pageLog is the entries a tab's listener keeps, read after the test.
type pageLog struct {
	mu      sync.Mutex
	entries []string
}

// newTab starts headless chromium (skipping the test without it) and
// opens a tab, both closed when the test ends; timeout bounds all the
// test does in the browser. The test fails if a page refuses anything
// under its policy or asks for a file that is not there.
func newTab(t *testing.T, timeout time.Duration) *tab {
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(chromium(t)), chromedp.NoSandbox,
		chromedp.Flag("headless", "new"), chromedp.WindowSize(1100, 860))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	b := &tab{t: t, log: &pageLog{}}
	ctx, cancel := chromedp.NewContext(actx, chromedp.WithListener(b.log.listen))
	t.Cleanup(cancel)
	ctx, cancel = context.WithTimeout(ctx, timeout)
	t.Cleanup(cancel)
	b.ctx = ctx
	t.Cleanup(b.log.check(t))
	return b
}

// stranger opens a tab of b's browser in a browser context of its own, as
// another person's browser: its own storage, no seat. b must have run.
func (b *tab) stranger() *tab {
	return b.child(chromedp.WithNewBrowserContext())
}

// child is another tab of b's browser, with its own options, watched as
// newTab's are; it closes when the test ends.
func (b *tab) child(opts ...chromedp.ContextOption) *tab {
	c := &tab{t: b.t, log: &pageLog{}}
	ctx, cancel := chromedp.NewContext(b.ctx, append(opts, chromedp.WithListener(c.log.listen))...)
	b.t.Cleanup(cancel)
	c.ctx = ctx
	b.t.Cleanup(c.log.check(b.t))
	return c
}

// listen keeps the log entries of a page that break its policy or ask
// for a missing file. An answer of the API the page reads (/api/...) may
// be a 4xx a test provokes; a page's own files and icon may not.
func (l *pageLog) listen(ev any) {
	e, ok := ev.(*cdplog.EventEntryAdded)
	if !ok || e.Entry == nil {
		return
	}
	text := e.Entry.Text
	policy := strings.Contains(text, "Content Security Policy")
	missing := e.Entry.Source == cdplog.EntrySourceNetwork && strings.Contains(text, "404") &&
		!strings.Contains(e.Entry.URL, "/api/")
	if policy || missing {
		l.mu.Lock()
		l.entries = append(l.entries, text+" "+e.Entry.URL)
		l.mu.Unlock()
	}
}

// check is a cleanup that fails t for every entry l kept.
func (l *pageLog) check(t *testing.T) func() {
	return func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		for _, e := range l.entries {
			t.Errorf("the page logged %s", e)
		}
	}
}

// take is what l has kept so far, which l then forgets: for a test that
// provokes a refusal on purpose.
func (l *pageLog) take() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	e := l.entries
	l.entries = nil
	return e
}

// do runs steps in the tab, failing the test if one fails.
func (b *tab) do(steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, steps...); err != nil {
		b.t.Fatal(err)
	}
}

// text is the text of the first element sel selects.
func (b *tab) text(sel string) string {
	b.t.Helper()
	s, err := chromedp.Run(b.ctx, chromedp.Text(sel))
	if err != nil {
		b.t.Fatal(err)
	}
	return s
}

// eval is the value of a JavaScript expression in b's page.
func eval[T any](b *tab, expr string) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		b.t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// until waits up to 10 seconds for a JavaScript expression to be truthy.
func until(expr string) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(10*time.Second))
}

// screenshot keeps a screenshot of b's page in .artifacts/name.
func (b *tab) screenshot(name string) {
	b.t.Helper()
	shot, err := chromedp.Run(b.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		b.t.Fatal(err)
	}
	path := filepath.Join("..", ".artifacts", name)
	os.MkdirAll(filepath.Dir(path), 0o755)
	if err := os.WriteFile(path, shot, 0o644); err != nil {
		b.t.Fatal(err)
	}
}
