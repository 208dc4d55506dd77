package rules

// This file holds the Tidebreakers referee's account of a match: the
// documented rules replayed event by event (supply, expeditions, captures,
// eliminations, turns, rounds, the wins and the cap), what the docs pin of
// the built-in captains' policies, and the legal actions that follow.

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Numbers of the documented rules.
const (
	tidebreakersSize      = 5
	tidebreakersIslands   = tidebreakersSize * tidebreakersSize
	tidebreakersWin       = 13
	tidebreakersMaxRounds = 60
	tidebreakersLogKept   = 8
	tidebreakersMaxSupply = 6
)

// tidebreakersCorners are the seats' starting islands by count of captains.
var tidebreakersCorners = map[int][]int{2: {0, 24}, 3: {0, 4, 24}, 4: {0, 4, 24, 20}}

// tidebreakersEntry is a log entry as the referee keeps it; seat is -1
// for the end of a draw.
type tidebreakersEntry struct {
	round                         int
	kind                          string
	seat                          int
	from, to, sent, before, after int
	ending                        string
}

func (e tidebreakersEntry) String() string {
	switch e.kind {
	case "captured", "repelled":
		return fmt.Sprintf("{round %d, %s, seat %d, %d->%d, sent %d, before %d, after %d}", e.round, e.kind, e.seat, e.from, e.to, e.sent, e.before, e.after)
	case "ended":
		return fmt.Sprintf("{round %d, ended, seat %s, %s}", e.round, tidebreakersSeatText(e.seat), e.ending)
	}
	return fmt.Sprintf("{round %d, %s, seat %d}", e.round, e.kind, e.seat)
}

func tidebreakersSeatText(seat int) string {
	if seat < 0 {
		return "null"
	}
	return strconv.Itoa(seat)
}

// tidebreakersGame is the referee's own account of a match, kept by the
// documented rules from the events alone.
type tidebreakersGame struct {
	players, opener int
	owner           [tidebreakersIslands]int // a seat, or -1 for wild
	strength        [tidebreakersIslands]int
	out             [4]bool
	round, turn     int
	supplyLeft      int
	phase           string // supply, expedition or over
	ending          string
	winner          int // -1 for a draw
	log             []tidebreakersEntry
}

// tidebreakersOpening is the documented opening of a match.
func tidebreakersOpening(players, opener int) *tidebreakersGame {
	g := &tidebreakersGame{players: players, opener: opener, round: 1, turn: opener, supplyLeft: tidebreakersSupplyIn(1), phase: "supply", winner: -1}
	for i := range g.owner {
		g.owner[i], g.strength[i] = -1, 2
	}
	for seat, c := range tidebreakersCorners[players] {
		g.owner[c], g.strength[c] = seat, 4
	}
	return g
}

func (g *tidebreakersGame) clone() *tidebreakersGame {
	c := *g
	c.log = slices.Clone(g.log)
	return &c
}

// tidebreakersSupplyIn is the supply of a turn in round r.
func tidebreakersSupplyIn(r int) int { return 3 + min(3, (r-1)/10) }

// tidebreakersAdjacent reports whether islands a and b share an edge.
func tidebreakersAdjacent(a, b int) bool {
	ra, ca, rb, cb := a/tidebreakersSize, a%tidebreakersSize, b/tidebreakersSize, b%tidebreakersSize
	return (ra == rb && (ca-cb == 1 || cb-ca == 1)) || (ca == cb && (ra-rb == 1 || rb-ra == 1))
}

// tidebreakersNeighbours lists the islands sharing an edge with i.
func tidebreakersNeighbours(i int) []int {
	var out []int
	for j := range tidebreakersIslands {
		if tidebreakersAdjacent(i, j) {
			out = append(out, j)
		}
	}
	return out
}

// count is how many islands seat holds and their total strength.
func (g *tidebreakersGame) count(seat int) (islands, strength int) {
	for i, o := range g.owner {
		if o == seat {
			islands++
			strength += g.strength[i]
		}
	}
	return islands, strength
}

func (g *tidebreakersGame) record(e tidebreakersEntry) {
	g.log = append(g.log, e)
	if len(g.log) > tidebreakersLogKept {
		g.log = g.log[len(g.log)-tidebreakersLogKept:]
	}
}

func (g *tidebreakersGame) end(ending string, winner int) {
	g.phase, g.ending, g.winner = "over", ending, winner
	g.record(tidebreakersEntry{round: g.round, kind: "ended", seat: winner, ending: ending})
}

