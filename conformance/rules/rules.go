// Package rules is the rules level of the conformance suite: one referee a
// game, each in its own package below this one, driving an implementation
// with random and adversarial agents over many seeds and checking every
// transition from what the API shows alone, without knowing the
// generator. A referee reads answers into its own types, written from the
// documented wire format; it imports no engine, no game package and not
// the play service of this bundle (a test holds every package here to
// that), so it judges this implementation as it judges any other.
//
// This package is the harness the referees share. A Match plays over the
// stateless loop: it opens a match (a chosen seed echoed and dealing the
// same match twice), sends actions with the token of the answer before,
// counts the steps, decodes the Envelope every game's answer shares
// beside the game's own fields, and makes the probes every referee makes:
// a refused action must hand back the token unchanged and change nothing
// (Refuse), and once the match is over no action is legal and one more is
// refused game_over (AfterEnd). Where places a failure at the request that
// showed it (the match, the step, the action sent, the field), and Broke,
// FailAll and SetBreak write the rule broken.
package rules

import "github.com/agentgames/bundle/conformance/check"

// Referee is a game's rules checks for a number of seeds: the suite's
// registry (conformance.Games) holds one a game.
type Referee func(seeds int) []check.Check

// DefaultSeeds is how many seeds each game's referee plays by default.
const DefaultSeeds = 20

// LoopOpen is what the referees of the stateless loop hold that the cards
// leave open: they follow a match through this bundle's view, events and
// result (openapi.yaml), and the cards fix no view of the board, so under
// the cards' profile their checks are skipped with it.
const LoopOpen = "the referee follows the match through this bundle's view, events and result (openapi.yaml); " +
	"the cards fix no view of the board, only the observation text, legalActions, score and gameOver"
