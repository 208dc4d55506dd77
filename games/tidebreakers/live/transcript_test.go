package live_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/agentgames/bundle/agents/tidecaptain"
	"github.com/agentgames/bundle/games/tidebreakers/live"
	"github.com/agentgames/bundle/internal/contracttest"
	"github.com/agentgames/bundle/internal/testserver"
	core "github.com/agentgames/bundle/play/live"
)

// TestTranscript plays a match against three sample captains over HTTP and
// holds its transcript, read a page at a time, to the match: the public
// state every answer showed is a frame, in the order shown, but for the
// log, which the frames' logs make up together; the player's
// actions are the changes of seat 0, as sent; the last frame is the end.
// A match the time limit ends has it as its last change. No transcript
// names a token or a seed.
func TestTranscript(t *testing.T) {
	h := testserver.New(t)
	s, c := newServer(t)
	h.ServeLive(s)
	e := contracttest.Do(t, h, http.MethodPost, "/api/matches", `{"players":4,"name":"Ada","bots":3,"captain":"sample"}`)
	var j live.Joined
	json.Unmarshal(e.Body, &j)
	var st live.State
	var shown []any      // every public state an answer showed
	var sent, mine []any // seat 0's actions: as sent, as the transcript's changes
	show := func(body []byte) {
		var v map[string]any
		json.Unmarshal(body, &v)
		delete(v, "log")
		shown = append(shown, v)
		json.Unmarshal(body, &st)
	}
	show(contracttest.Do(t, h, http.MethodGet, "/api/matches/"+j.Code, "").Body)
	for !st.Over {
		if len(sent) > 2000 {
			t.Fatal("no end")
		}
		op, body := tidecaptain.Next(&st, 0, j.Token)
		delete(body, "token")
		body["type"] = op
		var action any
		data, _ := json.Marshal(body)
		json.Unmarshal(data, &action)
		sent = append(sent, action)
		delete(body, "type")
		body["token"] = j.Token
		data, _ = json.Marshal(body)
		show(contracttest.Do(t, h, http.MethodPost, "/api/matches/"+j.Code+"/"+op, string(data)).Body)
	}
	target := "/api/matches/" + j.Code + "/transcript"
	tr := contracttest.Transcript(t, h, target)
	if tr.Game != "tidebreakers" || tr.Name != j.Code || len(tr.Steps) <= core.TranscriptPage {
		t.Fatalf("transcript %s/%s of %d frames; want tidebreakers/%s of more than a page", tr.Game, tr.Name, len(tr.Steps), j.Code)
	}
	next := 0
	var log []any // the frames' logs joined
	for i, step := range tr.Steps {
		var answer struct {
			OK, GameOver bool
			View         map[string]any
		}
		json.Unmarshal(step.Answer, &answer)
		log = append(log, answer.View["log"].([]any)...)
		delete(answer.View, "log")
		if next < len(shown) && cmp.Equal(answer.View, shown[next]) {
			next++
		}
		if !answer.OK || answer.GameOver != (i == len(tr.Steps)-1) {
			t.Errorf("frame %d: ok %v, gameOver %v", i, answer.OK, answer.GameOver)
		}
		var change struct {
			Seat   *int
			Action any
		}
		if i > 0 && json.Unmarshal(step.Action, &change) == nil && change.Seat != nil && *change.Seat == 0 {
			mine = append(mine, change.Action)
		}
	}
	if next != len(shown) {
		t.Errorf("the transcript shows %d of the %d states answered, in order; the first missing:\n%v", next, len(shown), shown[next])
	}
	var end struct{ Log []any }
	json.Unmarshal(contracttest.Do(t, h, http.MethodGet, "/api/matches/"+j.Code, "").Body, &end)
	if d := cmp.Diff(end.Log, log); d != "" {
		t.Errorf("the frames' logs joined differ from the match's (-match +frames):\n%s", d)
	}
	if d := cmp.Diff(sent, mine); d != "" {
		t.Errorf("seat 0's changes differ from the actions sent (-sent +changes):\n%s", d)
	}
	if e := contracttest.Do(t, h, http.MethodGet, target+"?from="+itoa(len(tr.Steps)), ""); e.Status != 200 || e.Header.Get("Link") != "" || !strings.Contains(string(e.Body), `"steps":[]`) {
		t.Errorf("a page from the last frame on: %d %s %.200s", e.Status, e.Header.Get("Link"), e.Body)
	}
	for _, bad := range []string{"?from=" + itoa(len(tr.Steps)+1), "?from=-1", "?from=x", "?step=1"} {
		if e := contracttest.Do(t, h, http.MethodGet, target+bad, ""); e.Status != 400 || e.Code(t) != "invalid_request" {
			t.Errorf("%s: %d %s", bad, e.Status, e.Body)
		}
	}
	if e := contracttest.Do(t, h, http.MethodGet, "/api/matches/ZZZZZZZZZZ/transcript", ""); e.Status != 404 || e.Code(t) != "no_match" {
		t.Errorf("no such match: %d %s", e.Status, e.Body)
	}

	e = contracttest.Do(t, h, http.MethodPost, "/api/matches", `{"players":3,"name":"Ada"}`)
	json.Unmarshal(e.Body, &j)
	if lobby := contracttest.Transcript(t, h, "/api/matches/"+j.Code+"/transcript"); len(lobby.Steps) != 0 {
		t.Errorf("a match in its lobby has %d frames", len(lobby.Steps))
	}
	c.advance(live.Lobby)
	contracttest.Do(t, h, http.MethodGet, "/api/matches/"+j.Code, "")
	c.advance(live.TimeLimit)
	tr = contracttest.Transcript(t, h, "/api/matches/"+j.Code+"/transcript")
	if got := string(tr.Steps[len(tr.Steps)-1].Action); got != `{"seat":null,"action":{"type":"time_limit"}}` {
		t.Errorf("the time limit's change: %s", got)
	}
	for _, body := range []string{string(contracttest.Do(t, h, http.MethodGet, target, "").Body), string(contracttest.Do(t, h, http.MethodGet, "/api/matches/"+j.Code+"/transcript", "").Body)} {
		for _, secret := range []string{j.Token, "seed", "token"} {
			if strings.Contains(body, secret) {
				t.Errorf("a transcript names %q", secret)
			}
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
