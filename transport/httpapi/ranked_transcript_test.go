package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/client/inproc"
	"github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/engines/tron/bots"
	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/internal/contracttest"
	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/internal/transcripttest"
	"github.com/agentgames/bundle/play"
)

// TestRankedTranscriptIsWhatThePlayerSaw: ranked Tinrail, Tidebreakers and
// Tron matches, each with a refused action after its first, recorded by
// the client as it plays. While a match runs, its transcript has exactly
// the accepted steps so far, and no seed anywhere; once it is over, every
// answer equals, byte for byte with its digest, the one the client
// recorded (refusals aside), the last carries the seed and so does the
// query, and the Link headers chain the pages.
func TestRankedTranscriptIsWhatThePlayerSaw(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		game  string
		query map[string]string
		next  mover
	}{
		{"tinrail", map[string]string{"opponent": "easy"}, legalMove},
		{"tidebreakers", map[string]string{"players": "3"}, legalMove},
		{"tron", map[string]string{"width": "30", "height": "30", "opponent": "easy"}, tronMove(bots.Easy)},
	} {
		t.Run(tt.game, func(t *testing.T) {
			t.Parallel()
			h := testserver.New(t)
			for tries := 1; !playRecorded(t, h, tt.game, tt.query, tt.next); tries++ {
				if tries == 10 {
					t.Fatal("10 matches ended at their first action")
				}
			}
		})
	}
}

// mover chooses the n-th action from the last accepted answer.
type mover func(t testing.TB, a *client.Answer, n int) json.RawMessage

// playRecorded plays a ranked match of game with query, recording it, and
// holds its transcript to the record while it runs and once it is over;
// false when its first action ended it, too soon for a refusal.
func playRecorded(t *testing.T, h http.Handler, game string, query map[string]string, next mover) bool {
	ctx := context.Background()
	ranked := map[string]string{"ranked": "true"}
	maps.Copy(ranked, query)
	s, err := client.Start(ctx, inproc.Handler{Handler: h}, game, ranked)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := s.Record(query)
	if err != nil {
		t.Fatal(err)
	}
	id := rankedOf(t, s.Last)
	var running [][]byte // the transcript's pages while the match ran
	seen := s.Last       // the last accepted answer
	for n := 0; !s.Last.GameOver; n++ {
		action := next(t, seen, n)
		if n == 1 {
			action = json.RawMessage(`{"type":"fly"}`)
		}
		a, err := s.Act(ctx, action)
		switch {
		case err != nil:
			t.Fatal(err)
		case a.OK == (n == 1):
			t.Fatalf("action %d %s: %s", n, action, a.Body)
		case a.OK:
			seen = a
		}
		if a.GameOver || n > 8 {
			continue
		}
		got, bodies := transcriptPages(t, h, game, id)
		running = append(running, bodies...)
		transcripttest.Same(t, got, transcripttest.Accepted(t, rec.Steps))
		if _, ok := got.Query["seed"]; ok {
			t.Errorf("the running match's transcript has a seed: %v", got.Query)
		}
		for i, st := range got.Steps {
			if bytes.Contains(st.Answer, []byte(`"seed"`)) {
				t.Errorf("step %d of the running match shows a seed: %s", i, st.Answer)
			}
		}
	}
	if len(rec.Steps) < 3 {
		return false
	}
	var final struct {
		Seed *uint64 `json:"seed"`
	}
	if err := json.Unmarshal(s.Last.Body, &final); err != nil || final.Seed == nil {
		t.Fatalf("the last answer has no seed: %s", s.Last.Body)
	}
	seed := strconv.FormatUint(*final.Seed, 10)
	for _, body := range running {
		if bytes.Contains(body, []byte(seed)) {
			t.Errorf("a page of the running match holds the seed %s: %s", seed, body)
		}
	}
	got, _ := transcriptPages(t, h, game, id)
	transcripttest.Same(t, got, transcripttest.Accepted(t, rec.Steps))
	if got.Query["seed"] != seed || got.Name != id || got.Game != game || !got.Full || got.Format != golden.Format {
		t.Errorf("the finished transcript: %s %s %v full %t, want the seed %s", got.Game, got.Name, got.Query, got.Full, seed)
	}
	for k, v := range query {
		if got.Query[k] != v {
			t.Errorf("the query's %s: %q, want %q", k, got.Query[k], v)
		}
	}
	return true
}

