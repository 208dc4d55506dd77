package tinrail

// This file holds what Tinrail's referee knows of the rules: the
// documented tile table and board geometry, and the match it derives from
// the answers (rides, head-on meetings, draws, the end and the score).

import (
	"slices"
	"strings"
)

// tiles is the documented tile table: each tile's strands at
// rotation 0.
var tiles = [35]string{
	"0-1 2-3 4-5 6-7", "0-1 2-3 4-6 5-7", "0-1 2-3 4-7 5-6", "0-1 2-4 3-6 5-7", "0-1 2-4 3-7 5-6",
	"0-1 2-5 3-6 4-7", "0-1 2-5 3-7 4-6", "0-1 2-6 3-4 5-7", "0-1 2-6 3-5 4-7", "0-1 2-6 3-7 4-5",
	"0-1 2-7 3-4 5-6", "0-1 2-7 3-5 4-6", "0-1 2-7 3-6 4-5", "0-2 1-3 4-6 5-7", "0-2 1-3 4-7 5-6",
	"0-2 1-4 3-6 5-7", "0-2 1-4 3-7 5-6", "0-2 1-5 3-6 4-7", "0-2 1-5 3-7 4-6", "0-2 1-6 3-4 5-7",
	"0-2 1-6 3-5 4-7", "0-2 1-7 3-4 5-6", "0-2 1-7 3-5 4-6", "0-3 1-2 4-7 5-6", "0-3 1-4 2-6 5-7",
	"0-3 1-4 2-7 5-6", "0-3 1-5 2-6 4-7", "0-3 1-6 2-5 4-7", "0-4 1-2 3-6 5-7", "0-4 1-2 3-7 5-6",
	"0-4 1-3 2-6 5-7", "0-4 1-5 2-6 3-7", "0-4 1-5 2-7 3-6", "0-5 1-4 2-7 3-6", "0-7 1-2 3-4 5-6",
}

// partners holds each tile at each rotation as a partner table: the
// port the strand entering at p leaves by.
var partners = func() (out [35][4][8]int) {
	for t, s := range tiles {
		for _, pair := range strings.Fields(s) {
			a, b := int(pair[0]-'0'), int(pair[2]-'0')
			for r := range 4 {
				x, y := (a+2*r)%8, (b+2*r)%8
				out[t][r][x], out[t][r][y] = y, x
			}
		}
	}
	return out
}()

// across is the port across an edge.
var across = [8]int{5, 4, 7, 6, 1, 0, 3, 2}

// neighbour is the cell across the edge of port p of cell c, or -1
// beyond the table's edge.
func neighbour(c, p int) int {
	row, col := c/6, c%6
	switch p / 2 {
	case 0:
		row--
	case 1:
		col++
	case 2:
		row++
	default:
		col--
	}
	if row < 0 || row > 5 || col < 0 || col > 5 {
		return -1
	}
	return row*6 + col
}

// sides names the two engines: 0 is yours, 1 G-Bot's.
var sides = [2]string{"you", "gbot"}

// world is the match as the referee derives it.
type world struct {
	opponent string
	// board holds tile*4+rotation a cell, -1 when empty.
	board [36]int
	at    [2]notch
	out   [2]bool
	// hand is your hand; -1 marks a drawn tile not yet seen in a view.
	hand                 []int
	gbotHand, pile       int
	placements, survived int
	seen                 [35]bool
	over                 bool
	outcome, ending      string
}

func newWorld(opponent string) *world {
	w := &world{opponent: opponent, hand: []int{-1, -1, -1}, gbotHand: 3, pile: 29,
		at: [2]notch{{Cell: 32, Port: 4}, {Cell: 3, Port: 0}}}
	for c := range w.board {
		w.board[c] = -1
	}
	return w
}

func (w *world) clone() *world {
	c := *w
	c.hand = slices.Clone(w.hand)
	return &c
}

// trip is a ride as the referee follows it.
type trip struct {
	from  notch
	to    notch
	off   bool
	tiles int
	// entered has, a cell, a bit for each port the ride entered it by.
	entered [36]uint8
}

