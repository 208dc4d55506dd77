package tidebreakers

// This file holds how the live referee judges a public state on the one
// model (model.go): the account built from the state before a request,
// moved by the action sent and by the captains' turns the log shows, then
// compared with the state the request answered.

import (
	"fmt"
	"reflect"
	"slices"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/livewire"
	"github.com/agentgames/bundle/conformance/rules"
)

// liveMaxSteps is how many requests a match may take before the referee
// gives up on its end.
const liveMaxSteps = 20000

// livePhase is how the live API names a phase.
func livePhase(phase string) string {
	if phase == expeditionPhase {
		return "attack"
	}
	return phase
}

// publicGame is the account of a public state the referee has judged, of
// a match of players seats, opener first in the order of play; its log
// starts empty, to hold what the next request adds.
func publicGame(s *livewire.State, players, opener int) *game {
	g := &game{players: players, opener: opener, total: make([]int, players),
		round: s.Round, turn: ptrOr(s.Turn, -1), left: s.SupplyLeft, phase: expeditionPhase, winner: ptrOr(s.Winner, -1), ending: s.Ending}
	switch { // the phase, from what the card fixes
	case s.Over:
		g.phase = overPhase
	case s.SupplyLeft > 0:
		g.phase = supplyPhase
	}
	for i, t := range s.Tiles {
		c := cell{owner: ptrOr(t.Owner, -1), lo: t.Strength, hi: t.Strength}
		if c.owner >= 0 {
			g.total[c.owner] += t.Strength
		}
		g.cells[i] = c
	}
	return g
}

// captainTurn plays the turn of the captain to act: its supply, which the
// public state does not show, and the expedition the log shows, if any
// (news are the entries the request added, base the index of the first).
func (g *game) captainTurn(news []livewire.Entry, base int) *check.Failure {
	c := g.turn
	g.unseenSupply()
	k := len(g.log)
	if k >= len(news) || (news[k].Kind != "captured" && news[k].Kind != "repelled") ||
		news[k].Seat == nil || *news[k].Seat != c || news[k].Round != g.round {
		g.endTurn()
		return nil
	}
	e, path := news[k], fmt.Sprintf("log[%d]", base+k)
	if e.From == nil || e.To == nil || e.Sent == nil || e.Before == nil || e.After == nil {
		return rules.Broke(path, "an expedition's log entry gives from, to, sent, before and after", "all five", livewire.Show(e))
	}
	from, to, sent, before := *e.From, *e.To, *e.Sent, *e.Before
	switch {
	case from < 0 || from >= islands || to < 0 || to >= islands:
		return rules.Broke(path, "islands are numbered 0 to 24", "0..24", fmt.Sprintf("from %d, to %d", from, to))
	case g.cells[from].owner != c:
		return rules.Broke(path+".from", fmt.Sprintf("captain %d's expedition leaves from an island it holds", c), fmt.Sprintf("an island of seat %d", c), fmt.Sprintf("island %d, held by %d", from, g.cells[from].owner))
	case !adjacent(from, to):
		return rules.Broke(path+".to", "an expedition goes to an island sharing an edge with its own", fmt.Sprintf("a neighbour of %d", from), to)
	case g.cells[to].owner == c:
		return rules.Broke(path+".to", "an expedition goes to an island its captain does not hold", "another's or a wild island", fmt.Sprintf("island %d, its own", to))
	case sent < 1 || sent > g.cells[from].hi-1:
		return rules.Broke(path+".sent", "an expedition sends 1 to strength-1: at least 1 stays behind", fmt.Sprintf("1..%d", g.cells[from].hi-1), sent)
	case before < g.cells[to].lo || before > g.cells[to].hi:
		return rules.Broke(path+".before", "the garrison before an expedition is the island's strength", g.cells[to], before)
	}
	g.expedition(c, from, to, sent, before)
	return nil
}

// settle plays the captains' turns a request runs before it answers:
// every turn of a captain seat (bots) until a joined seat is to act or
// the match is over.
func (g *game) settle(bots []bool, news []livewire.Entry, base int) *check.Failure {
	for n := 0; g.phase != overPhase && g.turn >= 0 && bots[g.turn]; n++ {
		if n > maxRounds*4+4 {
			return rules.Broke("round", "every match ends by round 60", "an end", "captains still playing")
		}
		if f := g.captainTurn(news, base); f != nil {
			return f
		}
	}
	return nil
}

// diff lists where got parts from the referee's match; prev is the
// state before the request. With card, it judges only the fields whose
// values the card fixes (livewire.CardFixes).
func (g *game) diff(prev, got *livewire.State, card bool) []*check.Failure {
	out := g.diffAll(prev, got, card)
	if card {
		out = slices.DeleteFunc(out, func(f *check.Failure) bool { return !livewire.CardFixes(f.Path) })
	}
	return out
}

