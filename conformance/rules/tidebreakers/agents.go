package tidebreakers

// This file holds the agents the Tidebreakers referee plays with: random
// (random legal actions), adversarial (illegal and malformed actions mixed
// in, attacks it cannot win, garrisons left at 0, passes) and conqueror
// (plays to eliminate captains).

import "fmt"

// intPtr points at v.
func intPtr(v int) *int { return &v }

// random is a random legal action: one of legalActions, with its amount or
// send drawn from actionRanges.
func (m *match) random() action {
	la := m.last.LegalActions
	a := la[m.rng.IntN(len(la))]
	for _, r := range m.last.ActionRanges {
		switch {
		case a.Type == "supply" && r.Type == "supply":
			a.Amount = intPtr(r.Min + m.rng.IntN(r.Max-r.Min+1))
		case a.Type == "attack" && r.Type == "attack" && r.From != nil && a.From != nil && *r.From == *a.From:
			a.Send = intPtr(r.Min + m.rng.IntN(r.Max-r.Min+1))
		}
	}
	return a
}

// adversary is the adversarial agent's legal action: supply split in ones
// or all at once, then an expedition it cannot win (often leaving a
// garrison at exactly 0), the capture of a garrison at 0, a pass, or its
// best capture, a rival's island before a wild one (to eliminate rivals).
func (m *match) adversary() action {
	g := m.game
	if g.phase == "supply" {
		var held []int
		for i := range g.cells {
			o := g.owner(i)
			if o == 0 {
				held = append(held, i)
			}
		}
		amount := g.left
		if m.rng.IntN(2) == 0 {
			amount = 1
		}
		return action{Type: "supply", Tile: intPtr(held[m.rng.IntN(len(held))]), Amount: intPtr(amount)}
	}
	type route struct{ from, to, max int }
	var routes, zero, losing []route
	best, bestSurplus := route{}, 0
	for from := range g.cells {
		o := g.owner(from)
		if o != 0 || g.strength(from) < 2 {
			continue
		}
		for _, to := range neighbours(from) {
			if g.owner(to) == 0 {
				continue
			}
			r := route{from, to, g.strength(from) - 1}
			routes = append(routes, r)
			s := r.max - g.strength(to)
			if s > 0 && g.owner(to) >= 0 {
				s += islands * maxRounds * maxSupply // a rival's island first
			}
			switch {
			case g.strength(to) == 0:
				zero = append(zero, r)
			case s > bestSurplus:
				best, bestSurplus = r, s
			case s <= 0:
				losing = append(losing, r)
			}
		}
	}
	attack := func(r route, send int) action {
		return action{Type: "attack", From: intPtr(r.from), To: intPtr(r.to), Send: intPtr(send)}
	}
	switch k := m.rng.IntN(10); {
	case len(zero) > 0 && k < 7:
		return attack(zero[m.rng.IntN(len(zero))], 1)
	case len(losing) > 0 && k < 3:
		r := losing[m.rng.IntN(len(losing))]
		if m.rng.IntN(2) == 0 {
			return attack(r, r.max) // all it has, no more than the garrison
		}
		return attack(r, 1+m.rng.IntN(r.max))
	case len(routes) > 0 && k < 5:
		r := routes[m.rng.IntN(len(routes))]
		return attack(r, min(r.max, g.strength(r.to))) // exactly the garrison when it can: 0 left
	case bestSurplus > 0 && k >= 5:
		return attack(best, best.max)
	}
	return action{Type: "pass"}
}

