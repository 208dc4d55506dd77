package rules

import (
	"fmt"
	"reflect"

	"github.com/agentgames/bundle/conformance/livewire"
)

// Rules of the card that the live referee re-derives.
const (
	liveIslands  = 25
	liveWin      = 13
	liveRounds   = 60
	liveMaxSteps = 20000 // requests a match may take before the referee gives up
)

// liveSupplyIn is the supply a turn in round r: 3, +1 every 10 rounds, at
// most +3.
func liveSupplyIn(r int) int { return 3 + min(3, (r-1)/10) }

// liveAdjacent reports whether islands a and b share an edge.
func liveAdjacent(a, b int) bool {
	ra, ca, rb, cb := a/5, a%5, b/5, b%5
	return (ra == rb && (ca-cb == 1 || cb-ca == 1)) || (ca == cb && (ra-rb == 1 || rb-ra == 1))
}

// liveCorners are the starting islands by seat, clockwise from the top
// left.
func liveCorners(players int) []int {
	return [][]int{2: {0, 24}, 3: {0, 4, 24}, 4: {0, 4, 24, 20}}[players]
}

// liveCell is what the referee knows of an island: its holder (-1 wild)
// and its strength between lo and hi (equal when known exactly).
type liveCell struct{ owner, lo, hi int }

// liveModel is the referee's own match, re-derived from the rules: the
// state before a request, then moved by the action sent and the captains'
// turns the log shows.
type liveModel struct {
	players, opener int
	bots            []bool
	cells           [liveIslands]liveCell
	total           []int
	round, turn     int
	left            int
	phase           string
	over            bool
	winner          int
	ending          string
	added           []livewire.Entry // the log entries this request adds
}

// liveModelOf is the referee's match at a public state it has judged.
func liveModelOf(s *livewire.State, opener int, bots []bool) *liveModel {
	m := &liveModel{players: s.Players, opener: opener, bots: bots, total: make([]int, s.Players),
		round: s.Round, turn: -1, left: s.SupplyLeft, phase: s.Phase, over: s.Over, winner: -1, ending: s.Ending}
	if s.Turn != nil {
		m.turn = *s.Turn
	}
	if s.Winner != nil {
		m.winner = *s.Winner
	}
	for i, t := range s.Tiles {
		c := liveCell{owner: -1, lo: t.Strength, hi: t.Strength}
		if t.Owner != nil {
			c.owner = *t.Owner
			m.total[c.owner] += t.Strength
		}
		m.cells[i] = c
	}
	return m
}

// liveOpening is the match as it starts, opener first to act.
func liveOpening(players, opener int, bots []bool) *liveModel {
	m := &liveModel{players: players, opener: opener, bots: bots, total: make([]int, players),
		round: 1, turn: opener, left: liveSupplyIn(1), phase: "supply", winner: -1}
	for i := range m.cells {
		m.cells[i] = liveCell{-1, 2, 2}
	}
	for p, c := range liveCorners(players) {
		m.cells[c] = liveCell{p, 4, 4}
		m.total[p] = 4
	}
	return m
}

func (m *liveModel) count(p int) int {
	n := 0
	for _, c := range m.cells {
		if c.owner == p {
			n++
		}
	}
	return n
}

// supply places amount on tile for the seat to act.
func (m *liveModel) supply(tile, amount int) {
	m.cells[tile].lo += amount
	m.cells[tile].hi += amount
	m.total[m.turn] += amount
	if m.left -= amount; m.left == 0 {
		m.phase = "attack"
	}
}

// expedition resolves seat's expedition against a garrison of before,
// logs it, and settles eliminations, wins and the turn.
func (m *liveModel) expedition(seat, from, to, sent, before int) {
	d := m.cells[to].owner
	m.cells[from].lo = max(m.cells[from].lo-sent, 1)
	m.cells[from].hi -= sent
	m.total[seat] -= sent
	e := livewire.Entry{Round: m.round, Seat: livewire.Ptr(seat), From: livewire.Ptr(from), To: livewire.Ptr(to), Sent: livewire.Ptr(sent), Before: livewire.Ptr(before)}
	if sent > before {
		m.cells[to] = liveCell{seat, sent - before, sent - before}
		m.total[seat] += sent - before
		if d >= 0 {
			m.total[d] -= before
		}
		e.Kind, e.After = "captured", livewire.Ptr(sent-before)
	} else {
		m.cells[to] = liveCell{d, before - sent, before - sent}
		if d >= 0 {
			m.total[d] -= sent
		}
		e.Kind, e.After = "repelled", livewire.Ptr(before-sent)
	}
	m.added = append(m.added, e)
	if d >= 0 && e.Kind == "captured" && m.count(d) == 0 {
		m.added = append(m.added, livewire.Entry{Round: m.round, Kind: "eliminated", Seat: livewire.Ptr(d)})
	}
	if m.count(seat) >= liveWin {
		m.end("conquest", seat)
		return
	}
	in := 0
	for p := range m.players {
		if m.count(p) > 0 {
			in++
		}
	}
	if in == 1 {
		m.end("last_standing", seat)
		return
	}
	m.endTurn()
}

