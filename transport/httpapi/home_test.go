package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestHome: GET / answers a browser (Accept: text/html) a page that links
// every game's docs and every live game's page from the registries, the
// replays and the boards, under the pages' policy; an agent (curl's */*,
// or no Accept) gets llms.txt as plain text.
func TestHome(t *testing.T) {
	h := testserver.WithLive(t, nil)
	get := func(accept string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		if accept != "" {
			r.Header.Set("Accept", accept)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	page := get("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")
	body := page.Body.String()
	if page.Code != 200 || !strings.HasPrefix(page.Header().Get("Content-Type"), "text/html") || page.Header().Get("Content-Security-Policy") == "" ||
		!strings.Contains(page.Header().Get("Vary"), "Accept") {
		t.Fatalf("a browser's GET /: %d %v", page.Code, page.Header())
	}
	want := []string{`href="/play/"`, `href="/view/"`, `href="/boards/"`, `href="/llms.txt"`, `href="/home/style.css"`}
	for _, g := range games.All() {
		want = append(want, `href="/docs/api/`+g.Info().Slug+`"`)
	}
	for _, g := range games.Live() {
		want = append(want, `href="/`+g.Page+`/"`)
	}
	for _, w := range want {
		if !strings.Contains(body, w) {
			t.Errorf("the home page lacks %s", w)
		}
	}
	for _, accept := range []string{"", "*/*", "text/plain"} {
		if w := get(accept); w.Code != 200 || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/plain") || !strings.HasPrefix(w.Body.String(), "# Agent game bundle") {
			t.Errorf("GET / with Accept %q: %d %s %.80s", accept, w.Code, w.Header().Get("Content-Type"), w.Body)
		}
	}
}
