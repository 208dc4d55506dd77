package gbot

import (
	"slices"

	"github.com/agentgames/bundle/engines/rng"
	"github.com/agentgames/bundle/engines/tinrail"
)

// Values of positions for the side that searches. A heuristic value always
// lies strictly between lossValue and winValue.
const (
	winValue  = 1000.0
	drawValue = -50.0
	lossValue = -1000.0
	// tieMargin: choices whose values differ by less are equally good, and
	// G-Bot picks among them at random.
	tieMargin = 1e-9
)

// wiseDepth is how many placements G-Bot Wise looks ahead, its own first.
const wiseDepth = 3

// searcher runs G-Bot Wise's expectimax over a seat's view.
type searcher struct {
	me        tinrail.Player
	unseen    []tinrail.Tile
	theirHand int
	values    [][]float64 // scratch per depth
}

// Wise is G-Bot Wise: an expectimax search wiseDepth placements deep. On its
// own turns it plays the best placement from the tiles it knows it holds. On
// the other side's turns it assumes that side holds a uniformly random set of
// the unseen tiles (as many as it really holds) and answers with the
// placement worst for G-Bot. Open positions at the horizon are valued by how
// safe each engine's next ride is. It picks the placement with the best
// expected value, breaking exact ties at random with one draw from rs.
func Wise(v *tinrail.SeatView, rs *rng.Stream) (tileIndex, rotation int) {
	s := searcher{me: v.Seat(), unseen: v.Unseen(), theirHand: v.TheirHandLen(), values: make([][]float64, wiseDepth+1)}
	pos, hand := v.Position(), v.Hand()
	var best []option
	bestValue := 0.0
	for _, o := range options(&hand) {
		value := s.after(&pos, s.me, hand.At(o.index), o.rotation, hand.Without(o.index), 0, wiseDepth-1)
		switch {
		case best == nil || value > bestValue+tieMargin:
			best, bestValue = []option{o}, value
		case value >= bestValue-tieMargin:
			best = append(best, o)
		}
	}
	o := best[rs.Intn(len(best))]
	return o.index, o.rotation
}

// after values the position once side who lays tile t at rotation r, with
// depth placements left to search and used the unseen tiles already laid in
// this line of play.
func (s *searcher) after(p *tinrail.Position, who tinrail.Player, t tinrail.Tile, r int, mine tinrail.Hand, used uint64, depth int) float64 {
	q := *p
	q.Place(who, t, r)
	switch q.Fate(s.me) {
	case tinrail.FateWins:
		return winValue
	case tinrail.FateLoses:
		return lossValue
	case tinrail.FateDraws:
		return drawValue
	}
	if depth == 0 {
		return heuristic(&q, s.me)
	}
	if who == s.me {
		return s.reply(&q, mine, used, depth)
	}
	return s.best(&q, mine, used, depth)
}

// best is G-Bot's turn: the best of the placements from the tiles it knows.
// With no known tile left, the position is valued as it stands.
func (s *searcher) best(p *tinrail.Position, mine tinrail.Hand, used uint64, depth int) float64 {
	if mine.Len() == 0 {
		return heuristic(p, s.me)
	}
	best := lossValue
	for _, o := range options(&mine) {
		best = max(best, s.after(p, s.me, mine.At(o.index), o.rotation, mine.Without(o.index), used, depth-1))
	}
	return best
}

// reply is the other side's turn. It holds a uniformly random k-subset of the
// n unseen tiles and plays the reply worst for G-Bot. With each tile's worst
// reply sorted ascending as v_0 <= v_1 <= ..., the i-th is the minimum of the
// hand with probability C(n-1-i, k-1) / C(n, k).
func (s *searcher) reply(p *tinrail.Position, mine tinrail.Hand, used uint64, depth int) float64 {
	k := s.theirHand
	if k == 0 {
		return drawValue
	}
	values := s.values[depth][:0]
	for _, t := range s.unseen {
		if used&(1<<t) != 0 {
			continue
		}
		worst := winValue
		for r := range tinrail.Rotations {
			if !repeatsRotation(t, r) {
				worst = min(worst, s.after(p, s.me.Other(), t, r, mine, used|1<<t, depth-1))
			}
		}
		values = append(values, worst)
	}
	s.values[depth] = values
	slices.Sort(values)
	n := len(values)
	k = min(k, n)
	sum := 0.0
	for i, val := range values {
		if w := choose(n-1-i, k-1); w > 0 {
			sum += val * w
		}
	}
	return sum / choose(n, k)
}

// choose is the binomial coefficient C(n, k), zero when k > n.
func choose(n, k int) float64 {
	if k < 0 || k > n {
		return 0
	}
	c := 1.0
	for i := range k {
		c = c * float64(n-i) / float64(i+1)
	}
	return c
}

// heuristic values an open position for side me: the difference between the
// two engines' next-ride safety, in points.
func heuristic(p *tinrail.Position, me tinrail.Player) float64 {
	return 100 * (safety(p, me) - safety(p, me.Other()))
}

// safety estimates how likely a side's engine is to survive the next tile
// laid in the cell it faces: of the seven ports the new tile can send it out
// by, the share whose ride through the present track stays on the table. A
// ride that comes back to the engine's own cell goes on through the new tile
// in ways this does not follow, and counts as half safe.
func safety(p *tinrail.Position, side tinrail.Player) float64 {
	n := p.At(side)
	b := p.Board()
	safe := 0.0
	for q := range tinrail.Ports {
		if q == n.Port {
			continue
		}
		next := tinrail.Neighbour(n.Cell, q)
		if next < 0 {
			continue
		}
		if b.Empty(next) {
			safe++
			continue
		}
		r := b.Ride(tinrail.Notch{Cell: next, Port: tinrail.Adj(q)})
		switch {
		case r.Off:
		case r.To.Cell == n.Cell:
			safe += 0.5
		default:
			safe++
		}
	}
	return safe / (tinrail.Ports - 1)
}
