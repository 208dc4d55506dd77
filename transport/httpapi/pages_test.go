package httpapi_test

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/agentgames/bundle/internal/testserver"
)

// pageFiles names a file each page path of the contract serves, for
// the paths that take one.
var pageFiles = map[string]string{
	"/tidebreakers/{file}": "/tidebreakers/app.js",
	"/tron/{file}":         "/tron/app.js",
	"/view/{file}":         "/view/viewer.js",
	"/view/games/{file}":   "/view/games/tron.js",
	"/play/{file}":         "/play/play.js",
	"/boards/{file}":       "/boards/boards.js",
	"/arena/{file}":        "/arena/arena.js",
}

// TestPagesSendPolicy: every path whose answer the contract says carries
// the page policy (each page, its files and the icon) sends it, with
// X-Frame-Options and nosniff, exactly as the contract's example gives
// it; every other answer is nosniff too.
func TestPagesSendPolicy(t *testing.T) {
	t.Parallel()
	h := testserver.WithLive(t, nil)
	policy := contract.Components.Headers["PagePolicy"].Value.Schema.Value.Example
	pages := 0
	for _, path := range contract.Paths.InMatchingOrder() {
		get := contract.Paths.Value(path).Get
		if get == nil || get.Responses.Status(200) == nil {
			continue
		}
		_, isPage := get.Responses.Status(200).Value.Headers["Content-Security-Policy"]
		target := path
		if f, ok := pageFiles[path]; ok {
			target = f
		} else if strings.Contains(path, "{") {
			continue
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", target, nil))
		got := rec.Header()
		if got.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("GET %s: X-Content-Type-Options %q, want nosniff", target, got.Get("X-Content-Type-Options"))
		}
		if !isPage {
			continue
		}
		pages++
		if rec.Code != 200 || got.Get("Content-Security-Policy") != policy || got.Get("X-Frame-Options") != "DENY" {
			t.Errorf("GET %s: %d, policy %q, X-Frame-Options %q; want 200, %q, DENY",
				target, rec.Code, got.Get("Content-Security-Policy"), got.Get("X-Frame-Options"), policy)
		}
	}
	if pages < 12 {
		t.Errorf("the contract gives %d paths the page policy, want the 11 page paths and the icon", pages)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/favicon.ico", nil))
	if ct := rec.Header().Get("Content-Type"); ct != "image/x-icon" || !strings.HasPrefix(rec.Body.String(), "\x00\x00\x01\x00") {
		t.Errorf("GET /favicon.ico: %s, %q...; want an icon", ct, rec.Body.String()[:min(8, rec.Body.Len())])
	}
}
