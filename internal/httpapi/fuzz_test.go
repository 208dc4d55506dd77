package httpapi

import (
	"encoding/json"

	"github.com/agentgames/bundle/internal/play"
	"net/http/httptest"
	"strings"
	"testing"
)

// FuzzAction sends arbitrary bodies to every game's action endpoint, around
// valid state tokens: whatever arrives, the answer is a 200 envelope or
// refusal or a 4xx JSON error with a listed code, never a 5xx or a panic.
func FuzzAction(f *testing.F) {
	h := newServer(f)
	token := func(slug string) string {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/games/"+slug+"/init?seed=1", nil))
		var env struct{ State string }
		json.Unmarshal(rec.Body.Bytes(), &env)
		return env.State
	}
	env := struct{ State string }{token("tinrail")}
	bb := token("brinebell")
	for _, body := range []string{
		`{"stateToken":"` + bb + `","action":{"type":"start"}}`,
		`{"stateToken":"` + bb + `","action":{"type":"order","ferry":0,"dock":1}}`,
		`{"stateToken":"` + bb + `","action":{"type":"advance","ticks":90,"dock":null}}`,
		actionBody(env.State, `{"type":"place","tileIndex":0,"rotation":1}`),
		actionBody(env.State, `{"type":"place","tileIndex":2,"rotation":3,"extra":[1,{}]}`),
		actionBody(env.State, `{"type":"place","tileIndex":-1,"rotation":1e300}`),
		`{"stateToken":"` + env.State + `","action":null}`,
		`{"state":"` + env.State[:40] + `","action":{}}`,
		`{}`, `[]`, `"x"`, ``,
	} {
		f.Add(body)
	}
	f.Fuzz(func(t *testing.T, body string) {
		slug := "tinrail"
		if strings.Contains(body, bb[:20]) {
			slug = "brinebell"
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/games/"+slug+"/action", strings.NewReader(body)))
		if rec.Code >= 500 {
			t.Fatalf("%d for %q: %s", rec.Code, body, rec.Body)
		}
		var answer map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &answer); err != nil {
			t.Fatalf("answer is not JSON: %s", rec.Body)
		}
		if rec.Code == 200 {
			if _, ok := answer["ok"].(bool); !ok {
				t.Fatalf("200 without ok: %s", rec.Body)
			}
			return
		}
		e, _ := answer["error"].(map[string]any)
		if code, _ := e["code"].(string); statusOf[play.Code(code)] != rec.Code {
			t.Fatalf("%d with code %q", rec.Code, code)
		}
	})
}
