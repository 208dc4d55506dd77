package httpapi_test

import (
	"errors"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/transport/httpapi"
)

// TestStatusOfEveryCode: every listed code has the status of its kind,
// and WriteError answers it as { error: { code, message } }; anything else
// is answered as internal, without its details.
func TestStatusOfEveryCode(t *testing.T) {
	t.Parallel()
	want := map[play.Kind][2]int{play.KindRequest: {400, 499}, play.KindRefusal: {200, 200}, play.KindConflict: {409, 409}, play.KindInternal: {500, 503}}
	for _, c := range play.Codes() {
		s := httpapi.Status(c.Code)
		if r := want[c.Kind]; s < r[0] || s > r[1] {
			t.Errorf("%s (kind %d) answers %d", c.Code, c.Kind, s)
		}
		if c.Kind == play.KindRefusal {
			continue
		}
		rec := httptest.NewRecorder()
		httpapi.WriteError(rec, httptest.NewRequest("GET", "/", nil), &play.Error{Code: c.Code, Message: "m"})
		if rec.Code != s || !strings.Contains(rec.Body.String(), `{"error":{"code":"`+string(c.Code)+`","message":"m"}}`) {
			t.Errorf("%s: %d %s", c.Code, rec.Code, rec.Body)
		}
	}
	for _, err := range []error{errors.New("disk on fire"), &play.Error{Code: "made_up", Message: "secret detail"}, &play.Error{Code: play.CodeGameOver, Message: "a refusal is no error"}} {
		rec := httptest.NewRecorder()
		httpapi.WriteError(rec, httptest.NewRequest("GET", "/", nil), err)
		if rec.Code != 500 || !strings.Contains(rec.Body.String(), `"internal"`) || strings.Contains(rec.Body.String(), "fire") || strings.Contains(rec.Body.String(), "secret") {
			t.Errorf("%v: %d %s", err, rec.Code, rec.Body)
		}
	}
}
