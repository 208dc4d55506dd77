package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/agentgames/bundle/agents/tidecaptain"
	"github.com/agentgames/bundle/client"
	tidelive "github.com/agentgames/bundle/games/tidebreakers/live"
	tronlive "github.com/agentgames/bundle/games/tron/live"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/internal/testserver"
)

// viewerSteps is the JavaScript that answers, as JSON, every step's
// answer of the transcript the viewer shows, read through the viewer's
// onStep hook (installed by watchSteps).
const viewerSteps = `JSON.stringify(window.shown.steps.map((s) => s.answer))`

// watchSteps keeps the viewer's transcript in window.shown from the next
// step shown on, and shows the step shown again at once (an input on the
// scrubber, where it is).
func watchSteps(b *tab) {
	b.t.Helper()
	eval[bool](b, `Viewer.onStep((i, t) => (window.shown = t)); document.getElementById("scrub").dispatchEvent(new Event("input")); true`)
}

// sameAnswers holds the answers the viewer holds (viewerSteps) to want,
// answer for answer, as JSON values.
func sameAnswers(t *testing.T, shown string, want *golden.Case) {
	t.Helper()
	var got []any
	if err := json.Unmarshal([]byte(shown), &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want.Steps) {
		t.Fatalf("the viewer holds %d steps, want %d", len(got), len(want.Steps))
	}
	for i, st := range want.Steps {
		var w any
		json.Unmarshal(st.Answer, &w)
		if !reflect.DeepEqual(got[i], w) {
			t.Errorf("step %d: the viewer holds %.300v\nthe player received %.300s", i, got[i], st.Answer)
		}
	}
}

// TestViewerRanked plays a ranked Tron match on a small grid through the
// API, opens it in the viewer by its id while it runs, past its first
// page (the steps played so far), plays on, and watches the viewer follow
// it to its end: the viewer then holds, answer for answer, what the
// player received, and draws it (the canvas and the facts at the first, a
// middle and the last step, across the 10-step pages).
func TestViewerRanked(t *testing.T) {
	b := newTab(t, 2*time.Minute)
	srv := httptest.NewServer(testserver.WithLive(t, nil))
	defer srv.Close()
	ctx := context.Background()
	query := map[string]string{"ranked": "true", "opponent": "easy", "width": "12", "height": "12"}
	// The server picks the seed: play matches until one runs past its
	// first page (12 actions) and is still under way.
	const opened = 12
	var s *client.Session
	var rec *golden.Case
	move := func() {
		var view struct{ View tronView12 }
		json.Unmarshal(s.Last.Body, &view)
		if _, err := s.Act(ctx, view.View.safe()); err != nil {
			t.Fatal(err)
		}
	}
	for try := 0; s == nil || s.Last.GameOver; try++ {
		if try == 20 {
			t.Fatalf("20 ranked matches ended before %d actions", opened)
		}
		var err error
		if s, err = client.Start(ctx, client.NewHTTP(srv.URL), "tron", query); err != nil {
			t.Fatal(err)
		}
		if rec, err = s.Record(query); err != nil {
			t.Fatal(err)
		}
		for range opened {
			if !s.Last.GameOver {
				move()
			}
		}
	}
	var head struct{ Ranked string }
	json.Unmarshal(rec.Steps[0].Answer, &head)
	b.do(chromedp.Navigate(srv.URL+"/view/?game=tron&ranked="+head.Ranked), chromedp.WaitVisible("#board > div > *"), atStep(0, opened), until(`document.getElementById("status").textContent.startsWith("following")`))
	watchSteps(b)
	sameAnswers(t, eval[string](b, viewerSteps), rec)
	for !s.Last.GameOver {
		move()
	}
	last := len(rec.Steps) - 1
	b.do(chromedp.Click("#last"), until(fmt.Sprintf(`document.getElementById("status").textContent.endsWith("is over: %d steps")`, last)), atStep(last, last))
	sameAnswers(t, eval[string](b, viewerSteps), rec)
	tr := asReplay(t, rec)
	for _, step := range []int{0, last / 2, last} {
		b.do(chromedp.Navigate(srv.URL+fmt.Sprintf("/view/?game=tron&ranked=%s&step=%d", head.Ranked, step)), chromedp.WaitVisible("#board > div > *"), atStep(step, last))
		checkFacts(b, tr, step)
		checkTron(b, tr, step)
	}
	b.screenshot("viewer-ranked-tron.png")
}

// tronView12 is the part of a Tron view the test's player reads.
type tronView12 struct {
	Width, Height int
	Board         [][][2]int
}

