package httpapi_test

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/internal/contracttest"
	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/storetest"
)

// TestBoardsOverHTTP: an agent registers and plays 10 ranked Tinrail
// matches against the easy G-Bot with its key, and leaves one after
// one placement; an anonymous ranked match and an unranked one with the
// key count for no one, and a bad key is refused. The board of
// opponent=easy then lists the agent with 11 runs, one unfinished, the
// mean and best of its scores, its rates from the results' outcomes; the
// game's boards list it; the agent's entry lists its runs, each a ranked
// id whose transcript is served. Every answer is held to openapi.yaml.
func TestBoardsOverHTTP(t *testing.T) {
	t.Parallel()
	h := testserver.WithLive(t, nil)
	reg := do(t, h, "POST", "/api/agents", `{"name":"Board Bot"}`).JSON(t)
	id, key := reg["id"].(string), reg["key"].(string)
	play := func(key, query string, actions int) (score int, outcome string) {
		t.Helper()
		e := contracttest.DoAs(t, h, key, "GET", "/api/games/tinrail/init?"+query, "")
		if e.Status != 200 {
			t.Fatalf("init %s: %d %s", query, e.Status, e.Body)
		}
		env := e.JSON(t)
		for step := 0; env["gameOver"] != true && step < actions; step++ {
			action, _ := json.Marshal(env["legalActions"].([]any)[step%len(env["legalActions"].([]any))])
			env = do(t, h, "POST", "/api/games/tinrail/action", actionBody(env["state"].(string), string(action))).JSON(t)
		}
		if r, ok := env["result"].(map[string]any); ok {
			outcome = r["outcome"].(string)
		}
		return int(env["score"].(float64)), outcome
	}
	sum, best, wins, runs := 0, -1, 0, 0
	count := func(score int, outcome string) {
		sum, best, runs = sum+score, max(best, score), runs+1
		if outcome == "win" {
			wins++
		}
	}
	for range 10 {
		count(play(key, "ranked=true&opponent=easy", 1000))
	}
	for { // a match left after one placement (one that ends at it counts)
		score, outcome := play(key, "ranked=true&opponent=easy", 1)
		if outcome == "" {
			break
		}
		count(score, outcome)
	}
	play("", "ranked=true&opponent=easy", 1000)
	play(key, "opponent=easy", 1000)
	if e := contracttest.DoAs(t, h, "agk_"+id+"_"+strings.Repeat("a", 52), "GET", "/api/games/tinrail/init?ranked=true", ""); e.Status != 401 || e.Code(t) != "unauthorized" {
		t.Errorf("a bad key: %d %s", e.Status, e.Body)
	}

	var board struct {
		Standings []struct {
			Agent, Name, BestRun     string
			Runs, Unfinished, Best   int
			Mean, Low, High, WinRate float64
			LossRate                 float64
		}
		Unlisted int
	}
	e := do(t, h, "GET", "/api/games/tinrail/board?opponent=easy", "")
	json.Unmarshal(e.Body, &board)
	if e.Status != 200 || len(board.Standings) != 1 {
		t.Fatalf("the board: %d %s", e.Status, e.Body)
	}
	s := board.Standings[0]
	n := float64(runs + 1)
	if s.Agent != id || s.Name != "Board Bot" || s.Runs != runs+1 || s.Unfinished != 1 || s.Best != best || s.Mean != math.Round(float64(sum)/n*1e4)/1e4 ||
		s.WinRate != math.Round(float64(wins)/n*1e4)/1e4 || s.Low > s.Mean || s.High < s.Mean {
		t.Errorf("the agent's standing %+v; it scored %d in all and %d at best, won %d of %d, and left one", s, sum, best, wins, runs)
	}
	if e := do(t, h, "GET", "/api/games/tinrail/board", ""); e.Status != 200 || !strings.Contains(string(e.Body), `"standings":[]`) {
		t.Errorf("the board of the default opponent, wise: %d %s", e.Status, e.Body)
	}
	if e := do(t, h, "GET", "/api/games/tinrail/boards", ""); e.Status != 200 || !strings.Contains(string(e.Body), `"board":"opponent=easy"`) {
		t.Errorf("the game's boards: %d %s", e.Status, e.Body)
	}
	var mine struct {
		Entries []struct {
			Board  string
			Runs   int
			Open   int
			Recent []struct{ ID string }
		}
	}
	e = do(t, h, "GET", "/api/agents/"+id+"/boards", "")
	json.Unmarshal(e.Body, &mine)
	if e.Status != 200 || len(mine.Entries) != 1 || mine.Entries[0].Runs != runs+1 || mine.Entries[0].Open != 1 || len(mine.Entries[0].Recent) != runs {
		t.Fatalf("the agent's entries: %d %s", e.Status, e.Body)
	}
	if e := do(t, h, "GET", "/api/games/tinrail/ranked/"+mine.Entries[0].Recent[0].ID+"/transcript", ""); e.Status != 200 {
		t.Errorf("a listed run's transcript: %d %.200s", e.Status, e.Body)
	}
	if e := do(t, h, "GET", "/api/games/tinrail/board?opponent=easy&offset=1&limit=5", ""); e.Status != 200 || !strings.Contains(string(e.Body), `"listed":1,"offset":1,"standings":[]`) {
		t.Errorf("the board past its one standing: %d %s", e.Status, e.Body)
	}
	for _, bad := range []string{"/api/games/tinrail/board?opponent=easy&limit=0", "/api/games/tinrail/board?limit=1001", "/api/games/tinrail/board?offset=-1", "/api/games/tinrail/board?offset=1001", "/api/games/tinrail/board?after=", "/api/games/tinrail/board?after=AQ", "/api/games/tinrail/board?after=AWs&offset=0", "/api/games/tinrail/boards?after=AWs", "/api/games/tinrail/board?opponent=hard", "/api/games/tinrail/board?players=2", "/api/games/brinebell/board?opponent=easy", "/api/games/nope/board"} {
		if e := do(t, h, "GET", bad, ""); e.Status/100 != 4 {
			t.Errorf("%s: %d %s", bad, e.Status, e.Body)
		}
	}
}

