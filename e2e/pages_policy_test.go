package e2e

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/agentgames/bundle/internal/testserver"
)

// pagesUnderPolicy are the bundle's pages, each with an element it shows
// once its scripts have run (so under the policy it is sent with).
var pagesUnderPolicy = []struct{ path, ready string }{
	{"/tidebreakers/", "#create-button"},
	{"/tron/", "#create-button"},
	{"/play/", "#games li"},
	{"/play/?game=tinrail", "#setup"},
	{"/play/?game=tron", "#setup"},
	{"/view/", "#file"},
	{"/boards/", "#games li"},
	{"/arena/", "#games li"},
	{"/arena/?game=tron", "#launch-form"},
	{"/tinrail/", "#create-button"},
	{"/", "header h1"},
}

// TestPagesUnderPolicy opens every page in headless chromium: each runs
// under its Content-Security-Policy with nothing refused and asks for no
// file that is not there (newTab's watch fails the test otherwise; before
// the icon and the play page's stylesheet were fixed, every page asked
// for /favicon.ico and /play/ for /view/games/tinrail.css, both 404).
func TestPagesUnderPolicy(t *testing.T) {
	b := newTab(t, 60*time.Second)
	srv := httptest.NewServer(testserver.WithLive(t, nil))
	defer srv.Close()
	for _, p := range pagesUnderPolicy {
		b.do(chromedp.Navigate(srv.URL+p.path), chromedp.WaitVisible(p.ready), chromedp.Sleep(300*time.Millisecond))
		if got := eval[bool](b, `document.querySelectorAll("script:not([src])").length === 0`); !got {
			t.Errorf("%s has an inline script, which its policy refuses", p.path)
		}
	}
}

// TestPagesRefuseFraming puts each page that moves a seat in a frame of
// another site's page: chromium refuses to show it (frame-ancestors
// 'none'), so no site can click through it.
func TestPagesRefuseFraming(t *testing.T) {
	b := newTab(t, 60*time.Second)
	srv := httptest.NewServer(testserver.WithLive(t, nil))
	defer srv.Close()
	for _, path := range []string{"/tron/", "/tidebreakers/", "/tinrail/", "/play/"} {
		framer := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write([]byte(`<!doctype html><iframe id="f" src="` + srv.URL + path + `"></iframe>`))
		}))
		b.do(chromedp.Navigate(framer.URL), chromedp.Sleep(time.Second))
		framer.Close()
		refused := b.log.take()
		if len(refused) == 0 || !strings.Contains(strings.Join(refused, "\n"), "frame-ancestors") {
			t.Errorf("a page of another site framed %s and chromium logged %q, want a refusal under frame-ancestors", path, refused)
		}
	}
}
