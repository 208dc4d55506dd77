// Package protocol is the protocol level of the conformance suite: the
// envelope and its fields, refusals that leave the state usable, the
// documented 4xx answers to malformed requests and tokens, and answers
// that match openapi.yaml, for any implementation.
//
// It talks to the implementation over HTTP alone and reads answers into
// its own small types, written from the documented wire format
// (docs/<game>.md, openapi.yaml, play/codes.go's codes and the statuses of
// transport/httpapi/errors.go). Every answer any check sees is validated
// against openapi.yaml, this bundle's copy (an implementation's own
// /openapi.yaml is never the judge), for its operation and status: status,
// content type and body (contract.go). A game's checks, each one match or
// one set of requests:
//   - index and documents: GET /api/games lists the game and its URLs;
//     /llms.txt, /, /openapi.yaml and /docs/api/{slug} are served.
//   - init options: the defaults and each option set are shown in the view,
//     no seed is shown unless chosen, and bad seeds, repeated, unknown and
//     out-of-range parameters are 400 invalid_request.
//   - methods and unknown games: 405 method_not_allowed with an Allow
//     header naming the method the path takes, 404 unknown_game.
//   - tokens: missing_state, token_malformed, truncated and bit-flipped
//     tokens, another game's token (token_forged).
//   - malformed requests: bad_json, invalid_request, 413 body_too_large.
//   - request forms: any Content-Type, stateToken, key order, 2.0.
//   - match seed N: a random agent plays to the end; at every step an
//     action outside the grammar and one not legal now are refused with
//     their codes, the token unchanged and the state usable; game_over
//     after the end.
//   - server-picked seed: sealed until the end, then reported, and it
//     deals the same match.
//   - live matches, for a game that has them: Tidebreakers' (live.go) and
//     Tron's (live_tron.go), each check saying what it holds.
//
// What it cannot check, or does not, and why:
//   - token_unknown_key: it needs a token sealed under a key the server
//     does not hold, which only the server's operator can make.
//   - Which token code a truncated token, or one altered outside its
//     middle, earns: the codes name "not a token at all" (token_malformed),
//     a format, a key and "altered" (token_forged) without saying where a
//     token keeps its format or key; such tokens must earn a 400 with one
//     of the four token codes, and only one altered in its middle must
//     earn token_forged.
//   - A body without "action", state and stateToken both sent and
//     differing, an empty state, and an object of more than 64 keys: the
//     server answers 400 invalid_request, invalid_request, missing_state and
//     bad_json, but no document names those codes, so they go unchecked.
//   - Query parameters written 10.0: the "2 or 2.0" rule is the body's.
//   - That a grammar action not listed is refused: only a sample of the
//     grammar is probed each step (grammar in games.go).
package protocol

import "github.com/agentgames/bundle/conformance/check"

// matchSeeds are the seeds the match checks play, one an option set.
var matchSeeds = []uint64{1, 2, 3}

// Checks are the protocol checks of the game spec describes.
func Checks(spec Spec) []check.Check {
	cs := []check.Check{siteCheck(spec), bundleOnly(initCheck(spec), initOpen), bundleOnly(routesCheck(spec), routesOpen),
		bundleOnly(tokensCheck(spec), tokensOpen), bundleOnly(malformedCheck(spec), malformedOpen), bundleOnly(variantsCheck(spec), variantsOpen),
		bundleOnly(shapesCheck(spec), shapesOpen), bundleOnly(rankedCheck(spec), rankedOpen)}
	for i, seed := range matchSeeds {
		cs = append(cs, matchCheck(spec, seed, spec.options[i%len(spec.options)]))
	}
	cs = append(cs, bundleOnly(hiddenSeedCheck(spec, spec.options[len(spec.options)-1]), hiddenSeedOpen))
	if spec.live != nil {
		cs = append(cs, spec.live()...)
	}
	return cs
}

// fixedMatch names the match the request checks take their token from.
func fixedMatch(spec Spec) (string, string) {
	query := joinQuery("seed=5", spec.options[0])
	return query, "init?" + query
}

// What the checks of the bundle's contract alone hold that the cards and
// the common API they assume (../shared/spec/README.md) leave open: the
// cards' profile skips them with these words.
const (
	initOpen = "the options besides seed (opponent, players, size), their defaults shown in view, " +
		"400 invalid_request for a bad parameter, and HEAD are this bundle's"
	routesOpen     = "405 method_not_allowed with Allow, and 404 unknown_game, are this bundle's answers"
	tokensOpen     = "the token codes (missing_state, token_malformed, token_forged) are this bundle's"
	malformedOpen  = "bad_json, invalid_request and 413 body_too_large are this bundle's answers to bodies it cannot read"
	variantsOpen   = "the request forms it sends (stateToken for every game, any Content-Type, 2.0 for 2, bodies up to 64 KiB) are this bundle's choices"
	shapesOpen     = "answer=text and answer=view are this bundle's extension"
	rankedOpen     = "ranked play is this bundle's extension"
	hiddenSeedOpen = "a seed the server picks, sealed until the end and then reported, is this bundle's decision (README decision 7)"
)

// bundleOnly marks c as a check of the bundle's contract alone, saying
// what the cards leave open.
func bundleOnly(c check.Check, open string) check.Check {
	c.BundleOnly = open
	return c
}
