package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	tbengine "github.com/agentgames/bundle/engines/tidebreakers"
	"github.com/agentgames/bundle/engines/tidebreakers/captains"
	"github.com/agentgames/bundle/games/tidebreakers"
	tblive "github.com/agentgames/bundle/games/tidebreakers/live"
	tronlive "github.com/agentgames/bundle/games/tron/live"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/internal/testserver"
)

// A live match's transcript, as the viewer reads it, is a transcript whose
// step answers are {ok, gameOver, turn, view}, the view the match's public
// state as GET answers it, and whose actions are, for Tron, a round's
// moves {round, moves} and, for Tidebreakers, one seat's action {seat,
// action} ({seat: null, action: {type: "time_limit"}} for the clock);
// step 0 is the deal. These tests build such transcripts, compact, and
// open them through the viewer's file input.

// liveCase is the transcript of a live match of game from its public
// states and the actions between them (actions[0] unused).
func liveCase(t *testing.T, game string, states []json.RawMessage, actions []json.RawMessage) *golden.Case {
	t.Helper()
	c := &golden.Case{Format: golden.Format, Game: game, Name: "live", Covers: []string{"live"}, Full: true}
	for i, st := range states {
		var phase struct {
			Over  bool
			Phase string
		}
		if err := json.Unmarshal(st, &phase); err != nil {
			t.Fatal(err)
		}
		answer, _ := json.Marshal(map[string]any{"ok": true, "gameOver": phase.Over, "turn": phase.Phase, "view": st})
		step := golden.Step{Answer: answer}
		if i > 0 {
			step.Action = actions[i]
		}
		c.Steps = append(c.Steps, step)
	}
	return c
}

// openCase writes c compact, a whole answer every 8 steps and patches
// between, and opens it in the viewer by its file input.
func openCase(t *testing.T, b *tab, base string, c *golden.Case) {
	t.Helper()
	data, err := c.Compact(8).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), c.Game+"-"+c.Name+".json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	b.do(chromedp.Navigate(base+"/view/"), chromedp.WaitVisible("#games li"),
		chromedp.SetUploadFiles("#file", []string{path}), atStep(0, len(c.Steps)-1))
}

