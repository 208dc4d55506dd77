package tidebreakers

// This file holds how the stateless referee replays an answer's events on
// its account of the match (model.go), each the seat to act's legal action
// with the effects the rules give it, what the docs pin of the built-in
// captains' policies, and the legal actions that follow.

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/rules"
)

func intText(p *int) string {
	if p == nil {
		return "absent"
	}
	return strconv.Itoa(*p)
}

// apply replays one event on the account, checking it is the seat to
// act's legal action and that what it says it caused is what the rules
// cause; note describes what the referee derived.
func (g *game) apply(ev event, path string) (note string, f *check.Failure) {
	bad := func(field, rule, want, got string) (string, *check.Failure) {
		return "", rules.Broke(path+field, rule, want, got)
	}
	if g.phase == overPhase {
		return bad("", "no action follows the end of the match", "no event", ev.Type)
	}
	if ev.Seat != g.turn {
		return bad(".seat", "turns go in seat order from the opener, skipping captains that are out; a turn is supply, then one expedition or a pass",
			strconv.Itoa(g.turn), strconv.Itoa(ev.Seat))
	}
	illegal := func(why string) (string, *check.Failure) {
		return bad("", "every action taken must be legal: "+why, "a legal action", eventText(ev))
	}
	if ev.Type != "attack" && (ev.Result != "" || ev.Before != nil || ev.After != nil || ev.Eliminated != nil) {
		return bad("", "only an expedition captures, is repelled or eliminates", "no result", eventText(ev))
	}
	switch ev.Type {
	case "supply":
		if ev.Tile == nil || ev.Amount == nil {
			return bad("", "a supply event gives its tile and amount", "tile and amount", eventText(ev))
		}
		t, n := *ev.Tile, *ev.Amount
		switch {
		case g.phase != supplyPhase:
			return illegal("supply is placed only before the expedition")
		case t < 0 || t >= islands || g.cells[t].owner != ev.Seat:
			return illegal("supply goes on an island the captain holds")
		case n < 1 || n > g.left:
			return illegal(fmt.Sprintf("the amount is 1 to the supply left (%d)", g.left))
		}
		if ev.Ended != "" {
			return bad(".ended", "only an expedition or the end of a turn ends a match", "absent", ev.Ended)
		}
		note = fmt.Sprintf("seat %d supplies %d on %d: %d -> %d", ev.Seat, n, t, g.cells[t].lo, g.cells[t].lo+n)
		g.supply(t, n)
		return note, nil
	case "pass":
		if g.phase != expeditionPhase {
			return illegal(fmt.Sprintf("a pass comes only once no supply is left (%d left)", g.left))
		}
		g.endTurn()
		if ev.Ended != g.ending {
			return bad(".ended", "the match ends by scoring when round 60 is over, and only then", or(g.ending, "absent"), or(ev.Ended, "absent"))
		}
		return fmt.Sprintf("seat %d passes", ev.Seat), nil
	case "attack":
	default:
		return bad(".type", "an event is a supply, an attack or a pass", "supply|attack|pass", ev.Type)
	}
	if ev.From == nil || ev.To == nil || ev.Send == nil {
		return bad("", "an attack event gives from, to and send", "from, to, send", eventText(ev))
	}
	from, to, send := *ev.From, *ev.To, *ev.Send
	switch {
	case g.phase != expeditionPhase:
		return illegal(fmt.Sprintf("an expedition comes only once no supply is left (%d left)", g.left))
	case from < 0 || from >= islands || g.cells[from].owner != ev.Seat:
		return illegal("an expedition leaves from an island the captain holds")
	case to < 0 || to >= islands || !adjacent(from, to):
		return illegal("an expedition goes to an island that shares an edge with its own")
	case g.cells[to].owner == ev.Seat:
		return illegal("an expedition goes to an island the captain does not hold")
	case send < 1 || send > g.cells[from].lo-1:
		return illegal(fmt.Sprintf("send is 1 to strength-1 (%d): at least 1 stays", g.cells[from].lo-1))
	}
	before, made := g.cells[to].lo, len(g.log)
	g.expedition(ev.Seat, from, to, send, before)
	e, eliminated := g.log[made], -1
	if len(g.log) > made+1 && g.log[made+1].kind == "eliminated" {
		eliminated = g.log[made+1].seat
	}
	if e.kind == "captured" {
		note = fmt.Sprintf("seat %d sends %d from %d to %d (garrison %d): captured, %d-%d = %d stay", ev.Seat, send, from, to, before, send, before, e.after)
	} else {
		note = fmt.Sprintf("seat %d sends %d from %d to %d (garrison %d): repelled, %d-%d = %d left", ev.Seat, send, from, to, before, before, send, e.after)
	}
	switch {
	case ev.Result != e.kind:
		return bad(".result", "an expedition captures when it sends more than the garrison, and is repelled otherwise", e.kind, or(ev.Result, "absent"))
	case ev.Before == nil || *ev.Before != before:
		return bad(".before", "before is the garrison the expedition met", strconv.Itoa(before), intText(ev.Before))
	case ev.After == nil || *ev.After != e.after:
		return bad(".after", "a capture leaves send-garrison on the island; a repelled expedition leaves garrison-send", strconv.Itoa(e.after), intText(ev.After))
	case ptrOr(ev.Eliminated, -1) != eliminated:
		return bad(".eliminated", "a captain that loses its last island is out, and only then", seatOrAbsent(eliminated), seatOrAbsent(ptrOr(ev.Eliminated, -1)))
	case ev.Ended != g.ending:
		return bad(".ended", "after each expedition, 13 islands win at once, else the last captain with islands wins; at the end of round 60 scoring ends the match; nothing else ends it",
			or(g.ending, "absent"), or(ev.Ended, "absent"))
	}
	return note, nil
}

