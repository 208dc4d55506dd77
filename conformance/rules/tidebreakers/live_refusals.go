package tidebreakers

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/livewire"
)

// liveProbe is an action the API must refuse, and the documented code.
type liveProbe struct {
	move liveMove
	seat int // whose token is sent; -1 for a token of no seat, -2 for another match's
	code string
	why  string
}

// probes are the refusals worth sending at s, for seat to act.
func (m *liveMatch) probes(s *livewire.State, seat int) []liveProbe {
	var out []liveProbe
	out = append(out, liveProbe{liveMove{op: "pass"}, -1, "forbidden", "a token that holds no seat is refused"},
		liveProbe{liveMove{op: "pass"}, -2, "forbidden", "a token of another match holds no seat of this one"})
	for p, tok := range m.tokens {
		if p == seat || tok == "" {
			continue
		}
		for i := range s.Tiles {
			if liveHolds(s, i, p) {
				v := liveMove{op: "supply", tile: i, amount: 1}
				if s.SupplyLeft == 0 { // the expedition phase, whatever its name
					v = liveMove{op: "pass"}
				}
				out = append(out, liveProbe{v, p, "not_your_turn", "a seat acts only on its turn"})
				break
			}
		}
	}
	illegal := func(v liveMove, why string) { out = append(out, liveProbe{v, seat, "illegal_move", why}) }
	var own, other []int
	for i := range s.Tiles {
		if liveHolds(s, i, seat) {
			own = append(own, i)
		} else {
			other = append(other, i)
		}
	}
	if s.SupplyLeft > 0 {
		illegal(liveMove{op: "pass"}, "a turn may pass only once its supply is placed")
		if rs := liveRoutes(s, seat); len(rs) > 0 {
			illegal(liveMove{op: "attack", from: rs[0][0], to: rs[0][1], send: 1}, "an expedition comes only once the supply is placed")
		}
		illegal(liveMove{op: "supply", tile: other[m.rng.IntN(len(other))], amount: 1}, "supply goes only to islands the seat holds")
		if s.SupplyLeft < 6 {
			illegal(liveMove{op: "supply", tile: own[0], amount: s.SupplyLeft + 1}, "a supply is at most what is left")
		}
		return out
	}
	illegal(liveMove{op: "supply", tile: own[0], amount: 1}, "no supply is left to place")
	for _, f := range own {
		for _, to := range neighbours(f) {
			if liveHolds(s, to, seat) && s.Tiles[f].Strength >= 2 {
				illegal(liveMove{op: "attack", from: f, to: to, send: 1}, "an expedition goes to an island the seat does not hold")
			} else if !liveHolds(s, to, seat) && s.Tiles[f].Strength >= 1 && s.Tiles[f].Strength < 16384 {
				illegal(liveMove{op: "attack", from: f, to: to, send: s.Tiles[f].Strength}, "an expedition leaves at least 1 behind")
			}
		}
		if to := (f + 12) % islands; !adjacent(f, to) && !liveHolds(s, to, seat) && s.Tiles[f].Strength >= 2 {
			illegal(liveMove{op: "attack", from: f, to: to, send: 1}, "an expedition goes to an island sharing an edge")
		}
	}
	for _, f := range other {
		for _, to := range neighbours(f) {
			if !liveHolds(s, to, seat) && s.Tiles[f].Strength >= 2 {
				illegal(liveMove{op: "attack", from: f, to: to, send: 1}, "an expedition leaves from an island the seat holds")
			}
		}
	}
	return out
}

// probe sends one action the API must refuse, and requires the
// documented error and an unchanged match.
func (m *liveMatch) probe(s *livewire.State, seat int) error {
	ps := m.probes(s, seat)
	p := ps[m.rng.IntN(len(ps))]
	tok := "no-seat-" + strings.Repeat("x", 43)
	switch {
	case p.seat >= 0:
		tok = m.tokens[p.seat]
	case p.seat == -2:
		tok = m.foreign
	}
	return m.refused("/api/matches/"+m.code+"/"+p.move.op, p.move.body(tok), p.seat, p.code, p.why)
}

// refused sends a request the API must refuse with code, and requires
// that the match did not change.
func (m *liveMatch) refused(path string, body map[string]any, seat int, code, why string) error {
	r, err := m.post(path, body, seat)
	if err != nil {
		return err
	}
	status := map[string]int{"forbidden": 403, "not_your_turn": 409, "illegal_move": 409, "match_over": 409, "match_full": 409}[code]
	if m.card {
		if !m.t.Refusal(r.Status, status) {
			return m.fail("status", why+": a 4xx answer", "4xx", fmt.Sprintf("%d %s", r.Status, check.Brief(string(r.Body), 200)), "")
		}
		return m.same("a refused request changes nothing: GET")
	}
	var e livewire.Error
	if r.Status != status || json.Unmarshal(r.Body, &e) != nil || e.Error.Code != code || e.Error.Message == "" {
		return m.fail("error.code", why+fmt.Sprintf(": answered %d {error: {code: %s, message}}", status, code),
			fmt.Sprintf("%d %s", status, code), fmt.Sprintf("%d %s", r.Status, check.Brief(string(r.Body), 200)), "")
	}
	return m.same("a refused request changes nothing: GET")
}

// afterEnd requires that a finished match refuses every action with
// match_over and every join with match_full.
func (m *liveMatch) afterEnd() error {
	for p, tok := range m.tokens {
		if tok != "" {
			if err := m.refused("/api/matches/"+m.code+"/pass", map[string]any{"token": tok}, p, "match_over", "no action is legal once the match is over"); err != nil {
				return err
			}
		}
	}
	return m.refused("/api/matches/"+m.code+"/join", map[string]any{"name": "late"}, -1, "match_full", "a match that has started takes no join")
}