// safe is a move to a free cell next to cycle 0's head, if any.
func (v tronView12) safe() json.RawMessage {
	taken := map[[2]int]bool{}
	for _, trail := range v.Board {
		for _, c := range trail {
			taken[c] = true
		}
	}
	h := v.Board[0][0]
	for _, d := range []struct {
		dir    string
		dx, dy int
	}{{"x+", 1, 0}, {"y+", 0, 1}, {"x-", -1, 0}, {"y-", 0, -1}} {
		x, y := h[0]+d.dx, h[1]+d.dy
		if x >= 0 && y >= 0 && x < v.Width && y < v.Height && !taken[[2]int{x, y}] {
			return json.RawMessage(`{"type":"move","dir":"` + d.dir + `"}`)
		}
	}
	return json.RawMessage(`{"type":"move","dir":"x+"}`)
}

// TestViewerLive watches live matches by their codes: a live Tron match
// between an agent and an easy bot, and a live Tidebreakers match between
// an agent and a random captain. The viewer opens each after its deal,
// follows it as the agent plays (showing each new step, the board at the
// last), and stops following at the end; it then holds the match's whole
// transcript, frame for frame.
func TestViewerLive(t *testing.T) {
	b := newTab(t, 2*time.Minute)
	srv := httptest.NewServer(testserver.WithLive(t, nil))
	defer srv.Close()
	post := func(path string, body any, out any) {
		t.Helper()
		data, _ := json.Marshal(body)
		res, err := http.Post(srv.URL+path, "application/json", bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("POST %s: %d", path, res.StatusCode)
		}
		json.NewDecoder(res.Body).Decode(out)
	}
	get := func(path string, out any) {
		t.Helper()
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		json.NewDecoder(res.Body).Decode(out)
	}
	transcript := func(path string) *golden.Case {
		t.Helper()
		var all golden.Case
		get(path, &all)
		for {
			var page golden.Case
			get(fmt.Sprintf("%s?from=%d", path, len(all.Steps)), &page)
			if len(page.Steps) == 0 {
				return &all
			}
			all.Steps = append(all.Steps, page.Steps...)
		}
	}
	following := func(steps int) chromedp.Action[chromedp.Void] {
		return until(fmt.Sprintf(`document.getElementById("position").textContent === "step %d of %d"`, steps, steps))
	}

	var j tronlive.Joined
	post("/api/games/tron/matches", map[string]any{"players": 2, "name": "Ada", "bots": 1, "bot": "easy", "width": 10, "height": 10}, &j)
	b.do(chromedp.Navigate(srv.URL+"/view/?game=tron&live="+j.Code), chromedp.WaitVisible("#board > div > *"), atStep(0, 0), until(`document.getElementById("status").classList.contains("live")`))
	watchSteps(b)
	var st tronlive.State
	get("/api/games/tron/matches/"+j.Code, &st)
	for !st.Over {
		v := tronView12{Width: st.Width, Height: st.Height}
		for _, seat := range st.Seats {
			v.Board = append(v.Board, seat.Trail)
		}
		var mv struct{ Dir string }
		json.Unmarshal(v.safe(), &mv)
		post("/api/games/tron/matches/"+j.Code+"/move", map[string]string{"token": j.Token, "dir": mv.Dir}, &st)
		if st.Round == 3 {
			b.do(following(3))
		}
	}
	tr := transcript("/api/games/tron/matches/" + j.Code + "/transcript")
	last := len(tr.Steps) - 1
	b.do(following(last), until(`document.getElementById("status").textContent.includes("is over")`))
	sameAnswers(t, eval[string](b, viewerSteps), tr)
	if got := b.text("#action"); !strings.Contains(got, "round") {
		t.Errorf("the last step's action reads %q", got)
	}
	b.screenshot("viewer-live-tron.png")

	var k tidelive.Joined
	post("/api/matches", map[string]any{"players": 2, "name": "Ada", "bots": 1, "captain": "random"}, &k)
	b.do(chromedp.Navigate(srv.URL+"/view/?game=tidebreakers&live="+k.Code), chromedp.WaitVisible("#board > div > *"), until(`document.getElementById("status").classList.contains("live")`))
	watchSteps(b)
	var ts tidelive.State
	get("/api/matches/"+k.Code, &ts)
	for !ts.Over {
		op, body := tidecaptain.Next(&ts, 0, k.Token)
		post("/api/matches/"+k.Code+"/"+op, body, &ts)
	}
	tr = transcript("/api/matches/" + k.Code + "/transcript")
	last = len(tr.Steps) - 1
	b.do(following(last), until(`document.getElementById("status").textContent.includes("is over")`))
	sameAnswers(t, eval[string](b, viewerSteps), tr)
	b.screenshot("viewer-live-tidebreakers.png")
}
