package live_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/agentgames/bundle/games/tron/live"
	"github.com/agentgames/bundle/internal/contracttest"
	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/store/memory"
)

// TestSince: a reader that keeps the grid as it read it last, and reads
// the match since the round it saw last (by GET, and by its moves'
// answers), holds the whole state at every round, cycles that die
// included; a since that is no round is refused and its move not played.
func TestSince(t *testing.T) {
	h := testserver.New(t)
	c := &clock{}
	c.advance(time.Hour)
	h.ServeLive(live.NewServer(&memory.Store{Clock: c.time}, c.time).WithCreateLimit(0))
	base := "/api/games/tron/matches"
	var a, b live.Joined
	json.Unmarshal(contracttest.Do(t, h, http.MethodPost, base, `{"players":3,"bots":1,"bot":"wise","width":9,"height":9}`).Body, &a)
	json.Unmarshal(contracttest.Do(t, h, http.MethodPost, base+"/"+a.Code+"/join", `{}`).Body, &b)
	read := func(path string, body string) *live.State {
		t.Helper()
		method := http.MethodGet
		if body != "" {
			method = http.MethodPost
		}
		e := contracttest.Do(t, h, method, path, body)
		var st live.State
		if err := json.Unmarshal(e.Body, &st); e.Status != 200 || err != nil {
			t.Fatalf("%s %s: %d %s", method, path, e.Status, e.Body)
		}
		return &st
	}
	whole := func() *live.State { return read(base+"/"+a.Code, "") }
	kept := whole()
	if kept.Since != nil {
		t.Fatalf("the whole state says since %d", *kept.Since)
	}
	// keep applies a state read since kept's round to kept.
	keep := func(st *live.State) {
		t.Helper()
		if st.Since == nil || *st.Since != kept.Round {
			t.Fatalf("a state read since round %d says since %v", kept.Round, st.Since)
		}
		seats := kept.Seats
		*kept = *st
		kept.Since = nil
		for p := range kept.Seats {
			if kept.Seats[p].Alive {
				kept.Seats[p].Trail = append(kept.Seats[p].Trail, seats[p].Trail...)
			}
		}
	}
	for _, bad := range []string{"-1", "x", "01", "100001", "1&from=2"} {
		if e := contracttest.Do(t, h, http.MethodPost, base+"/"+a.Code+"/move?since="+bad, `{"token":"`+a.Token+`","dir":"x+"}`); e.Status != 400 || e.Code(t) != "invalid_request" {
			t.Errorf("a move since %s: %d %s, want 400 invalid_request", bad, e.Status, e.Body)
		}
	}
	if st := whole(); st.Seats[0].Moved {
		t.Fatal("a move refused for its since was played")
	}
	for rounds := 0; !kept.Over; rounds++ {
		if rounds > 100 {
			t.Fatal("no end")
		}
		for _, j := range []live.Joined{a, b} {
			if kept.Seats[j.Seat].Alive && !kept.Over {
				var mv struct{ Dir string }
				json.Unmarshal(safe(kept, j.Seat), &mv)
				keep(read(fmt.Sprintf("%s/%s/move?since=%d", base, a.Code, kept.Round), `{"token":"`+j.Token+`","dir":"`+mv.Dir+`"}`))
			}
		}
		keep(read(fmt.Sprintf("%s/%s?since=%d", base, a.Code, kept.Round), ""))
		if diff := cmp.Diff(whole(), kept); diff != "" {
			t.Fatalf("round %d: the grid kept from states since the round before is not the match's:\n%s", kept.Round, diff)
		}
	}
	if st := read(fmt.Sprintf("%s/%s?since=%d", base, a.Code, kept.Round+5), ""); len(st.Seats[0].Trail)+len(st.Seats[1].Trail)+len(st.Seats[2].Trail) != 0 {
		t.Errorf("since a round to come: trails %+v, want none", st.Seats)
	}
}