// position is seat's place in the order of play, the opener first.
func (g *tidebreakersGame) position(seat int) int { return (seat - g.opener + g.players) % g.players }

// endTurn hands the turn to the next captain still in, counts the round,
// and ends the match by scoring once round 60 is over.
func (g *tidebreakersGame) endTurn() {
	next := g.turn
	for {
		next = (next + 1) % g.players
		if !g.out[next] {
			break
		}
	}
	if g.position(next) <= g.position(g.turn) {
		if g.round == tidebreakersMaxRounds {
			g.end("round_cap", g.scoreWinner())
			return
		}
		g.round++
	}
	g.turn, g.phase, g.supplyLeft = next, "supply", tidebreakersSupplyIn(g.round)
}

// scoreWinner is the seat with the most islands, then the most strength;
// -1 when two share the best of both.
func (g *tidebreakersGame) scoreWinner() int {
	best, bi, bs, tied := -1, -1, -1, false
	for p := range g.players {
		n, s := g.count(p)
		switch {
		case n > bi || n == bi && s > bs:
			best, bi, bs, tied = p, n, s, false
		case n == bi && s == bs:
			tied = true
		}
	}
	if tied {
		return -1
	}
	return best
}

// places is every seat's place at the end: 1 plus the seats with more
// islands, or as many and more strength (seats tied on both share it).
func (g *tidebreakersGame) places() []int {
	out := make([]int, g.players)
	for p := range g.players {
		n, s := g.count(p)
		out[p] = 1
		for q := range g.players {
			if m, t := g.count(q); m > n || m == n && t > s {
				out[p]++
			}
		}
	}
	return out
}

// tidebreakersBreak is a rule an answer broke, before it is placed in a
// match.
type tidebreakersBreak struct {
	path, rule, want, got string
}

func tidebreakersIntText(p *int) string {
	if p == nil {
		return "absent"
	}
	return strconv.Itoa(*p)
}

