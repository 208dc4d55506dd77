package live_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/agentgames/bundle/games/tron/live"
	"github.com/agentgames/bundle/internal/contracttest"
	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/store/memory"
)

// TestOverHTTP plays a whole match through the bundle's handler, every
// request and answer held to openapi.yaml, and checks the HTTP errors of
// the live Tron routes: a second move in a round, a cycle that is out, a
// move once over, strict bodies, unknown codes and actions.
func TestOverHTTP(t *testing.T) {
	h := testserver.New(t)
	c := &clock{}
	c.advance(time.Hour)
	h.ServeLive(live.NewServer(&memory.Store{Clock: c.time}, c.time).WithCreateLimit(0))
	base := "/api/games/tron/matches"
	e := contracttest.Do(t, h, http.MethodPost, base, `{"players":2,"name":"Ada","width":7,"height":7}`)
	var a, b live.Joined
	if json.Unmarshal(e.Body, &a); e.Status != 200 || a.Code == "" || a.Seat != 0 {
		t.Fatalf("create: %d %s", e.Status, e.Body)
	}
	e = contracttest.Do(t, h, http.MethodPost, base+"/"+strings.ToLower(a.Code)+"/join", `{"name":"Bo"}`)
	if json.Unmarshal(e.Body, &b); e.Status != 200 || b.Seat != 1 {
		t.Fatalf("join: %d %s", e.Status, e.Body)
	}
	refuse := func(path, body string, status int, code string) {
		t.Helper()
		if e := contracttest.Do(t, h, http.MethodPost, path, body); e.Status != status || e.Code(t) != code {
			t.Errorf("POST %s %.60s: %d %s, want %d %s", path, body, e.Status, e.Body, status, code)
		}
	}
	moveBody := func(token string, m json.RawMessage) string {
		var mv struct{ Dir string }
		json.Unmarshal(m, &mv)
		return `{"token":"` + token + `","dir":"` + mv.Dir + `"}`
	}
	refuse(base+"/"+a.Code+"/join", `{}`, 409, "match_full")
	var st live.State
	json.Unmarshal(contracttest.Do(t, h, http.MethodGet, base+"/"+a.Code, "").Body, &st)
	if e := contracttest.Do(t, h, http.MethodPost, base+"/"+a.Code+"/move", moveBody(a.Token, safe(&st, 0))); e.Status != 200 {
		t.Fatalf("move: %d %s", e.Status, e.Body)
	}
	refuse(base+"/"+a.Code+"/move", moveBody(a.Token, safe(&st, 0)), 409, "already_moved")
	for _, bad := range []struct{ body, code string }{
		{`{"token":"` + b.Token + `","dir":"z+"}`, "invalid_request"},
		{`{"token":"` + b.Token + `","dir":"x+","type":"move"}`, "invalid_request"},
		{`{"token":"` + b.Token + `"}`, "invalid_request"},
		{`{"token":"` + b.Token + `","dir":"x+","dir":"x-"}`, "bad_json"},
	} {
		refuse(base+"/"+a.Code+"/move", bad.body, 400, bad.code)
	}
	refuse(base+"/"+a.Code+"/move", `{"token":"`+other(b.Token)+`","dir":"x+"}`, 403, "forbidden")
	refuse(base+"/"+a.Code+"/move", strings.Repeat(" ", 1<<20), 413, "body_too_large")
	refuse(base+"/"+a.Code+"/fly", `{}`, 404, "not_found")
	refuse(base+"/ZZZZZZZZZZ/move", moveBody(b.Token, move("x+")), 404, "no_match")
	refuse(base, `{"players":2,"width":4}`, 400, "invalid_request")
	refuse(base, `{"players":2,"roundMillis":999}`, 400, "invalid_request")
	refuse(base, `{"players":2,"bot":"hard"}`, 400, "invalid_request")
	refuse(base, `{"players":2,"Players":2}`, 400, "invalid_request")
	for n := 0; !st.Over; n++ {
		if n > 100 {
			t.Fatal("no end")
		}
		if st.Seats[1].Alive {
			contracttest.Do(t, h, http.MethodPost, base+"/"+a.Code+"/move", moveBody(b.Token, safe(&st, 1)))
		}
		json.Unmarshal(contracttest.Do(t, h, http.MethodGet, base+"/"+a.Code, "").Body, &st)
		if !st.Over && st.Seats[0].Alive && !st.Seats[0].Moved {
			contracttest.Do(t, h, http.MethodPost, base+"/"+a.Code+"/move", moveBody(a.Token, safe(&st, 0)))
			json.Unmarshal(contracttest.Do(t, h, http.MethodGet, base+"/"+a.Code, "").Body, &st)
		}
	}
	if st.Phase != "over" || len(st.Places) != 2 {
		t.Fatalf("over: %+v", st)
	}
	refuse(base+"/"+a.Code+"/move", moveBody(a.Token, move("x+")), 409, "match_over")
}
