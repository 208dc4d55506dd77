package captains

import (
	"github.com/agentgames/bundle/engines/rng"
	tb "github.com/agentgames/bundle/engines/tidebreakers"
)

// Sparring lists the simple captains the built-in ones are measured
// against, by name: each a plain strategy an agent author might write
// first. They are not served (no match offers them); the tests and
// cmd/ladder play them. Ties are broken as sample breaks them, each from
// its decision's stream.
func Sparring() map[string]Policy {
	return map[string]Policy{"rusher": Rusher, "hunter": Hunter, "turtle": Turtle}
}

// Rusher grabs land: all its supply on its strongest border island, then
// the capture of the weakest island next to it that its strongest
// expedition takes (sending all but one), a rival's or a wild one alike;
// it passes when it can take nothing.
func Rusher(s *tb.State, rs *rng.Stream) tb.Action {
	me := s.Turn()
	if s.Phase() == tb.Supplying {
		var tiles ties[int]
		for _, i := range s.Held(me) {
			if s.Border(i) {
				tiles.offer(i, s.Island(i).Strength)
			}
		}
		return supplyAll(s, &tiles, rs)
	}
	var attacks ties[tb.Action]
	for _, e := range s.Expeditions() {
		if e.MaxSend > s.Island(e.To).Strength {
			attacks.offer(tb.Action{Kind: tb.Attack, From: e.From, To: e.To, Send: e.MaxSend}, -s.Island(e.To).Strength)
		}
	}
	return attackOrPass(&attacks, rs)
}

// Hunter goes for its rivals: all its supply on the strongest of its
// islands facing a rival's (sharing an edge with one), or on its border
// island nearest a rival's if none faces one; then the capture of the
// weakest rival island it can take (sending all but one), else of the
// weakest wild island, else a pass. A hunter won 71 % of 200 two-captain
// matches against strong before strong learnt to answer it.
func Hunter(s *tb.State, rs *rng.Stream) tb.Action {
	me := s.Turn()
	if s.Phase() == tb.Supplying {
		var facing, near ties[int]
		for _, i := range s.Held(me) {
			if !s.Border(i) {
				continue
			}
			d := tb.Size * 2
			for j := range tb.Islands {
				if o := s.Island(j).Owner; o != me && o != tb.Wild {
					d = min(d, distance(i, j))
				}
			}
			if d == 1 {
				facing.offer(i, s.Island(i).Strength)
			}
			near.offer(i, -d)
		}
		if len(facing.best) > 0 {
			return supplyAll(s, &facing, rs)
		}
		return supplyAll(s, &near, rs)
	}
	var rival, wild ties[tb.Action]
	for _, e := range s.Expeditions() {
		to := s.Island(e.To)
		if e.MaxSend <= to.Strength {
			continue
		}
		a := tb.Action{Kind: tb.Attack, From: e.From, To: e.To, Send: e.MaxSend}
		if to.Owner == tb.Wild {
			wild.offer(a, -to.Strength)
		} else {
			rival.offer(a, -to.Strength)
		}
	}
	if len(rival.best) > 0 {
		return rival.pick(rs)
	}
	return attackOrPass(&wild, rs)
}

// Turtle only fortifies: all its supply on its weakest border island,
// and never an expedition.
func Turtle(s *tb.State, rs *rng.Stream) tb.Action {
	if s.Phase() == tb.Supplying {
		var tiles ties[int]
		for _, i := range s.Held(s.Turn()) {
			if s.Border(i) {
				tiles.offer(i, -s.Island(i).Strength)
			}
		}
		return supplyAll(s, &tiles, rs)
	}
	return tb.Action{Kind: tb.Pass}
}

// supplyAll places all the supply on a tied best island; on the first
// island held if none was offered (a captain with no border island).
func supplyAll(s *tb.State, tiles *ties[int], rs *rng.Stream) tb.Action {
	if len(tiles.best) == 0 {
		tiles.offer(s.Held(s.Turn())[0], 0)
	}
	return tb.Action{Kind: tb.Supply, Tile: tiles.pick(rs), Amount: s.SupplyLeft()}
}

// attackOrPass is a tied best attack, or a pass if none was offered.
func attackOrPass(attacks *ties[tb.Action], rs *rng.Stream) tb.Action {
	if len(attacks.best) == 0 {
		return tb.Action{Kind: tb.Pass}
	}
	return attacks.pick(rs)
}

// distance is the number of edges between islands a and b.
func distance(a, b int) int {
	return abs(a/tb.Size-b/tb.Size) + abs(a%tb.Size-b%tb.Size)
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
