package captains

import tb "github.com/agentgames/bundle/engines/tidebreakers"

// sim plays a match on from a board, fast, for Strong's rollouts: the
// rules of State without its log, every supply placed at once.
type sim struct {
	b       board
	turn    int
	round   int
	sailing bool // the captain to act has placed its supply
	over    bool
	me      int    // the captain the rollout is for
	rand    uint64 // xorshift64 state, never 0: the policies' ties
}

// simPolicy is a strategy the simulator plays, after the captain of the
// same name (Hunter, Sample, Rusher), or simGreedy: the turn, among a
// pass after supplying the weakest border island and each capture by
// the strongest island next to its target with all the supply on it,
// that leaves the captain the best value.
type simPolicy uint8

const (
	simHunter simPolicy = iota
	simSample
	simRusher
	simGreedy
)

// rollout plays on HorizonTurns turns at most, every captain but me
// playing model and me greedily, and answers the end scored for me (a
// win, a draw or a loss, beyond any value) or the value of the board
// left.
func (m *sim) rollout(model simPolicy, turns int) int {
	for ; !m.over && turns > 0; turns-- {
		p, pol := m.turn, model
		if p == m.me {
			pol = simGreedy
		}
		m.turnOf(p, pol)
		if !m.over {
			m.endTurn()
		}
	}
	if m.over {
		return m.outcome()
	}
	return m.b.duelValue(m.me)
}

// play plays the action a of me, the captain to act.
func (m *sim) play(me int, a tb.Action) {
	switch a.Kind {
	case tb.Supply:
		m.b.strength[a.Tile] += a.Amount
		m.sailing = true
		return
	case tb.Attack:
		m.attack(me, a.From, a.To, a.Send)
	}
	if !m.over {
		m.endTurn()
	}
}

// turnOf plays p's turn (its sailing only, if it has supplied) as pol.
func (m *sim) turnOf(p int, pol simPolicy) {
	supply := 0
	if !m.sailing {
		supply = tb.SupplyIn(m.round)
	}
	m.sailing = true
	if pol == simGreedy {
		m.greedy(p, supply)
		return
	}
	if supply > 0 {
		m.supply(p, pol, supply)
	}
	m.sail(p, pol)
}

// next is the next number of the rollout's generator (xorshift64).
func (m *sim) next() uint64 {
	m.rand ^= m.rand << 13
	m.rand ^= m.rand >> 7
	m.rand ^= m.rand << 17
	return m.rand
}

// choice keeps the best of the choices offered, by score, a tie going
// to any of them alike (reservoir sampling from the generator).
type choice struct {
	score, n int
	a, b     int
}

// offer offers the choice (a, b) with its score to c.
func (m *sim) offer(c *choice, score, a, b int) {
	switch {
	case c.n == 0 || score > c.score:
		c.score, c.n, c.a, c.b = score, 1, a, b
	case score == c.score:
		c.n++
		if m.next()%uint64(c.n) == 0 {
			c.a, c.b = a, b
		}
	}
}

// supply places p's supply as pol does: the hunter on its strongest
// island facing a rival's, else on its border island nearest one; the
// sample on its weakest border island; the rusher on its strongest. With
// no border island, on the first island it holds.
func (m *sim) supply(p int, pol simPolicy, amount int) {
	var best choice
	for i, o := range m.b.owner {
		if o != p || !m.b.onBorder(i) {
			continue
		}
		st := m.b.strength[i]
		switch pol {
		case simHunter:
			if d := m.rivalDistance(p, i); d > 1 {
				st = -d << 20
			}
			m.offer(&best, st, i, 0)
		case simSample:
			m.offer(&best, -st, i, 0)
		case simRusher:
			m.offer(&best, st, i, 0)
		}
	}
	if best.n == 0 {
		for i, o := range m.b.owner {
			if o == p {
				best.a = i
				break
			}
		}
	}
	m.b.strength[best.a] += amount
}

// rivalDistance is the distance from island i to the nearest island of a
// rival of p.
func (m *sim) rivalDistance(p, i int) int {
	d := 2 * tb.Size
	for j, o := range m.b.owner {
		if o != p && o != tb.Wild {
			d = min(d, distance(i, j))
		}
	}
	return d
}