// apply replays one event on the account, checking it is the seat to act's
// legal action and that what it says it caused is what the rules cause;
// note describes what the referee derived.
func (g *tidebreakersGame) apply(ev tidebreakersEvent, path string) (note string, br *tidebreakersBreak) {
	bad := func(field, rule, want, got string) (string, *tidebreakersBreak) {
		return "", &tidebreakersBreak{path: path + field, rule: rule, want: want, got: got}
	}
	if g.phase == "over" {
		return bad("", "no action follows the end of the match", "no event", ev.Type)
	}
	if ev.Seat != g.turn {
		return bad(".seat", "turns go in seat order from the opener, skipping captains that are out; a turn is supply, then one expedition or a pass",
			strconv.Itoa(g.turn), strconv.Itoa(ev.Seat))
	}
	illegal := func(why string) (string, *tidebreakersBreak) {
		return bad("", "every action taken must be legal: "+why, "a legal action", tidebreakersEventText(ev))
	}
	if ev.Type != "attack" && (ev.Result != "" || ev.Before != nil || ev.After != nil || ev.Eliminated != nil) {
		return bad("", "only an expedition captures, is repelled or eliminates", "no result", tidebreakersEventText(ev))
	}
	switch ev.Type {
	case "supply":
		if ev.Tile == nil || ev.Amount == nil {
			return bad("", "a supply event gives its tile and amount", "tile and amount", tidebreakersEventText(ev))
		}
		t, n := *ev.Tile, *ev.Amount
		switch {
		case g.phase != "supply":
			return illegal("supply is placed only before the expedition")
		case t < 0 || t >= tidebreakersIslands || g.owner[t] != ev.Seat:
			return illegal("supply goes on an island the captain holds")
		case n < 1 || n > g.supplyLeft:
			return illegal(fmt.Sprintf("the amount is 1 to the supply left (%d)", g.supplyLeft))
		}
		if ev.Ended != "" {
			return bad(".ended", "only an expedition or the end of a turn ends a match", "absent", ev.Ended)
		}
		note = fmt.Sprintf("seat %d supplies %d on %d: %d -> %d", ev.Seat, n, t, g.strength[t], g.strength[t]+n)
		g.strength[t] += n
		if g.supplyLeft -= n; g.supplyLeft == 0 {
			g.phase = "expedition"
		}
		return note, nil
	case "pass":
		if g.phase != "expedition" {
			return illegal(fmt.Sprintf("a pass comes only once no supply is left (%d left)", g.supplyLeft))
		}
		g.endTurn()
		if ev.Ended != g.ending {
			return bad(".ended", "the match ends by scoring when round 60 is over, and only then", tidebreakersOr(g.ending, "absent"), tidebreakersOr(ev.Ended, "absent"))
		}
		return fmt.Sprintf("seat %d passes", ev.Seat), nil
	case "attack":
	default:
		return bad(".type", "an event is a supply, an attack or a pass", "supply|attack|pass", ev.Type)
	}
	if ev.From == nil || ev.To == nil || ev.Send == nil {
		return bad("", "an attack event gives from, to and send", "from, to, send", tidebreakersEventText(ev))
	}
	from, to, send := *ev.From, *ev.To, *ev.Send
	switch {
	case g.phase != "expedition":
		return illegal(fmt.Sprintf("an expedition comes only once no supply is left (%d left)", g.supplyLeft))
	case from < 0 || from >= tidebreakersIslands || g.owner[from] != ev.Seat:
		return illegal("an expedition leaves from an island the captain holds")
	case to < 0 || to >= tidebreakersIslands || !tidebreakersAdjacent(from, to):
		return illegal("an expedition goes to an island that shares an edge with its own")
	case g.owner[to] == ev.Seat:
		return illegal("an expedition goes to an island the captain does not hold")
	case send < 1 || send > g.strength[from]-1:
		return illegal(fmt.Sprintf("send is 1 to strength-1 (%d): at least 1 stays", g.strength[from]-1))
	}
	before, defender := g.strength[to], g.owner[to]
	g.strength[from] -= send
	e := tidebreakersEntry{round: g.round, seat: ev.Seat, from: from, to: to, sent: send, before: before}
	if send > before {
		g.owner[to], g.strength[to] = ev.Seat, send-before
		e.kind, e.after = "captured", send-before
		note = fmt.Sprintf("seat %d sends %d from %d to %d (garrison %d): captured, %d-%d = %d stay", ev.Seat, send, from, to, before, send, before, e.after)
	} else {
		g.strength[to] -= send
		e.kind, e.after = "repelled", g.strength[to]
		note = fmt.Sprintf("seat %d sends %d from %d to %d (garrison %d): repelled, %d-%d = %d left", ev.Seat, send, from, to, before, before, send, e.after)
	}
	if ev.Result != e.kind {
		return bad(".result", "an expedition captures when it sends more than the garrison, and is repelled otherwise", e.kind, tidebreakersOr(ev.Result, "absent"))
	}
	if ev.Before == nil || *ev.Before != before {
		return bad(".before", "before is the garrison the expedition met", strconv.Itoa(before), tidebreakersIntText(ev.Before))
	}
	if ev.After == nil || *ev.After != e.after {
		return bad(".after", "a capture leaves send-garrison on the island; a repelled expedition leaves garrison-send", strconv.Itoa(e.after), tidebreakersIntText(ev.After))
	}
	g.record(e)
	eliminated := -1
	if defender >= 0 && e.kind == "captured" {
		if n, _ := g.count(defender); n == 0 {
			g.out[defender], eliminated = true, defender
			g.record(tidebreakersEntry{round: g.round, kind: "eliminated", seat: defender})
		}
	}
	if got := tidebreakersPtrOr(ev.Eliminated, -1); got != eliminated {
		return bad(".eliminated", "a captain that loses its last island is out, and only then", tidebreakersSeatOrAbsent(eliminated), tidebreakersSeatOrAbsent(got))
	}
	in := 0
	for p := range g.players {
		if !g.out[p] {
			in++
		}
	}
	switch n, _ := g.count(ev.Seat); {
	case n >= tidebreakersWin:
		g.end("conquest", ev.Seat)
	case in == 1:
		g.end("last_standing", ev.Seat)
	default:
		g.endTurn()
	}
	if ev.Ended != g.ending {
		return bad(".ended", "after each expedition, 13 islands win at once, else the last captain with islands wins; at the end of round 60 scoring ends the match; nothing else ends it",
			tidebreakersOr(g.ending, "absent"), tidebreakersOr(ev.Ended, "absent"))
	}
	return note, nil
}

func tidebreakersOr(s, alt string) string {
	if s == "" {
		return alt
	}
	return s
}

