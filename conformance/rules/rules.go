// Package rules is the rules level of the conformance suite: one referee a
// game, each driving an implementation with random and adversarial agents
// over many seeds and checking every transition from what the API shows
// alone, without knowing the generator. A referee reads answers into its
// own types, written from the documented wire format; it imports no engine
// and no game package of this bundle, so it judges this implementation as
// it judges any other.
package rules

import (
	"fmt"
	"slices"

	"github.com/agentgames/bundle/conformance/check"
)

// referees holds each game's checks for a number of seeds.
var referees = map[string]func(seeds int) []check.Check{
	"brinebell":    brinebellChecks,
	"tidebreakers": tidebreakersChecks,
	"tinrail":      tinrailChecks,
	"tron":         tronChecks,
}

// DefaultSeeds is how many seeds each game's referee plays by default.
const DefaultSeeds = 20

// Checks are the rules checks of game over seeds seeds (DefaultSeeds when
// seeds is 0).
func Checks(game string, seeds int) ([]check.Check, error) {
	f, ok := referees[game]
	if !ok {
		return nil, fmt.Errorf("no referee for game %q", game)
	}
	if seeds <= 0 {
		seeds = DefaultSeeds
	}
	return f(seeds), nil
}

// Games lists the games that have a referee.
func Games() []string {
	var out []string
	for g := range referees {
		out = append(out, g)
	}
	slices.Sort(out)
	return out
}
