package boards_test

import (
	"context"
	"testing"
	"time"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/boards"
	"github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/ratings"
	"github.com/agentgames/bundle/store/memory"
)

// TestRated: a match of two agents and a bot anchored at 30 moves the
// agents as the model says of the three, once however often it is told;
// the bot stays at its anchor; the board lists the agents (each has met
// every bot of the game) and the bot by ordinal; an anonymous player
// counts for nobody and is kept nowhere.
func TestRated(t *testing.T) {
	b := boards.New(&memory.Store{}, time.Now, (&ledgers{}).last)
	r := b.Rater("tron", map[string]ratings.Rating{"wise": {Mu: 30, Sigma: 1}})
	ctx := context.Background()
	ada, bo := &play.AgentRef{ID: "ada", Name: "Ada"}, &play.AgentRef{ID: "bo", Name: "Bo"}
	seats := []live.RatedSeat{{Agent: ada, Place: 1}, {Bot: "wise", Place: 2}, {Agent: bo, Place: 3}, {Place: 4}}
	for range 2 {
		if err := r.Rated(ctx, "MATCH00001", seats); err != nil {
			t.Fatal(err)
		}
	}
	want := ratings.Rate([][]ratings.Rating{{ratings.New()}, {{Mu: 30, Sigma: 1}}, {ratings.New()}}, []int{1, 2, 3})
	board, err := r.Ratings(ctx, 4, boards.FirstPage)
	if err != nil || len(board.Standings) != 3 {
		t.Fatalf("the board: %+v %v", board, err)
	}
	got := map[string]boards.RatingStanding{}
	for _, s := range board.Standings {
		got[s.Agent+s.Bot] = s
	}
	for id, w := range map[string]ratings.Rating{"ada": want[0][0], "bo": want[2][0], "wise": {Mu: 30, Sigma: 1}} {
		s := got[id]
		if !near4(s.Mu, w.Mu) || !near4(s.Sigma, w.Sigma) || (id != "wise" && s.Matches != 1) {
			t.Errorf("%s: %+v, want %+v", id, s, w)
		}
	}
	if board.Standings[0].Bot != "wise" || got["ada"].Ordinal <= got["bo"].Ordinal {
		t.Errorf("the order: %+v", board.Standings)
	}
	if other, _ := r.Ratings(ctx, 2, boards.FirstPage); len(other.Standings) != 1 {
		t.Errorf("the board of duels holds %+v", other.Standings)
	}

	// Each agent reads its own rating, with the match it came from.
	if err := r.Rated(ctx, "MATCH00002", []live.RatedSeat{{Agent: bo, Place: 1}, {Bot: "wise", Place: 2}}); err != nil {
		t.Fatal(err)
	}
	mine, err := b.Agent(ctx, "bo")
	if err != nil {
		t.Fatal(err)
	}
	duel := ratings.Rate([][]ratings.Rating{{ratings.New()}, {{Mu: 30, Sigma: 1}}}, []int{1, 2})[0][0]
	if len(mine.Ratings) != 2 {
		t.Fatalf("bo's ratings: %+v", mine.Ratings)
	}
	for i, w := range []struct {
		seats int
		rt    ratings.Rating
		code  string
	}{{2, duel, "MATCH00002"}, {4, want[2][0], "MATCH00001"}} {
		g := mine.Ratings[i]
		if g.Game != "tron" || g.Seats != w.seats || !near4(g.Mu, w.rt.Mu) || !near4(g.Sigma, w.rt.Sigma) || !near4(g.Ordinal, w.rt.Ordinal()) || g.Matches != 1 || len(g.Recent) != 1 || g.Recent[0] != w.code {
			t.Errorf("bo's rating %d: %+v, want %d seats at %+v from %s", i, g, w.seats, w.rt, w.code)
		}
	}
}

func near4(a, b float64) bool { return a-b < 1e-4 && b-a < 1e-4 }