// jump shows step of last through the scrubber, as a user dragging it.
func jump(b *tab, step, last int) {
	b.do(chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
		const s = document.getElementById("scrub");
		s.value = %d;
		s.dispatchEvent(new Event("input"));
	})()`, step)), atStep(step, last))
}

// postLive posts body to url and decodes the answer into out, keeping
// the raw answer.
func postLive(t *testing.T, url, body string, out any) json.RawMessage {
	t.Helper()
	res, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("POST %s %s: %d %s", url, body, res.StatusCode, data)
	}
	if err := json.Unmarshal(data, out); err != nil {
		t.Fatal(err)
	}
	return data
}

func getLive(t *testing.T, url string, out any) json.RawMessage {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %s", url, res.StatusCode, data)
	}
	if err := json.Unmarshal(data, out); err != nil {
		t.Fatal(err)
	}
	return data
}

var tronDirWords = map[string]string{"x+": "right", "x-": "left", "y+": "down", "y-": "up"}

// playViewerTron plays a live Tron match on the local server: Ada and Bo,
// who join, against an easy bot on a 10x10 grid, Ada steering to any
// free cell and Bo to the roomiest, to its end. It answers the public state after the deal
// and after every round, as the server answered them, and each round's
// moves (the bot's read from its head; null for a cycle that did not
// move or whose move no state shows).
func playViewerTron(t *testing.T, base string) ([]json.RawMessage, []json.RawMessage, []tronlive.State) {
	t.Helper()
	api := base + "/api/games/tron/matches"
	var ada, bo tronlive.Joined
	postLive(t, api, `{"players":3,"name":"Ada","bots":1,"bot":"easy","width":10,"height":10,"roundMillis":60000}`, &ada)
	postLive(t, api+"/"+ada.Code+"/join", `{"name":"Bo"}`, &bo)
	var st tronlive.State
	raws, actions, states := []json.RawMessage{getLive(t, api+"/"+ada.Code, &st)}, []json.RawMessage{nil}, []tronlive.State{st}
	if st.Phase != "playing" || st.Round != 0 {
		t.Fatalf("the match with every seat taken is %s in round %d", st.Phase, st.Round)
	}
	for !st.Over && st.Round < 100 {
		prev, moves := st, make([]*string, len(st.Seats))
		var raw json.RawMessage
		for _, j := range []tronlive.Joined{ada, bo} {
			if !prev.Seats[j.Seat].Alive {
				continue
			}
			d := roomiestDir(&prev, j.Seat, j.Seat == ada.Seat)
			moves[j.Seat] = &d
			st = tronlive.State{} // of its own: decoding into a used one would share its seats
			raw = postLive(t, api+"/"+j.Code+"/move", `{"token":"`+j.Token+`","dir":"`+d+`"}`, &st)
		}
		if st.Round != prev.Round+1 {
			t.Fatalf("round %d did not resolve once every player moved: %s", prev.Round+1, raw)
		}
		for seat, s := range st.Seats {
			if moves[seat] != nil || !s.Alive || !prev.Seats[seat].Alive {
				continue
			}
			h, was := s.Trail[0], prev.Seats[seat].Trail[0]
			for d, step := range map[string][2]int{"x+": {1, 0}, "x-": {-1, 0}, "y+": {0, 1}, "y-": {0, -1}} {
				if h == [2]int{was[0] + step[0], was[1] + step[1]} {
					moves[seat] = &d
				}
			}
		}
		action, _ := json.Marshal(map[string]any{"round": st.Round, "moves": moves})
		raws, actions, states = append(raws, raw), append(actions, action), append(states, st)
	}
	if !st.Over {
		t.Fatalf("the match is not over after %d rounds", st.Round)
	}
	return raws, actions, states
}

// roomiestDir is the direction that takes seat's cycle to the free cell
// with the most free cells reachable from it, or if first to the first
// free cell of x+, y+, x-, y- (x+ if none is free).
func roomiestDir(st *tronlive.State, seat int, first bool) string {
	taken := map[[2]int]bool{}
	for _, s := range st.Seats {
		for _, c := range s.Trail {
			taken[c] = true
		}
	}
	free := func(c [2]int) bool { return c[0] >= 0 && c[1] >= 0 && c[0] < st.Width && c[1] < st.Height && !taken[c] }
	steps := [][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}
	best, room := "x+", 0
	h := st.Seats[seat].Trail[0]
	for i, name := range []string{"x+", "y+", "x-", "y-"} {
		start := [2]int{h[0] + steps[i][0], h[1] + steps[i][1]}
		if !free(start) {
			continue
		}
		if first {
			return name
		}
		seen, queue := map[[2]int]bool{start: true}, [][2]int{start}
		for len(queue) > 0 {
			c := queue[0]
			queue = queue[1:]
			for _, s := range steps {
				if n := [2]int{c[0] + s[0], c[1] + s[1]}; free(n) && !seen[n] {
					seen[n] = true
					queue = append(queue, n)
				}
			}
		}
		if len(seen) > room {
			best, room = name, len(seen)
		}
	}
	return best
}

// TestViewerLiveTron plays a live Tron match of two players and a bot on
// the local server and opens its transcript (the public state after the
// deal and after each round) in the viewer: at every step, shown stepping
// from the start, and at steps reached by jumping about (the last first,
// then the first step with a cycle out, then back), the canvas must hold
// exactly the seats' trails, heads lighter, and each cycle's line its
// seat's name (bots marked), its head and length or the round it crashed
// in and the cell it crashed from, and its place once over; the round
// above, the round's moves as the action, and no "you" anywhere.
func TestViewerLiveTron(t *testing.T) {
	b := newTab(t, 2*time.Minute)
	srv := httptest.NewServer(testserver.WithLive(t, nil))
	defer srv.Close()
	// A match in which a cycle is out before the end, if one of a few is.
	var raws, actions []json.RawMessage
	var states []tronlive.State
	last, firstOut := 0, 0
	for try := 0; try < 5 && firstOut == last; try++ {
		raws, actions, states = playViewerTron(t, srv.URL)
		last = len(states) - 1
		firstOut = slices.IndexFunc(states, func(s tronlive.State) bool {
			return slices.ContainsFunc(s.Seats, func(c tronlive.Seat) bool { return c.Died > 0 })
		})
	}
	check := func(step int) {
		t.Helper()
		if diff := liveTronDiff(b, states, actions, step); diff != "" {
			t.Errorf("step %d of %d: %s", step, last, diff)
		}
	}
	openCase(t, b, srv.URL, liveCase(t, "tron", raws, actions))
	check(0)
	b.do(chromedp.KeyEvent(kb.End), atStep(last, last))
	check(last)
	b.screenshot("viewer-tron-live-last.png")
	b.do(chromedp.KeyEvent(kb.Home), atStep(0, last))
	for i := 1; i <= last; i++ {
		b.do(chromedp.KeyEvent(kb.ArrowRight), atStep(i, last))
		check(i)
	}
	// Afresh, jumping: the crash cells are found whichever step asks first.
	openCase(t, b, srv.URL, liveCase(t, "tron", raws, actions))
	for _, i := range []int{firstOut, last, 1, firstOut - 1, (firstOut + last) / 2} {
		jump(b, i, last)
		check(i)
	}
	t.Logf("a live match of %d rounds, a cycle out first in round %d, places %v", last, firstOut, states[last].Places)
}

// liveTronDiff says how the Tron board differs from step of a live
// transcript's states, or "".
func liveTronDiff(b *tab, states []tronlive.State, actions []json.RawMessage, step int) string {
	st := states[step]
	var got struct {
		Cells, Heads [][3]int
		Stray, Lines []string
	}
	if err := json.Unmarshal([]byte(eval[string](b, tronCanvasJS)), &got); err != nil {
		return err.Error()
	}
	var cells, heads [][3]int
	for seat, s := range st.Seats {
		for _, c := range s.Trail {
			cells = append(cells, [3]int{seat, c[0], c[1]})
		}
		if len(s.Trail) > 0 {
			heads = append(heads, [3]int{seat, s.Trail[0][0], s.Trail[0][1]})
		}
	}
	cmp := func(a, b [3]int) int { return slices.Compare(a[:], b[:]) }
	for _, s := range [][][3]int{cells, heads, got.Cells, got.Heads} {
		slices.SortFunc(s, cmp)
	}
	if !slices.Equal(got.Cells, cells) || !slices.Equal(got.Heads, heads) || len(got.Stray) > 0 {
		return fmt.Sprintf("the canvas holds trail cells %v and heads %v (stray colours %v), want %v and %v", got.Cells, got.Heads, got.Stray, cells, heads)
	}
	var lines []string
	for seat, s := range st.Seats {
		name := s.Name
		if s.Bot {
			name += " (bot)"
		} else if s.Joined {
			name += " (guest, no agent)" // the seats of this match hold no agent
		}
		var where string
		if s.Alive {
			where = fmt.Sprintf("head (%d,%d), %d cells", s.Trail[0][0], s.Trail[0][1], len(s.Trail))
		} else {
			i := step
			for i >= 0 && !states[i].Seats[seat].Alive {
				i--
			}
			at := states[i].Seats[seat].Trail[0]
			where = fmt.Sprintf("crashed in round %d at (%d,%d)", s.Died, at[0], at[1])
		}
		if st.Places != nil {
			where += fmt.Sprintf("; place %d", st.Places[seat])
		}
		lines = append(lines, fmt.Sprintf("%c · %s: %s", 'A'+seat, name, where))
	}
	if !slices.Equal(got.Lines, lines) {
		return fmt.Sprintf("the cycles' lines %q, want %q", got.Lines, lines)
	}
	round := eval[string](b, `document.querySelector("#board .round").dataset.round`)
	action := eval[string](b, `document.getElementById("action").textContent`)
	text := eval[string](b, `document.getElementById("board").textContent`)
	want := ""
	if step > 0 {
		var a struct {
			Round int
			Moves []*string
		}
		json.Unmarshal(actions[step], &a)
		var moves []string
		for seat, d := range a.Moves {
			m := "-"
			if d != nil {
				m = *d + " (" + tronDirWords[*d] + ")"
			}
			moves = append(moves, fmt.Sprintf("%c %s", 'A'+seat, m))
		}
		want = fmt.Sprintf("round %d: %s", a.Round, strings.Join(moves, ", "))
	}
	switch {
	case round != strconv.Itoa(st.Round):
		return fmt.Sprintf("round %s drawn, want %d", round, st.Round)
	case step > 0 && action != want:
		return fmt.Sprintf("the action reads %q, want %q", action, want)
	case regexp.MustCompile(`(?i)\byou\b`).MatchString(text):
		return fmt.Sprintf("a live board says \"you\": %q", text)
	}
	return ""
}

// liveTidebreakers plays a live Tidebreakers match of three seats (Ada, a
// player, and two captains, named as the live server names them) with the
// engine, each seat played by a captain, for up to 120 actions, then ends
// it by the time limit if it is still open. It answers the public state
// after the deal and after every action, built as the live server builds
// it (games/tidebreakers/live's State), and the actions.
func liveTidebreakers(t *testing.T) ([]json.RawMessage, []json.RawMessage, []tblive.State) {
	t.Helper()
	s, err := tbengine.New(11, 3)
	if err != nil {
		t.Fatal(err)
	}
	names, policies := []string{"Ada", "strong", "random"}, []string{"sample", "strong", "random"}
	log := []tidebreakers.LogEntry{}
	public := func() tblive.State {
		st := tblive.State{Code: "VIEWERTEST", Players: 3, Round: s.Round(), Log: slices.Clone(log), TileCounts: make([]int, 3), Strengths: make([]int, 3)}
		for i := range 3 {
			st.Seats = append(st.Seats, tblive.Seat{Seat: i, Name: names[i], Bot: i > 0, Joined: true})
			st.TileCounts[i], st.Strengths[i] = s.Count(i)
		}
		for i := range tbengine.Islands {
			is := s.Island(i)
			tile := tblive.Tile{Strength: is.Strength}
			if is.Owner != tbengine.Wild {
				o := is.Owner
				tile.Owner = &o
			}
			st.Tiles = append(st.Tiles, tile)
		}
		turn := s.Turn()
		switch {
		case s.Over():
			st.Phase, st.Over, st.Ending = "over", true, map[tbengine.Ending]string{tbengine.Conquest: "conquest",
				tbengine.LastStanding: "last_standing", tbengine.RoundCap: "round_cap", tbengine.TimeLimit: "time_limit"}[s.Ending()]
			if w := s.Winner(); w != tbengine.Wild {
				st.Winner = &w
			}
			for p := range 3 {
				st.Places = append(st.Places, s.Place(p))
			}
		case s.Phase() == tbengine.Supplying:
			st.Phase, st.Turn, st.SupplyLeft = "supply", &turn, s.SupplyLeft()
		default:
			st.Phase, st.Turn = "attack", &turn
		}
		return st
	}
	var raws, actions []json.RawMessage
	var states []tblive.State
	add := func(action string) {
		st := public()
		raw, err := json.Marshal(st)
		if err != nil {
			t.Fatal(err)
		}
		raws, states, actions = append(raws, raw), append(states, st), append(actions, json.RawMessage(action))
	}
	record := func() {
		for _, e := range s.Recorded() {
			log = append(log, tidebreakers.LogEntryOf(e))
		}
	}
	add("")
	for n := 0; n < 120 && !s.Over(); n++ {
		seat := s.Turn()
		bot, _ := captains.Named(policies[seat])
		rs := s.BotStream()
		a := bot(s, &rs)
		if err := s.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
		record()
		add(fmt.Sprintf(`{"seat":%d,"action":%s}`, seat, tidebreakers.WireAction(a)))
	}
	if !s.Over() {
		s.Finish(tbengine.TimeLimit)
		record()
		add(`{"seat":null,"action":{"type":"time_limit"}}`)
	}
	return raws, actions, states
}

// TestViewerLiveTidebreakers opens the transcript of a live Tidebreakers
// match (liveTidebreakers) in the viewer and holds every step, shown
// stepping from the start and by jumps, to its public state: every
// island's holder and strength, the round, phase and whose turn (by
// name), each captain's islands, strength, name (bots marked), whether
// out and its place once over; the step's expedition (with the result
// the log gives it) or supply; the action in words; and no "you".
func TestViewerLiveTidebreakers(t *testing.T) {
	b := newTab(t, 2*time.Minute)
	srv := httptest.NewServer(testserver.New(t))
	defer srv.Close()
	raws, actions, states := liveTidebreakers(t)
	last := len(states) - 1
	check := func(step int) {
		t.Helper()
		if diff := liveTidebreakersDiff(b, states, actions, step); diff != "" {
			t.Errorf("step %d of %d: %s", step, last, diff)
		}
	}
	openCase(t, b, srv.URL, liveCase(t, "tidebreakers", raws, actions))
	check(0)
	b.do(chromedp.KeyEvent(kb.End), atStep(last, last))
	check(last)
	b.screenshot("viewer-tidebreakers-live-last.png")
	b.do(chromedp.KeyEvent(kb.Home), atStep(0, last))
	attacks := 0
	for i := 1; i <= last; i++ {
		b.do(chromedp.KeyEvent(kb.ArrowRight), atStep(i, last))
		check(i)
		if strings.Contains(string(actions[i]), `"attack"`) {
			if attacks++; attacks == 1 {
				b.screenshot("viewer-tidebreakers-live-attack.png")
			}
		}
	}
	for _, i := range []int{last / 2, 3, last - 1} {
		jump(b, i, last)
		check(i)
	}
	if attacks == 0 {
		t.Errorf("no step of the %d sent an expedition", last)
	}
	t.Logf("a live match of %d actions to round %d, %d expeditions, ending %q, places %v", last, states[last].Round, attacks, states[last].Ending, states[last].Places)
}

// liveTidebreakersDiff says how the Tidebreakers board differs from step
// of a live transcript's states, or "".
func liveTidebreakersDiff(b *tab, states []tblive.State, actions []json.RawMessage, step int) string {
	st := states[step]
	var p tidebreakersPage
	if err := json.Unmarshal([]byte(eval[string](b, tidebreakersPageJS)), &p); err != nil {
		return fmt.Sprintf("unreadable: %v", err)
	}
	name := func(seat int) string { return fmt.Sprintf("seat %d (%c, %s)", seat, 'A'+seat, st.Seats[seat].Name) }
	turn, status := "", ""
	switch {
	case st.Turn != nil && st.Phase == "supply":
		turn, status = strconv.Itoa(*st.Turn), fmt.Sprintf("%s to place %d supply", name(*st.Turn), st.SupplyLeft)
	case st.Turn != nil:
		turn, status = strconv.Itoa(*st.Turn), name(*st.Turn)+" to send an expedition or pass"
	case st.Winner != nil:
		status = fmt.Sprintf("Over (%s): %s wins.", strings.Replace(st.Ending, "_", " ", 1), name(*st.Winner))
	default:
		status = fmt.Sprintf("Over (%s): 1st place shared, no winner.", strings.Replace(st.Ending, "_", " ", 1))
	}
	if p.Round != st.Round || p.Turn != turn || p.Status != status || p.Phase != st.Phase {
		return fmt.Sprintf("round %d, phase %q, turn %q, status %q; want %d, %q, %q and %q", p.Round, p.Phase, p.Turn, p.Status, st.Round, st.Phase, turn, status)
	}
	var islands [][3]string
	for i, is := range st.Tiles {
		owner := "wild"
		if is.Owner != nil {
			owner = strconv.Itoa(*is.Owner)
		}
		islands = append(islands, [3]string{strconv.Itoa(i), owner, strconv.Itoa(is.Strength)})
	}
	if !slices.Equal(p.Islands, islands) {
		return fmt.Sprintf("islands drawn %v, want %v", p.Islands, islands)
	}
	// The step's expedition or supply, the expedition's result from the log
	// entries the step added.
	var act struct {
		Seat   *int
		Action struct {
			Type                         string
			Tile, Amount, From, To, Send int
		}
	}
	var expeditions [][5]string
	supplies := map[string]int{}
	if step > 0 {
		json.Unmarshal(actions[step], &act)
		a := act.Action
		switch a.Type {
		case "supply":
			supplies[fmt.Sprintf("%d:%d", *act.Seat, a.Tile)] = a.Amount
		case "attack":
			result := ""
			for _, e := range st.Log[len(states[step-1].Log):] {
				if (e.Kind == "captured" || e.Kind == "repelled") && *e.Seat == *act.Seat && *e.From == a.From && *e.To == a.To {
					result = e.Kind
				}
			}
			expeditions = append(expeditions, [5]string{strconv.Itoa(*act.Seat), strconv.Itoa(a.From), strconv.Itoa(a.To), strconv.Itoa(a.Send), result})
		}
	}
	if !slices.Equal(p.Expeditions, expeditions) || fmt.Sprint(p.Supplies) != fmt.Sprint(supplies) {
		return fmt.Sprintf("expeditions %v and supplies %v drawn, want %v and %v", p.Expeditions, p.Supplies, expeditions, supplies)
	}
	out := map[int]bool{}
	for _, e := range st.Log {
		if e.Kind == "eliminated" {
			out[*e.Seat] = true
		}
	}
	var captains [][3]int
	var lines []string
	for seat, s := range st.Seats {
		captains = append(captains, [3]int{seat, st.TileCounts[seat], st.Strengths[seat]})
		line := fmt.Sprintf("%c %s", 'A'+seat, s.Name)
		if s.Bot {
			line += " (bot)"
		} else if s.Joined {
			line += " (guest, no agent)" // the seats of this match hold no agent
		}
		line += fmt.Sprintf(": %d island", st.TileCounts[seat])
		if st.TileCounts[seat] != 1 {
			line += "s"
		}
		line += fmt.Sprintf(", strength %d", st.Strengths[seat])
		if out[seat] {
			line += ", out"
		}
		if st.Places != nil {
			line += fmt.Sprintf(", place %d", st.Places[seat])
		}
		lines = append(lines, line+"|"+strconv.FormatBool(out[seat]))
	}
	if !slices.Equal(p.Captains, captains) || !slices.Equal(p.Lines, lines) {
		return fmt.Sprintf("captains %v %q, want %v %q", p.Captains, p.Lines, captains, lines)
	}
	action := eval[string](b, `document.getElementById("action").textContent`)
	want := ""
	if step > 0 {
		want = "the time limit passed"
		if act.Seat != nil {
			raw, _ := json.Marshal(map[string]any{"type": act.Action.Type, "tile": act.Action.Tile, "amount": act.Action.Amount,
				"from": act.Action.From, "to": act.Action.To, "send": act.Action.Send})
			want = fmt.Sprintf("seat %d (%c): %s", *act.Seat, 'A'+*act.Seat, describeAction(raw))
		}
	}
	switch {
	case step > 0 && action != want:
		return fmt.Sprintf("the action reads %q, want %q", action, want)
	case regexp.MustCompile(`(?i)\byou\b`).MatchString(p.Text):
		return fmt.Sprintf("a live board says \"you\": %q", p.Text)
	}
	return ""
}
