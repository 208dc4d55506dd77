package protocol

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/livewire"
)

// tinrailBase is where the live Tinrail match API's paths start.
const tinrailBase = "/api/games/tinrail/matches"

// tinrailOpen says what the live Tinrail checks hold that is this
// bundle's: live Tinrail is its extension of the card, which plays against
// G-Bot only.
const tinrailOpen = "live Tinrail matches between two players are this bundle's extension of the card"

// tinrailLiveChecks are the live Tinrail match API's protocol checks
// (docs/tinrail.md "Live matches"; openapi.yaml's /api/games/tinrail/
// matches operations): the card's deal for two seats, each seat's hand
// its own and shown to no one else, turns and their refusals, and a
// match's end scored by the card's formula.
//
// Checks impossible from the API, and why:
//   - The pile's order: it is private, so only its size is observable; a
//     tile a seat draws is checked to be no other seat's and on no board.
//   - G-Bot's choices at a seat: the rules level judges the stateless
//     game's G-Bot, which a seat's G-Bot is (docs/tinrail.md).
func tinrailLiveChecks() []check.Check { return tinrailLive.list() }

// tinrailLive is live Tinrail as the core's checks know it.
var tinrailLive = &liveGame{
	slug: "tinrail", base: tinrailBase, optional: "live Tinrail matches", bundleOnly: tinrailOpen,
	players: [2]int{2, 2}, policy: "bot", policies: []string{"easy", "wise"},
	acts: tinrailActs,
	badBodies: func(tok string) []liveAct {
		place := func(extra map[string]any) liveAct {
			return liveAct{"place", merged(map[string]any{"token": tok, "tileIndex": 0, "rotation": 0}, extra)}
		}
		return []liveAct{
			place(map[string]any{"tileIndex": 3}), place(map[string]any{"tileIndex": -1}), place(map[string]any{"tileIndex": 0.5}),
			place(map[string]any{"tileIndex": "0"}), place(map[string]any{"rotation": 4}),
			{"place", map[string]any{"token": tok, "tileIndex": 0}},
		}
	},
	started: func(c *liveClient) (bool, error) {
		s, err := c.tinrailGet()
		return err == nil && s.Phase != "lobby", err
	},
	opened: func(c *liveClient, _ int, _ []int, _, _ time.Time) error {
		s, err := c.tinrailGet()
		switch {
		case err != nil:
			return err
		case s.Over || s.Turn == nil || *s.Turn != 0 || s.Placements != 0 || s.Pile != 29:
			return c.fail("turn", "a match starts at once with seat 0 to move, nothing placed and 29 tiles in the pile", "seat 0 to move, 0 placements, pile 29",
				fmt.Sprintf("over %v, turn %s, %d placements, pile %d", s.Over, livewire.Show(s.Turn), s.Placements, s.Pile))
		}
		for p, seat := range s.Seats {
			if seat.Hand != 3 {
				return c.fail(fmt.Sprintf("seats[%d].hand", p), "each seat is dealt 3 tiles", "3", fmt.Sprint(seat.Hand))
			}
		}
		return nil
	},
	checks: []liveCheck{
		{"deal", tinrailDeal, 0, ""},
		{"turns", tinrailTurns, 0, ""},
		{"hidden-hands", tinrailHidden, 0, ""},
		{"end", tinrailEnd, 0, ""},
	},
}

// tinrailGet reads the public state of the check's match, and requires
// that it shows no seat's hand.
func (c *liveClient) tinrailGet() (*livewire.TinrailState, error) {
	r, err := c.send("GET", c.base+"/"+c.code, c.base+"/{code}", nil)
	if err != nil {
		return nil, err
	}
	var s livewire.TinrailState
	if err := c.ok(r, &s, "GET "+c.base+"/{code} answers the public state"); err != nil {
		return nil, err
	}
	return &s, c.noHand(r.Body, "the public state shows no seat's hand")
}

// noHand requires that body holds no hand tile (an object with tileIndex
// or rotations) and no placements of a seat (legalActions), anywhere.
func (c *liveClient) noHand(body []byte, rule string) error {
	var v any
	json.Unmarshal(body, &v)
	var walk func(v any) string
	walk = func(v any) string {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if k == "tileIndex" || k == "rotations" || k == "legalActions" {
					return k
				}
				if s := walk(e); s != "" {
					return s
				}
			}
		case []any:
			for _, e := range x {
				if s := walk(e); s != "" {
					return s
				}
			}
		}
		return ""
	}
	if k := walk(v); k != "" {
		return c.fail(k, rule, "no "+k, check.Brief(string(body), 300))
	}
	return nil
}

// tinrailView reads seat's view.
func (c *liveClient) tinrailView(seat int) (*livewire.TinrailView, error) {
	r, err := c.send("POST", c.base+"/"+c.code+"/view", c.base+"/{code}/view", map[string]any{"token": c.tokenOf(seat)})
	if err != nil {
		return nil, err
	}
	var v livewire.TinrailView
	if err := c.ok(r, &v, "POST "+c.base+"/{code}/view with a seat's token answers its view"); err != nil {
		return nil, err
	}
	if v.You != seat {
		return nil, c.fail("you", "a seat's view names its seat", fmt.Sprint(seat), fmt.Sprint(v.You))
	}
	return &v, nil
}