// TestRankedTranscriptRefusals: an unknown id, another game's id, a bad
// from (not a page's first step), another parameter and a from past the
// steps played are refused; the contract's from is a page's first step.
func TestRankedTranscriptRefusals(t *testing.T) {
	t.Parallel()
	h := testserver.New(t)
	id := contracttest.Do(t, h, "GET", "/api/games/tinrail/init?ranked=true", "").JSON(t)["ranked"].(string)
	for _, tt := range []struct {
		path   string
		status int
		code   string
	}{
		{"/api/games/tinrail/ranked/00112233445566778899aabbccddeeff/transcript", http.StatusNotFound, "no_match"},
		{"/api/games/tron/ranked/" + id + "/transcript", http.StatusNotFound, "no_match"},
		{"/api/games/nope/ranked/" + id + "/transcript", http.StatusNotFound, "unknown_game"},
		{"/api/games/tinrail/ranked/" + id + "/transcript?from=x", http.StatusBadRequest, "invalid_request"},
		{"/api/games/tinrail/ranked/" + id + "/transcript?from=01", http.StatusBadRequest, "invalid_request"},
		{"/api/games/tinrail/ranked/" + id + "/transcript?from=-1", http.StatusBadRequest, "invalid_request"},
		{"/api/games/tinrail/ranked/" + id + "/transcript?from=1", http.StatusBadRequest, "invalid_request"},
		{"/api/games/tinrail/ranked/" + id + "/transcript?from=" + strconv.Itoa(play.TranscriptPage), http.StatusBadRequest, "invalid_request"},
		{"/api/games/tinrail/ranked/" + id + "/transcript?from=0&seed=1", http.StatusBadRequest, "invalid_request"},
	} {
		if x := contracttest.Do(t, h, "GET", tt.path, ""); x.Status != tt.status || x.Code(t) != tt.code {
			t.Errorf("GET %s: %d %s, want %d %s", tt.path, x.Status, x.Body, tt.status, tt.code)
		}
	}
	from := contracttest.Doc.Paths.Find("/api/games/{slug}/ranked/{id}/transcript").Get.Parameters.GetByInAndName("query", "from").Schema.Value
	if from.MultipleOf == nil || *from.MultipleOf != play.TranscriptPage || *from.Max != play.MaxRankedSteps {
		t.Errorf("the contract's from: a multiple of %v up to %v, want %d and %d", from.MultipleOf, from.Max, play.TranscriptPage, play.MaxRankedSteps)
	}
}

