package tron_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/agentgames/bundle/conformance"
	referee "github.com/agentgames/bundle/conformance/rules/tron"
	"github.com/agentgames/bundle/engines/rng"
	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/engines/tron/bots"
	"github.com/agentgames/bundle/games/tron"
	"github.com/agentgames/bundle/games/tron/arena"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/play"
)

const exchangesFile = "../../golden/bots/tron.json"

// arenaMessage writes a play-turn as the arena's PHP does: its keys in
// its order, no spaces, each trail head first.
func arenaMessage(id string, s *engine.State, p int) string {
	return fmt.Sprintf(`{"game-id":"%s","action":"play-turn","game":"tron","board":%s,"player-index":%d,"players":%d}`,
		id, arena.Board(s), p, s.Players())
}

// playedTo is the match of the seed after rounds rounds of easy bots (or
// its end).
func playedTo(t testing.TB, seed uint64, side, players, rounds int) *engine.State {
	t.Helper()
	s, err := engine.New(seed, side, side, players)
	if err != nil {
		t.Fatal(err)
	}
	rs := rng.New(seed, 99)
	for range rounds {
		if s.Over() {
			break
		}
		var moves [engine.MaxPlayers]engine.Dir
		for p := range players {
			if s.Alive(p) {
				moves[p] = bots.Easy(s, p, &rs)
			}
		}
		s.Play(moves)
	}
	return s
}

