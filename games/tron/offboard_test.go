package tron_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/games/tron"
	"github.com/agentgames/bundle/games/tron/arena"
	"github.com/agentgames/bundle/play"
)

// phpMessage writes a play-turn for player p as the arena's PHP writes
// one whose board may hold a cycle off the grid: json_encode of each
// trail's cells, head first, where a cell off the board, whose
// coordinates the PHP left unset, is [null,null].
func phpMessage(id string, p int, trails ...[]engine.Cell) string {
	board := make([][][2]*int, len(trails))
	for i, t := range trails {
		board[i] = [][2]*int{}
		for _, c := range t {
			var pair [2]*int // null, null
			if c != arena.OffBoard {
				pair = [2]*int{&c.X, &c.Y}
			}
			board[i] = append(board[i], pair)
		}
	}
	data, err := json.Marshal(board)
	if err != nil {
		panic(err)
	}
	return fmt.Sprintf(`{"game-id":"%s","action":"play-turn","game":"tron","board":%s,"player-index":%d,"players":%d}`, id, data, p, len(trails))
}

// walk is the trail, head first, of a cycle that starts at (x, y) and
// makes moves ("x-*5 y+": x- five times, then y+) on a side x side grid,
// grown as the arena's PHP grows it: a move off the grid leads off the
// board (arena.OffBoard), and a move from there adds to 0 where the PHP
// adds to an unset coordinate.
func walk(side, x, y int, moves string) []engine.Cell {
	c := engine.Cell{X: x, Y: y}
	trail := []engine.Cell{c}
	for _, m := range strings.Fields(moves) {
		name, times, repeated := strings.Cut(m, "*")
		n, err := 1, error(nil)
		if repeated {
			n, err = strconv.Atoi(times)
		}
		d, ok := engine.ParseDir(name)
		if err != nil || !ok {
			panic("walk: " + m)
		}
		for range n {
			if c == arena.OffBoard {
				c = engine.Cell{}
			}
			c.X, c.Y = engine.Step(c.X, c.Y, d)
			if c.X < 0 || c.Y < 0 || c.X >= side || c.Y >= side {
				c = arena.OffBoard
			}
			trail = append(trail, c)
		}
	}
	slices.Reverse(trail)
	return trail
}

// TestBotReadsCellsOffTheBoard: the endpoint answers a move for boards
// where cycles left the grid, as the arena's PHP writes them, and plays
// from off the board as the arena moves a cycle there; a cell that is
// only half null is still refused.
func TestBotReadsCellsOffTheBoard(t *testing.T) {
	t.Parallel()
	off := walk(100, 4, 40, "x-*5") // [[null,null],[0,40],...,[4,40]]
	o := arena.OffBoard
	in := func(cell string) string { // cell in place of the rival's [null,null] head
		return strings.Replace(phpMessage("1", 0, walk(100, 3, 3, ""), off), "[null,null]", cell, 1)
	}
	tests := []struct {
		name, message string
		want          []string // the moves it may answer; nil: refused
	}{
		{"our head off the board: into (1,0) or (0,1)", phpMessage("1", 0, off, walk(100, 50, 50, "y-*5")), []string{"x+", "y+"}},
		{"our head off the board, (1,0) taken", phpMessage("1", 0, off, walk(100, 3, 3, "y-*3 x-*2")), []string{"y+"}},
		{"our head off the board, (0,1) taken", phpMessage("1", 1, walk(100, 3, 3, "x-*3 y-*2"), off), []string{"x+"}},
		{"a rival off the board holds (0,0)", phpMessage("1", 0, walk(100, 1, 5, "y-*5"), off), []string{"x+"}},
		{"a rival back on the board still holds (0,0)", phpMessage("1", 0, walk(100, 1, 10, "x- y-*9"), walk(100, 4, 40, "x-*5 x+*5")), []string{"x+"}},
		{"null cells anywhere, any number", phpMessage("1", 0,
			[]engine.Cell{o, {X: 5, Y: 5}, o, {X: 5, Y: 6}}, []engine.Cell{o, o, {X: 9, Y: 9}}, []engine.Cell{{X: 20, Y: 20}, o}), []string{"x+", "y+"}},
		{"a [0,0] beside our head off the board", phpMessage("1", 0, off, walk(100, 1, 1, "x- y-")), []string{"x+"}},
		{"white space in a null cell", strings.ReplaceAll(phpMessage("1", 0, off, walk(100, 3, 3, "y-*3 x-*2")), "[null,null]", "[ null ,\n null ]"), []string{"y+"}},
		{"one coordinate null", in("[null,3]"), nil},
		{"the other coordinate null", in("[3,null]"), nil},
		{"a cell of one null", in("[null]"), nil},
		{"a cell of three nulls", in("[null,null,null]"), nil},
		{"null for a cell", in("null"), nil},
		{"null for a trail", `{"game-id":"1","action":"play-turn","game":"tron","board":[[[3,3]],null],"player-index":0,"players":2}`, nil},
		{"null for the board", `{"game-id":"1","action":"play-turn","game":"tron","board":null,"player-index":0,"players":2}`, nil},
	}
	for _, tt := range tests {
		reply, err := tron.Game{}.Answer([]byte(tt.message), nil)
		var pe *play.Error
		switch {
		case tt.want == nil && (!errors.As(err, &pe) || pe.Code != play.CodeInvalidRequest):
			t.Errorf("%s: answered %v, %v; want the error %s", tt.name, reply, err, play.CodeInvalidRequest)
		case tt.want != nil && err != nil:
			t.Errorf("%s: %v\n%s", tt.name, err, tt.message)
		case tt.want != nil && !slices.Contains(tt.want, reply.(map[string]string)["play"]):
			t.Errorf("%s: played %v, want one of %v", tt.name, reply, tt.want)
		}
	}
}