// TestRankedTranscriptPages: a ranked Brinebell match of 3 pages
// (orders take no time, so a run may last MaxRankedSteps actions) is
// served a page at a time, the pages chained by Link, each replaying its
// own actions only; a page the page before has not reached is refused,
// and can be read once it has, and so can a page again.
func TestRankedTranscriptPages(t *testing.T) {
	t.Parallel()
	acts := &atomic.Int64{}
	h := testserver.Of(t, countingGame{games.Named("brinebell"), acts})
	ctx := context.Background()
	s, err := client.Start(ctx, inproc.Handler{Handler: h}, "brinebell", map[string]string{"ranked": "true"})
	if err != nil {
		t.Fatal(err)
	}
	rec, err := s.Record(nil)
	if err != nil {
		t.Fatal(err)
	}
	id := rankedOf(t, s.Last)
	P := play.TranscriptPage
	actions := []string{`{"type":"start"}`}
	for n := range 3*P - 2 {
		actions = append(actions, `{"type":"order","ferry":0,"dock":`+strconv.Itoa(n%3)+`}`)
	}
	for _, a := range actions {
		if a, err := s.Act(ctx, json.RawMessage(a)); err != nil || !a.OK {
			t.Fatalf("%v %s", err, a.Body)
		}
	}
	path := "/api/games/brinebell/ranked/" + id + "/transcript?from="
	for _, from := range []int{P, 2 * P, 1, P + 1} {
		if x := contracttest.Do(t, h, "GET", path+strconv.Itoa(from), ""); x.Status != http.StatusBadRequest || x.Code(t) != "invalid_request" {
			t.Errorf("from=%d before any page was read: %d %s", from, x.Status, x.Body)
		}
	}
	acts.Store(0)
	got, bodies := transcriptPages(t, h, "brinebell", id)
	if len(bodies) != 3 || acts.Load() != int64(len(actions)) {
		t.Errorf("%d pages replayed %d actions, want 3 pages replaying the %d actions once", len(bodies), acts.Load(), len(actions))
	}
	transcripttest.Same(t, got, rec.Steps)
	for _, from := range []int{2 * P, P} {
		acts.Store(0)
		x := contracttest.Do(t, h, "GET", path+strconv.Itoa(from), "")
		var page golden.Case
		if err := json.Unmarshal(x.Body, &page); err != nil || x.Status != http.StatusOK || len(page.Steps) != P || acts.Load() != int64(P) {
			t.Fatalf("from=%d again: %d, %d actions replayed, %.300s", from, x.Status, acts.Load(), x.Body)
		}
		transcripttest.Same(t, &golden.Case{Steps: page.Steps}, rec.Steps[from:from+P])
	}
	if x := contracttest.Do(t, h, "GET", path+strconv.Itoa(3*P), ""); x.Status != http.StatusBadRequest || x.Code(t) != "invalid_request" {
		t.Errorf("from past the last step: %d %s", x.Status, x.Body)
	}
}

// countingGame is a game whose matches count the moves they are played
// (each an action of the caller's, in Brinebell).
type countingGame struct {
	play.Game
	acts *atomic.Int64
}

func (g countingGame) New(seed uint64, options map[string]string) (play.Match, error) {
	m, err := g.Game.New(seed, options)
	return countingMatch{m, g.acts}, err
}

func (g countingGame) Decode(state []byte) (play.Match, error) {
	m, err := g.Game.Decode(state)
	return countingMatch{m, g.acts}, err
}

type countingMatch struct {
	play.Match
	acts *atomic.Int64
}

func (m countingMatch) Act(moves []play.Move, now time.Time) ([]any, error) {
	m.acts.Add(1)
	return m.Match.Act(moves, now)
}

// next is the Link header's next page.
var next = regexp.MustCompile(`^<(/api/games/[a-z]+/ranked/[0-9a-f]{32}/transcript\?from=[0-9]+)>; rel="next"$`)

// transcriptPages reads a ranked match's transcript page by page, as the
// Link headers chain them, and answers it whole, the query of the last
// page, and each page's body.
func transcriptPages(t testing.TB, h http.Handler, game, id string) (*golden.Case, [][]byte) {
	t.Helper()
	var whole *golden.Case
	var bodies [][]byte
	for path := "/api/games/" + game + "/ranked/" + id + "/transcript"; path != ""; {
		x := contracttest.Do(t, h, "GET", path, "")
		var page golden.Case
		if err := json.Unmarshal(x.Body, &page); err != nil || x.Status != http.StatusOK || len(page.Steps) > play.TranscriptPage {
			t.Fatalf("GET %s: %d %v %.300s", path, x.Status, err, x.Body)
		}
		bodies = append(bodies, x.Body)
		if whole == nil {
			whole = &page
		} else {
			whole.Query, whole.Steps = page.Query, append(whole.Steps, page.Steps...)
		}
		path = ""
		if link := x.Header.Get("Link"); link != "" {
			m := next.FindStringSubmatch(link)
			if m == nil || len(page.Steps) != play.TranscriptPage {
				t.Fatalf("a page of %d steps links %q", len(page.Steps), link)
			}
			path = m[1]
		}
	}
	return whole, bodies
}

