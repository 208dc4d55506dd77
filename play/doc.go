// Package play is the core every game is served through, whatever the edge
// (HTTP, Lambda, MCP) and wherever a match lives (a sealed token, a store).
//
// A Game starts matches and restores them from bytes. A Match says which
// seats must act now (its Phase), takes one action per acting seat, and
// shows each seat only what that seat may see. Some seats hold bots: a bot
// is a policy outside the rules, asked by the match for its seat's action.
// The Service runs the loop: it loads a match from its Store, applies the
// caller's action together with the bots acting at the same moment, lets the
// bots play on until a caller must act or the match ends, saves the match,
// and answers an Envelope, a Refusal, or an *Error.
package play
