package e2e

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/agentgames/bundle/agents/tidecaptain"
	"github.com/agentgames/bundle/games/tidebreakers/live"
	tronlive "github.com/agentgames/bundle/games/tron/live"
	"github.com/agentgames/bundle/play/boards"
	"github.com/agentgames/bundle/play/ratings"
)

// TestRatingsThroughLambda rates agents that play each other live through
// the Lambda functions as the HTTP API routes them: two agents register
// through the catalog function (the $default route), create and join a
// live Tron duel with their keys through the live function and play it to
// its end, each living cycle to a free neighbouring cell; the board of
// Tron duels then reads through the catalog function with the bots easy
// and wise at their anchors and both agents unlisted (one opponent each;
// a public server lists an agent after 5), their own standings rating
// them for one match as the Weng-Lin model makes of their places (the
// winner above the newcomer's 25, the loser below, alike after a draw). Then the first agent plays
// a live Tidebreakers match against a sample captain through the live
// function, and its standing rates it against the sample captain's
// anchor; her standing, read through the catalog, holds
// both ratings, each from its match. Both functions run under the emulator on one
// DynamoDB table of dynalite, as on AWS they share MATCHES_TABLE; every
// answer is held to openapi.yaml, and the DynamoDB actions each function
// called to those its policy in template.yaml allows.
func TestRatingsThroughLambda(t *testing.T) {
	start := time.Now()
	fns := agentsLambdaFunctions(t, "./functions/live")
	catalog, liveFn := fns[0].e, fns[1].e

	// 1. Two agents register through the catalog.
	phase := time.Now()
	ada := ratingsLambdaRegister(t, catalog, "Rated Ada", "203.0.113.21")
	bo := ratingsLambdaRegister(t, catalog, "Rated Bo", "203.0.113.22")
	t.Logf("registered agents %s and %s through the catalog function in %s", ada.ID, bo.ID, time.Since(phase).Round(time.Millisecond))

	// 2. A live Tron duel between them through the live function.
	phase = time.Now()
	tron, calls := ratingsLambdaTron(t, liveFn, ada.Key, bo.Key)
	played := time.Since(phase)
	t.Logf("a live Tron duel of the two agents through the live function ended in round %d, places %v: %d invocations in %s (%s each)",
		tron.Round, tron.Places, calls, played.Round(time.Millisecond), (played / time.Duration(calls)).Round(10*time.Microsecond))

	// 3. The board of Tron duels through the catalog.
	phase = time.Now()
	board := ratingsLambdaBoard(t, catalog, "tron")
	after := ratings.Rate([][]ratings.Rating{{ratings.New()}, {ratings.New()}}, tron.Places)
	mu := map[string]float64{
		ada.ID: ratingsLambdaRated(t, catalog, board, ada, after[0][0], 1),
		bo.ID:  ratingsLambdaRated(t, catalog, board, bo, after[1][0], 1),
	}
	switch p := tron.Places; {
	case p[0] < p[1] && !(mu[ada.ID] > 25 && mu[bo.ID] < 25),
		p[0] > p[1] && !(mu[ada.ID] < 25 && mu[bo.ID] > 25),
		p[0] == p[1] && mu[ada.ID] != mu[bo.ID]:
		t.Errorf("the Tron duel placed the agents %v; the board rates Ada %v and Bo %v", p, mu[ada.ID], mu[bo.ID])
	}
	ratingsLambdaAnchored(t, board, tronlive.Game.Anchors)
	if len(board.Standings) != len(tronlive.Game.Anchors) || board.Unlisted != 2 {
		t.Errorf("the board of Tron duels lists %d lines and %d agents unlisted, want the %d bots and 2: %+v", len(board.Standings), board.Unlisted, len(tronlive.Game.Anchors), board.Standings)
	}
	t.Logf("the board of Tron duels read through the catalog function in %s; the model rates Ada %.4f±%.4f, Bo %.4f±%.4f",
		time.Since(phase).Round(time.Millisecond), after[0][0].Mu, after[0][0].Sigma, after[1][0].Mu, after[1][0].Sigma)

	// 4. A live Tidebreakers match of Ada against a sample captain.
	phase = time.Now()
	tide, calls := ratingsLambdaTidebreakers(t, liveFn, ada.Key)
	played = time.Since(phase)
	t.Logf("a live Tidebreakers match of Ada against a sample captain through the live function ended by %s in round %d, places %v: %d invocations in %s (%s each)",
		tide.Ending, tide.Round, tide.Places, calls, played.Round(time.Millisecond), (played / time.Duration(calls)).Round(10*time.Microsecond))

	// 5. The board of Tidebreakers duels through the catalog: Ada against
	// the sample captain's anchor; Bo, who played no Tidebreakers, absent.
	phase = time.Now()
	board = ratingsLambdaBoard(t, catalog, "tidebreakers")
	after = ratings.Rate([][]ratings.Rating{{ratings.New()}, {live.Game.Anchors["sample"]}}, tide.Places)
	ratingsLambdaRated(t, catalog, board, ada, after[0][0], 1)
	switch p, m := tide.Places, after[0][0].Mu; {
	case p[0] < p[1] && m <= 25, p[0] > p[1] && m >= 25:
		t.Errorf("Ada placed %v against the sample captain, yet is rated %v", p, m)
	}
	ratingsLambdaAnchored(t, board, live.Game.Anchors)
	if len(board.Standings) != len(live.Game.Anchors) || board.Unlisted != 1 {
		t.Errorf("the board of Tidebreakers duels lists %d lines and %d agents unlisted, want the %d captains and Ada: %+v", len(board.Standings), board.Unlisted, len(live.Game.Anchors), board.Standings)
	}
	// The Tron board still rates Ada for its one Tron match.
	ratingsLambdaRated(t, catalog, ratingsLambdaBoard(t, catalog, "tron"), ada, ratings.Rate([][]ratings.Rating{{ratings.New()}, {ratings.New()}}, tron.Places)[0][0], 1)
	// 6. Ada's standing through the catalog: her two ratings, each from
	// its match; the Tron state named her seat's agent.
	var mine boards.AgentEntries
	if f := agentsLambdaCall(t, catalog, get("/api/agents/"+ada.ID+"/boards")); f.status != http.StatusOK || json.Unmarshal(f.body, &mine) != nil {
		t.Fatalf("Ada's standing through the catalog function: %d %s", f.status, f.body)
	}
	var got []string
	for _, r := range mine.Ratings {
		got = append(got, fmt.Sprintf("%s/%d %d %v", r.Game, r.Seats, r.Matches, r.Recent))
	}
	if want := []string{fmt.Sprintf("tidebreakers/2 1 [%s]", tide.Code), fmt.Sprintf("tron/2 1 [%s]", tron.Code)}; !slices.Equal(got, want) {
		t.Errorf("Ada's ratings through the catalog function: %q, want %q", got, want)
	}
	if a := tron.Seats[0].Agent; a == nil || a.ID != ada.ID || a.Name != ada.Name {
		t.Errorf("the Tron duel's seat 0 names its agent %+v, want Ada", a)
	}
	read := time.Since(phase)

	agentsLambdaAllowed(t, "CatalogFunction", fns[0].calls)
	agentsLambdaAllowed(t, "LiveFunction", fns[1].calls)
	t.Logf("the board of Tidebreakers duels (the model rates Ada %.4f±%.4f) and Tron's again read through the catalog function in %s; %s in all",
		after[0][0].Mu, after[0][0].Sigma, read.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
}

// ratingsLambdaAgent is an agent registered through the catalog.
type ratingsLambdaAgent struct{ ID, Name, Key string }

// ratingsLambdaRegister registers an agent called name through the
// catalog function, from the client address ip.
func ratingsLambdaRegister(t *testing.T, catalog *emulator, name, ip string) ratingsLambdaAgent {
	t.Helper()
	reg := agentsLambdaCall(t, catalog, agentsLambdaFrom(postJSON("/api/agents", `{"name":"`+name+`"}`), ip))
	var a ratingsLambdaAgent
	if err := json.Unmarshal(reg.body, &a); err != nil || reg.status != http.StatusOK || a.ID == "" || a.Name != name || !strings.HasPrefix(a.Key, "agk_"+a.ID+"_") {
		t.Fatalf("POST /api/agents through the catalog function: %d %v %s\n%s", reg.status, err, reg.body, tail(catalog.log.String()))
	}
	return a
}

// ratingsLambdaDo sends ev to the live function, held to openapi.yaml, and
// reads its answer into out; it fails the test unless the answer is 200.
func ratingsLambdaDo(t *testing.T, e *emulator, ev events.APIGatewayV2HTTPRequest, out any) {
	t.Helper()
	f := agentsLambdaCall(t, e, ev)
	if f.status != http.StatusOK {
		t.Fatalf("%s %s through the live function: %d %s\n%s", ev.RequestContext.HTTP.Method, ev.RawPath, f.status, f.body, tail(e.log.String()))
	}
	if err := json.Unmarshal(f.body, out); err != nil {
		t.Fatalf("%s %s through the live function: %v %s", ev.RequestContext.HTTP.Method, ev.RawPath, err, f.body)
	}
}

// ratingsLambdaTron has the agent of adaKey create a live Tron duel on a
// 6 by 6 grid and the agent of boKey join it, through the live function,
// and plays it to its end, each living cycle to a free neighbouring cell
// if it has one. It answers the last state, and the invocations it took.
func ratingsLambdaTron(t *testing.T, e *emulator, adaKey, boKey string) (*tronlive.State, int) {
	t.Helper()
	base := "/api/games/tron/matches"
	var seats [2]tronlive.Joined
	ratingsLambdaDo(t, e, agentsLambdaWithKey(postJSON(base, `{"players":2,"width":6,"height":6}`), adaKey), &seats[0])
	ratingsLambdaDo(t, e, agentsLambdaWithKey(postJSON(base+"/"+seats[0].Code+"/join", `{}`), boKey), &seats[1])
	if seats[0].Seat != 0 || seats[1].Seat != 1 || seats[1].Code != seats[0].Code {
		t.Fatalf("create and join a Tron duel: %+v %+v", seats[0], seats[1])
	}
	var st tronlive.State
	ratingsLambdaDo(t, e, get(base+"/"+seats[0].Code), &st)
	calls := 3
	for !st.Over {
		if st.Round > 6*6 {
			t.Fatalf("a Tron duel on a 6 by 6 grid past round %d: %+v", st.Round, st)
		}
		round, moves := st.Round, [2]string{}
		for i, j := range seats {
			moves[i] = freeDir(&st, j.Seat)
		}
		for i, j := range seats {
			if st.Over || !st.Seats[j.Seat].Alive {
				continue
			}
			ratingsLambdaDo(t, e, postJSON(base+"/"+j.Code+"/move", `{"token":"`+j.Token+`","dir":"`+moves[i]+`"}`), &st)
			calls++
		}
		if st.Round != round+1 {
			t.Fatalf("round %d did not resolve once both cycles moved: %+v", round, st)
		}
	}
	if len(st.Places) != 2 {
		t.Fatalf("the Tron duel is over without places: %+v", st)
	}
	return &st, calls
}

// ratingsLambdaTidebreakers has the agent of key create a live
// Tidebreakers match of two seats, the other a sample captain's, through
// the live function, and plays it to its end as tidecaptain does. It
// answers the last state, and the invocations it took.
func ratingsLambdaTidebreakers(t *testing.T, e *emulator, key string) (*live.State, int) {
	t.Helper()
	var j live.Joined
	ratingsLambdaDo(t, e, agentsLambdaWithKey(postJSON("/api/matches", `{"players":2,"bots":1,"captain":"sample"}`), key), &j)
	if j.Code == "" || j.Seat != 0 {
		t.Fatalf("create a Tidebreakers match against a sample captain: %+v", j)
	}
	var st live.State
	ratingsLambdaDo(t, e, get("/api/matches/"+j.Code), &st)
	calls := 2
	for !st.Over {
		if calls > 2000 {
			t.Fatalf("a Tidebreakers match past %d invocations: round %d", calls, st.Round)
		}
		op, body := tidecaptain.Next(&st, j.Seat, j.Token)
		data, _ := json.Marshal(body)
		ratingsLambdaDo(t, e, postJSON("/api/matches/"+j.Code+"/"+op, string(data)), &st)
		calls++
	}
	if len(st.Places) != 2 {
		t.Fatalf("the Tidebreakers match is over without places: %+v", st)
	}
	return &st, calls
}

// ratingsLambdaStandings is a board of ratings (openapi.yaml RatingBoard).
type ratingsLambdaStandings struct {
	Game      string
	Seats     int
	Unlisted  int
	Standings []struct {
		Rank               int
		Agent, Bot, Name   string
		Mu, Sigma, Ordinal float64
		Matches            int
	}
}

// ratingsLambdaBoard reads the board of game's duels through the catalog
// function, and holds its ranks to its order by ordinal.
func ratingsLambdaBoard(t *testing.T, catalog *emulator, game string) *ratingsLambdaStandings {
	t.Helper()
	f := agentsLambdaCall(t, catalog, get("/api/games/"+game+"/ratings?players=2"))
	var b ratingsLambdaStandings
	if err := json.Unmarshal(f.body, &b); err != nil || f.status != http.StatusOK || b.Game != game || b.Seats != 2 {
		t.Fatalf("GET /api/games/%s/ratings?players=2 through the catalog function: %d %v %s\n%s", game, f.status, err, f.body, tail(catalog.log.String()))
	}
	for i, s := range b.Standings {
		if s.Rank != i+1 || (i > 0 && s.Ordinal > b.Standings[i-1].Ordinal) || math.Abs(s.Ordinal-(s.Mu-3*s.Sigma)) > 2e-4 {
			t.Errorf("the board of %s duels out of order at line %d: %s", game, i+1, f.body)
			break
		}
	}
	return &b
}

// ratingsLambdaRated holds the agent's rating on the board's game and
// size, read through the catalog as its standing, to want, rated for
// matches matches against one opponent, so not listed on the board yet
// (a board lists an agent after 5 distinct opponents or every bot); it
// answers the agent's mu.
func ratingsLambdaRated(t *testing.T, catalog *emulator, board *ratingsLambdaStandings, a ratingsLambdaAgent, want ratings.Rating, matches int) float64 {
	t.Helper()
	for _, s := range board.Standings {
		if s.Agent == a.ID {
			t.Errorf("the board of %s duels lists %s after one opponent: %+v", board.Game, a.Name, s)
		}
	}
	var mine boards.AgentEntries
	if f := agentsLambdaCall(t, catalog, get("/api/agents/"+a.ID+"/boards")); f.status != http.StatusOK || json.Unmarshal(f.body, &mine) != nil {
		t.Fatalf("%s's standing through the catalog function: %d %s", a.Name, f.status, f.body)
	}
	for _, r := range mine.Ratings {
		if r.Game != board.Game || r.Seats != board.Seats {
			continue
		}
		if r.Matches != matches || r.Listed || r.Opponents != 1 || math.Abs(r.Mu-want.Mu) > 1e-4 || math.Abs(r.Sigma-want.Sigma) > 1e-4 {
			t.Errorf("%s's rating on the board of %s duels: %+v; want %d matches, unlisted, 1 opponent, mu %.4f, sigma %.4f", a.Name, board.Game, r, matches, want.Mu, want.Sigma)
		}
		return r.Mu
	}
	t.Errorf("%s has no rating on the board of %s duels: %+v", a.Name, board.Game, mine.Ratings)
	return 0
}

// ratingsLambdaAnchored holds the bots' lines of board to their anchors.
func ratingsLambdaAnchored(t *testing.T, board *ratingsLambdaStandings, anchors map[string]ratings.Rating) {
	t.Helper()
	seen := 0
	for _, s := range board.Standings {
		if s.Bot == "" {
			continue
		}
		seen++
		a, ok := anchors[s.Bot]
		if !ok || s.Agent != "" || s.Name != s.Bot || s.Matches != 0 || s.Mu != a.Mu || s.Sigma != a.Sigma {
			t.Errorf("the board of %s duels lists the bot %+v; its anchor is %+v", board.Game, s, a)
		}
	}
	if seen != len(anchors) {
		t.Errorf("the board of %s duels lists %d bots, not the %d anchored: %+v", board.Game, seen, len(anchors), board.Standings)
	}
}
