// Package conformance checks any implementation of the games at a base
// URL. Checks gathers the checks of three levels (package protocol, package
// rules, and the golden replays of this package) for the games and levels
// asked for, Run runs them, and Report writes the results as JSON, JUnit
// XML or one HTML page (WriteHTML), which shows each golden replay that
// failed in the replay viewer, the answers received beside the expected
// (see ReplayFailure).
//
// The golden level replays the golden cases. A case records one seeded
// match: the init query, then each action sent, and for every answer a
// digest of what an agent sees in it (see Digest). The full answer is kept
// for a few steps of each case (the init, every refusal, the end and a
// sample), and for every step of a few readable cases. The package carries
// the reference engines: when a remote answer's digest differs at a step
// whose answer the case does not keep, Replay rebuilds the expected answer
// from the seed and the actions and names the first differing field.
//
// Answers are compared as JSON, except for the fields each implementation
// may write in its own way: the opaque "state" and "stateToken" (the
// replay carries the implementation's own token forward), the "spec"
// document (checked present on init), and the free-text "reason" of a
// refusal (its "code" is compared). Unless the replay is exact, the
// "observation" text is only required to be present and "legalActions"
// may come in any order (CompareFacts).
package conformance
