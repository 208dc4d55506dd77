package tidebreakers

import "github.com/agentgames/bundle/conformance/livewire"

// liveMove is an action of the card's agent API.
type liveMove struct {
	op                           string // supply, attack or pass
	tile, amount, from, to, send int
}

func (v liveMove) body(token string) map[string]any {
	switch v.op {
	case "supply":
		return map[string]any{"token": token, "tile": v.tile, "amount": v.amount}
	case "attack":
		return map[string]any{"token": token, "from": v.from, "to": v.to, "send": v.send}
	}
	return map[string]any{"token": token}
}

// liveRoutes are the expeditions seat may send: from an island it holds
// of strength 2 or more to an adjacent island it does not hold.
func liveRoutes(s *livewire.State, seat int) [][2]int {
	var out [][2]int
	for f, t := range s.Tiles {
		if t.Owner == nil || *t.Owner != seat || t.Strength < 2 {
			continue
		}
		for _, to := range neighbours(f) {
			if !liveHolds(s, to, seat) {
				out = append(out, [2]int{f, to})
			}
		}
	}
	return out
}

func liveHolds(s *livewire.State, tile, seat int) bool {
	return s.Tiles[tile].Owner != nil && *s.Tiles[tile].Owner == seat
}

// choose is the joined seat's next legal move: at random, or greedy, a
// hunter of rivals (all supply where a capture is nearest, a rival's
// island before a wild one; then a capture sending all but one, of a
// rival's island before a wild one, the largest surplus first).
func (m *liveMatch) choose(s *livewire.State, seat int) liveMove {
	var own []int
	for i := range s.Tiles {
		if liveHolds(s, i, seat) {
			own = append(own, i)
		}
	}
	greedy := m.greedy[seat]
	if s.SupplyLeft > 0 { // the supply phase, whatever its name
		if !greedy {
			return liveMove{op: "supply", tile: own[m.rng.IntN(len(own))], amount: 1 + m.rng.IntN(s.SupplyLeft)}
		}
		best, gap := own[0], 1<<30
		for _, f := range own {
			for _, to := range neighbours(f) {
				if !liveHolds(s, to, seat) {
					g := s.Tiles[to].Strength - s.Tiles[f].Strength
					if s.Tiles[to].Owner != nil {
						g -= 1000
					}
					if g < gap {
						best, gap = f, g
					}
				}
			}
		}
		return liveMove{op: "supply", tile: best, amount: s.SupplyLeft}
	}
	routes := liveRoutes(s, seat)
	if greedy {
		var pick *liveMove
		value := func(v liveMove) int { // captures of a rival's island first
			n := v.send - s.Tiles[v.to].Strength
			if s.Tiles[v.to].Owner != nil {
				n += 1000
			}
			return n
		}
		for _, r := range routes {
			v := liveMove{op: "attack", from: r[0], to: r[1], send: s.Tiles[r[0]].Strength - 1}
			if v.send > s.Tiles[r[1]].Strength && (pick == nil || value(v) > value(*pick)) {
				pick = &v
			}
		}
		if pick != nil {
			return *pick
		}
		return liveMove{op: "pass"}
	}
	if len(routes) == 0 || m.rng.IntN(8) == 0 {
		return liveMove{op: "pass"}
	}
	r := routes[m.rng.IntN(len(routes))]
	return liveMove{op: "attack", from: r[0], to: r[1], send: 1 + m.rng.IntN(s.Tiles[r[0]].Strength-1)}
}