// ride follows the strands from notch n, whose cell holds a tile, until an
// empty cell or the table's edge. Strands never branch, so a ride from an
// empty cell's edge cannot loop.
func (w *world) ride(n notch) trip {
	tr := trip{from: n}
	c, p := n.Cell, n.Port
	for {
		tr.entered[c] |= 1 << p
		tr.tiles++
		q := w.partner(c, p)
		next := neighbour(c, q)
		if next < 0 {
			tr.off = true
			return tr
		}
		c, p = next, across[q]
		if w.board[c] < 0 {
			tr.to = notch{Cell: c, Port: p}
			return tr
		}
	}
}

func (w *world) partner(c, p int) int {
	v := w.board[c]
	return partners[v/4][v%4][p]
}

// headOn reports whether two rides used one strand in opposite directions:
// one entered a cell by the port the other left it by.
func (w *world) headOn(x, y *trip) bool {
	for c := range w.board {
		for p := range 8 {
			if x.entered[c]&(1<<p) != 0 && y.entered[c]&(1<<w.partner(c, p)) != 0 {
				return true
			}
		}
	}
	return false
}

// place lays tile t at rotation r into the cell side's engine faces and
// rides every engine on the table facing it. It answers the rides (nil for
// an engine that did not ride) and whether they met head on.
func (w *world) place(side, t, r int) (trips [2]*trip, headOn bool) {
	c := w.at[side].Cell
	w.board[c] = t*4 + r
	w.seen[t] = true
	for i := range 2 {
		if !w.out[i] && w.at[i].Cell == c {
			tr := w.ride(w.at[i])
			trips[i] = &tr
		}
	}
	if trips[0] != nil && trips[1] != nil && w.headOn(trips[0], trips[1]) {
		w.out = [2]bool{true, true}
		return trips, true
	}
	for i, tr := range trips {
		switch {
		case tr == nil:
		case tr.off:
			w.out[i] = true
		default:
			w.at[i] = tr.to
		}
	}
	return trips, false
}

// settle counts the placement by side, ends the match on an elimination
// (head_on before both_off_table: see the file comment), and otherwise
// lets the placer draw and ends it when the other side holds no tile.
func (w *world) settle(side int, headOn bool) {
	w.placements++
	if !w.out[0] {
		w.survived++
	}
	switch {
	case w.out[0] && w.out[1] && headOn:
		w.over, w.outcome, w.ending = true, "draw", "head_on"
	case w.out[0] && w.out[1]:
		w.over, w.outcome, w.ending = true, "draw", "both_off_table"
	case w.out[1]:
		w.over, w.outcome, w.ending = true, "win", "gbot_off_table"
	case w.out[0]:
		w.over, w.outcome, w.ending = true, "loss", "you_off_table"
	}
	if w.over {
		return
	}
	if w.pile > 0 {
		w.pile--
		if side == 0 {
			w.hand = append(w.hand, -1)
		} else {
			w.gbotHand++
		}
	}
	if (side == 0 && w.gbotHand == 0) || (side == 1 && len(w.hand) == 0) {
		w.over, w.outcome, w.ending = true, "draw", "tiles_exhausted"
	}
}

// score is the documented score of the finished match.
func (w *world) score() int {
	var total int
	switch w.outcome {
	case "win":
		total = 100 + 5*w.survived
	case "draw":
		total = 50 + 2*w.survived
	default:
		total = 2 * w.survived
	}
	if w.opponent == "easy" {
		return total * 6 / 10
	}
	return total
}

// legal lists every legal action, in hand then rotation order.
func (w *world) legal() []action {
	var out []action
	if w.over {
		return out
	}
	for i := range w.hand {
		for r := range 4 {
			out = append(out, action{Type: "place", TileIndex: i, Rotation: r})
		}
	}
	return out
}

// fate ranks a position for G-Bot, worst first.
func fate(w *world) int {
	switch {
	case w.out[1] && !w.out[0]:
		return 0 // G-Bot loses
	case w.out[1]:
		return 1 // a draw
	case w.out[0]:
		return 3 // G-Bot wins
	}
	return 2 // both ride on
}