// tinrailPlace lays seat's placement a and decodes the view it answers.
func (c *liveClient) tinrailPlace(seat, tileIndex, rotation int) (*livewire.TinrailView, error) {
	r, err := c.send("POST", c.base+"/"+c.code+"/place", c.base+"/{code}/place",
		map[string]any{"token": c.tokenOf(seat), "tileIndex": tileIndex, "rotation": rotation})
	if err != nil {
		return nil, err
	}
	var v livewire.TinrailView
	if err := c.ok(r, &v, "the placement of the seat to move answers its view"); err != nil {
		return nil, err
	}
	return &v, nil
}

// tinrailStart creates a match of two players and joins seat 1.
func (c *liveClient) tinrailStart() error {
	if _, err := c.create(2, map[string]any{"name": "Ada"}); err != nil {
		return err
	}
	_, err := c.join("Bo", 1)
	return err
}

// tinrailDeal: the card's deal for two seats. Seat 0 waits at cell 32 by
// port 4 and moves first, seat 1 at cell 3 by port 0; each holds 3 tiles
// the other's view does not, the pile 29; each hand tile's rotations are
// its strands turned 2r ports; seat 0 has 12 placements, seat 1 none.
func tinrailDeal(c *liveClient) error {
	if err := c.tinrailStart(); err != nil {
		return err
	}
	s, err := c.tinrailGet()
	if err != nil {
		return err
	}
	want := [2]livewire.TinrailEngine{{Cell: 32, Port: 4, OnTable: true}, {Cell: 3, Port: 0, OnTable: true}}
	for p, seat := range s.Seats {
		if p < 2 && (seat.Engine == nil || *seat.Engine != want[p] || seat.Hand != 3) {
			return c.fail(fmt.Sprintf("seats[%d]", p), "the card's deal: seat 0 at cell 32 by port 4, seat 1 at cell 3 by port 0, 3 tiles each",
				fmt.Sprintf("%+v, 3 tiles", want[p]), livewire.Show(seat))
		}
	}
	if len(s.Seats) != 2 || s.Turn == nil || *s.Turn != 0 || s.Pile != 29 || s.Placements != 0 || s.Phase != "playing" {
		return c.fail("", "a match of two seated players starts at once, seat 0 to move, 29 tiles in the pile", "turn 0, pile 29", livewire.Show(s))
	}
	seen := map[int]int{}
	for p := range 2 {
		v, err := c.tinrailView(p)
		if err != nil {
			return err
		}
		if len(v.Hand) != 3 || len(v.LegalActions) != []int{12, 0}[p] {
			return c.fail("hand", "a seat's view holds its 3 tiles, and its 12 placements on its turn only",
				fmt.Sprintf("3 tiles, %d placements", []int{12, 0}[p]), fmt.Sprintf("%d tiles, %d placements", len(v.Hand), len(v.LegalActions)))
		}
		for i, h := range v.Hand {
			if other, ok := seen[h.Tile]; ok || h.TileIndex != i {
				return c.fail("hand", "each seat is dealt tiles of its own, listed by tileIndex", fmt.Sprintf("tile %d in one hand", h.Tile), fmt.Sprintf("in seat %d's and seat %d's", other, p))
			}
			seen[h.Tile] = p
			for r := 1; r < 4; r++ {
				if !sameStrands(turned(h.Rotations[0], r), h.Rotations[r]) {
					return c.fail(fmt.Sprintf("hand[%d].rotations[%d]", i, r), "rotation r turns every strand [a,b] to [(a+2r)%8, (b+2r)%8]",
						livewire.Show(turned(h.Rotations[0], r)), livewire.Show(h.Rotations[r]))
				}
			}
		}
	}
	return nil
}

// turned is strands turned r quarter turns.
func turned(strands [][2]int, r int) [][2]int {
	out := make([][2]int, len(strands))
	for i, s := range strands {
		out[i] = [2]int{(s[0] + 2*r) % 8, (s[1] + 2*r) % 8}
	}
	return out
}

// sameStrands compares two sets of strands whatever their order.
func sameStrands(a, b [][2]int) bool {
	key := func(s [][2]int) []int {
		var out []int
		for _, p := range s {
			out = append(out, min(p[0], p[1])*8+max(p[0], p[1]))
		}
		slices.Sort(out)
		return out
	}
	return slices.Equal(key(a), key(b))
}

