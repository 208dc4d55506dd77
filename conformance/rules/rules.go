// Package rules is the rules level of the conformance suite: one referee a
// game, each driving an implementation with random and adversarial agents
// over many seeds and checking every transition from what the API shows
// alone, without knowing the generator. A referee reads answers into its
// own types, written from the documented wire format; it imports no engine
// and no game package of this bundle, so it judges this implementation as
// it judges any other.
package rules

import "github.com/agentgames/bundle/conformance/check"

// Referee is a game's rules checks for a number of seeds: the suite's
// registry (conformance.Games) holds one a game.
type Referee func(seeds int) []check.Check

// DefaultSeeds is how many seeds each game's referee plays by default.
const DefaultSeeds = 20