func or(s, alt string) string {
	if s == "" {
		return alt
	}
	return s
}

func seatOrAbsent(seat int) string {
	if seat < 0 {
		return "absent"
	}
	return strconv.Itoa(seat)
}

func eventText(ev event) string {
	b, _ := json.Marshal(ev)
	return string(b)
}

// policy holds a captain's event to what the docs pin of its kind, on the
// account before the event.
func (g *game) policy(kind string, ev event, path string) *check.Failure {
	if kind == "random" || ev.Seat == 0 || (ev.Type == "supply" && ev.Amount == nil) {
		return nil
	}
	bad := func(rule, want string) *check.Failure {
		return rules.Broke(path, rule, want, eventText(ev))
	}
	if ev.Type == "supply" {
		if *ev.Amount != g.left {
			return bad("the "+kind+" captain places all its supply at once", fmt.Sprintf("amount %d", g.left))
		}
		if kind != "sample" {
			return nil
		}
		var border, all []int
		lowB, lowA := -1, -1
		for i := range g.cells {
			o := g.owner(i)
			if o != ev.Seat {
				continue
			}
			border, lowB = lowest(border, lowB, i, g.strength(i), g.isBorder(i))
			all, lowA = lowest(all, lowA, i, g.strength(i), true)
		}
		if len(border) == 0 {
			border = all
		}
		if ev.Tile != nil && !slices.Contains(border, *ev.Tile) {
			return bad("the sample captain supplies its weakest border island (any held island if none borders)", fmt.Sprintf("tile in %v", border))
		}
		return nil
	}
	if kind == "strong" {
		if ev.Type == "attack" && ev.From != nil && ev.To != nil && ev.Send != nil && *ev.From >= 0 && *ev.From < islands && *ev.To >= 0 && *ev.To < islands {
			small, all := g.strength(*ev.To)+1, g.strength(*ev.From)-1
			if *ev.Send != small && *ev.Send != all {
				return bad("the strong captain sends either the smallest expedition that captures or all but one", fmt.Sprintf("send %d or %d", min(small, all), all))
			}
		}
		return nil
	}
	// sample: all but one, only when it captures with at least 2 to spare,
	// on a route of the largest surplus.
	var best []string
	surplus := 2
	for from := range g.cells {
		o := g.owner(from)
		if o != ev.Seat || g.strength(from) < 2 {
			continue
		}
		for _, to := range neighbours(from) {
			if g.owner(to) == ev.Seat {
				continue
			}
			m := g.strength(from) - 1 - g.strength(to)
			switch {
			case m > surplus:
				best, surplus = nil, m
				fallthrough
			case m == surplus:
				best = append(best, fmt.Sprintf("attack %d->%d send %d", from, to, g.strength(from)-1))
			}
		}
	}
	got := "pass"
	if ev.Type == "attack" && ev.From != nil && ev.To != nil && ev.Send != nil {
		got = fmt.Sprintf("attack %d->%d send %d", *ev.From, *ev.To, *ev.Send)
	}
	if len(best) == 0 && got != "pass" {
		return bad("the sample captain attacks only when, sending all but one, it captures with at least 2 to spare; otherwise it passes", "pass")
	}
	if len(best) > 0 && !slices.Contains(best, got) {
		return bad("the sample captain sends all but one on a route that captures with the largest surplus (at least 2)", strings.Join(best, " | "))
	}
	return nil
}

// lowest keeps the islands of the lowest strength offered.
func lowest(set []int, low, i, strength int, offer bool) ([]int, int) {
	switch {
	case !offer:
	case len(set) == 0 || strength < low:
		return []int{i}, strength
	case strength == low:
		return append(set, i), low
	}
	return set, low
}

// isBorder reports whether held island i shares an edge with an island its
// holder does not hold.
func (g *game) isBorder(i int) bool {
	for _, n := range neighbours(i) {
		if g.owner(n) != g.owner(i) {
			return true
		}
	}
	return false
}

// legal lists the actions legalActions must list now, and the ranges
// actionRanges must give, as comparable strings.
func (g *game) legal() (actions, ranges []string) {
	if g.phase == "over" || g.turn != 0 {
		return nil, nil
	}
	if g.phase == "supply" {
		for i := range g.cells {
			o := g.owner(i)
			if o == 0 {
				actions = append(actions, fmt.Sprintf("supply tile=%d amount=%d", i, g.left))
			}
		}
		return actions, []string{fmt.Sprintf("supply amount from=- %d..%d", 1, g.left)}
	}
	actions = []string{"pass"}
	for from := range g.cells {
		o := g.owner(from)
		if o != 0 || g.strength(from) < 2 {
			continue
		}
		routes := 0
		for _, to := range neighbours(from) {
			if g.owner(to) != 0 {
				routes++
				actions = append(actions, fmt.Sprintf("attack from=%d to=%d send=%d", from, to, g.strength(from)-1))
			}
		}
		if routes > 0 {
			ranges = append(ranges, fmt.Sprintf("attack send from=%d %d..%d", from, 1, g.strength(from)-1))
		}
	}
	return actions, ranges
}

// boardText is the account's board, for a failure's detail.
func (g *game) boardText() string {
	var b strings.Builder
	b.WriteString("board before the event:")
	for i := range islands {
		if i%size == 0 {
			b.WriteString("\n ")
		}
		mark := "."
		if g.owner(i) >= 0 {
			mark = string(rune('A' + g.owner(i)))
		}
		fmt.Fprintf(&b, " %s%d", mark, g.strength(i))
	}
	return b.String()
}