// rankedOf is the ranked match id an answer carries.
func rankedOf(t testing.TB, a *client.Answer) string {
	t.Helper()
	var env struct{ Ranked string }
	if err := json.Unmarshal(a.Body, &env); err != nil || env.Ranked == "" {
		t.Fatalf("the answer is not ranked: %s", a.Body)
	}
	return env.Ranked
}

// legalMove plays the n-th legal action, round the list.
func legalMove(t testing.TB, a *client.Answer, n int) json.RawMessage {
	t.Helper()
	var env struct{ LegalActions []json.RawMessage }
	if err := json.Unmarshal(a.Body, &env); err != nil || len(env.LegalActions) == 0 {
		t.Fatalf("no legal action: %s", a.Body)
	}
	return env.LegalActions[n%len(env.LegalActions)]
}

// tronMove plays policy for the caller's cycle on the board the answer
// shows.
func tronMove(policy bots.Policy) func(t testing.TB, a *client.Answer, n int) json.RawMessage {
	return func(t testing.TB, a *client.Answer, _ int) json.RawMessage {
		t.Helper()
		var v struct {
			Width, Height int
			Board         [][][2]int
		}
		if err := a.View(&v); err != nil {
			t.Fatal(err)
		}
		trails := make([][]tron.Cell, len(v.Board))
		for p, trail := range v.Board {
			for _, c := range trail {
				trails[p] = append(trails[p], tron.Cell{X: c[0], Y: c[1]})
			}
		}
		s, err := tron.FromBoard(v.Width, v.Height, trails)
		if err != nil {
			t.Fatal(err)
		}
		return json.RawMessage(`{"type":"move","dir":"` + policy(s, 0, nil).String() + `"}`)
	}
}

// BenchmarkRankedTranscript times transcript requests of the costliest
// matches we can build: every page of a whole ranked 100x100 Tron match
// against wise bots, the caller playing wise too (a long match), each
// page replaying its TranscriptPage actions (and every bot move among
// them) from the checkpoint the page before kept. It reports the mean,
// the 99th percentile and the slowest request, the largest page, and the
// match's actions; the first reading of all its pages, in order, keeps
// the checkpoints. go test ./transport/httpapi -run X -bench
// RankedTranscript -benchtime 400x cycles through every page of a
// 4,000-action match.
func BenchmarkRankedTranscript(b *testing.B) {
	for _, players := range []string{"2", "4"} {
		b.Run("players="+players, func(b *testing.B) {
			h := testserver.New(b)
			ctx := context.Background()
			s, err := client.Start(ctx, inproc.Handler{Handler: h}, "tron", map[string]string{"ranked": "true", "width": "100", "height": "100", "players": players, "opponent": "wise"})
			if err != nil {
				b.Fatal(err)
			}
			move, actions := tronMove(bots.Wise), 0
			for ; !s.Last.GameOver; actions++ {
				if _, err := s.Act(ctx, move(b, s.Last, actions)); err != nil {
					b.Fatal(err)
				}
			}
			id := rankedOf(b, s.Last)
			get := func(from int) *httptest.ResponseRecorder {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/games/tron/ranked/"+id+"/transcript?from="+strconv.Itoa(from), nil))
				if rec.Code != http.StatusOK {
					b.Fatal(rec.Body)
				}
				return rec
			}
			pages := actions/play.TranscriptPage + 1
			for page := range pages {
				get(page * play.TranscriptPage)
			}
			took, largest := []time.Duration{}, 0
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				start := time.Now()
				rec := get(i % pages * play.TranscriptPage)
				took = append(took, time.Since(start))
				largest = max(largest, rec.Body.Len())
			}
			slices.Sort(took)
			b.ReportMetric(float64(took[len(took)*99/100].Milliseconds()), "p99-ms")
			b.ReportMetric(float64(took[len(took)-1].Milliseconds()), "max-ms")
			b.ReportMetric(float64(largest), "page-bytes")
			b.ReportMetric(float64(actions), "actions")
		})
	}
}
