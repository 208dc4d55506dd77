package live_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentgames/bundle/agents/tidecaptain"
	"github.com/agentgames/bundle/games/tidebreakers/live"
	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/store/bolt"
)

// BenchmarkConcurrentMatches plays 100 matches at once, each a player
// against a bot seat, through a real HTTP server on loopback with the
// embedded store, and reports the actions per second; every action must be
// accepted (none lost or refused). go test ./games/tidebreakers/live -bench Concurrent
func BenchmarkConcurrentMatches(b *testing.B) {
	store, err := bolt.Open(filepath.Join(b.TempDir(), "matches.db"), time.Now)
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	h := testserver.New(b)
	h.ServeLive(live.NewServer(store, time.Now).WithCreateLimit(0))
	srv := httptest.NewServer(h)
	defer srv.Close()
	client := srv.Client()
	client.Transport.(*http.Transport).MaxIdleConnsPerHost = 100
	post := func(path string, body any, out any) int {
		data, _ := json.Marshal(body)
		res, err := client.Post(srv.URL+path, "application/json", bytes.NewReader(data))
		if err != nil {
			b.Error(err)
			return 0
		}
		defer res.Body.Close()
		json.NewDecoder(res.Body).Decode(out)
		return res.StatusCode
	}
	const matches = 100
	var accepted, refused atomic.Int64
	start := time.Now()
	for b.Loop() {
		var wg sync.WaitGroup
		for range matches {
			wg.Go(func() {
				var j live.Joined
				if post("/api/matches", map[string]any{"players": 2, "bots": 1, "captain": "random"}, &j) != 200 {
					refused.Add(1)
					return
				}
				res, err := client.Get(srv.URL + "/api/matches/" + j.Code)
				if err != nil {
					b.Error(err)
					return
				}
				var st live.State
				json.NewDecoder(res.Body).Decode(&st)
				res.Body.Close()
				for !st.Over {
					op, body := tidecaptain.Next(&st, 0, j.Token)
					if post("/api/matches/"+j.Code+"/"+op, body, &st) != 200 {
						refused.Add(1)
						return
					}
					accepted.Add(1)
				}
			})
		}
		wg.Wait()
	}
	if refused.Load() > 0 {
		b.Errorf("%d requests refused or lost", refused.Load())
	}
	b.ReportMetric(float64(accepted.Load())/time.Since(start).Seconds(), "actions/s")
	b.ReportMetric(float64(accepted.Load())/float64(b.N), "actions/op")
}
