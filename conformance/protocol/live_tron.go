package protocol

import (
	"fmt"
	"slices"
	"time"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/livewire"
	rtron "github.com/agentgames/bundle/conformance/rules/tron"
)

// tronBase is where the live Tron match API's paths start.
const tronBase = "/api/games/tron/matches"

// tronOpen is what of the live Tron checks the cards leave open: all of it.
const tronOpen = rtron.LiveOpen

// tronLiveChecks are the live Tron match API's protocol checks
// (openapi.yaml's /api/games/tron/matches operations, against which every
// answer is validated): create and join and their answers, the lobby and
// its refusals, the public state's fields and invariants, moves kept
// hidden (a seat shows that it moved, nothing shows where) until every
// living cycle has moved, every resolved round re-derived from the moves
// the checker sent by the rules level's Tron model (each trail growing by
// the cell its move enters, crashes into walls, trails, heads and one
// another, the log, the places once over, the next deadline roundMillis
// ahead), the state read since a round (every trail cut to the cells laid
// after it), a second move in a round refused, bots moving at once, the
// refusals of tokens, bodies, cycles out and a match over, a silent cycle
// out at its 1-second deadline (about 1.2 s of real time), and the lobby
// filling its empty seats with bots after its 10 seconds (about 10 s,
// overlapping the live Tidebreakers lobby's wait whenever checks run two
// at a time or more, as the command's default of 4 does).
//
// Live Tron is this bundle's extension: against a server that answers a
// create 404 each check is skipped, saying so.
//
// Checks impossible from the API, and why:
//   - The start cells: dealt from a seed the server keeps; only one cell a
//     cycle, inside the grid, all distinct.
//   - A bot's move: hidden until its round resolves, and how a bot chooses
//     is the rules level's to judge (the stateless loop's bots); here the
//     round must resolve as the rules make it for some move of each bot.
//   - The deadline against the server's own clock: it is judged against the
//     checker's, within tronClockSlack.
//   - Rounds of bots alone resolving at the deadline's pace, and a match
//     nobody asks about catching up: each would take a round's time a
//     round.
//   - That concurrent moves never both apply: the checks send one request
//     at a time.
func tronLiveChecks() []check.Check { return tronLive.list() }

// tronLive is live Tron as the core's checks know it.
var tronLive = &liveGame{
	slug: "tron", base: tronBase, optional: "live Tron matches", bundleOnly: tronOpen,
	players: [2]int{2, 4}, policy: "bot", policies: []string{"easy", "wise"},
	acts: tronActs,
	createRefusals: []liveBody{
		{map[string]any{"players": 2, "captain": "random"}, "invalid_request"},
		{map[string]any{"players": 2, "width": 4}, "invalid_request"},
		{map[string]any{"players": 2, "width": 101}, "invalid_request"},
		{map[string]any{"players": 2, "height": 4}, "invalid_request"},
		{map[string]any{"players": 2, "width": 7.5}, "invalid_request"},
		{map[string]any{"players": 2, "roundMillis": 999}, "invalid_request"},
		{map[string]any{"players": 2, "roundMillis": 120001}, "invalid_request"},
		{map[string]any{"players": 2, "roundMillis": 1500.5}, "invalid_request"},
	},
	badBodies: func(tok string) []liveAct {
		return []liveAct{
			{"move", map[string]any{"token": tok, "dir": "z+"}},
			{"move", map[string]any{"token": tok, "dir": "X+"}},
			{"move", map[string]any{"token": tok, "dir": ""}},
			{"move", map[string]any{"token": tok, "dir": 1}},
			{"move", map[string]any{"token": tok}},
		}
	},
	started: func(c *liveClient) (bool, error) {
		s, err := c.tronGet()
		return err == nil && s.Phase != "lobby", err
	},
	opened: func(c *liveClient, players int, bots []int, from, to time.Time) error {
		s, err := c.tronGet()
		if err != nil {
			return err
		}
		return c.tronOpening(s, players, bots, from, to)
	},
	checks: []liveCheck{
		{"grid", tronCreate, 0, ""},
		{"hidden-moves", tronHiddenMoves, 0, ""},
		{"already-moved", tronAlreadyMoved, 0, ""},
		{"bot-moves", tronBots, 0, ""},
		{"deadline", tronDeadline, 1200 * time.Millisecond, ""},
		{"since", tronSince, 0, ""},
	},
}

// tronClockSlack is how far the server's clock may be from the checker's:
// a deadline, a time on the server's clock, is judged on the checker's.
const tronClockSlack = 2 * time.Second

// tronRead sends a request answered with the public state of a live Tron
// match and decodes it, the lists of its log in seat order (the order is
// not documented); it answers the body too.
func (c *liveClient) tronRead(method, path, route string, body any, rule string) (*livewire.TronState, []byte, error) {
	r, err := c.send(method, path, route, body)
	if err != nil {
		return nil, nil, err
	}
	var s livewire.TronState
	if err := c.ok(r, &s, rule); err != nil {
		return nil, nil, err
	}
	for i := range s.Log {
		slices.Sort(s.Log[i].Died)
		slices.Sort(s.Log[i].Silent)
		if len(s.Log[i].Silent) == 0 {
			s.Log[i].Silent = nil // absent and [] alike
		}
	}
	return &s, r.Body, nil
}

