package e2e

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	tronlive "github.com/agentgames/bundle/games/tron/live"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestRatingsPage: two agents register; Ada creates a live Tron duel on a
// 6x6 grid with her key and Bo joins it with his, and they play it to its
// end over HTTP, each living cycle moving to a free neighbouring cell
// (Ada's to the first, Bo's to the one with the most room). The
// boards page lists Tron's ratings; on Tron's page the 2-seat board of
// ratings must be the API's, row for row (rank, name, mu, sigma and the
// ordinal rounded as the page rounds them, matches), the bots marked as
// fixed anchors and each agent linking to its page. The 3-seat board,
// picked by its tab (&ratings=3), lists only the bots. Ada's page shows
// her rating on the 2-seat board, linked to the duel's replay, which
// names each seat's agent. It keeps screenshots in
// .artifacts/boards-ratings.png and boards-agent-ratings.png.
func TestRatingsPage(t *testing.T) {
	start := time.Now()
	b := newTab(t, 2*time.Minute)
	srv := httptest.NewServer(testserver.WithLive(t, nil))
	defer srv.Close()
	api := boardsAPI{t, srv.URL}
	ada, bo := api.register("Ada Rated"), api.register("Bo Rated")
	code, rounds := api.tronDuel(ada.Key, bo.Key)
	played := time.Now()

	var duels, threes ratingBoard
	api.get("/api/games/tron/ratings?players=2", &duels)
	api.get("/api/games/tron/ratings?players=3", &threes)
	rated := map[string]int{}
	for _, s := range duels.Standings {
		rated[s.Agent+s.Bot] = s.Matches
	}
	if want := map[string]int{ada.ID: 1, bo.ID: 1, "easy": 0, "wise": 0}; duels.Seats != 2 || !reflect.DeepEqual(rated, want) {
		t.Fatalf("the API's board of Tron duels, after one: %+v", duels)
	}

	b.do(chromedp.Navigate(srv.URL+"/boards/"), chromedp.WaitReady("body"), until(`document.querySelector('#games li[data-game="tron"] a.hint')`))
	if href := eval[string](b, `document.querySelector('#games li[data-game="tron"] a.hint').href`); href != srv.URL+"/boards/?game=tron&ratings=2#ratings" {
		t.Errorf("the games list links Tron's ratings at %s", href)
	}
	if n := eval[int](b, `document.querySelectorAll('#games li[data-game="tinrail"] a').length`); n != 1 {
		t.Errorf("the games list links %d pages of Tinrail, which has no ratings, want 1", n)
	}

	b.do(chromedp.Navigate(srv.URL+"/boards/?game=tron"),
		until(`!document.getElementById("ratings").hidden && document.querySelectorAll("#rating-rows tr").length === `+strconv.Itoa(len(duels.Standings))))
	if cur := eval[string](b, `document.querySelector('#seats a[aria-current="page"]').dataset.seats`); cur != "2" {
		t.Errorf("the seats marked current are %q, want 2", cur)
	}
	if head := eval[[]string](b, `Array.from(document.querySelectorAll("#rating-table thead th"), (th) => th.textContent)`); !reflect.DeepEqual(head, ratingColumns) {
		t.Errorf("the ratings' columns are %q, want %q", head, ratingColumns)
	}
	if note := b.text("#ratings"); !strings.Contains(note, "μ − 3σ") || !strings.Contains(note, "fixed anchors") {
		t.Errorf("the ratings do not say what they are sorted by or that the bots' are fixed anchors: %q", note)
	}
	if !eval[bool](b, `document.getElementById("rating-none").hidden`) {
		t.Error("the board of duels says no agent is rated")
	}
	b.checkRatings(srv.URL, duels)
	b.screenshot("boards-ratings.png")

	follow(b, `#seats a[data-seats="3"]`)
	b.do(until(`location.search === "?game=tron&ratings=3" && document.querySelectorAll("#rating-rows tr").length > 0`))
	if cur := eval[string](b, `document.querySelector('#seats a[aria-current="page"]').dataset.seats`); cur != "3" {
		t.Errorf("the seats marked current are %q, want 3", cur)
	}
	if n := len(threes.Standings); n != 2 || threes.Seats != 3 || threes.Standings[0].Bot == "" || threes.Standings[1].Bot == "" {
		t.Fatalf("the API's board of 3 seats: %+v", threes)
	}
	b.checkRatings(srv.URL, threes)
	if note := b.text("#rating-none"); note != "No agent has finished a rated Tron match of 3 seats yet: only the bots' anchors are listed." {
		t.Errorf("the board of 3 seats notes %q", note)
	}

	follow(b, `#seats a[data-seats="2"]`)
	b.do(until(`document.querySelector('#rating-rows tr[data-agent="` + ada.ID + `"]')`))
	follow(b, `#rating-rows tr[data-agent="`+ada.ID+`"] .agent a`)
	b.do(until(`!document.getElementById("agent").hidden`))
	if name := b.text("#agent-name"); name != "Ada Rated" {
		t.Errorf("Ada's link opened the page of %q", name)
	}
	var mine [][]string
	if err := json.Unmarshal([]byte(eval[string](b, `JSON.stringify(Array.from(document.querySelectorAll("#agent-rating-rows tr"),
		(tr) => [tr.dataset.game, tr.dataset.seats, tr.querySelector("a").href, tr.querySelector(".latest a").href, ...Array.from(tr.cells, (c) => c.textContent)]))`)), &mine); err != nil {
		t.Fatal(err)
	}
	var want [][]string
	for _, s := range duels.Standings {
		if s.Agent == ada.ID {
			cells := s.cells()
			want = append(want, append(append([]string{"tron", "2", srv.URL + "/boards/?game=tron&ratings=2#ratings", srv.URL + "/view/?game=tron&live=" + code, "Tron, 2 seats",
				cells[0] + " of " + strconv.Itoa(len(duels.Standings))}, cells[2:]...), code))
		}
	}
	if !reflect.DeepEqual(mine, want) {
		t.Errorf("Ada's ratings on her page:\n%q\nwant\n%q", mine, want)
	}
	if eval[bool](b, `document.getElementById("agent-ratings").hidden`) {
		t.Error("Ada's ratings are hidden on her page")
	}
	b.screenshot("boards-agent-ratings.png")

	// The duel's replay names each seat's agent.
	follow(b, `#agent-rating-rows .latest a`)
	b.do(until(`document.querySelectorAll('li[data-seat]').length === 2`))
	for seat, want := range []string{"Ada Rated (agent)", "Bo Rated (agent)"} {
		if got := b.text(`li[data-seat="` + strconv.Itoa(seat) + `"]`); !strings.Contains(got, want) {
			t.Errorf("the replay's seat %d reads %q, want %q in it", seat, got, want)
		}
	}
	t.Logf("played a live Tron duel of %d rounds in %s, the pages in %s", rounds, played.Sub(start).Round(time.Millisecond), time.Since(played).Round(time.Millisecond))
}