// sail sends p's expedition as pol does, all but one: the hunter's
// capture of a rival's weakest island, else of the weakest wild one; the
// sample's capture with the largest surplus, 2 at least; the rusher's
// capture of the weakest island; a pass if there is none.
func (m *sim) sail(p int, pol simPolicy) {
	var best choice
	for from, o := range m.b.owner {
		if o != p || m.b.strength[from] < 2 {
			continue
		}
		send := m.b.strength[from] - 1
		for _, to := range tb.Neighbours(from) {
			owner, g := m.b.owner[to], m.b.strength[to]
			switch {
			case owner == p:
			case pol == simSample:
				if send-g >= 2 {
					m.offer(&best, send-g, from, to)
				}
			case send <= g:
			case pol == simHunter && owner == tb.Wild:
				m.offer(&best, -g-1<<20, from, to)
			default:
				m.offer(&best, -g, from, to)
			}
		}
	}
	if best.n > 0 {
		m.attack(p, best.a, best.b, m.b.strength[best.a]-1)
	}
}

// greedy plays simGreedy's turn for p, with supply to place (0 if placed).
func (m *sim) greedy(p, supply int) {
	next := m.b
	next.supplyWeakest(p, supply)
	bestV := next.duelValue(p)
	for to := range tb.Islands {
		if m.b.owner[to] == p {
			continue
		}
		from := -1
		for _, n := range tb.Neighbours(to) {
			if m.b.owner[n] == p && (from < 0 || m.b.strength[n] > m.b.strength[from]) {
				from = n
			}
		}
		if from < 0 || m.b.strength[from]+supply-1 <= m.b.strength[to] {
			continue
		}
		c := m.b
		c.strength[from] += supply
		c.attack(p, from, to, c.strength[from]-1)
		if v := c.duelValue(p); v > bestV {
			next, bestV = c, v
		}
	}
	m.b = next
	m.settle(p)
}

// supplyWeakest places supply on p's weakest border island.
func (b *board) supplyWeakest(p, supply int) {
	weak := -1
	for i, o := range b.owner {
		if o == p && b.onBorder(i) && (weak < 0 || b.strength[i] < b.strength[weak]) {
			weak = i
		}
	}
	if weak >= 0 {
		b.strength[weak] += supply
	}
}

// attack sails p's expedition on the rollout's board and settles the
// match if it ends it.
func (m *sim) attack(p, from, to, send int) {
	m.b.attack(p, from, to, send)
	m.settle(p)
}

// settle ends the match if p, which just sailed, holds WinIslands
// islands or is the last captain with any.
func (m *sim) settle(p int) {
	islands, _ := m.b.count()
	in := 0
	for q := range m.b.players {
		if islands[q] > 0 {
			in++
		}
	}
	m.over = islands[p] >= tb.WinIslands || in == 1
}

// endTurn passes the turn to the next captain still in, counting rounds,
// and ends the match once round MaxRounds is over.
func (m *sim) endTurn() {
	islands, _ := m.b.count()
	n := m.b.players
	next := m.turn
	for {
		next = (next + 1) % n
		if islands[next] > 0 {
			break
		}
	}
	pos := func(s int) int { return (s - m.b.opener + n) % n }
	if pos(next) <= pos(m.turn) {
		if m.round == tb.MaxRounds {
			m.over = true
			return
		}
		m.round++
	}
	m.turn, m.sailing = next, false
}

// outcome scores the end of a simulated match for me, as the rules place
// the captains (islands, then strength): winValue for a win, 0 for a
// draw, -winValue for a loss.
func (m *sim) outcome() int {
	islands, strength := m.b.count()
	tied := false
	for q := range m.b.players {
		switch {
		case q == m.me:
		case islands[q] > islands[m.me] || islands[q] == islands[m.me] && strength[q] > strength[m.me]:
			return -winValue
		case islands[q] == islands[m.me] && strength[q] == strength[m.me]:
			tied = true
		}
	}
	if tied {
		return 0
	}
	return winValue
}
