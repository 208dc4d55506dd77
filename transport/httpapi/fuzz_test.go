package httpapi_test

import (
	"encoding/json"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/transport/httpapi"
)

// verdict sends body to a game's action endpoint and checks what the
// handler answered against what the contract says of the same request:
//   - anything the handler accepts (an envelope, or a refusal by the rules)
//     the contract accepts;
//   - an action the handler refuses as invalid_action, or a request it
//     refuses for its fields, the contract refuses.
//
// Refusals the contract cannot see (a token that does not open, a repeated
// key, nesting or keys past the bounds, invalid UTF-8) are the handler's
// alone, and so is a number written in more than 32 characters, which the
// handler does not read as a whole number (wire's bound).
func verdict(t *testing.T, h *httpapi.Server, game, body string) {
	t.Helper()
	req := httptest.NewRequest("POST", "/api/games/"+game+"/action", strings.NewReader(body))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code >= 500 {
		t.Fatalf("%d for %q: %s", rec.Code, body, rec.Body)
	}
	var answer struct {
		OK    *bool
		Code  play.Code
		Error *struct {
			Code    play.Code
			Message string
		}
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &answer); err != nil {
		t.Fatalf("answer is not JSON: %s", rec.Body)
	}
	code := answer.Code
	switch {
	case rec.Code == 200 && answer.OK == nil:
		t.Fatalf("200 without ok: %s", rec.Body)
	case rec.Code != 200 && answer.Error == nil:
		t.Fatalf("%d without an error: %s", rec.Code, rec.Body)
	case rec.Code != 200:
		code = answer.Error.Code
		if httpapi.Status(code) != rec.Code {
			t.Fatalf("%d with code %q", rec.Code, code)
		}
	}
	if longNumber.MatchString(body) {
		return
	}
	accepts, why := contractAccepts(httptest.NewRequest("POST", "/api/games/"+game+"/action", nil), []byte(body))
	switch {
	case rec.Code == 200 && code != play.CodeInvalidAction && !accepts:
		t.Errorf("the handler accepts what the contract refuses (%v): %s\nanswer: %.300s", why, body, rec.Body)
	case code == play.CodeInvalidAction && accepts:
		t.Errorf("the handler refuses an action the contract accepts: %s\nanswer: %.300s", body, rec.Body)
	case code == play.CodeInvalidRequest && accepts && !strings.Contains(answer.Error.Message, "differ"):
		t.Errorf("the handler refuses a request the contract accepts: %s\nanswer: %.300s", body, rec.Body)
	}
}

var longNumber = regexp.MustCompile(`[-+.eE0-9]{33}`)

// tokens starts one match per game and answers their state tokens.
func tokens(t testing.TB, h *httpapi.Server) map[string]string {
	out := map[string]string{}
	for _, game := range []string{"tinrail", "brinebell"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/games/"+game+"/init?seed=1", nil))
		var env struct{ State string }
		json.Unmarshal(rec.Body.Bytes(), &env)
		out[game] = env.State
	}
	return out
}

// TestActionsAgreeWithTheContract sends, for every game, every action made
// of its types and fields with values around and outside their ranges, of
// every JSON kind, and checks the handler's verdict against the contract's.
func TestActionsAgreeWithTheContract(t *testing.T) {
	t.Parallel()
	h := testserver.New(t)
	tok := tokens(t, h)
	values := []string{"", "-1", "0", "2", "3", "90", "91", "1.0", "1.5", "1e400", `"1"`, "null", "{}"}
	grammar := map[string]struct{ types, fields []string }{
		"tinrail":   {[]string{`"place"`, `"PLACE"`, `"pass"`, "1"}, []string{"tileIndex", "rotation", "TileIndex"}},
		"brinebell": {[]string{`"start"`, `"bank"`, `"advance"`, `"order"`, `"wait"`, ""}, []string{"ticks", "ferry", "dock"}},
	}
	n := 0
	for game, g := range grammar {
		for _, typ := range g.types {
			var fill func(i int, fields string)
			fill = func(i int, fields string) {
				if i == len(g.fields) {
					obj := fields
					if typ != "" {
						obj = `"type":` + typ + fields
					}
					verdict(t, h, game, `{"state":"`+tok[game]+`","action":{`+strings.TrimPrefix(obj, ",")+`}}`)
					n++
					return
				}
				for _, v := range values {
					if v == "" {
						fill(i+1, fields)
					} else {
						fill(i+1, fields+`,"`+g.fields[i]+`":`+v)
					}
				}
			}
			fill(0, "")
		}
	}
	t.Logf("%d actions checked against the contract", n)
}

// FuzzAction sends arbitrary bodies to every game's action endpoint, around
// valid state tokens: whatever arrives, the answer is a 200 envelope or
// refusal or a 4xx JSON error with a listed code, never a 5xx or a panic,
// and the handler agrees with the contract (see verdict).
func FuzzAction(f *testing.F) {
	h := testserver.New(f)
	tok := tokens(f, h)
	tr, bb := tok["tinrail"], tok["brinebell"]
	for _, body := range []string{
		`{"stateToken":"` + bb + `","action":{"type":"start"}}`,
		`{"stateToken":"` + bb + `","action":{"type":"order","ferry":0,"dock":1}}`,
		`{"stateToken":"` + bb + `","action":{"type":"advance","ticks":90,"dock":null}}`,
		`{"stateToken":"` + bb + `","action":{"type":"advance","ticks":9.0e1}}`,
		`{"stateToken":"` + bb + `","action":{"type":"bank"},"ACTION":{"type":"advance","ticks":90}}`,
		actionBody(tr, `{"type":"place","tileIndex":0,"rotation":1}`),
		actionBody(tr, `{"type":"place","tileIndex":2,"rotation":3,"extra":[1,{}]}`),
		actionBody(tr, `{"type":"place","tileIndex":-1,"rotation":1e300}`),
		actionBody(tr, `{"type":"place","tileIndex":1,"rotation":1,"rotation":2}`),
		actionBody(tr, `{"type":"place","tileIndex":1,"Rotation":2}`),
		`{"stateToken":"` + tr + `","action":null}`,
		`{"state":"` + tr[:40] + `","action":{}}`,
		`{"state":"` + tr + `","action":[[[[[[[[[[]]]]]]]]]]}`,
		`{}`, `[]`, `"x"`, ``,
	} {
		f.Add(body)
	}
	f.Fuzz(func(t *testing.T, body string) {
		game := "tinrail"
		if strings.Contains(body, bb[:20]) {
			game = "brinebell"
		}
		verdict(t, h, game, body)
	})
}
