package httpapi_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/internal/contracttest"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestGoldenTranscripts: every game lists its golden cases, and each
// case's transcript, replayed on the server, has every answer, each of
// which has the digest the golden file pins at that step: the transcript
// is what an agent saw. It is served compact: a whole answer at every
// golden.Checkpoint'th step, else an answer or a patch, and format 3 if
// any step has a patch. An unknown case is not_found; a query is refused.
func TestGoldenTranscripts(t *testing.T) {
	t.Parallel()
	h := testserver.New(t)
	var biggest struct {
		ref         string
		size, steps int
	}
	for _, g := range games.All() {
		slug := g.Info().Slug
		want, err := golden.Load(golden.Files, slug)
		if err != nil {
			t.Fatal(err)
		}
		e := contracttest.Do(t, h, http.MethodGet, "/api/games/"+slug+"/golden", "")
		var list struct {
			Cases []struct {
				Name  string
				Steps int
			}
		}
		if json.Unmarshal(e.Body, &list); e.Status != 200 || len(list.Cases) != len(want) {
			t.Fatalf("%s's cases: %d, %d of %d", slug, e.Status, len(list.Cases), len(want))
		}
		for i, c := range want {
			if list.Cases[i].Name != c.Name || list.Cases[i].Steps != len(c.Steps) {
				t.Errorf("%s case %d: %+v, want %s of %d steps", slug, i, list.Cases[i], c.Name, len(c.Steps))
			}
			e := contracttest.Do(t, h, http.MethodGet, "/api/games/"+slug+"/golden/"+c.Name, "")
			var got golden.Case
			if err := json.Unmarshal(e.Body, &got); e.Status != 200 || err != nil || !got.Full || len(got.Steps) != len(c.Steps) {
				t.Fatalf("%s: %d %v %.200s", c.Ref(), e.Status, err, e.Body)
			}
			for j, st := range got.Steps {
				d, err := golden.Digest(st.Answer)
				if err != nil || d != c.Steps[j].Digest || st.Digest != d || string(st.Action) != string(c.Steps[j].Action) {
					t.Errorf("%s step %d: the answer's digest %s (%v), the step's %s, want %s", c.Ref(), j, d, err, st.Digest, c.Steps[j].Digest)
					break
				}
			}
			checkCompact(t, c.Ref(), e.Body)
			if len(e.Body) > biggest.size {
				biggest.ref, biggest.size, biggest.steps = c.Ref(), len(e.Body), len(c.Steps)
			}
		}
	}
	t.Logf("the biggest transcript served: %s, %d steps in %d bytes", biggest.ref, biggest.steps, biggest.size)
	for _, bad := range []struct {
		path   string
		status int
		code   string
	}{
		{"/api/games/tron/golden/no-such-case", 404, "not_found"},
		{"/api/games/chess/golden", 404, "unknown_game"},
		{"/api/games/tron/golden?x=1", 400, "invalid_request"},
	} {
		if e := contracttest.Do(t, h, http.MethodGet, bad.path, ""); e.Status != bad.status || e.Code(t) != bad.code {
			t.Errorf("GET %s: %d %s", bad.path, e.Status, e.Body)
		}
	}
}

// checkCompact holds a transcript served to the compact form.
func checkCompact(t *testing.T, ref string, body []byte) {
	t.Helper()
	var raw struct {
		Format int
		Steps  []struct{ Answer, Patch json.RawMessage }
	}
	if err := json.Unmarshal(body, &raw); err != nil {
		t.Fatal(err)
	}
	patches := 0
	for j, st := range raw.Steps {
		if (st.Answer == nil) == (st.Patch == nil) || (j%golden.Checkpoint == 0 && st.Answer == nil) {
			t.Fatalf("%s step %d: answer %.100s, patch %.100s", ref, j, st.Answer, st.Patch)
		}
		if st.Patch != nil {
			patches++
		}
	}
	if want := map[bool]int{true: golden.FormatCompact, false: golden.Format}[patches > 0]; raw.Format != want || (patches == 0 && len(raw.Steps) > 10) {
		t.Errorf("%s: format %d, %d patches in %d steps", ref, raw.Format, patches, len(raw.Steps))
	}
}

// BenchmarkGoldenTranscript is the costliest golden transcript, Tron's
// longest case: made at its first request (First, a new server each
// time), then served as made (Again).
// go test ./transport/httpapi -run X -bench GoldenTranscript
func BenchmarkGoldenTranscript(b *testing.B) {
	get := func(b *testing.B, h http.Handler) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/games/tron/golden/p3-50x50-easy-seed016-wise", nil))
		if rec.Code != 200 {
			b.Fatalf("%d %.200s", rec.Code, rec.Body)
		}
		b.SetBytes(int64(rec.Body.Len()))
	}
	b.Run("First", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			h := testserver.New(b)
			b.StartTimer()
			get(b, h)
		}
	})
	b.Run("Again", func(b *testing.B) {
		h := testserver.New(b)
		get(b, h)
		for b.Loop() {
			get(b, h)
		}
	})
}