// diffAll is diff of every field (with card, the ending apart).
func (g *game) diffAll(prev, got *livewire.State, card bool) []*check.Failure {
	var out []*check.Failure
	add := func(path, rule string, want, gotv any) {
		out = append(out, rules.Broke(path, rule, livewire.Show(want), livewire.Show(gotv)))
	}
	over := g.phase == overPhase
	turn := func(v int) *int {
		if v < 0 {
			return nil
		}
		return livewire.Ptr(v)
	}
	if got.Code != prev.Code {
		add("code", "a match keeps its code", prev.Code, got.Code)
	}
	if got.Players != prev.Players {
		add("players", "a match keeps its number of seats", prev.Players, got.Players)
	}
	if !reflect.DeepEqual(got.Seats, prev.Seats) {
		add("seats", "seats do not change once the match has started", prev.Seats, got.Seats)
	}
	if got.Phase != livePhase(g.phase) {
		add("phase", "a turn is supply until none is left, then attack; over once the match ends", livePhase(g.phase), got.Phase)
	}
	if got.Round != g.round {
		add("round", "a round is one turn of every captain still in, counted from the opener", g.round, got.Round)
	}
	if !liveSameInt(got.Turn, turn(g.turn)) {
		add("turn", "turns go in seat order from the opener, skipping captains that are out (null once over)", turn(g.turn), got.Turn)
	}
	if got.SupplyLeft != g.left {
		add("supply_left", "a turn's supply is 3, +1 every 10 rounds (at most 6), less what is placed", g.left, got.SupplyLeft)
	}
	if got.Over != over || (!card && got.Ending != g.ending) || !liveSameInt(got.Winner, turn(g.winner)) {
		add("over", "the match ends with 13 islands, the last captain standing, or scoring after round 60 (most islands, then strength; a tie on both a draw)",
			fmt.Sprintf("over %v, ending %q, winner %s", over, g.ending, livewire.Show(turn(g.winner))),
			fmt.Sprintf("over %v, ending %q, winner %s", got.Over, got.Ending, livewire.Show(got.Winner)))
	}
	var places []int
	if over {
		places = g.places()
	}
	if !reflect.DeepEqual(got.Places, places) {
		add("places", "once over, every seat's place: most islands, then most strength, first, seats tied on both sharing a place (1, 1, 3); null before", places, got.Places)
	}
	if len(got.Tiles) != islands {
		add("tiles", "a started match shows its 25 islands", islands, len(got.Tiles))
	} else {
		for i, c := range g.cells {
			t := got.Tiles[i]
			if !liveSameInt(t.Owner, turn(c.owner)) {
				add(fmt.Sprintf("tiles[%d].owner", i), "an island changes holder only when an expedition sends more than its garrison", turn(c.owner), t.Owner)
			}
			if t.Strength < c.lo || t.Strength > c.hi {
				out = append(out, rules.Broke(fmt.Sprintf("tiles[%d].strength", i),
					"supply adds to an island; an expedition takes send from its island and leaves send-garrison on a capture, garrison-send otherwise",
					c, t.Strength))
			}
		}
	}
	if len(got.TileCounts) != g.players || len(got.Strengths) != g.players {
		add("tile_counts", "tile_counts and strengths have one entry a seat", g.players, fmt.Sprintf("%d and %d", len(got.TileCounts), len(got.Strengths)))
	} else {
		sums := make([]int, g.players)
		for _, t := range got.Tiles {
			if t.Owner != nil && *t.Owner >= 0 && *t.Owner < g.players {
				sums[*t.Owner] += t.Strength
			}
		}
		for p := range g.players {
			if got.TileCounts[p] != g.count(p) {
				add(fmt.Sprintf("tile_counts[%d]", p), "tile_counts counts the islands a seat holds", g.count(p), got.TileCounts[p])
			}
			if got.Strengths[p] != g.total[p] {
				add(fmt.Sprintf("strengths[%d]", p), "a seat's strength grows by its supply, loses what it sends and what captures and repelled expeditions take", g.total[p], got.Strengths[p])
			} else if got.Strengths[p] != sums[p] {
				add(fmt.Sprintf("strengths[%d]", p), "strengths is the total strength of the islands a seat holds", sums[p], got.Strengths[p])
			}
		}
	}
	base := len(prev.Log)
	if card {
		return out // the card fixes no entry's form, nor how much of the log is shown
	}
	if len(got.Log) < base || !livewire.SameEntries(got.Log[:base], prev.Log) {
		add("log", "the log keeps every entry, oldest first: a request only appends", fmt.Sprintf("%d entries, then new ones", base), fmt.Sprintf("%d entries", len(got.Log)))
		return out
	}
	news, err := livewire.Entries(got.Log[base:])
	if err != nil {
		add(fmt.Sprintf("log[%d:]", base), "log entries are {round, kind, seat, from, to, sent, before, after, ending}", "log entries", err.Error())
		return out
	}
	for k := range max(len(news), len(g.log)) {
		w, gt := "nothing", "nothing"
		if k < len(g.log) {
			w = g.log[k].String()
		}
		if k < len(news) {
			gt = livewire.Show(news[k])
		}
		if k >= len(news) || k >= len(g.log) || entryOf(news[k]) != g.log[k] {
			out = append(out, rules.Broke(fmt.Sprintf("log[%d]", base+k), "the log records every capture and repelled expedition (round, seat, from, to, sent, before, after), every elimination and the end", w, gt))
		}
	}
	return out
}

// liveSameInt reports whether two optional numbers are equal, null and
// null included.
func liveSameInt(a, b *int) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
