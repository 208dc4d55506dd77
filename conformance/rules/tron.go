package rules

// This file holds Tron's referee: its checks (the doc comment of
// Tron lists what they judge and what the API does not let them
// judge), the matches' options, the wire types the answers decode into and
// the grid's moves.

import (
	"context"
	"fmt"
	"strconv"

	"github.com/agentgames/bundle/conformance/check"
)

// Tron is Tron's referee, its rules checks: for each seed one match with a
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
func Tron(seeds int) []check.Check {
	var cs []check.Check
	for i := range seeds {
		for _, adversarial := range []bool{false, true} {
			agent := "random"
			if adversarial {
				agent = "adversarial"
			}
			cs = append(cs, check.Check{Game: "tron", Level: check.Rules, Name: fmt.Sprintf("%s-agent/seed-%d", agent, tronSeed(i)),
				Run: func(ctx context.Context, t check.Target) error {
					_, err := tronPlay(ctx, t, i, adversarial)
					return err
				}})
		}
	}
	return cs
}

// tronSeed is the seed of the i-th match pair.
func tronSeed(i int) uint64 { return uint64(i) + 1 }

// tronSizes are the grids the matches cycle through: small ones make
// collisions frequent, 100 is the largest side.
var tronSizes = [][2]int{{5, 5}, {7, 6}, {6, 9}, {10, 10}, {5, 16}, {12, 8}, {100, 5}}

// tronSetup is one match's options.
type tronSetup struct {
	players, width, height int
	opponent               string
	defaults               bool // no option sent: the documented defaults apply
}

// tronSetupFor spreads the options over the seeds: every eighth match
// sends none.
func tronSetupFor(i int) tronSetup {
	if i%8 == 7 {
		return tronSetup{players: 2, width: 100, height: 100, opponent: "easy", defaults: true}
	}
	sz := tronSizes[i%len(tronSizes)]
	return tronSetup{players: 2 + i%3, width: sz[0], height: sz[1], opponent: []string{"easy", "wise"}[i%2]}
}

func (s tronSetup) query(seed uint64) map[string]string {
	q := map[string]string{"seed": strconv.FormatUint(seed, 10)}
	if !s.defaults {
		q["players"] = strconv.Itoa(s.players)
		q["width"] = strconv.Itoa(s.width)
		q["height"] = strconv.Itoa(s.height)
		q["opponent"] = s.opponent
	}
	return q
}

func (s tronSetup) String() string {
	if s.defaults {
		return "no options: 2 players, 100x100, easy"
	}
	return fmt.Sprintf("%d players, %dx%d, %s", s.players, s.width, s.height, s.opponent)
}

// tronAnswer is an answer of the loop, as docs/tron.md and openapi.yaml
// document it (a refusal fills ok, code, legalActions, gameOver, state).
type tronAnswer struct {
	OK           bool         `json:"ok"`
	Code         string       `json:"code"`
	State        string       `json:"state"`
	Seed         *uint64      `json:"seed"`
	Observation  string       `json:"observation"`
	LegalActions []tronAction `json:"legalActions"`
	Score        *int         `json:"score"`
	GameOver     bool         `json:"gameOver"`
	Result       *tronResult  `json:"result"`
	Turn         string       `json:"turn"`
	View         *tronView    `json:"view"`
	Events       []tronEvent  `json:"events"`
}

type tronAction struct {
	Type string `json:"type"`
	Dir  string `json:"dir"`
}

type tronView struct {
	Width    int          `json:"width"`
	Height   int          `json:"height"`
	Players  int          `json:"players"`
	You      int          `json:"you"`
	Opponent string       `json:"opponent"`
	Round    int          `json:"round"`
	Board    [][][]int    `json:"board"`
	Cycles   []tronCycleV `json:"cycles"`
}

type tronCycleV struct {
	Seat   int    `json:"seat"`
	Name   string `json:"name"`
	Alive  bool   `json:"alive"`
	Length int    `json:"length"`
	Head   []int  `json:"head"`
	Died   *int   `json:"died"`
}

type tronEvent struct {
	Round int       `json:"round"`
	Moves []*string `json:"moves"`
	Died  []int     `json:"died"`
}

type tronResult struct {
	Outcome string `json:"outcome"`
	Rank    int    `json:"rank"`
	Rounds  int    `json:"rounds"`
	Ranks   []int  `json:"ranks"`
}

// tronCell is a cell [x, y].
type tronCell [2]int

func (c tronCell) String() string { return fmt.Sprintf("(%d,%d)", c[0], c[1]) }

// tronDirs are the four moves in the arena's order.
var tronDirs = []string{"x+", "x-", "y+", "y-"}

func tronStep(c tronCell, dir string) tronCell {
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
