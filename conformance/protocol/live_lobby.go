package protocol

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/livewire"
)

// liveChecks are the live Tidebreakers match API's protocol checks (the
// card's agent API; docs/tidebreakers.md "Live matches"; openapi.yaml's
// /api/matches operations, against which every answer is validated): the
// core's (live_core.go), then the public state's fields, turn order and
// supply accounting over a few turns, the combat arithmetic of four set
// expeditions, the refusal of a seat acting out of turn, moves the rules
// forbid, and matches against captains.
//
// Checks impossible from the API, and why:
//   - That tokens are 256 random bits kept only as hashes, and compared
//     in constant time: only their being distinct and secret (absent from
//     the public state) is observable.
//   - The 9-minute time limit: it would need a match to last 9 minutes.
//   - That concurrent actions never both apply: the suite's checks send
//     one request at a time.
//   - The opening seat is drawn from a seed the server keeps: the checks
//     play whichever seat the public state names.
func liveChecks() []check.Check { return tidebreakersLive.list() }

// tidebreakersLive is live Tidebreakers as the core's checks know it.
var tidebreakersLive = &liveGame{
	slug: "tidebreakers", base: "/api/matches",
	players: [2]int{2, 4}, policy: "captain", policies: []string{"sample", "strong", "random"},
	acts: tidebreakersActs,
	badBodies: func(tok string) []liveAct {
		sup := func(extra map[string]any) map[string]any {
			return merged(map[string]any{"token": tok, "tile": 0, "amount": 1}, extra)
		}
		return []liveAct{
			{"supply", sup(map[string]any{"tile": 25})},
			{"supply", sup(map[string]any{"tile": -1})},
			{"supply", sup(map[string]any{"tile": "0"})},
			{"supply", sup(map[string]any{"amount": 0})},
			{"supply", sup(map[string]any{"amount": 7})},
			{"supply", sup(map[string]any{"amount": 1.5})},
			{"attack", map[string]any{"token": tok, "from": 0, "to": 1, "send": 0}},
			{"attack", map[string]any{"token": tok, "from": 0, "to": 1}},
			{"pass", map[string]any{"token": tok, "tile": 0}},
		}
	},
	started: func(c *liveClient) (bool, error) {
		s, err := c.get()
		return err == nil && c.started(s), err
	},
	opened: func(c *liveClient, players int, bots []int, _, _ time.Time) error {
		s, err := c.get()
		if err != nil {
			return err
		}
		if len(bots) == 0 && players == 2 {
			return c.opening(s, players)
		}
		if len(bots) == 0 && s.Round != 1 {
			return c.fail("round", "a match whose seats are all taken starts at once, in round 1", "1", fmt.Sprint(s.Round))
		}
		if !s.Over && (s.Turn == nil || slices.Contains(bots, *s.Turn) || !slices.Contains(slices.Collect(maps.Values(c.seats)), *s.Turn)) {
			return c.fail("turn", "captains play their turns inside the request that hands them the turn: a joined seat is to act", "a joined seat", livewire.Show(s.Turn))
		}
		return nil
	},
	checks: []liveCheck{
		{"state", liveCreate, 0, ""},
		{"turn-order", liveTurnOrder, 0, ""},
		{"seat-refusals", liveSeatRefusals, 0, ""},
		{"illegal-moves", liveIllegalMoves, 0, ""},
		{"combat", liveCombat, 0, ""},
	},
}

// liveCreate: the lobby's public state has every documented field:
// round 0, no turn, no islands, places null until the end.
func liveCreate(c *liveClient) error {
	j, err := c.create(4, map[string]any{"name": "A"})
	if err != nil {
		return err
	}
	r, err := c.send("GET", c.base+"/"+c.code, c.base+"/{code}", nil)
	if err != nil {
		return err
	}
	var raw map[string]json.RawMessage
	if err := c.ok(r, &raw, "GET /api/matches/{code} answers the public state"); err != nil {
		return err
	}
	fields := []string{"code", "players", "phase", "round", "turn", "supply_left", "over", "winner", "places", "tiles", "tile_counts", "strengths", "seats", "log"}
	if c.card() {
		fields = livewire.CardFields
	}
	for _, f := range fields {
		if _, ok := raw[f]; !ok {
			return c.fail(f, "the public state has the card's fields", "present", "missing")
		}
	}
	s, err := c.get()
	if err != nil {
		return err
	}
	if c.card() { // how a lobby shows is this bundle's; that nobody has won is the card's
		if c.started(s) || s.Over || s.Winner != nil {
			return c.fail("round", "a match waits in its lobby until its seats are taken", "not started, no winner",
				fmt.Sprintf("round %d, %d islands, over %v, winner %s", s.Round, len(s.Tiles), s.Over, livewire.Show(s.Winner)))
		}
		return nil
	}
	return c.expect("a match waits in its lobby until its seats are taken: round 0, no turn, no islands, no places",
		"code", j.Code, s.Code, "players", 4, s.Players, "phase", "lobby", s.Phase, "round", 0, s.Round,
		"turn", (*int)(nil), s.Turn, "over", false, s.Over, "winner", (*int)(nil), s.Winner, "places", []int(nil), s.Places,
		"tiles", []livewire.Tile{}, s.Tiles, "log", []json.RawMessage{}, s.Log, "tile_counts", 4, len(s.TileCounts), "strengths", 4, len(s.Strengths))
}

func liveAt(seats []livewire.Seat, i int) livewire.Seat {
	if i < len(seats) {
		return seats[i]
	}
	return livewire.Seat{Seat: -1}
}
