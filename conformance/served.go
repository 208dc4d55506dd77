package conformance

import (
	"fmt"
	"slices"

	"github.com/agentgames/bundle/conformance/check"
)

// Unserved splits checks by the games served: it answers the checks of
// those games, and for each other game one failed result, "not served", in
// place of all its checks. No check of a game depends on another game
// being served, so the rest run as they would on a server of every game.
func Unserved(checks []check.Check, served []string) ([]check.Check, []Result) {
	var kept []check.Check
	var missing []Result
	skipped := map[string]int{}
	for _, c := range checks {
		if slices.Contains(served, c.Game) {
			kept = append(kept, c)
			continue
		}
		if skipped[c.Game] == 0 {
			missing = append(missing, Result{Game: c.Game, Level: check.Protocol, Name: "not served"})
		}
		skipped[c.Game]++
	}
	for i := range missing {
		g := missing[i].Game
		missing[i].Err = &check.Failure{Step: -1, Path: "games", Rule: "GET /api/games lists every game checked",
			Want: g, Got: "absent",
			Detail: fmt.Sprintf("the %d checks of %s did not run; -game chooses the games to check", skipped[g], g)}
	}
	return kept, missing
}
