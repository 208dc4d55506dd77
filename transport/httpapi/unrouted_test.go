package httpapi_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/agentgames/bundle/internal/testserver"
)

// TestWrongMethodAnswersAllow: every path of the contract, the live match
// routes and the bot endpoint included, answers a method it does not take
// with 405 method_not_allowed and an Allow header listing exactly the
// methods the contract gives it (HEAD with GET, and OPTIONS, which every
// path answers); the message names them.
func TestWrongMethodAnswersAllow(t *testing.T) {
	t.Parallel()
	h := testserver.WithLive(t, nil)
	concrete := strings.NewReplacer("{slug}", "tinrail", "{code}", "ABCD", "{file}", "app.js")
	for _, path := range contract.Paths.InMatchingOrder() {
		item := contract.Paths.Value(path)
		allow := []string{http.MethodOptions}
		for m := range item.Operations() {
			allow = append(allow, m)
			if m == http.MethodGet {
				allow = append(allow, http.MethodHead)
			}
		}
		slices.Sort(allow)
		allow = slices.Compact(allow)
		target := concrete.Replace(path)
		for _, m := range []string{"DELETE", "GET", "HEAD", "PATCH", "POST", "PUT"} {
			if slices.Contains(allow, m) {
				continue
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(m, target, strings.NewReader("{}")))
			if got := rec.Header().Get("Allow"); rec.Code != 405 || got != strings.Join(allow, ", ") {
				t.Errorf("%s %s: %d, Allow %q; want 405, Allow %q", m, target, rec.Code, got, strings.Join(allow, ", "))
			}
			if m == http.MethodHead {
				continue // no body
			}
			var body struct {
				Error struct {
					Code, Message string
					Data          struct{ Code, Message string } // a JSON-RPC error's, at /mcp
				}
			}
			json.Unmarshal(rec.Body.Bytes(), &body)
			if body.Error.Data.Code != "" {
				body.Error.Code, body.Error.Message = body.Error.Data.Code, body.Error.Data.Message
			}
			if body.Error.Code != "method_not_allowed" || !strings.Contains(body.Error.Message, "not "+m) {
				t.Errorf("%s %s: %s", m, target, rec.Body)
			}
			for _, a := range allow {
				if a != http.MethodHead && a != http.MethodOptions && !strings.Contains(body.Error.Message, a) {
					t.Errorf("%s %s: the message does not name %s: %s", m, target, a, body.Error.Message)
				}
			}
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("DELETE", "/nowhere", nil))
	if rec.Code != 404 || rec.Header().Get("Allow") != "" {
		t.Errorf("DELETE /nowhere: %d, Allow %q; want 404 without Allow", rec.Code, rec.Header().Get("Allow"))
	}
}
