package protocol

import (
	"fmt"
	"reflect"
	"slices"

	"github.com/agentgames/bundle/conformance/livewire"
)

// startTwo creates a match of two seats and joins the second, which
// starts it; it answers both tokens by seat and the first state.
func (c *liveClient) startTwo() ([2]string, *livewire.State, error) {
	var tok [2]string
	j, err := c.create(2, map[string]any{"name": "first"})
	if err != nil {
		return tok, nil, err
	}
	k, err := c.join("second", 1)
	if err != nil {
		return tok, nil, err
	}
	if j.Seat == k.Seat || j.Seat < 0 || j.Seat > 1 || k.Seat < 0 || k.Seat > 1 {
		return tok, nil, c.fail("seat", "the two seats of a match are 0 and 1", "0 and 1", fmt.Sprintf("%d and %d", j.Seat, k.Seat))
	}
	tok[j.Seat], tok[k.Seat] = j.Token, k.Token
	s, err := c.get()
	if err != nil {
		return tok, nil, err
	}
	return tok, s, c.opening(s, 2)
}

// opening requires the state a match of 2 joined seats starts in.
func (c *liveClient) opening(s *livewire.State, players int) error {
	if c.card() {
		return c.cardOpening(s)
	}
	switch {
	case s.Phase != "supply" || s.Round != 1 || s.SupplyLeft != 3 || s.Over || s.Winner != nil || s.Places != nil:
		return c.fail("phase", "a match whose seats are all taken starts at once, in round 1's supply of 3, with no winner and no places",
			"phase supply, round 1, supply_left 3, open", fmt.Sprintf("phase %s, round %d, supply_left %d, over %v, winner %s, places %v", s.Phase, s.Round, s.SupplyLeft, s.Over, livewire.Show(s.Winner), s.Places))
	case s.Turn == nil || *s.Turn < 0 || *s.Turn >= players:
		return c.fail("turn", "a started match names the seat to act", fmt.Sprintf("0..%d", players-1), livewire.Show(s.Turn))
	case len(s.Tiles) != 25:
		return c.fail("tiles", "the public state shows the 25 islands, row-major", "25", fmt.Sprint(len(s.Tiles)))
	case len(s.Log) != 0:
		return c.fail("log", "nothing is logged before the first expedition", "[]", livewire.Show(s.Log))
	}
	for i, t := range s.Tiles {
		want := livewire.Tile{Strength: 2}
		for p, corner := range liveCorner {
			if players == 2 && i == corner {
				want = livewire.Tile{Owner: livewire.Ptr(p), Strength: 4}
			}
		}
		if !reflect.DeepEqual(t, want) {
			return c.fail(fmt.Sprintf("tiles[%d]", i), "2 captains start in opposite corners (0 and 24) with 4; wild islands hold 2", livewire.Show(want), livewire.Show(t))
		}
	}
	if !reflect.DeepEqual(s.TileCounts, []int{1, 1}) || !reflect.DeepEqual(s.Strengths, []int{4, 4}) {
		return c.fail("tile_counts", "each seat starts with 1 island of strength 4", "[1,1] and [4,4]", livewire.Show(s.TileCounts)+" and "+livewire.Show(s.Strengths))
	}
	return nil
}

// cardOpening is opening under the cards' profile: round 1, a seat to
// act with its 3 supply, nobody won, and each of the 2 captains on its own
// corner with 4, every other island wild with 2. Which corner is whose the
// card leaves open: the client takes them from this state.
func (c *liveClient) cardOpening(s *livewire.State) error {
	switch {
	case s.Round != 1 || s.SupplyLeft != 3 || s.Over || s.Winner != nil:
		return c.fail("round", "a match whose seats are all taken starts at once, in round 1 with a supply of 3 and no winner",
			"round 1, supply_left 3, open", fmt.Sprintf("round %d, supply_left %d, over %v, winner %s", s.Round, s.SupplyLeft, s.Over, livewire.Show(s.Winner)))
	case s.Turn == nil || *s.Turn < 0 || *s.Turn > 1:
		return c.fail("turn", "a started match names the seat to act", "0..1", livewire.Show(s.Turn))
	case len(s.Tiles) != 25:
		return c.fail("tiles", "the public state shows the 25 islands, row-major", "25", fmt.Sprint(len(s.Tiles)))
	}
	held := s.SeatCorners(2)
	if slices.Contains(held, -1) {
		return c.fail("tiles", "each captain starts on a corner", "a corner of seat 0 and one of seat 1", fmt.Sprintf("%v", held))
	}
	for i, t := range s.Tiles {
		wild := t.Owner == nil && t.Strength == 2
		start := t.Owner != nil && slices.Index(held, i) == *t.Owner && t.Strength == 4
		if !wild && !start {
			return c.fail(fmt.Sprintf("tiles[%d]", i), "captains start in the corners with one island of 4; wild islands hold 2", "wild with 2, or a corner with 4", livewire.Show(t))
		}
	}
	for p, corner := range held {
		c.corner[p] = corner
		c.neighbours[p] = cardNeighbours(corner)
	}
	return nil
}

