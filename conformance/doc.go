// Package conformance checks an implementation of the games against the
// golden cases, in process or over HTTP at any base URL, and reports the
// first field where an answer differs.
//
// A case records one seeded match: the init query, then each action sent,
// and for every answer a digest of what an agent sees in it (see Digest).
// The full answer is kept for a few steps of each case (the init, every
// refusal, the end and a sample), and for every step of a few readable
// cases. The package carries the reference engines: when a remote answer's
// digest differs at a step whose answer the case does not keep, Replay
// rebuilds the expected answer from the seed and the actions and names the
// first differing field.
//
// Answers are compared whole, as JSON, except for the fields each
// implementation may write in its own way: the opaque "state" and
// "stateToken" (the replay carries the implementation's own token forward),
// the "spec" document (checked present on init), and the free-text "reason"
// of a refusal (its "code" is compared).
package conformance
