package live_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/games/tinrail"
	"github.com/agentgames/bundle/games/tinrail/live"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/internal/contracttest"
	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/play"
	core "github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/store/memory"
)

const base = "/api/games/tinrail/matches"

// view is a seat's view as the API answers it.
type view struct {
	live.State
	You          int                `json:"you"`
	Hand         []tinrail.HandTile `json:"hand"`
	LegalActions []tinrail.Action   `json:"legalActions"`
}

// TestTwoPlayers plays matches between two players over HTTP, each
// holder of a seat placing at random from its own view, every answer held
// to openapi.yaml: the seats start where the card says, seat 0 first;
// each seat's view shows its own hand, the public state and the other
// seat's answers none of it; out of turn is not_your_turn; the match ends
// with the card's places and scores (multiplier 1.0); the transcript,
// while the match runs and after, holds no hand.
func TestTwoPlayers(t *testing.T) {
	h := testserver.WithLive(t, nil)
	for seed := range 6 {
		rnd := rand.New(rand.NewPCG(uint64(seed), 3))
		var a, b core.Joined
		json.Unmarshal(contracttest.Do(t, h, http.MethodPost, base, `{"players":2,"name":"Ada"}`).Body, &a)
		json.Unmarshal(contracttest.Do(t, h, http.MethodPost, base+"/"+a.Code+"/join", `{"name":"Bo"}`).Body, &b)
		seats := []core.Joined{a, b}
		read := func(seat int) view {
			var v view
			e := contracttest.Do(t, h, http.MethodPost, base+"/"+a.Code+"/view", `{"token":"`+seats[seat].Token+`"}`)
			if err := json.Unmarshal(e.Body, &v); err != nil || e.Status != 200 || v.You != seat {
				t.Fatalf("seat %d's view: %d %s", seat, e.Status, e.Body)
			}
			return v
		}
		first := read(0)
		if e := first.Seats[0].Engine; e == nil || e.Cell != 32 || e.Port != 4 || first.Seats[1].Engine.Cell != 3 || first.Seats[1].Engine.Port != 0 ||
			first.Turn == nil || *first.Turn != 0 || len(first.Hand) != 3 || first.Pile != 29 {
			t.Fatalf("the deal: %+v", first)
		}
		for step := 0; ; step++ {
			pub := contracttest.Do(t, h, http.MethodGet, base+"/"+a.Code, "").Body
			for _, leak := range []string{`"hand":[`, `"legalActions"`, `"rotations"`, a.Token, b.Token} {
				if strings.Contains(string(pub), leak) {
					t.Fatalf("the public state shows %s: %s", leak, pub)
				}
			}
			mine, theirs := read(0), read(1)
			if mine.Over {
				checkEnd(t, &mine.State)
				break
			}
			turn := *mine.Turn
			v := []view{mine, theirs}[turn]
			if len(v.LegalActions) != 4*len(v.Hand) || len([]view{mine, theirs}[1-turn].LegalActions) != 0 {
				t.Fatalf("step %d: seat %d to move has %d placements for %d tiles; the other %d", step, turn, len(v.LegalActions), len(v.Hand), len([]view{mine, theirs}[1-turn].LegalActions))
			}
			if step == 0 && sameHand(mine.Hand, theirs.Hand) {
				t.Fatalf("both seats see one hand: %v", mine.Hand)
			}
			wait := contracttest.Do(t, h, http.MethodPost, base+"/"+a.Code+"/place", `{"token":"`+seats[1-turn].Token+`","tileIndex":0,"rotation":0}`)
			if wait.Code(t) != string(play.CodeNotYourTurn) {
				t.Fatalf("out of turn: %d %s", wait.Status, wait.Body)
			}
			mv := v.LegalActions[rnd.IntN(len(v.LegalActions))]
			e := contracttest.Do(t, h, http.MethodPost, base+"/"+a.Code+"/place",
				`{"token":"`+seats[turn].Token+`","tileIndex":`+strconv.Itoa(mv.TileIndex)+`,"rotation":`+strconv.Itoa(mv.Rotation)+`}`)
			var after view
			if json.Unmarshal(e.Body, &after); e.Status != 200 || after.You != turn || after.Placements != v.Placements+1 {
				t.Fatalf("step %d: seat %d places %+v: %d %s", step, turn, mv, e.Status, e.Body)
			}
		}
		tr := contracttest.Do(t, h, http.MethodGet, base+"/"+a.Code+"/transcript", "").Body
		for _, leak := range []string{`"hand":[`, `"tileIndex"`, `"seed"`, a.Token} {
			if strings.Contains(string(tr), leak) {
				t.Errorf("the transcript shows %s", leak)
			}
		}
	}
}

