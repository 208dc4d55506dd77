package httpapi_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/internal/contracttest"
	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/play/boards"
	"github.com/agentgames/bundle/store/storetest"
)

// TestAbandoningNeverPays, for every game: an agent plays ranked runs by
// a policy that stops after k actions (k = 0, 1, 2, ..., each run its
// own; a run over sooner counts as it ended) and lets them expire. Each counts 0, whatever its score when it
// stopped (Tidebreakers' islands held, Tron's rounds survived and
// Brinebell's points are above 0 by then), so the board's mean of the
// abandoned runs is 0; the same policy played out scores at least 0 in
// every run (no game scores below its floor of 0), so no way of
// abandoning raises an agent's expected mean above playing on.
func TestAbandoningNeverPays(t *testing.T) {
	t.Parallel()
	clock := &storetest.Clock{At: time.Unix(1_800_000_000, 0)}
	h := testserver.WithLive(t, clock.Now)
	key := do(t, h, "POST", "/api/agents", `{"name":"Quitter"}`).JSON(t)["key"].(string)
	for _, g := range games.All() {
		slug := g.Info().Slug
		t.Run(slug, func(t *testing.T) {
			stopped, abandoned, finished := 0, 0, 0.0
			step := func(env map[string]any, i int) map[string]any {
				legal := env["legalActions"].([]any)
				action, _ := json.Marshal(legal[i%len(legal)])
				return do(t, h, "POST", "/api/games/"+slug+"/action", actionBody(env["state"].(string), string(action))).JSON(t)
			}
			start := func() map[string]any {
				e := contracttest.DoAs(t, h, key, "GET", "/api/games/"+slug+"/init?ranked=true", "")
				if e.Status != 200 {
					t.Fatalf("init: %d %s", e.Status, e.Body)
				}
				return e.JSON(t)
			}
			for k := range boards.Listed {
				env := start()
				for i := 0; i < k && env["gameOver"] != true; i++ {
					env = step(env, i)
				}
				if env["gameOver"] == true { // over before it could stop: counted as it ended
					finished += env["score"].(float64)
					continue
				}
				abandoned++
				stopped += int(env["score"].(float64))
			}
			clock.Add(25 * time.Hour)
			// Played out, the same policy: never below 0.
			env := start()
			for i := 0; env["gameOver"] != true; i++ {
				if i > 100000 {
					t.Fatal("no end")
				}
				env = step(env, i)
			}
			if s := env["score"].(float64); s < 0 {
				t.Errorf("a run played out scored %v, below the floor of 0", s)
			}
			var board struct {
				Standings []struct {
					Runs, Unfinished int
					Mean             float64
					Best             int
				}
			}
			json.Unmarshal(do(t, h, "GET", "/api/games/"+slug+"/board", "").Body, &board)
			if len(board.Standings) != 1 {
				t.Fatalf("the board: %+v", board)
			}
			s := board.Standings[0]
			want := fmt.Sprintf("%d runs, %d unfinished, mean %.4f", boards.Listed+1, abandoned, (finished+env["score"].(float64))/float64(boards.Listed+1))
			if got := fmt.Sprintf("%d runs, %d unfinished, mean %.4f", s.Runs, s.Unfinished, s.Mean); got != want {
				t.Errorf("the board after %d runs abandoned (scored %d in all when they stopped) and the others played out: %s, want %s", abandoned, stopped, got, want)
			}
			if abandoned == 0 {
				t.Error("no run was abandoned")
			}
			t.Logf("%d abandoned runs had %d points in all when they stopped; they count 0", abandoned, stopped)
		})
	}
}
