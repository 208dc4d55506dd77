package conformance

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/agentgames/bundle/conformance/check"
)

// ServedGames reads the slugs an implementation lists in its index (the
// body of GET /api/games).
func ServedGames(index []byte) ([]string, error) {
	var v struct {
		Games []struct {
			Slug string `json:"slug"`
		} `json:"games"`
	}
	if err := json.Unmarshal(index, &v); err != nil {
		return nil, fmt.Errorf("GET /api/games: %w", err)
	}
	out := make([]string, 0, len(v.Games))
	for _, g := range v.Games {
		out = append(out, g.Slug)
	}
	return out, nil
}

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