// sameHand reports whether two hands hold the same tiles in order.
func sameHand(x, y []tinrail.HandTile) bool {
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if x[i].Tile != y[i].Tile {
			return false
		}
	}
	return true
}

// checkEnd holds a finished match to the card: places by who survived
// and each seat's score by its formula at multiplier 1.0.
func checkEnd(t *testing.T, s *live.State) {
	t.Helper()
	on := [2]bool{s.Seats[0].Engine.OnTable, s.Seats[1].Engine.OnTable}
	want := []int{1, 1}
	switch {
	case on[0] && !on[1]:
		want = []int{1, 2}
	case on[1] && !on[0]:
		want = []int{2, 1}
	}
	if len(s.Places) != 2 || s.Places[0] != want[0] || s.Places[1] != want[1] {
		t.Fatalf("places %v with engines on the table %v, want %v", s.Places, on, want)
	}
	for p, seat := range s.Seats {
		score := 2 * seat.TilesSurvived
		switch {
		case want[0] == want[1]:
			score = 50 + 2*seat.TilesSurvived
		case want[p] == 1:
			score = 100 + 5*seat.TilesSurvived
		}
		if s.Scores[p] != score {
			t.Errorf("seat %d scores %d, want %d (places %v, survived %d)", p, s.Scores[p], score, s.Places, seat.TilesSurvived)
		}
	}
}

// TestCardGoldensHold plays every golden case of the stateless game again
// as a live match dealt from its seed, its agent in seat 0 and G-Bot of
// the case's level in seat 1: every placement, refusal, engine and ending
// is the stateless game's, and the score of seat 0 is the case's before
// the multiplier.
func TestCardGoldensHold(t *testing.T) {
	ref, err := conformance.Reference()
	if err != nil {
		t.Fatal(err)
	}
	cases, err := golden.Load(golden.Files, "tinrail")
	if err != nil || len(cases) == 0 {
		t.Fatal(len(cases), err)
	}
	ctx := context.Background()
	for _, c := range cases {
		seed, _ := strconv.ParseUint(c.Query["seed"], 10, 64)
		level := c.Query["opponent"]
		if level == "" {
			level = "wise"
		}
		loop, err := client.Start(ctx, ref, "tinrail", c.Query)
		if err != nil {
			t.Fatal(err)
		}
		last := loop.Last
		s := live.NewServer(&memory.Store{}, time.Now).WithCreateLimit(0).WithSeeds(play.FixedSeeds(seed))
		j, err := s.Create(ctx, 2, "", 1, level)
		if err != nil {
			t.Fatal(err)
		}
		for i, st := range c.Steps[1:] {
			a, err := loop.Act(ctx, st.Action)
			if err != nil {
				t.Fatal(err)
			}
			_, liveErr := s.Act(ctx, j.Code, j.Token, st.Action) // the card's grammar, as the loop takes it
			if a.OK != (liveErr == nil) {
				t.Fatalf("%s step %d %s: the stateless game says ok %v, the live match %v", c.Name, i+1, st.Action, a.OK, liveErr)
			}
			if a.OK {
				last = a
			}
		}
		var want struct {
			Score int
			View  struct {
				Board     []tinrail.PlacedTile
				You, GBot tinrail.Engine
			}
			Result struct{ Outcome string }
		}
		json.Unmarshal(last.Body, &want)
		m, err := s.Read(ctx, j.Code)
		if err != nil {
			t.Fatal(err)
		}
		got := live.Public(m)
		places := map[string][]int{"win": {1, 2}, "loss": {2, 1}, "draw": {1, 1}}[want.Result.Outcome]
		if len(got.Board) != len(want.View.Board) || *got.Seats[0].Engine != want.View.You || *got.Seats[1].Engine != want.View.GBot ||
			!got.Over || got.Places[0] != places[0] || got.Places[1] != places[1] {
			t.Errorf("%s: the live match ends %+v %+v, board of %d, places %v; the stateless game %+v", c.Name, got.Seats[0].Engine, got.Seats[1].Engine, len(got.Board), got.Places, want)
			continue
		}
		for i := range got.Board {
			if got.Board[i] != want.View.Board[i] {
				t.Errorf("%s: cell %d holds %+v, the stateless game %+v", c.Name, got.Board[i].Cell, got.Board[i], want.View.Board[i])
			}
		}
		if multiplied := map[string]int{"wise": got.Scores[0], "easy": got.Scores[0] * 6 / 10}[level]; multiplied != want.Score {
			t.Errorf("%s: seat 0 scores %d (%d at %s's multiplier), the stateless game %d", c.Name, got.Scores[0], multiplied, level, want.Score)
		}
	}
}