// cardNeighbours are a corner's two neighbours, along its row first.
func cardNeighbours(corner int) [2]int {
	row, col := corner/5, corner%5
	side, down := corner+1, corner+5
	if col == 4 {
		side = corner - 1
	}
	if row == 4 {
		down = corner - 5
	}
	return [2]int{side, down}
}

// liveTurnOrder: the seat to act places its 3 supply in two calls
// (supply_left counts down, the phase turns to attack at 0), passes, and
// the other seat gets its turn with 3; once both have played, round 2
// begins with the opener; GET answers what the last action answered.
func liveTurnOrder(c *liveClient) error {
	tok, s, err := c.startTwo()
	if err != nil {
		return err
	}
	t := *s.Turn
	o := 1 - t
	corner := c.corner[t]
	steps := []struct {
		op         string
		body       map[string]any
		phase      string
		turn, left int
		round      int
		strength   int
	}{
		{"supply", map[string]any{"token": tok[t], "tile": corner, "amount": 1}, "supply", t, 2, 1, 5},
		{"supply", map[string]any{"token": tok[t], "tile": corner, "amount": 2}, "attack", t, 0, 1, 7},
		{"pass", map[string]any{"token": tok[t]}, "supply", o, 3, 1, 7},
		{"supply", map[string]any{"token": tok[o], "tile": c.corner[o], "amount": 3}, "attack", o, 0, 1, 7},
		{"pass", map[string]any{"token": tok[o]}, "supply", t, 3, 2, 7},
	}
	var last *livewire.State
	for _, st := range steps {
		if last, err = c.act(st.op, st.body); err != nil {
			return err
		}
		strengths := []int{4, 4}
		strengths[t] = st.strength
		if st.body["tile"] == c.corner[o] || st.round == 2 {
			strengths[o] = 7
		}
		if err := c.expect("supply_left counts the turn's supply down to 0, then the seat may attack or pass; a pass hands the turn on; a round is one turn of each seat",
			"phase", st.phase, last.Phase, "turn", livewire.Ptr(st.turn), last.Turn, "supply_left", st.left, last.SupplyLeft, "round", st.round, last.Round,
			fmt.Sprintf("tiles[%d].strength", corner), st.strength, liveTileAt(last, corner).Strength, "strengths", strengths, last.Strengths); err != nil {
			return err
		}
	}
	again, err := c.get()
	if err != nil {
		return err
	}
	return c.expect("GET answers the state the last action answered", "", last, again)
}

func liveTileAt(s *livewire.State, i int) livewire.Tile {
	if i < len(s.Tiles) {
		return s.Tiles[i]
	}
	return livewire.Tile{Strength: -1}
}

// liveSeatRefusals: the other seat's token answers not_your_turn, for a
// supply and then for a pass, and changes nothing.
func liveSeatRefusals(c *liveClient) error {
	tok, s, err := c.startTwo()
	if err != nil {
		return err
	}
	t := *s.Turn
	o := 1 - t
	if err := c.refuseAct("supply", map[string]any{"token": tok[o], "tile": c.corner[o], "amount": 1}, "not_your_turn", "a seat acts only on its turn"); err != nil {
		return err
	}
	if _, err := c.act("supply", map[string]any{"token": tok[t], "tile": c.corner[t], "amount": 3}); err != nil {
		return err
	}
	return c.refuseAct("pass", map[string]any{"token": tok[o]}, "not_your_turn", "a seat passes only on its turn")
}

