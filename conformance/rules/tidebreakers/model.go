package tidebreakers

// This file holds the referees' one model of a Tidebreakers match, kept
// by the rules of docs/tidebreakers.md from what the answers show: the
// opening, supply by round, adjacency, expeditions with their captures,
// eliminations and wins, the end of a turn and of round 60, and the
// places. The stateless loop shows every supply, so its account is exact;
// a live match does not show a captain's supply, so an island of a
// captain that supplied unseen is known within bounds.

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/agentgames/bundle/conformance/livewire"
)

// Numbers of the documented rules.
const (
	size      = 5
	islands   = size * size
	win       = 13
	maxRounds = 60
	logKept   = 8 // the stateless view's log keeps the last 8 entries
	maxSupply = 6
)

// corners are the seats' starting islands by count of captains,
// clockwise from the top left.
var corners = map[int][]int{2: {0, 24}, 3: {0, 4, 24}, 4: {0, 4, 24, 20}}

// supplyIn is the supply of a turn in round r: 3, +1 every 10 rounds, at
// most 6.
func supplyIn(r int) int { return 3 + min(3, (r-1)/10) }

// adjacent reports whether islands a and b share an edge.
func adjacent(a, b int) bool {
	ra, ca, rb, cb := a/size, a%size, b/size, b%size
	return (ra == rb && (ca-cb == 1 || cb-ca == 1)) || (ca == cb && (ra-rb == 1 || rb-ra == 1))
}

// neighbours lists the islands sharing an edge with i, in order.
func neighbours(i int) []int {
	var out []int
	for j := range islands {
		if adjacent(i, j) {
			out = append(out, j)
		}
	}
	return out
}

// cell is an island as the referee knows it: its holder (-1 wild) and
// its strength, between lo and hi (equal when known exactly).
type cell struct{ owner, lo, hi int }

func (c cell) String() string {
	if c.lo == c.hi {
		return strconv.Itoa(c.lo)
	}
	return fmt.Sprintf("%d..%d", c.lo, c.hi)
}

// entry is a log entry as the referee keeps it; a number the entry does
// not give is -1, and so is the seat of the end of a draw.
type entry struct {
	round                         int
	kind                          string
	seat                          int
	from, to, sent, before, after int
	ending                        string
}

func (e entry) String() string {
	switch e.kind {
	case "captured", "repelled":
		return fmt.Sprintf("{round %d, %s, seat %d, %d->%d, sent %d, before %d, after %d}", e.round, e.kind, e.seat, e.from, e.to, e.sent, e.before, e.after)
	case "ended":
		return fmt.Sprintf("{round %d, ended, seat %s, %s}", e.round, seatText(e.seat), e.ending)
	}
	return fmt.Sprintf("{round %d, %s, seat %d}", e.round, e.kind, e.seat)
}

// entryOf reads a log entry as both APIs write it; a number it does not
// give reads as -1, so an entry with a number its kind has no use for
// differs from the referee's.
func entryOf(l livewire.Entry) entry {
	return entry{round: l.Round, kind: l.Kind, seat: ptrOr(l.Seat, -1), from: ptrOr(l.From, -1), to: ptrOr(l.To, -1),
		sent: ptrOr(l.Sent, -1), before: ptrOr(l.Before, -1), after: ptrOr(l.After, -1), ending: l.Ending}
}

// game is the referee's account of a match.
type game struct {
	players, opener int
	cells           [islands]cell
	total           []int // each seat's strength, known exactly
	round, turn     int   // turn is -1 once over
	left            int   // the supply left to place this turn
	phase           string
	ending          string
	winner          int     // -1 for a draw
	log             []entry // the entries made since the account began
}

// The phases of a turn, and of the end. The live API calls the
// expedition phase "attack".
const (
	supplyPhase     = "supply"
	expeditionPhase = "expedition"
	overPhase       = "over"
)

// opening is the documented opening of a match, opener first to act.
func opening(players, opener int) *game { return openingAt(corners[players], opener) }

// openingAt is the opening of a match whose seats start on the islands
// at gives, by seat, opener first to act.
func openingAt(at []int, opener int) *game {
	players := len(at)
	g := &game{players: players, opener: opener, total: make([]int, players),
		round: 1, turn: opener, left: supplyIn(1), phase: supplyPhase, winner: -1}
	for i := range g.cells {
		g.cells[i] = cell{-1, 2, 2}
	}
	for seat, c := range at {
		g.cells[c] = cell{seat, 4, 4}
		g.total[seat] = 4
	}
	return g
}

func (g *game) clone() *game {
	c := *g
	c.total, c.log = slices.Clone(g.total), slices.Clone(g.log)
	return &c
}

// count is how many islands seat holds.
func (g *game) count(seat int) int {
	n := 0
	for _, c := range g.cells {
		if c.owner == seat {
			n++
		}
	}
	return n
}

