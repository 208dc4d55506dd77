// Package captains holds Tidebreakers' built-in captains: policies outside
// the rules that choose the action of the captain to act from the public
// state and the decision's random stream (State.BotStream).
//
//   - random: a random legal action: supply on a random island of its own,
//     a random amount; then a pass or a random expedition with a random
//     strength, all choices equally likely.
//   - sample: the card's sample bot. It supplies its weakest border island
//     (a held island sharing an edge with one it does not hold, of the
//     lowest strength; any held island if none borders), all its supply at
//     once. It attacks only when clearly stronger: sending all but one, the
//     expedition must capture with at least 2 to spare; of those, the
//     largest surplus. Otherwise it holds (passes). Ties are broken at
//     random: the k-th of n tied choices in index order (routes by from,
//     then to), k = Intn(n) from the decision's stream.
//   - strong: a searching captain (see strong.go).
//
// Sparring lists the simple captains they are measured against (rusher,
// hunter, turtle): not served, played by the tests and cmd/ladder.
package captains

import (
	"github.com/agentgames/bundle/engines/rng"
	tb "github.com/agentgames/bundle/engines/tidebreakers"
)

// Policy chooses the action of the captain to act in s.
type Policy func(s *tb.State, rs *rng.Stream) tb.Action

// Names lists the captains, in the order the docs describe them.
func Names() []string { return []string{"sample", "strong", "random"} }

// Named is the captain of that name.
func Named(name string) (Policy, bool) {
	switch name {
	case "random":
		return Random, true
	case "sample":
		return Sample, true
	case "strong":
		return Strong, true
	}
	return nil, false
}

// Random is a random legal action.
func Random(s *tb.State, rs *rng.Stream) tb.Action {
	if s.Phase() == tb.Supplying {
		held := s.Held(s.Turn())
		return tb.Action{Kind: tb.Supply, Tile: held[rs.Intn(len(held))], Amount: 1 + rs.Intn(s.SupplyLeft())}
	}
	ex := s.Expeditions()
	k := rs.Intn(len(ex) + 1)
	if k == len(ex) {
		return tb.Action{Kind: tb.Pass}
	}
	e := ex[k]
	return tb.Action{Kind: tb.Attack, From: e.From, To: e.To, Send: 1 + rs.Intn(e.MaxSend)}
}

// Sample is the card's sample bot.
func Sample(s *tb.State, rs *rng.Stream) tb.Action {
	if s.Phase() == tb.Supplying {
		var border, all ties[int]
		for _, i := range s.Held(s.Turn()) {
			all.offer(i, -s.Island(i).Strength)
			if s.Border(i) {
				border.offer(i, -s.Island(i).Strength)
			}
		}
		if len(border.best) == 0 {
			border = all
		}
		return tb.Action{Kind: tb.Supply, Tile: border.pick(rs), Amount: s.SupplyLeft()}
	}
	var attacks ties[tb.Action]
	for _, e := range s.Expeditions() {
		if m := e.MaxSend - s.Island(e.To).Strength; m >= 2 {
			attacks.offer(tb.Action{Kind: tb.Attack, From: e.From, To: e.To, Send: e.MaxSend}, m)
		}
	}
	if len(attacks.best) == 0 {
		return tb.Action{Kind: tb.Pass}
	}
	return attacks.pick(rs)
}

// ties keeps the choices of the highest score seen, in the order offered.
type ties[T any] struct {
	best  []T
	score int
}

func (t *ties[T]) offer(c T, score int) {
	switch {
	case len(t.best) == 0 || score > t.score:
		t.best, t.score = []T{c}, score
	case score == t.score:
		t.best = append(t.best, c)
	}
}

// pick is the k-th tied choice, k = Intn(n).
func (t *ties[T]) pick(rs *rng.Stream) T { return t.best[rs.Intn(len(t.best))] }