func tidebreakersPtrOr(p *int, alt int) int {
	if p == nil {
		return alt
	}
	return *p
}

func tidebreakersSeatOrAbsent(seat int) string {
	if seat < 0 {
		return "absent"
	}
	return strconv.Itoa(seat)
}

func tidebreakersEventText(ev tidebreakersEvent) string {
	b, _ := json.Marshal(ev)
	return string(b)
}

// policy holds a captain's event to what the docs pin of its kind, on the
// account before the event.
func (g *tidebreakersGame) policy(kind string, ev tidebreakersEvent, path string) *tidebreakersBreak {
	if kind == "random" || ev.Seat == 0 || (ev.Type == "supply" && ev.Amount == nil) {
		return nil
	}
	bad := func(rule, want string) *tidebreakersBreak {
		return &tidebreakersBreak{path: path, rule: rule, want: want, got: tidebreakersEventText(ev)}
	}
	if ev.Type == "supply" {
		if *ev.Amount != g.supplyLeft {
			return bad("the "+kind+" captain places all its supply at once", fmt.Sprintf("amount %d", g.supplyLeft))
		}
		if kind != "sample" {
			return nil
		}
		var border, all []int
		lowB, lowA := -1, -1
		for i, o := range g.owner {
			if o != ev.Seat {
				continue
			}
			border, lowB = tidebreakersLowest(border, lowB, i, g.strength[i], g.isBorder(i))
			all, lowA = tidebreakersLowest(all, lowA, i, g.strength[i], true)
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
		if ev.Type == "attack" && ev.From != nil && ev.To != nil && ev.Send != nil && *ev.From >= 0 && *ev.From < tidebreakersIslands && *ev.To >= 0 && *ev.To < tidebreakersIslands {
			small, all := g.strength[*ev.To]+1, g.strength[*ev.From]-1
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
	for from, o := range g.owner {
		if o != ev.Seat || g.strength[from] < 2 {
			continue
		}
		for _, to := range tidebreakersNeighbours(from) {
			if g.owner[to] == ev.Seat {
				continue
			}
			m := g.strength[from] - 1 - g.strength[to]
			switch {
			case m > surplus:
				best, surplus = nil, m
				fallthrough
			case m == surplus:
				best = append(best, fmt.Sprintf("attack %d->%d send %d", from, to, g.strength[from]-1))
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

// tidebreakersLowest keeps the islands of the lowest strength offered.
func tidebreakersLowest(set []int, low, i, strength int, offer bool) ([]int, int) {
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
func (g *tidebreakersGame) isBorder(i int) bool {
	for _, n := range tidebreakersNeighbours(i) {
		if g.owner[n] != g.owner[i] {
			return true
		}
	}
	return false
}

// legal lists the actions legalActions must list now, and the ranges
// actionRanges must give, as comparable strings.
func (g *tidebreakersGame) legal() (actions, ranges []string) {
	if g.phase == "over" || g.turn != 0 {
		return nil, nil
	}
	if g.phase == "supply" {
		for i, o := range g.owner {
			if o == 0 {
				actions = append(actions, fmt.Sprintf("supply tile=%d amount=%d", i, g.supplyLeft))
			}
		}
		return actions, []string{fmt.Sprintf("supply amount from=- %d..%d", 1, g.supplyLeft)}
	}
	actions = []string{"pass"}
	for from, o := range g.owner {
		if o != 0 || g.strength[from] < 2 {
			continue
		}
		routes := 0
		for _, to := range tidebreakersNeighbours(from) {
			if g.owner[to] != 0 {
				routes++
				actions = append(actions, fmt.Sprintf("attack from=%d to=%d send=%d", from, to, g.strength[from]-1))
			}
		}
		if routes > 0 {
			ranges = append(ranges, fmt.Sprintf("attack send from=%d %d..%d", from, 1, g.strength[from]-1))
		}
	}
	return actions, ranges
}

// boardText is the account's board, for a failure's detail.
func (g *tidebreakersGame) boardText() string {
	var b strings.Builder
	b.WriteString("board before the event:")
	for i := range tidebreakersIslands {
		if i%tidebreakersSize == 0 {
			b.WriteString("\n ")
		}
		mark := "."
		if g.owner[i] >= 0 {
			mark = string(rune('A' + g.owner[i]))
		}
		fmt.Fprintf(&b, " %s%d", mark, g.strength[i])
	}
	return b.String()
}
