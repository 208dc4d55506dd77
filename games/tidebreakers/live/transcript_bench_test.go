package live_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/agentgames/bundle/agents/tidecaptain"
	"github.com/agentgames/bundle/games/tidebreakers/live"
	"github.com/agentgames/bundle/internal/testserver"
	core "github.com/agentgames/bundle/play/live"
)

// BenchmarkTranscript reads every page of the transcript of a four-captain
// match played to its end (an agent against three sample captains), in
// process through the HTTP handler: the cost of a page is that of
// replaying the whole match and writing its page's public states,
// compacted.
func BenchmarkTranscript(b *testing.B) {
	s, _ := newServer(b)
	var j live.Joined
	if err := serve(b, s, "create", "", map[string]any{"players": 4, "bots": 3, "captain": "sample"}, &j); err != nil {
		b.Fatal(err)
	}
	var st live.State
	serve(b, s, "get", j.Code, nil, &st)
	for !st.Over {
		op, body := tidecaptain.Next(&st, 0, j.Token)
		if err := serve(b, s, op, j.Code, body, &st); err != nil {
			b.Fatal(err)
		}
	}
	h := testserver.New(b)
	h.ServeLive(s)
	frames, size := 0, 0
	for b.Loop() {
		frames, size = 0, 0
		for from := 0; ; from += core.TranscriptPage {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/matches/"+j.Code+"/transcript?from="+strconv.Itoa(from), nil))
			var page struct{ Steps []json.RawMessage }
			if err := json.Unmarshal(rec.Body.Bytes(), &page); err != nil || rec.Code != http.StatusOK {
				b.Fatalf("%d %.200s", rec.Code, rec.Body)
			}
			frames, size = frames+len(page.Steps), size+rec.Body.Len()
			if rec.Header().Get("Link") == "" {
				break
			}
		}
	}
	b.ReportMetric(float64(size), "bytes")
	b.ReportMetric(float64(frames), "frames")
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N)/float64((frames+core.TranscriptPage-1)/core.TranscriptPage), "ms/page")
}
