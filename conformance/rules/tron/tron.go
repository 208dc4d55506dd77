// Package tron is Tron's referee at the rules level: its checks (the doc
// comment of Referee lists what they judge and what the API does not let
// them judge), the matches' options, the wire types the answers decode
// into and the grid's moves.
package tron

import (
	"context"
	"fmt"
	"strconv"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/rules"
)

// Referee is Tron's referee, its rules checks: for each seed one match with a
// random agent and one with an adversarial agent, over a spread of
// options (2 to 4 cycles, easy and wise bots, grids from 5x5 to 100x5 and
// the 100x100 default), judging every answer of the stateless loop from
// the answer before it, the move sent and docs/tron.md alone:
//
//   - the init: the grid, players and bots asked for (the documented
//     defaults when none are sent), the seed echoed, round 0, one start
//     cell a cycle with x in 1..width-1 and y in 1..height-1, all distinct,
//     and the same starts for the same seed;
//   - every round: the round counter, one event whose moves are the move
//     sent for cycle 0, a direction for every other living cycle and null
//     for the crashed; every head one cell from the last in the direction
//     its event shows, the trail growing by that cell; the crashes
//     re-derived from the board at the start of the round (leaving the
//     grid, entering any trail, a head or its own neck included, so two
//     heads swapping cells both crash, then every cycle still alive that
//     enters the same cell as another); the crashed cycles' trails erased
//     at the end of their round and their cells free from the next;
//   - the cycles (alive, length, head, the round a cycle crashed), score
//     (the rounds your cycle survived), gameOver (your crash, or fewer
//     than two alive), turn, legalActions (the four moves while open, none
//     once over) and the result (every place: 1 plus the cycles that
//     outlived it, ties in one round; win, draw or loss);
//   - the bots: an easy bot's move is re-derived exactly (the longest
//     straight run of free cells, ties in the order x+, x-, y+, y-); a
//     wise bot never enters a wall or a trail when it has a free cell;
//   - refusals: actions off the grammar (answered ok false, invalid_action,
//     the token sent back unchanged, so the next move plays from the same
//     round) and a move after the end (game_over).
//   - and, once, a live match's rounds (live/head-on, liveHeadOn): three
//     cycles, two steered into one cell, every round re-derived from the
//     moves sent (Next).
//
// What the API does not show, so no check here verifies it:
//
//   - the start cells themselves: they come from the seed's generator,
//     which a referee does not know; only their range, their distinctness
//     and their repetition for one seed are checked;
//   - a wise bot's choice among its free cells: its search (alpha-beta
//     over two rounds, territory by breadth-first search, its tie rules)
//     is described, not specified cell by cell, so only "a free cell when
//     one exists" is checked (what the bot endpoint's golden exchanges
//     require too);
//   - the observation text: it repeats the view in prose of no documented
//     form, so it is only required to be there;
//   - head swaps as a rule of their own: the rules have none; a swap is two
//     cycles each entering the other's head, a taken cell, and is judged as
//     such (it happens only when a bot has no free cell: no bot enters a
//     head otherwise);
//   - the sealed seed of a match whose seed the server picks (every match
//     here chooses its seed) and what the token holds (it is sealed).
func Referee(seeds int) []check.Check {
	var cs []check.Check
	for i := range seeds {
		for _, adversarial := range []bool{false, true} {
			agent := "random"
			if adversarial {
				agent = "adversarial"
			}
			cs = append(cs, check.Check{Game: "tron", Level: check.Rules, Name: fmt.Sprintf("%s-agent/seed-%d", agent, seedOf(i)),
				Run: func(ctx context.Context, t check.Target) error {
					_, err := play(ctx, t, i, adversarial)
					return err
				}, BundleOnly: rules.LoopOpen})
		}
	}
	return append(cs, liveHeadOn())
}

// seedOf is the seed of the i-th match pair.
func seedOf(i int) uint64 { return uint64(i) + 1 }

// sizes are the grids the matches cycle through: small ones make
// collisions frequent, 100 is the largest side.
var sizes = [][2]int{{5, 5}, {7, 6}, {6, 9}, {10, 10}, {5, 16}, {12, 8}, {100, 5}}

// setup is one match's options.
type setup struct {
	players, width, height int
	opponent               string
	defaults               bool // no option sent: the documented defaults apply
}

// setupFor spreads the options over the seeds: every eighth match
// sends none.
func setupFor(i int) setup {
	if i%8 == 7 {
		return setup{players: 2, width: 100, height: 100, opponent: "easy", defaults: true}
	}
	sz := sizes[i%len(sizes)]
	return setup{players: 2 + i%3, width: sz[0], height: sz[1], opponent: []string{"easy", "wise"}[i%2]}
}

func (s setup) query(seed uint64) map[string]string {
	q := map[string]string{"seed": strconv.FormatUint(seed, 10)}
	if !s.defaults {
		q["players"] = strconv.Itoa(s.players)
		q["width"] = strconv.Itoa(s.width)
		q["height"] = strconv.Itoa(s.height)
		q["opponent"] = s.opponent
	}
	return q
}

func (s setup) String() string {
	if s.defaults {
		return "no options: 2 players, 100x100, easy"
	}
	return fmt.Sprintf("%d players, %dx%d, %s", s.players, s.width, s.height, s.opponent)
}

// answer is what an accepted answer of the loop holds beside the
// envelope, as docs/tron.md and openapi.yaml document it.
type answer struct {
	LegalActions []action `json:"legalActions"`
	Result       *result  `json:"result"`
	View         *view    `json:"view"`
	Events       []event  `json:"events"`
}

type action struct {
	Type string `json:"type"`
	Dir  string `json:"dir"`
}

type view struct {
	Width    int         `json:"width"`
	Height   int         `json:"height"`
	Players  int         `json:"players"`
	You      int         `json:"you"`
	Opponent string      `json:"opponent"`
	Round    int         `json:"round"`
	Board    [][][]int   `json:"board"`
	Cycles   []cycleView `json:"cycles"`
}

type cycleView struct {
	Seat   int    `json:"seat"`
	Name   string `json:"name"`
	Alive  bool   `json:"alive"`
	Length int    `json:"length"`
	Head   []int  `json:"head"`
	Died   *int   `json:"died"`
}

type event struct {
	Round int       `json:"round"`
	Moves []*string `json:"moves"`
	Died  []int     `json:"died"`
}

type result struct {
	Outcome string `json:"outcome"`
	Rank    int    `json:"rank"`
	Rounds  int    `json:"rounds"`
	Ranks   []int  `json:"ranks"`
}

// Cell is a cell of the grid, [x, y].
type Cell [2]int

func (c Cell) String() string { return fmt.Sprintf("(%d,%d)", c[0], c[1]) }

// Directions are the moves a cycle, and a bot of the bot endpoint, may
// play, in the arena's order.
var Directions = []string{"x+", "x-", "y+", "y-"}

// Step is the cell next to c in direction dir (y- for any other word).
func Step(c Cell, dir string) Cell {
	switch dir {
	case "x+":
		c[0]++
	case "x-":
		c[0]--
	case "y+":
		c[1]++
	default:
		c[1]--
	}
	return c
}