// supply places amount on tile for the seat to act; the expedition
// follows once none is left.
func (g *game) supply(tile, amount int) {
	g.cells[tile].lo += amount
	g.cells[tile].hi += amount
	g.total[g.turn] += amount
	if g.left -= amount; g.left == 0 {
		g.phase = expeditionPhase
	}
}

// unseenSupply is the whole supply of the seat to act placed where the
// answer does not show: each of its islands may hold all of it.
func (g *game) unseenSupply() {
	s := supplyIn(g.round)
	g.total[g.turn] += s
	for i := range g.cells {
		if g.cells[i].owner == g.turn {
			g.cells[i].hi += s
		}
	}
	g.left, g.phase = 0, expeditionPhase
}

// expedition resolves seat's expedition of sent from one island to
// another, whose garrison was before: a capture leaves sent-before, a
// repelled one before-sent, and the sender loses sent. It logs it, an
// elimination and the end, and hands the turn on: 13 islands win at once,
// else the last captain with islands.
func (g *game) expedition(seat, from, to, sent, before int) {
	d := g.cells[to].owner
	g.cells[from].lo = max(g.cells[from].lo-sent, 1)
	g.cells[from].hi -= sent
	g.total[seat] -= sent
	e := entry{round: g.round, seat: seat, from: from, to: to, sent: sent, before: before}
	if sent > before {
		g.cells[to] = cell{seat, sent - before, sent - before}
		g.total[seat] += sent - before
		if d >= 0 {
			g.total[d] -= before
		}
		e.kind, e.after = "captured", sent-before
	} else {
		g.cells[to] = cell{d, before - sent, before - sent}
		if d >= 0 {
			g.total[d] -= sent
		}
		e.kind, e.after = "repelled", before-sent
	}
	g.record(e)
	if d >= 0 && e.kind == "captured" && g.count(d) == 0 {
		g.record(entry{round: g.round, kind: "eliminated", seat: d, from: -1, to: -1, sent: -1, before: -1, after: -1})
	}
	in := 0
	for p := range g.players {
		if g.count(p) > 0 {
			in++
		}
	}
	switch {
	case g.count(seat) >= win:
		g.end("conquest", seat)
	case in == 1:
		g.end("last_standing", seat)
	default:
		g.endTurn()
	}
}

func (g *game) record(e entry) { g.log = append(g.log, e) }

func (g *game) end(ending string, winner int) {
	g.phase, g.turn, g.left, g.ending, g.winner = overPhase, -1, 0, ending, winner
	g.record(entry{round: g.round, kind: "ended", seat: winner, from: -1, to: -1, sent: -1, before: -1, after: -1, ending: ending})
}

// position is seat's place in the order of play, the opener first.
func (g *game) position(seat int) int { return (seat - g.opener + g.players) % g.players }

// endTurn hands the turn to the next captain still in, counts the round,
// and ends the match by scoring once round 60 is over.
func (g *game) endTurn() {
	next := g.turn
	for {
		next = (next + 1) % g.players
		if g.count(next) > 0 {
			break
		}
	}
	if g.position(next) <= g.position(g.turn) {
		if g.round == maxRounds {
			g.end("round_cap", g.scoreWinner())
			return
		}
		g.round++
	}
	g.turn, g.phase, g.left = next, supplyPhase, supplyIn(g.round)
}

// scoreWinner is the seat with the most islands, then the most strength;
// -1 when two share the best of both.
func (g *game) scoreWinner() int {
	best, bestN, bestS, tied := -1, -1, -1, false
	for p := range g.players {
		n, s := g.count(p), g.total[p]
		switch {
		case n > bestN || n == bestN && s > bestS:
			best, bestN, bestS, tied = p, n, s, false
		case n == bestN && s == bestS:
			tied = true
		}
	}
	if tied {
		return -1
	}
	return best
}

// places is every seat's place at the end: 1 plus the seats with more
// islands, or as many and more strength (seats tied on both share it:
// 1, 1, 3).
func (g *game) places() []int {
	out := make([]int, g.players)
	for p := range g.players {
		out[p] = 1
		for q := range g.players {
			if n, k := g.count(q), g.count(p); n > k || n == k && g.total[q] > g.total[p] {
				out[p]++
			}
		}
	}
	return out
}

func seatText(seat int) string {
	if seat < 0 {
		return "null"
	}
	return strconv.Itoa(seat)
}

func ptrOr(p *int, alt int) int {
	if p == nil {
		return alt
	}
	return *p
}

// owner is island i's holder, -1 when wild.
func (g *game) owner(i int) int { return g.cells[i].owner }

// strength is island i's strength in an exact account (the stateless
// loop's).
func (g *game) strength(i int) int { return g.cells[i].lo }