// tronGet reads the public state of the check's live Tron match.
func (c *liveClient) tronGet() (*livewire.TronState, error) {
	s, _, err := c.tronRead("GET", c.base+"/"+c.code, c.base+"/{code}", nil, "GET "+c.base+"/{code} answers the public state")
	return s, err
}

// tronMove sends seat's move and decodes the public state it answers.
func (c *liveClient) tronMove(seat int, dir string) (*livewire.TronState, []byte, error) {
	return c.tronRead("POST", c.base+"/"+c.code+"/move", c.base+"/{code}/move", c.moveBody(seat, dir),
		"a living cycle's first move of a round answers the public state")
}

// moveBody is a move of seat, by its token.
func (c *liveClient) moveBody(seat int, dir string) map[string]any {
	return map[string]any{"token": c.tokenOf(seat), "dir": dir}
}

// tokenOf is the token the check holds for seat ("" for none).
func (c *liveClient) tokenOf(seat int) string {
	for tok, s := range c.seats {
		if s == seat {
			return tok
		}
	}
	return ""
}

// tronStart creates a live Tron match of players seats (extra adds to the
// create: seats 1 to bots are bots at once), joins every other seat, and
// requires the state it starts in.
func (c *liveClient) tronStart(players int, extra map[string]any) (*livewire.TronState, error) {
	bots, _ := extra["bots"].(int)
	from := c.t.Now()
	if _, err := c.create(players, extra); err != nil {
		return nil, err
	}
	for seat := 1 + bots; seat < players; seat++ {
		from = c.t.Now()
		if _, err := c.join(fmt.Sprintf("rider %d", seat), seat); err != nil {
			return nil, err
		}
	}
	s, err := c.tronGet()
	if err != nil {
		return nil, err
	}
	var botSeats []int
	for seat := 1; seat <= bots; seat++ {
		botSeats = append(botSeats, seat)
	}
	return s, c.tronOpening(s, players, botSeats, from, c.t.Now())
}

// tronOpening requires the state a live Tron match of players seats, the
// bots' seats among them, starts in, at a time between from and to: round
// 0 being played, its deadline roundMillis ahead, every seat joined and
// alive with one cell, inside the grid, no two alike, only the bots moved.
func (c *liveClient) tronOpening(s *livewire.TronState, players int, bots []int, from, to time.Time) error {
	if err := c.tronDeadlineIn(s, from, to); err != nil {
		return err
	}
	want := rtron.Clone(s)
	want.Players, want.Phase, want.Round, want.Over, want.Places, want.Log = players, "playing", 0, false, nil, []livewire.TronEntry{}
	want.Seats = make([]livewire.TronSeat, players)
	seen := map[[2]int]int{}
	for p := range want.Seats {
		got := tronSeatAt(s, p)
		bot := slices.Contains(bots, p)
		want.Seats[p] = livewire.TronSeat{Seat: p, Name: got.Name, Bot: bot, Joined: true, Moved: bot, Alive: true, Trail: got.Trail}
		path := fmt.Sprintf("seats[%d].trail", p)
		if len(got.Trail) != 1 {
			return c.fail(path, "every cycle starts as one cell", "1 cell", livewire.Show(got.Trail))
		}
		cell := got.Trail[0]
		if cell[0] < 0 || cell[1] < 0 || cell[0] >= s.Width || cell[1] >= s.Height {
			return c.fail(path, fmt.Sprintf("a cycle starts inside the %dx%d grid", s.Width, s.Height), "a cell inside", livewire.Show(cell))
		}
		if q, ok := seen[cell]; ok {
			return c.fail(path, fmt.Sprintf("cycles start in cells of their own (seat %d starts there too)", q), "another cell", livewire.Show(cell))
		}
		seen[cell] = p
	}
	return c.tronExpect("a match whose seats are all taken starts at once: round 0 being played, every seat joined and alive, only the bots moved (they move at once), no log, no places",
		want, s)
}

// tronExpect compares a public state with what the rules give: the round,
// the seats and the log first (what a round changes), then the rest.
func (c *liveClient) tronExpect(rule string, want, got *livewire.TronState) error {
	return c.expect(rule, "round", want.Round, got.Round, "seats", want.Seats, got.Seats, "log", want.Log, got.Log, "", want, got)
}

// tronDeadlineIn requires s's deadline roundMillis after a round that
// began between from and to (judged by the checker's clock, within
// tronClockSlack).
func (c *liveClient) tronDeadlineIn(s *livewire.TronState, from, to time.Time) error {
	round := time.Duration(s.RoundMillis) * time.Millisecond
	lo, hi := from.Add(round-tronClockSlack).UnixMilli(), to.Add(round+tronClockSlack).UnixMilli()
	if s.Deadline == nil || *s.Deadline < lo || *s.Deadline > hi {
		got := "null"
		if s.Deadline != nil {
			got = fmt.Sprintf("%d (%+.1f s from the round's start)", *s.Deadline, float64(*s.Deadline-from.UnixMilli())/1000)
		}
		return c.fail("deadline", fmt.Sprintf("a round being played has its deadline roundMillis (%d) after it began, in unix milliseconds (judged by the checker's clock, within %v)", s.RoundMillis, tronClockSlack),
			fmt.Sprintf("%d..%d", lo, hi), got)
	}
	return nil
}

// tronSeatAt is s's seat p, or a seat -1 when s has none.
func tronSeatAt(s *livewire.TronState, p int) livewire.TronSeat {
	if p < len(s.Seats) {
		return s.Seats[p]
	}
	return livewire.TronSeat{Seat: -1}
}
