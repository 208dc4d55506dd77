package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/agentgames/bundle/internal/testserver"
)

// TestTinrailPage: a person plays live Tinrail by clicks in a real browser
// beside an agent that plays over the API. The person creates a match
// whose seat 1 waits for a player; the agent joins it; on the person's
// turn the page shows the hand's twelve turns (no one else's) and a click
// lays one; on the agent's, the hand waits. A stranger's tab watching
// the shared link shows the board and no hand. Once over, the page says
// so, and the replay viewer draws every tile of the match's last frame.
func TestTinrailPage(t *testing.T) {
	b := newTab(t, 2*time.Minute)
	srv := httptest.NewServer(testserver.WithLive(t, nil))
	defer srv.Close()
	b.do(chromedp.Navigate(srv.URL+"/tinrail/"),
		chromedp.WaitVisible("#create-button"),
		chromedp.SetValue(`#create input[name="name"]`, "Browser"),
		chromedp.SetValue(`#create select[name="bots"]`, "0"),
		chromedp.Click("#create-button"),
		chromedp.WaitVisible("#board rect"))
	code := b.text("#code")
	post := func(path, body string, out any) int {
		t.Helper()
		res, err := http.Post(srv.URL+"/api/games/tinrail/matches/"+code+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		json.NewDecoder(res.Body).Decode(out)
		return res.StatusCode
	}
	var agent struct{ Token string }
	if status := post("/join", `{"name":"Agent"}`, &agent); status != 200 {
		t.Fatalf("the agent joins: %d", status)
	}
	watcher := b.stranger()
	watcher.do(chromedp.Navigate(srv.URL+"/tinrail/?code="+code), chromedp.WaitVisible("#board rect"))
	for step := 0; ; step++ {
		if step > 40 {
			t.Fatal("no end after 40 placements")
		}
		var v struct {
			Over         bool
			Turn         *int
			Placements   int
			LegalActions []struct{ TileIndex, Rotation int }
		}
		if status := post("/view", `{"token":"`+agent.Token+`"}`, &v); status != 200 {
			t.Fatalf("the agent's view: %d", status)
		}
		if v.Over {
			b.do(until(`document.getElementById("status").textContent.startsWith("Over")`))
			break
		}
		if *v.Turn == 1 {
			b.do(until(`document.querySelectorAll("#hand.waiting svg").length > 0`))
			a := v.LegalActions[step%len(v.LegalActions)]
			if status := post("/place", fmt.Sprintf(`{"token":%q,"tileIndex":%d,"rotation":%d}`, agent.Token, a.TileIndex, a.Rotation), &v); status != 200 {
				t.Fatalf("the agent places: %d", status)
			}
			continue
		}
		b.do(until(`document.getElementById("status").textContent.startsWith("Your turn") && document.querySelectorAll("#hand:not(.waiting) svg").length > 0`))
		if n := eval[int](b, `document.querySelectorAll("#hand svg").length`); n%4 != 0 || n == 0 {
			t.Fatalf("step %d: the hand shows %d turns of tiles", step, n)
		}
		if step == 0 {
			b.screenshot("tinrail-live.png")
		}
		b.do(chromedp.Click("#hand svg", chromedp.NodeVisible),
			until(fmt.Sprintf(`document.querySelectorAll("#board path.strand").length >= %d`, 4*(v.Placements+1))))
	}
	if n := eval[int](watcher, `document.querySelectorAll("#hand svg").length`); n != 0 || strings.Contains(eval[string](watcher, "document.body.innerText"), "Your hand") {
		t.Errorf("the watcher's tab shows %d hand tiles", n)
	}
	res, err := http.Get(srv.URL + "/api/games/tinrail/matches/" + code)
	if err != nil {
		t.Fatal(err)
	}
	var end struct{ Placements int }
	json.NewDecoder(res.Body).Decode(&end)
	res.Body.Close()
	b.do(chromedp.Navigate(srv.URL+"/view/?game=tinrail&live="+code), chromedp.WaitVisible("svg.tinrail"), chromedp.KeyEvent(kb.End),
		until(fmt.Sprintf(`document.querySelectorAll("svg.tinrail g.tile").length === %d`, end.Placements)))
	if text := eval[string](b, "document.body.innerText"); !bytes.Contains([]byte(text), []byte("scores")) {
		t.Errorf("the viewer's last frame says no scores: %.300s", text)
	}
}