// fromBoard sets up a crafted position.
func fromBoard(t testing.TB, side int, trails ...[]engine.Cell) *engine.State {
	t.Helper()
	s, err := engine.FromBoard(side, side, trails)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// exchangeMessages are the golden exchanges' messages: the card's init,
// positions of seeded matches on several grids and player counts (a dead
// player's [] trail among them), a forced move, a boxed-in head, a long
// 100x100 game's board, and cycles that left the grid as the arena's PHP
// lets them, their cell off the board written [null,null].
func exchangeMessages(t *testing.T) []conformance.Exchange {
	line := func(x0, x1, y int) []engine.Cell { // head at x1
		var out []engine.Cell
		for x := x1; ; x += map[bool]int{true: 1, false: -1}[x0 > x1] {
			out = append(out, engine.Cell{X: x, Y: y})
			if x == x0 {
				return out
			}
		}
	}
	withDead := playedTo(t, 7, 20, 4, 0)
	for withDead.Living() == 4 {
		withDead = playedTo(t, 7, 20, 4, withDead.Round()+1)
	}
	if withDead.Over() {
		t.Fatal("seed 7 on 20x20 lost every cycle but one at once")
	}
	living := 0
	for !withDead.Alive(living) {
		living++
	}
	long := playedTo(t, 3, 100, 2, 100000)
	out := []conformance.Exchange{
		{Name: "init as the card shows", Message: `{"game-id":"1679","action":"init","game":"tron","board":"","players":4,"player-index":2}`},
		{Name: "first turn 100x100", Message: arenaMessage("1680", playedTo(t, 1, 100, 2, 0), 0)},
		{Name: "turn 40 100x100 second player", Message: arenaMessage("1680", playedTo(t, 1, 100, 2, 40), 1)},
		{Name: "turn 200 100x100 four players", Message: arenaMessage("1681", playedTo(t, 2, 100, 4, 200), 3)},
		{Name: "a dead player's empty trail 20x20", Query: "width=20&height=20", Message: arenaMessage("1682", withDead, living)},
		{Name: "30x30 three players", Query: "width=30&height=30", Message: arenaMessage("1683", playedTo(t, 5, 30, 3, 60), 0)},
		{Name: "forced move in a corridor", Query: "width=10&height=10", Message: arenaMessage("1684",
			fromBoard(t, 10, line(0, 5, 4), append(line(9, 0, 3), line(0, 9, 5)...)), 0)},
		{Name: "boxed in", Query: "width=5&height=5", Message: arenaMessage("1685",
			fromBoard(t, 5, []engine.Cell{{X: 0, Y: 0}}, []engine.Cell{{X: 1, Y: 0}, {X: 1, Y: 1}, {X: 0, Y: 1}}), 0)},
		{Name: "near the end of a long 100x100 game", Message: arenaMessage("1686", playedTo(t, 3, 100, 2, long.Round()-1), 0)},
		{Name: "a rival that left the grid, its head [null,null]", Message: phpMessage("1687", 0,
			walk(100, 50, 50, "y-*5"), walk(100, 4, 40, "x-*5"))},
		{Name: "our cycle off the board, (0,1) taken", Message: phpMessage("1688", 1,
			walk(100, 3, 3, "x-*3 y-*2"), walk(100, 4, 40, "x-*5"))},
		{Name: "a rival back from off the board, (0,0) taken", Message: phpMessage("1689", 0,
			walk(100, 1, 10, "x- y-*9"), walk(100, 4, 40, "x-*5 x+*5"))},
	}
	return out
}

// safeMoves are the moves of player p that do not lose for certain: onto
// the grid and into a free cell.
func safeMoves(s *engine.State, p int) []string {
	var out []string
	h := s.Head(p)
	for _, name := range referee.Directions {
		d, _ := engine.ParseDir(name)
		if x, y := engine.Step(h.X, h.Y, d); s.Free(x, y) {
			out = append(out, name)
		}
	}
	return out
}

// TestBotExchanges answers the golden exchanges' messages with the bot
// endpoint and compares the replies with golden/bots/tron.json; -update
// rewrites it. The wise bot never plays a losing move when a safe one
// exists.
func TestBotExchanges(t *testing.T) {
	t.Parallel()
	got := conformance.Exchanges{Format: golden.Format, Game: "tron"}
	for _, e := range exchangeMessages(t) {
		q, err := url.ParseQuery(e.Query)
		if err != nil {
			t.Fatal(err)
		}
		options := map[string]string{}
		for k, v := range q {
			options[k] = v[0]
		}
		reply, err := tron.Game{}.Answer([]byte(e.Message), options)
		if err != nil {
			t.Fatalf("%s: %v", e.Name, err)
		}
		if e.Reply, err = json.Marshal(reply); err != nil {
			t.Fatal(err)
		}
		if _, ok := reply.(map[string]string)["play"]; ok {
			e.Safe = safeOf(t, e, options)
		}
		if err := e.Check(200, e.Reply, referee.Directions); err != nil {
			t.Errorf("%s: %v", e.Name, err)
		}
		got.Exchanges = append(got.Exchanges, e)
	}
	data, err := json.MarshalIndent(got, "", "\t")
	if err != nil {
		t.Fatal(err)
	}
	data = append(data, '\n')
	if *update {
		if err := os.WriteFile(exchangesFile, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(exchangesFile)
	if err != nil {
		t.Fatalf("%v (run go test -run TestBotExchanges -update)", err)
	}
	if d := cmp.Diff(string(want), string(data)); d != "" {
		t.Errorf("the bot's exchanges differ from %s (-file +now):\n%s", exchangesFile, d)
	}
}

// safeOf reads an exchange's board back, as the bot reads it, and lists
// its safe moves.
func safeOf(t *testing.T, e conformance.Exchange, options map[string]string) []string {
	t.Helper()
	m, err := arena.Read([]byte(e.Message))
	if err != nil {
		t.Fatal(err)
	}
	trails, err := m.Trails()
	if err != nil {
		t.Fatal(err)
	}
	side := engine.DefaultSide
	if w, ok := options["width"]; ok {
		side, _ = strconv.Atoi(w)
	}
	s, err := arena.Position(side, side, trails, m.PlayerIndex)
	if err != nil {
		t.Fatal(err)
	}
	return safeMoves(s, m.PlayerIndex)
}

// TestBotRefusesBadMessages: the endpoint answers what it cannot read with
// a listed error, and never a move.
func TestBotRefusesBadMessages(t *testing.T) {
	t.Parallel()
	turn := `{"game-id":"1","action":"play-turn","game":"tron","board":[[[1,1]],[[3,3]]],"player-index":0,"players":2}`
	tests := []struct {
		name, message string
		options       map[string]string
		code          play.Code
	}{
		{"not JSON", `{"action":`, nil, play.CodeBadJSON},
		{"duplicate key", `{"action":"init","action":"init","players":2,"player-index":0}`, nil, play.CodeBadJSON},
		{"unknown key", `{"action":"init","players":2,"player-index":0,"x":1}`, nil, play.CodeInvalidRequest},
		{"unknown action", strings.Replace(turn, "play-turn", "move", 1), nil, play.CodeInvalidRequest},
		{"one player", strings.Replace(turn, `"players":2`, `"players":1`, 1), nil, play.CodeInvalidRequest},
		{"index past the players", strings.Replace(turn, `"player-index":0`, `"player-index":2`, 1), nil, play.CodeInvalidRequest},
		{"board not trails", strings.Replace(turn, `[[[1,1]],[[3,3]]]`, `"x"`, 1), nil, play.CodeInvalidRequest},
		{"too few trails", strings.Replace(turn, `[[[1,1]],[[3,3]]]`, `[[[1,1]]]`, 1), nil, play.CodeInvalidRequest},
		{"a cell of three numbers", strings.Replace(turn, `[[1,1]]`, `[[1,1,1]]`, 1), nil, play.CodeInvalidRequest},
		{"a fractional cell", strings.Replace(turn, `[[1,1]]`, `[[1.5,1]]`, 1), nil, play.CodeInvalidRequest},
		{"off the grid", strings.Replace(turn, `[[3,3]]`, `[[100,3]]`, 1), nil, play.CodeInvalidRequest},
		{"a negative cell", strings.Replace(turn, `[[3,3]]`, `[[-1,3]]`, 1), nil, play.CodeInvalidRequest},
		{"a number of four digits", strings.Replace(turn, `[[3,3]]`, `[[0003,3]]`, 1), nil, play.CodeBadJSON},
		{"a cell as text", strings.Replace(turn, `[[3,3]]`, `[["3",3]]`, 1), nil, play.CodeInvalidRequest},
		{"a trail as an object", strings.Replace(turn, `[[3,3]]`, `{"0":[3,3]}`, 1), nil, play.CodeInvalidRequest},
		{"more cells than a grid holds", strings.Replace(turn, `[[3,3]]`, "["+strings.Repeat("[3,3],", 10000)+"[3,3]]", 1), nil, play.CodeInvalidRequest},
		{"off a configured grid", turn, map[string]string{"width": "5", "height": "3"}, play.CodeInvalidRequest},
		{"a cell in two trails", strings.Replace(turn, `[[3,3]]`, `[[1,1]]`, 1), nil, play.CodeInvalidRequest},
		{"asked while dead", strings.Replace(turn, `[[1,1]]`, `[]`, 1), nil, play.CodeInvalidRequest},
		{"width out of range", turn, map[string]string{"width": "101"}, play.CodeInvalidRequest},
		{"unknown option", turn, map[string]string{"seed": "1"}, play.CodeInvalidRequest},
	}
	for _, tt := range tests {
		reply, err := tron.Game{}.Answer([]byte(tt.message), tt.options)
		var pe *play.Error
		if !errors.As(err, &pe) || pe.Code != tt.code {
			t.Errorf("%s: answered %v, %v; want the error %s", tt.name, reply, err, tt.code)
		}
	}
}

// TestBotReadsAnyLayout: white space anywhere JSON allows it, and the
// keys in any order, read as the arena's compact text does.
func TestBotReadsAnyLayout(t *testing.T) {
	t.Parallel()
	compact := `{"game-id":"1","action":"play-turn","game":"tron","board":[[[1,1],[1,2]],[[3,3]]],"player-index":0,"players":2}`
	spaced := "{ \"players\" : 2 ,\n\t\"board\" : [ [ [ 1 , 1 ] ,\r\n [ 1 , 2 ] ] , [ [ 3 , 3 ] ] ] , \"player-index\":0, \"action\":\"play-turn\" }"
	want, err := tron.Game{}.Answer([]byte(compact), nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err := tron.Game{}.Answer([]byte(spaced), nil)
	if err != nil || !cmp.Equal(got, want) {
		t.Errorf("spaced: %v, %v; compact: %v", got, err, want)
	}
}

// TestBotAnswersEveryGrid: on every grid from 5x5 to 100x100 (a sample)
// the bot answers a safe move for a lone head in the middle of a duel.
func TestBotAnswersEveryGrid(t *testing.T) {
	t.Parallel()
	for _, side := range []int{5, 6, 17, 64, 99, 100} {
		s := fromBoard(t, side, []engine.Cell{{X: side / 2, Y: side / 2}}, []engine.Cell{{X: 0, Y: 0}})
		opts := map[string]string{"width": fmt.Sprint(side), "height": fmt.Sprint(side)}
		reply, err := tron.Game{}.Answer([]byte(arenaMessage("9", s, 0)), opts)
		if err != nil {
			t.Fatalf("%dx%d: %v", side, side, err)
		}
		if play := reply.(map[string]string)["play"]; !slices.Contains(safeMoves(s, 0), play) {
			t.Errorf("%dx%d: played %q", side, side, play)
		}
	}
}

// FuzzBotAnswer: no message makes the bot endpoint panic; it answers a
// listed error or one of the card's replies.
func FuzzBotAnswer(f *testing.F) {
	f.Add(`{"game-id":"1679","action":"init","game":"tron","board":"","players":4,"player-index":2}`, 100)
	f.Add(`{"game-id":"1","action":"play-turn","game":"tron","board":[[[1,1],[1,2]],[[3,3]],[]],"player-index":1,"players":3}`, 5)
	f.Add(`{"action":"play-turn","board":[[[0,0]],[[0,1]]],"player-index":0,"players":2}`, 5)
	f.Add(`{"action":"play-turn","board":[[[null,null],[0,1]],[[1,1],[null,null]]],"player-index":1,"players":2}`, 5)
	f.Fuzz(func(t *testing.T, message string, side int) {
		reply, err := tron.Game{}.Answer([]byte(message), map[string]string{"width": fmt.Sprint(side), "height": fmt.Sprint(side)})
		var pe *play.Error
		switch r := reply.(type) {
		case nil:
			if !errors.As(err, &pe) || !play.Listed(pe.Code) {
				t.Fatalf("answered the error %v", err)
			}
		case map[string]string:
			if _, ok := engine.ParseDir(r["play"]); !ok && r["name"] == "" {
				t.Fatalf("replied %v", r)
			}
		default:
			t.Fatalf("replied %T", reply)
		}
	})
}