// ratingColumns are the headers of the table of ratings.
var ratingColumns = []string{"Rank", "Name", "μ", "σ", "Ordinal", "Matches"}

// ratingBoard is GET /api/games/{slug}/ratings' answer.
type ratingBoard struct {
	Game      string
	Seats     int
	Standings []ratingStanding
}

// ratingStanding is a line of a board of ratings, as the API answers it.
type ratingStanding struct {
	Rank               int
	Agent, Bot, Name   string
	Mu, Sigma, Ordinal float64
	Matches            int
}

// cells are the texts the page must show for s: a bot marked as a fixed
// anchor, whose matches are not counted.
func (s ratingStanding) cells() []string {
	name, matches := s.Name, strconv.Itoa(s.Matches)
	if s.Bot != "" {
		name, matches = s.Name+" bot, fixed anchor", "–"
	}
	return []string{strconv.Itoa(s.Rank), name, boardFixed(s.Mu), boardFixed(s.Sigma), boardFixed(s.Ordinal), matches}
}

// checkRatings holds the table of ratings b shows to board, row for row,
// each agent's name linking to its page on the server at base.
func (b *tab) checkRatings(base string, board ratingBoard) {
	b.t.Helper()
	var rows []struct {
		Agent, Bot, Href string
		Cells            []string
	}
	if err := json.Unmarshal([]byte(eval[string](b, `JSON.stringify(Array.from(document.querySelectorAll("#rating-rows tr"), (tr) => ({
		agent: tr.dataset.agent || "", bot: tr.dataset.bot || "", href: (tr.querySelector(".agent a") || {}).href || "",
		cells: Array.from(tr.cells, (c) => c.textContent)})))`)), &rows); err != nil {
		b.t.Fatal(err)
	}
	if len(rows) != len(board.Standings) {
		b.t.Fatalf("the table of %d seats has %d rows, the API's board %d", board.Seats, len(rows), len(board.Standings))
	}
	for i, s := range board.Standings {
		got, href := rows[i], ""
		if s.Agent != "" {
			href = base + "/boards/?agent=" + s.Agent
		}
		if got.Agent != s.Agent || got.Bot != s.Bot || got.Href != href || !reflect.DeepEqual(got.Cells, s.cells()) {
			b.t.Errorf("row %d of %d seats is %+v, want, from the API's %+v, %q linking to %q", i, board.Seats, got, s, s.cells(), href)
		}
	}
}

// tronDuel has the agents of keys create (the first) and join (the
// second) a live Tron duel on a 6x6 grid, and play it to its end, each
// living cycle moving to a free neighbouring cell: the creator's to the
// first of x+, y+, x-, y-, the others' to the one with the most room. It
// answers the match's code and the rounds played.
func (a boardsAPI) tronDuel(keys ...string) (string, int) {
	a.t.Helper()
	base := "/api/games/tron/matches"
	seats := make([]tronlive.Joined, len(keys))
	a.do(http.MethodPost, base, keys[0], map[string]any{"players": 2, "width": 6, "height": 6}, &seats[0])
	a.do(http.MethodPost, base+"/"+seats[0].Code+"/join", keys[1], map[string]any{}, &seats[1])
	var st tronlive.State
	a.get(base+"/"+seats[0].Code, &st)
	for !st.Over {
		if st.Phase != "playing" || st.Round > 36 {
			a.t.Fatalf("the duel is %s after %d rounds", st.Phase, st.Round)
		}
		prev := st
		for _, j := range seats {
			if !prev.Seats[j.Seat].Alive {
				continue
			}
			st = tronlive.State{} // of its own: decoding into a used one would share its seats
			a.do(http.MethodPost, base+"/"+seats[0].Code+"/move", "", map[string]string{"token": j.Token, "dir": roomiestDir(&prev, j.Seat, j.Seat == 0)}, &st)
		}
		if !st.Over && st.Round != prev.Round+1 {
			a.t.Fatalf("round %d did not resolve once both cycles moved", prev.Round+1)
		}
	}
	return seats[0].Code, st.Round
}