// liveIllegalMoves: moves the rules forbid answer illegal_move and change
// nothing: a pass or an expedition before the supply is placed, supply on
// an island the seat does not hold or more than is left, supply once
// none is left, an expedition from an island not held, to one not
// adjacent, to one held, or leaving nothing behind.
func liveIllegalMoves(c *liveClient) error {
	tok, s, err := c.startTwo()
	if err != nil {
		return err
	}
	t := *s.Turn
	o := 1 - t
	mine, n := c.corner[t], c.neighbours[t]
	illegal := func(op string, body map[string]any, rule string) error {
		return c.refuseAct(op, body, "illegal_move", rule)
	}
	sup := func(seat, tile, amount int) map[string]any {
		return map[string]any{"token": tok[seat], "tile": tile, "amount": amount}
	}
	att := func(seat, from, to, send int) map[string]any {
		return map[string]any{"token": tok[seat], "from": from, "to": to, "send": send}
	}
	for _, k := range []struct {
		op   string
		body map[string]any
		rule string
	}{
		{"pass", map[string]any{"token": tok[t]}, "a turn passes only once its supply is placed"},
		{"attack", att(t, mine, n[0], 1), "an expedition comes only once the supply is placed"},
		{"supply", sup(t, c.corner[o], 1), "supply goes only to an island the seat holds"},
		{"supply", sup(t, 12, 1), "supply goes only to an island the seat holds, not a wild one"},
		{"supply", sup(t, mine, 4), "a supply is at most what is left"},
	} {
		if err := illegal(k.op, k.body, k.rule); err != nil {
			return err
		}
	}
	if _, err := c.act("supply", sup(t, mine, 3)); err != nil {
		return err
	}
	for _, k := range []struct {
		op   string
		body map[string]any
		rule string
	}{
		{"supply", sup(t, mine, 1), "no supply is left to place"},
		{"attack", att(t, mine, 12, 1), "an expedition goes to an island sharing an edge"},
		{"attack", att(t, mine, n[0], 7), "an expedition leaves at least 1 behind"},
		{"attack", att(t, 12, 13, 1), "an expedition leaves from an island the seat holds"},
		{"attack", att(t, c.corner[o], c.neighbours[o][0], 1), "an expedition leaves from an island the seat holds, not a rival's"},
	} {
		if err := illegal(k.op, k.body, k.rule); err != nil {
			return err
		}
	}
	if _, err := c.act("attack", att(t, mine, n[0], 4)); err != nil { // 7 - 4 stays 3; 4 - 2 takes n[0]
		return err
	}
	if _, err := c.act("supply", sup(o, c.corner[o], 3)); err != nil {
		return err
	}
	if _, err := c.act("pass", map[string]any{"token": tok[o]}); err != nil {
		return err
	}
	if _, err := c.act("supply", sup(t, n[0], 3)); err != nil {
		return err
	}
	return illegal("attack", att(t, n[0], mine, 1), "an expedition goes to an island the seat does not hold")
}

// liveCombat: four expeditions with known arithmetic: a capture (6 on a
// garrison of 2 leaves 4), a tie (2 on 2 is repelled, leaving 0, the
// island still wild), a repelled one (1 on 2 leaves 1), and a capture of
// a garrison of 0 by 1; each logged with round, seat, from, to, sent,
// before and after, the turn passing on.
func liveCombat(c *liveClient) error {
	tok, s, err := c.startTwo()
	if err != nil {
		return err
	}
	t := *s.Turn
	o := 1 - t
	type exp struct {
		seat, from, to, send    int
		kind                    string
		before, after, fromLeft int
		owner                   *int
	}
	exps := []exp{
		{t, c.corner[t], c.neighbours[t][0], 6, "captured", 2, 4, 1, livewire.Ptr(t)},
		{o, c.corner[o], c.neighbours[o][0], 2, "repelled", 2, 0, 5, nil},
		{t, c.corner[t], c.neighbours[t][1], 1, "repelled", 2, 1, 3, nil},
		{o, c.corner[o], c.neighbours[o][0], 1, "captured", 0, 1, 7, livewire.Ptr(o)},
	}
	var log []livewire.Entry
	for i, e := range exps {
		if _, err := c.act("supply", map[string]any{"token": tok[e.seat], "tile": e.from, "amount": 3}); err != nil {
			return err
		}
		got, err := c.act("attack", map[string]any{"token": tok[e.seat], "from": e.from, "to": e.to, "send": e.send})
		if err != nil {
			return err
		}
		log = append(log, livewire.Entry{Round: 1 + i/2, Kind: e.kind, Seat: livewire.Ptr(e.seat), From: livewire.Ptr(e.from), To: livewire.Ptr(e.to),
			Sent: livewire.Ptr(e.send), Before: livewire.Ptr(e.before), After: livewire.Ptr(e.after)})
		rule := fmt.Sprintf("an expedition of %d against a garrison of %d: %s, %d left on the island, %d on its own", e.send, e.before, e.kind, e.after, e.fromLeft)
		if err := c.expect(rule, fmt.Sprintf("tiles[%d]", e.to), livewire.Tile{Owner: e.owner, Strength: e.after}, liveTileAt(got, e.to),
			fmt.Sprintf("tiles[%d].strength", e.from), e.fromLeft, liveTileAt(got, e.from).Strength,
			"log", log, liveLogOf(got), "turn", livewire.Ptr(1-e.seat), got.Turn, "round", 1+(i+1)/2, got.Round); err != nil {
			return err
		}
		counts := make([]int, 2)
		counts[t], counts[o] = 2, 1
		if i == 3 {
			counts[o] = 2
		}
		if err := c.expect("tile_counts counts each seat's islands", "tile_counts", counts, got.TileCounts); err != nil {
			return err
		}
	}
	return nil
}

// liveLogOf is s's log read, nil when an entry cannot be read (so that it
// differs from any log expected).
func liveLogOf(s *livewire.State) []livewire.Entry {
	entries, err := livewire.Entries(s.Log)
	if err != nil {
		return nil
	}
	return entries
}