// TestAbandonedRunCountsAtItsLastStep: a ranked run left after three
// placements counts at once as unfinished, scored 0; once its 24 hours
// are over, the agent's next ranked start on the board counts it at the
// score its last placement had, still unfinished.
func TestAbandonedRunCountsAtItsLastStep(t *testing.T) {
	t.Parallel()
	clock := &storetest.Clock{At: time.Unix(1_700_000_000, 0)}
	h := testserver.WithLive(t, clock.Now)
	reg := do(t, h, "POST", "/api/agents", `{"name":"Leaver"}`).JSON(t)
	id, key := reg["id"].(string), reg["key"].(string)
	// Matches that end before their third placement finish and count;
	// the first that does not is left.
	var first string
	var score, finished, finishedSum int
	for first == "" {
		env := contracttest.DoAs(t, h, key, "GET", "/api/games/tinrail/init?ranked=true&opponent=easy", "").JSON(t)
		for range 3 {
			if env["gameOver"] == true {
				break
			}
			action, _ := json.Marshal(env["legalActions"].([]any)[0])
			env = do(t, h, "POST", "/api/games/tinrail/action", actionBody(env["state"].(string), string(action))).JSON(t)
		}
		if env["gameOver"] == true {
			finished, finishedSum = finished+1, finishedSum+int(env["score"].(float64))
			continue
		}
		first, score = env["ranked"].(string), int(env["score"].(float64))
	}
	type entries struct {
		Entries []struct {
			Runs, Unfinished, Sum, Open int
			Recent                      []struct {
				ID       string
				Score    int
				Finished bool
			}
		}
	}
	var got entries
	json.Unmarshal(do(t, h, "GET", "/api/agents/"+id+"/boards", "").Body, &got)
	if len(got.Entries) != 1 || got.Entries[0].Runs != finished+1 || got.Entries[0].Unfinished != 1 || got.Entries[0].Sum != finishedSum || got.Entries[0].Open != 1 {
		t.Fatalf("a run under way: %+v", got)
	}
	clock.Add(25 * time.Hour)
	contracttest.DoAs(t, h, key, "GET", "/api/games/tinrail/init?ranked=true&opponent=easy", "")
	got = entries{}
	json.Unmarshal(do(t, h, "GET", "/api/agents/"+id+"/boards", "").Body, &got)
	e := got.Entries[0]
	if e.Runs != finished+2 || e.Unfinished != 2 || e.Sum != finishedSum+score || e.Open != 1 || len(e.Recent) != finished+1 || e.Recent[0].ID != first || e.Recent[0].Score != score || e.Recent[0].Finished {
		t.Errorf("the run expired after 3 placements (score %d): %+v", score, e)
	}
}

// TestBoardsBoundedByTheGame: ranked Tron runs of grid sizes that make no
// board (every side but 10, 30 and 100) play, ranked, on no board, so a
// key that starts runs of 20 sizes adds one board, its one boarded size;
// a board of another size is refused, and every game's boards are few
// enough to list (a test that failed when every size made a board).
func TestBoardsBoundedByTheGame(t *testing.T) {
	t.Parallel()
	h := testserver.WithLive(t, nil)
	key := do(t, h, "POST", "/api/agents", `{"name":"Size Flooder"}`).JSON(t)["key"].(string)
	for side := 5; side < 25; side++ {
		q := "ranked=true&width=" + strconv.Itoa(side) + "&height=" + strconv.Itoa(side+1)
		if side == 10 {
			q = "ranked=true&width=10&height=10"
		}
		if e := contracttest.DoAs(t, h, key, "GET", "/api/games/tron/init?"+q, ""); e.Status != 200 || e.JSON(t)["ranked"] == nil {
			t.Fatalf("a ranked run of %s: %d %s", q, e.Status, e.Body)
		}
	}
	var list struct{ Boards []struct{ Board string } }
	json.Unmarshal(do(t, h, "GET", "/api/games/tron/boards", "").Body, &list)
	if len(list.Boards) != 1 || list.Boards[0].Board != "players=2,opponent=easy,width=10,height=10" {
		t.Errorf("the boards of Tron after runs of 20 sizes: %+v, want the one of 10x10", list.Boards)
	}
	if e := do(t, h, "GET", "/api/games/tron/board?width=7&height=8", ""); e.Status != 400 || !strings.Contains(string(e.Body), "no board") {
		t.Errorf("the board of 7x8: %d %s", e.Status, e.Body)
	}
	for _, g := range games.All() {
		info, n := g.Info(), 1
		for _, name := range info.Boards {
			count := len(info.BoardValues[name])
			if count == 0 {
				o := info.Options[slices.IndexFunc(info.Options, func(o play.Option) bool { return o.Name == name })]
				count = max(len(o.Values), o.Max-o.Min+1)
			}
			n *= count
		}
		if n > 100 {
			t.Errorf("%s makes %d boards, too many to compare", info.Slug, n)
		}
	}
}
