package live_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/agentgames/bundle/games/tron/live"
	"github.com/agentgames/bundle/internal/contracttest"
	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/memory"
	"github.com/agentgames/bundle/transport/httpapi"
)

// TestTranscript plays a match of two players and an easy bot over HTTP,
// the second player falling silent in round 3, and holds its transcript to what
// the match's public state showed after every round: frame r is the
// state once round r resolved (no deadline, nobody shown as moved, the
// log holding round r's entries only), its action the round's moves, null
// for the silent cycle and those already out. Mid-round, the transcript
// holds the resolved rounds only; it never names a token or a seed.
func TestTranscript(t *testing.T) {
	h := testserver.New(t)
	c := &clock{}
	c.advance(time.Hour)
	// The deal's seed is fixed to one whose starts keep every cycle in
	// until round 3, when seat 2 falls silent.
	h.ServeLive(live.NewServer(&memory.Store{Clock: c.time}, c.time).WithCreateLimit(0).WithSeeds(play.FixedSeeds(1)))
	base := "/api/games/tron/matches"
	a, b, seen := silentMatch(t, h, c, base)
	if len(seen[2].Seats) != 3 || seen[2].Over || !seen[2].Seats[2].Alive {
		t.Fatal("seat 2 was out before round 3: the seed shows no silence")
	}
	tr := contracttest.Transcript(t, h, base+"/"+a.Code+"/transcript")
	last := seen[0]
	for r := range seen {
		if r > last.Round {
			last = seen[r]
		}
	}
	if tr.Game != "tron" || tr.Name != a.Code || len(tr.Steps) != last.Round+1 {
		t.Fatalf("transcript %s/%s of %d frames; want tron/%s of %d", tr.Game, tr.Name, len(tr.Steps), a.Code, last.Round+1)
	}
	for r, want := range seen {
		want.Deadline = nil
		for i := range want.Seats {
			want.Seats[i].Moved = false
		}
		log := []json.RawMessage{} // a frame's log holds the entries of its round only
		for _, e := range want.Log {
			var entry live.LogEntry
			if json.Unmarshal(e, &entry); entry.Round == r {
				log = append(log, e)
			}
		}
		want.Log = log
		var got struct {
			OK, GameOver bool
			View         any
		}
		json.Unmarshal(tr.Steps[r].Answer, &got)
		var wantView any
		data, _ := json.Marshal(want)
		json.Unmarshal(data, &wantView)
		if d := cmp.Diff(wantView, got.View); d != "" || !got.OK || got.GameOver != want.Over {
			t.Errorf("frame %d differs from the state once round %d resolved (-want +got):\n%s", r, r, d)
		}
	}
	var round3 struct {
		Round int
		Moves []*string
	}
	json.Unmarshal(tr.Steps[3].Action, &round3)
	before := seen[2].Seats // as round 3 began: the cycles out by then move null too
	if tr.Steps[0].Action != nil || round3.Round != 3 || len(round3.Moves) != 3 || round3.Moves[2] != nil ||
		(round3.Moves[0] != nil) != before[0].Alive || (round3.Moves[1] != nil) != before[1].Alive {
		t.Errorf("deal %s, round 3 %s: want no action, then moves of the seats 0 and 1 still in (%v, %v) and null for silent seat 2",
			tr.Steps[0].Action, tr.Steps[3].Action, before[0].Alive, before[1].Alive)
	}
	body := string(contracttest.Do(t, h, http.MethodGet, base+"/"+a.Code+"/transcript", "").Body)
	for _, secret := range []string{a.Token, b.Token, "seed", "token"} {
		if strings.Contains(body, secret) {
			t.Errorf("the transcript names %q", secret)
		}
	}
}

// silentMatch plays a match of two players and an easy bot on h to its
// end, the second player (seat 2) silent in round 3, and answers the two
// players and the match's public state once each round resolved. It fails
// t unless a transcript was read while a move was kept for its round.
func silentMatch(t *testing.T, h *httpapi.Server, c *clock, base string) (live.Joined, live.Joined, map[int]live.State) {
	t.Helper()
	e := contracttest.Do(t, h, http.MethodPost, base, `{"players":3,"name":"Ada","bots":1,"bot":"easy","width":9,"height":9,"roundMillis":1000}`)
	var a, b live.Joined
	json.Unmarshal(e.Body, &a)
	json.Unmarshal(contracttest.Do(t, h, http.MethodPost, base+"/"+a.Code+"/join", `{"name":"Bo"}`).Body, &b)
	read := func() live.State {
		var st live.State
		json.Unmarshal(contracttest.Do(t, h, http.MethodGet, base+"/"+a.Code, "").Body, &st)
		return st
	}
	seen := map[int]live.State{} // round → the state once it resolved
	seen[0] = read()
	hidden := false // a transcript was read while a move was kept for its round
	moveBody := func(token string, m json.RawMessage) string {
		var mv struct{ Dir string }
		json.Unmarshal(m, &mv)
		return `{"token":"` + token + `","dir":"` + mv.Dir + `"}`
	}
	for st := seen[0]; !st.Over; {
		if st.Round > 100 {
			t.Fatal("no end")
		}
		if st.Seats[0].Alive {
			contracttest.Do(t, h, http.MethodPost, base+"/"+a.Code+"/move", moveBody(a.Token, safe(&st, 0)))
		}
		mid, now := contracttest.Transcript(t, h, base+"/"+a.Code+"/transcript"), read()
		if len(mid.Steps) != now.Round+1 {
			t.Fatalf("round %d under way: %d frames, want the %d resolved", now.Round+1, len(mid.Steps), now.Round+1)
		}
		hidden = hidden || !now.Over && now.Seats[0].Moved
		if st.Seats[2].Alive && st.Round != 2 {
			contracttest.Do(t, h, http.MethodPost, base+"/"+b.Code+"/move", moveBody(b.Token, safe(&st, 2)))
		}
		if st.Round == 2 || !st.Seats[0].Alive && !st.Seats[2].Alive {
			c.advance(time.Second) // the silent cycle's deadline; the bot's rounds once the players are out
		}
		next := read()
		if next.Round > st.Round {
			seen[next.Round] = next
		}
		st = next
	}
	if !hidden {
		t.Error("no transcript was read with a move kept for its round")
	}
	return a, b, seen
}