// position is seat's place in the order of play, the opener first.
func (m *liveModel) position(seat int) int { return (seat - m.opener + m.players) % m.players }

// endTurn hands the turn to the next captain still in, counting rounds
// and ending the match by scoring after round 60.
func (m *liveModel) endTurn() {
	next := m.turn
	for {
		next = (next + 1) % m.players
		if m.count(next) > 0 {
			break
		}
	}
	if m.position(next) <= m.position(m.turn) {
		if m.round == liveRounds {
			m.end("round_cap", m.scoreWinner())
			return
		}
		m.round++
	}
	m.turn, m.phase, m.left = next, "supply", liveSupplyIn(m.round)
}

// scoreWinner is the seat with most islands, then most strength, or -1
// when the best are tied on both.
func (m *liveModel) scoreWinner() int {
	best, bestN, bestS, tied := -1, -1, -1, false
	for p := range m.players {
		n, s := m.count(p), m.total[p]
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

// places is every seat's place once the match is over, nil before: 1 plus
// the seats with more islands, or as many and more strength, so that
// seats tied on both share a place (1, 1, 3).
func (m *liveModel) places() []int {
	if !m.over {
		return nil
	}
	out := make([]int, m.players)
	for p := range m.players {
		out[p] = 1
		for q := range m.players {
			if n, k := m.count(q), m.count(p); n > k || n == k && m.total[q] > m.total[p] {
				out[p]++
			}
		}
	}
	return out
}

func (m *liveModel) end(ending string, winner int) {
	m.over, m.phase, m.turn, m.left, m.ending, m.winner = true, "over", -1, 0, ending, winner
	e := livewire.Entry{Round: m.round, Kind: "ended", Ending: ending}
	if winner >= 0 {
		e.Seat = livewire.Ptr(winner)
	}
	m.added = append(m.added, e)
}

// liveDiff is one field where the answer and the rules part.
type liveDiff struct{ path, rule, want, got string }

// captainTurn plays the turn of the captain to act: its supply, which the
// public state does not show, and the expedition the log shows, if any
// (news are the entries the request added, base the index of the first).
func (m *liveModel) captainTurn(news []livewire.Entry, base int) *liveDiff {
	c, s := m.turn, liveSupplyIn(m.round)
	m.total[c] += s
	for i := range m.cells {
		if m.cells[i].owner == c {
			m.cells[i].hi += s
		}
	}
	m.left, m.phase = 0, "attack"
	k := len(m.added)
	if k >= len(news) || (news[k].Kind != "captured" && news[k].Kind != "repelled") ||
		news[k].Seat == nil || *news[k].Seat != c || news[k].Round != m.round {
		m.endTurn()
		return nil
	}
	e, path := news[k], fmt.Sprintf("log[%d]", base+k)
	if e.From == nil || e.To == nil || e.Sent == nil || e.Before == nil || e.After == nil {
		return &liveDiff{path, "an expedition's log entry gives from, to, sent, before and after", "all five", livewire.Show(e)}
	}
	from, to, sent, before := *e.From, *e.To, *e.Sent, *e.Before
	switch {
	case from < 0 || from >= liveIslands || to < 0 || to >= liveIslands:
		return &liveDiff{path, "islands are numbered 0 to 24", "0..24", fmt.Sprintf("from %d, to %d", from, to)}
	case m.cells[from].owner != c:
		return &liveDiff{path + ".from", fmt.Sprintf("captain %d's expedition leaves from an island it holds", c), fmt.Sprintf("an island of seat %d", c), fmt.Sprintf("island %d, held by %d", from, m.cells[from].owner)}
	case !liveAdjacent(from, to):
		return &liveDiff{path + ".to", "an expedition goes to an island sharing an edge with its own", fmt.Sprintf("a neighbour of %d", from), fmt.Sprint(to)}
	case m.cells[to].owner == c:
		return &liveDiff{path + ".to", "an expedition goes to an island its captain does not hold", "another's or a wild island", fmt.Sprintf("island %d, its own", to)}
	case sent < 1 || sent > m.cells[from].hi-1:
		return &liveDiff{path + ".sent", "an expedition sends 1 to strength-1: at least 1 stays behind", fmt.Sprintf("1..%d", m.cells[from].hi-1), fmt.Sprint(sent)}
	case before < m.cells[to].lo || before > m.cells[to].hi:
		return &liveDiff{path + ".before", "the garrison before an expedition is the island's strength", liveRange(m.cells[to]), fmt.Sprint(before)}
	}
	m.expedition(c, from, to, sent, before)
	return nil
}

func liveRange(c liveCell) string {
	if c.lo == c.hi {
		return fmt.Sprint(c.lo)
	}
	return fmt.Sprintf("%d..%d", c.lo, c.hi)
}

// settle plays the captains' turns a request runs before it answers:
// every turn of a captain seat until a joined seat is to act or the match
// is over.
func (m *liveModel) settle(news []livewire.Entry, base int) *liveDiff {
	for n := 0; !m.over && m.turn >= 0 && m.bots[m.turn]; n++ {
		if n > liveRounds*4+4 {
			return &liveDiff{"round", "every match ends by round 60", "an end", "captains still playing"}
		}
		if d := m.captainTurn(news, base); d != nil {
			return d
		}
	}
	return nil
}

// diff lists where got parts from the referee's match; prev is the
// state before the request.
func (m *liveModel) diff(prev, got *livewire.State) []liveDiff {
	var out []liveDiff
	add := func(path, rule string, want, gotv any) {
		out = append(out, liveDiff{path, rule, livewire.Show(want), livewire.Show(gotv)})
	}
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
	if got.Phase != m.phase {
		add("phase", "a turn is supply until none is left, then attack; over once the match ends", m.phase, got.Phase)
	}
	if got.Round != m.round {
		add("round", "a round is one turn of every captain still in, counted from the opener", m.round, got.Round)
	}
	if !liveSameInt(got.Turn, turn(m.turn)) {
		add("turn", "turns go in seat order from the opener, skipping captains that are out (null once over)", turn(m.turn), got.Turn)
	}
	if got.SupplyLeft != m.left {
		add("supply_left", "a turn's supply is 3, +1 every 10 rounds (at most 6), less what is placed", m.left, got.SupplyLeft)
	}
	if got.Over != m.over || got.Ending != m.ending || !liveSameInt(got.Winner, turn(m.winner)) {
		add("over", "the match ends with 13 islands, the last captain standing, or scoring after round 60 (most islands, then strength; a tie on both a draw)",
			fmt.Sprintf("over %v, ending %q, winner %s", m.over, m.ending, livewire.Show(turn(m.winner))),
			fmt.Sprintf("over %v, ending %q, winner %s", got.Over, got.Ending, livewire.Show(got.Winner)))
	}
	if want := m.places(); !reflect.DeepEqual(got.Places, want) {
		add("places", "once over, every seat's place: most islands, then most strength, first, seats tied on both sharing a place (1, 1, 3); null before", want, got.Places)
	}
	if len(got.Tiles) != liveIslands {
		add("tiles", "a started match shows its 25 islands", liveIslands, len(got.Tiles))
	} else {
		for i, c := range m.cells {
			t := got.Tiles[i]
			if !liveSameInt(t.Owner, turn(c.owner)) {
				add(fmt.Sprintf("tiles[%d].owner", i), "an island changes holder only when an expedition sends more than its garrison", turn(c.owner), t.Owner)
			}
			if t.Strength < c.lo || t.Strength > c.hi {
				out = append(out, liveDiff{fmt.Sprintf("tiles[%d].strength", i),
					"supply adds to an island; an expedition takes send from its island and leaves send-garrison on a capture, garrison-send otherwise",
					liveRange(c), fmt.Sprint(t.Strength)})
			}
		}
	}
	if len(got.TileCounts) != m.players || len(got.Strengths) != m.players {
		add("tile_counts", "tile_counts and strengths have one entry a seat", m.players, fmt.Sprintf("%d and %d", len(got.TileCounts), len(got.Strengths)))
	} else {
		sums := make([]int, m.players)
		for _, t := range got.Tiles {
			if t.Owner != nil && *t.Owner >= 0 && *t.Owner < m.players {
				sums[*t.Owner] += t.Strength
			}
		}
		for p := range m.players {
			if got.TileCounts[p] != m.count(p) {
				add(fmt.Sprintf("tile_counts[%d]", p), "tile_counts counts the islands a seat holds", m.count(p), got.TileCounts[p])
			}
			if got.Strengths[p] != m.total[p] {
				add(fmt.Sprintf("strengths[%d]", p), "a seat's strength grows by its supply, loses what it sends and what captures and repelled expeditions take", m.total[p], got.Strengths[p])
			} else if got.Strengths[p] != sums[p] {
				add(fmt.Sprintf("strengths[%d]", p), "strengths is the total strength of the islands a seat holds", sums[p], got.Strengths[p])
			}
		}
	}
	base := len(prev.Log)
	if len(got.Log) < base || !livewire.SameEntries(got.Log[:base], prev.Log) {
		add("log", "the log keeps every entry, oldest first: a request only appends", fmt.Sprintf("%d entries, then new ones", base), fmt.Sprintf("%d entries", len(got.Log)))
		return out
	}
	news, err := livewire.Entries(got.Log[base:])
	if err != nil {
		add(fmt.Sprintf("log[%d:]", base), "log entries are {round, kind, seat, from, to, sent, before, after, ending}", "log entries", err.Error())
		return out
	}
	for k := range max(len(news), len(m.added)) {
		var w, g any = "nothing", "nothing"
		if k < len(m.added) {
			w = m.added[k]
		}
		if k < len(news) {
			g = news[k]
		}
		if !reflect.DeepEqual(w, g) {
			add(fmt.Sprintf("log[%d]", base+k), "the log records every capture and repelled expedition (round, seat, from, to, sent, before, after), every elimination and the end", w, g)
		}
	}
	return out
}