// illegal is an action the rules refuse now, and the code the refusal
// must carry.
func (m *match) illegal() (string, string) {
	g := m.game
	var held, other []int
	for i := range g.cells {
		o := g.owner(i)
		if o == 0 {
			held = append(held, i)
		} else {
			other = append(other, i)
		}
	}
	h := held[m.rng.IntN(len(held))]
	n := neighbours(h)
	cands := [][2]string{
		{`{"type":"pass","tile":0}`, "invalid_action"},
		{`{"type":"supply","tile":25,"amount":1}`, "invalid_action"},
		{fmt.Sprintf(`{"type":"attack","from":%d,"to":%d,"send":0}`, h, n[0]), "invalid_action"},
		{`{"type":"sail"}`, "invalid_action"},
		{fmt.Sprintf(`{"type":"attack","from":%d,"to":%d,"send":1}`, h, h), "illegal_action"},
	}
	if len(other) > 0 {
		o := other[m.rng.IntN(len(other))]
		cands = append(cands,
			[2]string{fmt.Sprintf(`{"type":"supply","tile":%d,"amount":1}`, o), "illegal_action"},
			[2]string{fmt.Sprintf(`{"type":"attack","from":%d,"to":%d,"send":1}`, o, neighbours(o)[0]), "illegal_action"})
	}
	far := (h + 12) % islands // 12 or 13 apart: never adjacent
	cands = append(cands, [2]string{fmt.Sprintf(`{"type":"attack","from":%d,"to":%d,"send":1}`, h, far), "illegal_action"})
	if g.phase == "supply" {
		over := [2]string{fmt.Sprintf(`{"type":"supply","tile":%d,"amount":%d}`, h, g.left+1), "illegal_action"}
		if g.left+1 > maxSupply {
			over[1] = "invalid_action"
		}
		cands = append(cands, over, [2]string{`{"type":"pass"}`, "illegal_action"},
			[2]string{fmt.Sprintf(`{"type":"attack","from":%d,"to":%d,"send":1}`, h, n[m.rng.IntN(len(n))]), "illegal_action"})
	} else {
		cands = append(cands, [2]string{fmt.Sprintf(`{"type":"supply","tile":%d,"amount":1}`, h), "illegal_action"})
		for _, to := range n {
			if g.owner(to) == 0 {
				cands = append(cands, [2]string{fmt.Sprintf(`{"type":"attack","from":%d,"to":%d,"send":1}`, h, to), "illegal_action"})
			} else if g.strength(h) > 0 {
				cands = append(cands, [2]string{fmt.Sprintf(`{"type":"attack","from":%d,"to":%d,"send":%d}`, h, to, g.strength(h)), "illegal_action"})
			}
		}
	}
	c := cands[m.rng.IntN(len(cands))]
	return c[0], c[1]
}

// conqueror is an agent that plays to eliminate: all its supply on its
// strongest island facing a rival, then the capture with the largest
// surplus, a rival's island before a wild one, and no more wild islands
// once it holds 9 (so that it eliminates before it conquers); a pass when
// none captures.
func (m *match) conqueror() action {
	g := m.game
	if g.phase == "supply" {
		best, bestScore := -1, -1
		for i := range g.cells {
			o := g.owner(i)
			if o != 0 {
				continue
			}
			score := g.strength(i)
			for _, n := range neighbours(i) {
				if g.owner(n) > 0 {
					score += 1 << 20
					break
				}
			}
			if score > bestScore {
				best, bestScore = i, score
			}
		}
		return action{Type: "supply", Tile: intPtr(best), Amount: intPtr(g.left)}
	}
	held := g.count(0)
	a, bestScore := action{Type: "pass"}, 0
	for from := range g.cells {
		o := g.owner(from)
		if o != 0 || g.strength(from) < 2 {
			continue
		}
		for _, to := range neighbours(from) {
			s := g.strength(from) - 1 - g.strength(to)
			if g.owner(to) == 0 || s <= 0 || (g.owner(to) < 0 && held >= win-4) {
				continue
			}
			if g.owner(to) > 0 {
				s += 1 << 20
			}
			if s > bestScore {
				bestScore = s
				a = action{Type: "attack", From: intPtr(from), To: intPtr(to), Send: intPtr(g.strength(from) - 1)}
			}
		}
	}
	return a
}
