// Package tidecaptain is the card's sample Tidebreakers bot as an agent of
// the live match API, an example for agent authors: from the public state
// alone it supplies its weakest border island (one it holds next to one it
// does not; the lowest strength, then the lowest tile), attacks only when
// clearly stronger (sending all but one, the expedition captures with at
// least 2 to spare; the largest surplus, then the lowest from and to), and
// otherwise holds. cmd/tidebreakers-bot plays it over HTTP.
package tidecaptain

import (
	engine "github.com/agentgames/bundle/engines/tidebreakers"
	"github.com/agentgames/bundle/games/tidebreakers/live"
)

// Next is the request seat sends now, with its token: the operation
// (supply, attack or pass) and its body.
func Next(st *live.State, seat int, token string) (op string, body map[string]any) {
	mine := func(i int) bool { o := st.Tiles[i].Owner; return o != nil && *o == seat }
	if st.Phase == "supply" {
		weak, weakest := -1, -1
		for i := range st.Tiles {
			if !mine(i) {
				continue
			}
			if weakest < 0 || st.Tiles[i].Strength < st.Tiles[weakest].Strength {
				weakest = i
			}
			border := false
			for _, n := range engine.Neighbours(i) {
				border = border || !mine(n)
			}
			if border && (weak < 0 || st.Tiles[i].Strength < st.Tiles[weak].Strength) {
				weak = i
			}
		}
		if weak < 0 {
			weak = weakest
		}
		return "supply", map[string]any{"token": token, "tile": weak, "amount": st.SupplyLeft}
	}
	from, to, surplus := -1, -1, 1
	for i := range st.Tiles {
		if !mine(i) {
			continue
		}
		for _, n := range engine.Neighbours(i) {
			if m := st.Tiles[i].Strength - 1 - st.Tiles[n].Strength; !mine(n) && m > surplus {
				from, to, surplus = i, n, m
			}
		}
	}
	if from < 0 {
		return "pass", map[string]any{"token": token}
	}
	return "attack", map[string]any{"token": token, "from": from, "to": to, "send": st.Tiles[from].Strength - 1}
}