// tinrailTurns: seat 1 placing on seat 0's turn is not_your_turn and
// changes nothing; seat 0's placement lays its tile in
// cell 32 and hands the turn to seat 1, seat 0 drawing a tile that is no
// one else's.
func tinrailTurns(c *liveClient) error {
	if err := c.tinrailStart(); err != nil {
		return err
	}
	place := c.base + "/" + c.code + "/place"
	route := c.base + "/{code}/place"
	if err := c.refused(place, route, map[string]any{"token": c.tokenOf(1), "tileIndex": 0, "rotation": 0}, "not_your_turn", "a seat places on its turn only"); err != nil {
		return err
	}
	before, err := c.tinrailView(0)
	if err != nil {
		return err
	}
	after, err := c.tinrailPlace(0, 0, 1)
	if err != nil {
		return err
	}
	laid := slices.IndexFunc(after.Board, func(t livewire.TinrailTile) bool { return t.Cell == 32 })
	switch {
	case laid < 0 || after.Board[laid].Tile != before.Hand[0].Tile || after.Board[laid].Rotation != 1:
		return c.fail("board", "a placement lays the tile at tileIndex of the placer's hand into the cell its engine faces, at the rotation sent",
			fmt.Sprintf("tile %d at rotation 1 in cell 32", before.Hand[0].Tile), livewire.Show(after.Board))
	case after.Placements != 1 || !after.Over && (after.Turn == nil || *after.Turn != 1):
		return c.fail("turn", "turns alternate", "placements 1, seat 1 to move", livewire.Show(after.TinrailState))
	case !after.Over && (len(after.Hand) != 3 || after.Pile != 28):
		return c.fail("hand", "the placer draws the top tile of the pile", "3 tiles, 28 in the pile", fmt.Sprintf("%d tiles, %d in the pile", len(after.Hand), after.Pile))
	}
	if after.Over {
		return nil
	}
	theirs, err := c.tinrailView(1)
	if err != nil {
		return err
	}
	drawn := after.Hand[2].Tile
	if slices.ContainsFunc(theirs.Hand, func(h livewire.TinrailHandTile) bool { return h.Tile == drawn }) {
		return c.fail("hand", "a drawn tile is no other seat's", "a tile of the pile", fmt.Sprintf("tile %d, in seat 1's hand too", drawn))
	}
	return nil
}

// tinrailHidden: over placements of both seats, the public state and the
// transcript show no hand, and each seat's view holds no tile of the
// other's.
func tinrailHidden(c *liveClient) error {
	if err := c.tinrailStart(); err != nil {
		return err
	}
	for step := range 6 {
		s, err := c.tinrailGet()
		if err != nil || s.Over {
			return err
		}
		views := [2]*livewire.TinrailView{}
		for p := range 2 {
			if views[p], err = c.tinrailView(p); err != nil {
				return err
			}
		}
		for _, h := range views[0].Hand {
			for _, o := range views[1].Hand {
				if h.Tile == o.Tile {
					return c.fail("hand", "no tile is in two hands", "disjoint hands", fmt.Sprintf("tile %d in both", h.Tile))
				}
			}
		}
		p := *s.Turn
		a := views[p].LegalActions[step%len(views[p].LegalActions)]
		if _, err := c.tinrailPlace(p, a.TileIndex, a.Rotation); err != nil {
			return err
		}
		r, err := c.send("GET", c.base+"/"+c.code+"/transcript", c.base+"/{code}/transcript", nil)
		if err != nil {
			return err
		}
		if err := c.noHand(r.Body, "the transcript of a match under way shows no hand"); err != nil {
			return err
		}
	}
	return nil
}

// tinrailEnd: a match against G-Bot played to its end gives the survivor
// 1st place and the other 2nd (both 1st in a draw), and each seat the
// card's score at multiplier 1.0 from its own tiles survived.
func tinrailEnd(c *liveClient) error {
	if _, err := c.create(2, map[string]any{"bots": 1, "bot": "easy"}); err != nil {
		return err
	}
	for range 40 {
		v, err := c.tinrailView(0)
		if err != nil {
			return err
		}
		if v.Over {
			return tinrailScored(c, &v.TinrailState)
		}
		a := v.LegalActions[len(v.LegalActions)-1]
		if _, err := c.tinrailPlace(0, a.TileIndex, a.Rotation); err != nil {
			return err
		}
	}
	return c.fail("over", "a match ends within 35 placements", "over", "still open after 40 requests")
}

// tinrailScored holds a finished match's places and scores to the card.
func tinrailScored(c *liveClient, s *livewire.TinrailState) error {
	on := [2]bool{s.Seats[0].Engine.OnTable, s.Seats[1].Engine.OnTable}
	places := []int{1, 1}
	switch {
	case on[0] && !on[1]:
		places = []int{1, 2}
	case on[1] && !on[0]:
		places = []int{2, 1}
	}
	scores := make([]int, 2)
	for p, seat := range s.Seats {
		switch {
		case places[0] == places[1]:
			scores[p] = 50 + 2*seat.TilesSurvived
		case places[p] == 1:
			scores[p] = 100 + 5*seat.TilesSurvived
		default:
			scores[p] = 2 * seat.TilesSurvived
		}
	}
	if !slices.Equal(s.Places, places) || !slices.Equal(s.Scores, scores) {
		return c.fail("scores", "the survivor places 1st (both in a draw); a win scores 100 + 5 a tile survived, a draw 50 + 2, a loss 2, at multiplier 1.0",
			fmt.Sprintf("places %v, scores %v", places, scores), fmt.Sprintf("places %v, scores %v", s.Places, s.Scores))
	}
	return nil
}
