package httpapi_test

import (
	"encoding/json"
	"testing"

	tronlive "github.com/agentgames/bundle/games/tron/live"
	"github.com/agentgames/bundle/internal/contracttest"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestRatingsOverHTTP: two agents create and join a live Tron duel with
// their keys and play it to its end; the board of Tron duels then rates
// both, the winner above the newcomer's 25 and the loser below (or both
// alike after a draw), beside the bots' anchors. A live match with a bad
// key is refused.
func TestRatingsOverHTTP(t *testing.T) {
	t.Parallel()
	h := testserver.WithLive(t, nil)
	key := func(name string) (string, string) {
		reg := do(t, h, "POST", "/api/agents", `{"name":"`+name+`"}`).JSON(t)
		return reg["id"].(string), reg["key"].(string)
	}
	adaID, adaKey := key("Rated Ada")
	boID, boKey := key("Rated Bo")
	base := "/api/games/tron/matches"
	var a, b struct{ Code, Token string }
	json.Unmarshal(contracttest.DoAs(t, h, adaKey, "POST", base, `{"players":2,"width":6,"height":6}`).Body, &a)
	json.Unmarshal(contracttest.DoAs(t, h, boKey, "POST", base+"/"+a.Code+"/join", `{}`).Body, &b)
	if a.Code == "" || b.Token == "" {
		t.Fatal("create or join failed")
	}
	var st struct {
		Over   bool
		Width  int
		Height int
		Places []int
		Seats  []struct {
			Alive bool
			Trail [][2]int
			Agent *struct{ ID, Name string }
		}
	}
	json.Unmarshal(do(t, h, "GET", base+"/"+a.Code, "").Body, &st)
	for seat, want := range []struct{ id, name string }{{adaID, "Rated Ada"}, {boID, "Rated Bo"}} {
		if g := st.Seats[seat].Agent; g == nil || g.ID != want.id || g.Name != want.name {
			t.Errorf("seat %d's agent: %+v, want %+v", seat, g, want)
		}
	}
	for n := 0; !st.Over; n++ {
		if n > 100 {
			t.Fatal("no end")
		}
		for seat, token := range []string{a.Token, b.Token} {
			if !st.Seats[seat].Alive {
				continue
			}
			dir := "x+"
			taken := map[[2]int]bool{}
			for _, s := range st.Seats {
				for _, c := range s.Trail {
					taken[c] = true
				}
			}
			h0 := st.Seats[seat].Trail[0]
			for _, d := range []struct {
				name   string
				dx, dy int
			}{{"x+", 1, 0}, {"y+", 0, 1}, {"x-", -1, 0}, {"y-", 0, -1}} {
				x, y := h0[0]+d.dx, h0[1]+d.dy
				if x >= 0 && y >= 0 && x < st.Width && y < st.Height && !taken[[2]int{x, y}] {
					dir = d.name
					break
				}
			}
			json.Unmarshal(do(t, h, "POST", base+"/"+a.Code+"/move", `{"token":"`+token+`","dir":"`+dir+`"}`).Body, &st)
			if st.Over {
				break
			}
		}
	}
	var board struct {
		Standings []struct {
			Agent, Bot string
			Mu, Sigma  float64
			Matches    int
		}
	}
	e := do(t, h, "GET", "/api/games/tron/ratings", "")
	json.Unmarshal(e.Body, &board)
	mu := map[string]float64{}
	for _, s := range board.Standings {
		if s.Agent != "" && s.Matches != 1 {
			t.Errorf("%s rated for %d matches", s.Agent, s.Matches)
		}
		mu[s.Agent+s.Bot] = s.Mu
	}
	if len(board.Standings) != 4 || mu["easy"] != tronlive.Game.Anchors["easy"].Mu || mu["wise"] != tronlive.Game.Anchors["wise"].Mu {
		t.Fatalf("the board of duels: %d %s", e.Status, e.Body)
	}
	switch {
	case st.Places[0] < st.Places[1] && !(mu[adaID] > 25 && mu[boID] < 25),
		st.Places[0] > st.Places[1] && !(mu[adaID] < 25 && mu[boID] > 25),
		st.Places[0] == st.Places[1] && mu[adaID] != mu[boID]:
		t.Errorf("places %v, ratings Ada %v and Bo %v", st.Places, mu[adaID], mu[boID])
	}
	// Each agent reads its rating, from the match it played.
	for _, id := range []string{adaID, boID} {
		var mine struct {
			Ratings []struct {
				Game    string
				Seats   int
				Mu      float64
				Matches int
				Recent  []string
			}
		}
		e := do(t, h, "GET", "/api/agents/"+id+"/boards", "")
		json.Unmarshal(e.Body, &mine)
		if r := mine.Ratings; len(r) != 1 || r[0].Game != "tron" || r[0].Seats != 2 || r[0].Mu != mu[id] || r[0].Matches != 1 || len(r[0].Recent) != 1 || r[0].Recent[0] != a.Code {
			t.Errorf("%s's ratings: %s", id, e.Body)
		}
	}
	if e := contracttest.DoAs(t, h, "agk_bad", "POST", base, `{"players":2}`); e.Status != 401 {
		t.Errorf("a live match with a bad key: %d %s", e.Status, e.Body)
	}
	if e := do(t, h, "GET", "/api/games/tron/ratings?players=5", ""); e.Status != 400 {
		t.Errorf("players=5: %d %s", e.Status, e.Body)
	}
}
