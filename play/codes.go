package play

import "github.com/agentgames/bundle/engines"

// Code names an error. Codes are stable: agents and other implementations
// match on them. This file lists every code; openapi.yaml lists the same
// ones (a test holds the two together).
type Code string

// Codes of requests the service cannot act on (KindRequest).
const (
	CodeBadJSON          Code = "bad_json"
	CodeInvalidRequest   Code = "invalid_request"
	CodeMissingState     Code = "missing_state"
	CodeTokenMalformed   Code = "token_malformed"
	CodeTokenFormat      Code = "token_format"
	CodeTokenUnknownKey  Code = "token_unknown_key"
	CodeTokenForged      Code = "token_forged"
	CodeTokenExpired     Code = "token_expired"
	CodeLedgerMissing    Code = "ledger_missing"
	CodeUnknownGame      Code = "unknown_game"
	CodeNotFound         Code = "not_found"
	CodeMethodNotAllowed Code = "method_not_allowed"
	CodeBodyTooLarge     Code = "body_too_large"
	CodeNoMatch          Code = "no_match"
	CodeForbidden        Code = "forbidden"
	CodeMatchFull        Code = "match_full"
	CodeNotYourTurn      Code = "not_your_turn"
	CodeAlreadyMoved     Code = "already_moved"
	CodeMatchOver        Code = "match_over"
	CodeIllegalMove      Code = "illegal_move"
	CodeRateLimited      Code = "rate_limited"
	CodeOriginForbidden  Code = "origin_forbidden"
	CodeUnauthorized     Code = "unauthorized"
	CodeNameTaken        Code = "name_taken"
	CodeAlreadySeated    Code = "already_seated"
	CodeNoBot            Code = "no_bot"
	CodeURLRefused       Code = "url_refused"
	CodeTooManyBots      Code = "too_many_bots"
	CodeChallengeFailed  Code = "challenge_failed"
	CodeBotNotReady      Code = "bot_not_ready"
)

// Codes of writes that lost a race (KindConflict): CodeConflict in
// general, CodeTokenSpent for a ranked token spent already.
const (
	CodeConflict   Code = "conflict"
	CodeTokenSpent Code = "token_spent"
)

// Codes of failures of the server (KindInternal): CodeInternal in
// general, CodeUnavailable when it cannot serve the request for now, and
// CodeStoreDamaged when its store is damaged where the request reads.
const (
	CodeInternal     Code = "internal"
	CodeUnavailable  Code = "unavailable"
	CodeStoreDamaged Code = "store_damaged"
)

// Codes of refused actions (KindRefusal). CodeInvalidAction is a grammar
// refusal, made by the game's parser; the others come from the engines.
const (
	CodeInvalidAction  Code = "invalid_action"
	CodeIllegalAction  Code = engines.CodeIllegalAction
	CodeGameOver       Code = engines.CodeGameOver
	CodeNotStarted     Code = engines.CodeNotStarted
	CodeAlreadyStarted Code = engines.CodeAlreadyStarted
)

// CodeInfo is one code: its kind and what it means.
type CodeInfo struct {
	Code Code
	Kind Kind
	Doc  string
}

var codes = []CodeInfo{
	{CodeBadJSON, KindRequest, "the body is not one JSON object: not JSON (invalid UTF-8 included), a repeated key, more than 64 keys in one object, or nested deeper than 32 levels."},
	{CodeInvalidRequest, KindRequest, "the request does not match the contract outside the action: an unknown, repeated or malformed query parameter (a path that takes none refuses any), an unknown or malformed field, a body without `action`, or `state` and `stateToken` both sent and different."},
	{CodeMissingState, KindRequest, "no `state` (or `stateToken`) was sent, or it was empty."},
	{CodeTokenMalformed, KindRequest, "the state is not a token at all: not a string, or not base64url."},
	{CodeTokenFormat, KindRequest, "the token has a format this server does not read."},
	{CodeTokenUnknownKey, KindRequest, "the token was sealed under a key this server does not hold."},
	{CodeTokenForged, KindRequest, "the token failed authentication (altered, or made for another game or server)."},
	{CodeTokenExpired, KindRequest, "(ranked) the ranked match's time to play is over (24 hours from its start): its tokens no longer play; its ledger shows it."},
	{CodeLedgerMissing, KindRequest, "(ranked) this server's store holds no ledger of the token's ranked match as far as the token has played it (the match was started on a server with another store, or the store lost it), so the token cannot be played here."},
	{CodeUnknownGame, KindRequest, "no game has that slug."},
	{CodeNotFound, KindRequest, "no such path."},
	{CodeMethodNotAllowed, KindRequest, "the path does not take that method; the answer's `Allow` header lists the methods it takes."},
	{CodeBodyTooLarge, KindRequest, "the body exceeds its route's limit: 64 KiB, 16 KiB at /mcp, 256 KiB at a bot endpoint."},
	{CodeNoMatch, KindRequest, "no live match has that code, nor MCP match that handle (or it has expired)."},
	{CodeForbidden, KindRequest, "(live) the token holds no seat of that match."},
	{CodeMatchFull, KindRequest, "(live) the match has no empty seat, or has started."},
	{CodeNotYourTurn, KindRequest, "(live) another seat is to act, the seat is out of the match, or the match is still in its lobby."},
	{CodeAlreadyMoved, KindRequest, "(live, in rounds) the seat has moved in this round already: its first move stands, hidden until the round resolves; wait for the next round."},
	{CodeMatchOver, KindRequest, "(live) the match has ended; no action is legal."},
	{CodeIllegalMove, KindRequest, "(live) the rules forbid that action now; the message says why."},
	{CodeRateLimited, KindRequest, "this client (one network address) has made as many requests of this kind as the server allows for now (creating live matches, say); the `Retry-After` header says in how many seconds to try again."},
	{CodeOriginForbidden, KindRequest, "(MCP) the request comes from a web page of an origin this server does not allow (its `Origin` header), or, on a server listening on a loopback address, names another host (its `Host` header): a page of another site may not drive it."},
	{CodeUnauthorized, KindRequest, "(agents) the request needs an agent's key (`Authorization: Bearer <key>`) and has none, or one that is not a key in use: malformed, revoked, or of no agent."},
	{CodeNameTaken, KindRequest, "(agents) another agent holds that name, or one that looks like it (names are compared by their Unicode confusable skeleton, UTS #39, whatever their case or width)."},
	{CodeAlreadySeated, KindRequest, "(live) the request's agent holds a seat of this match already: an agent plays one seat of a match (join without the key, unrated, to sit twice)."},
	{CodeNoBot, KindRequest, "(arena) no bot of that game has that id (or it was deleted)."},
	{CodeURLRefused, KindRequest, "(arena) the arena does not call that URL: not https (unless the host allows http), user info in it, a host spelt as a number, or longer than 500 bytes; a name that resolves to an address that is not public is refused when it is called."},
	{CodeTooManyBots, KindRequest, "(arena) the agent has as many bots of that game as an agent may (5), or the game as many as the arena keeps (1000)."},
	{CodeChallengeFailed, KindRequest, "(arena) the bot's init reply did not return its challenge, or it did not answer as the protocol says (the message says how); the bot stays pending."},
	{CodeBotNotReady, KindRequest, "(arena) a bot of the fight may not fight now: pending (it has not proved its URL), paused, or it failed its health check (the message says which and why)."},
	{CodeConflict, KindConflict, "another request changed the match first; load it again and retry. Over MCP: another act on the same handle was played first, and this one was not; the error's text shows the match as it is now."},
	{CodeTokenSpent, KindConflict, "(ranked) this token was spent on an action already; each ranked token plays once, so go on from the state its answer gave."},
	{CodeInternal, KindInternal, "the server failed; the request may be retried."},
	{CodeUnavailable, KindInternal, "the server cannot serve this request for now (no free match code, say); the `Retry-After` header says in how many seconds to try again."},
	{CodeStoreDamaged, KindInternal, "the server's data store is damaged where this request reads; the server logged where, and its operator must restore the store. Retrying does not help."},
	{CodeInvalidAction, KindRefusal, "the action does not match the game's action grammar; the reason names the field and what it allows."},
	{CodeIllegalAction, KindRefusal, "the action is well formed but the rules forbid it now."},
	{CodeGameOver, KindRefusal, "the match has ended; no action is legal."},
	{CodeNotStarted, KindRefusal, "(Brinebell) only start is legal before the start."},
	{CodeAlreadyStarted, KindRefusal, "(Brinebell) the run has already started."},
}

// Codes lists every code.
func Codes() []CodeInfo { return append([]CodeInfo(nil), codes...) }

// Listed reports whether c is one of the codes above.
func Listed(c Code) bool {
	for _, ci := range codes {
		if ci.Code == c {
			return true
		}
	}
	return false
}

// KindOf is the kind of a code; an unlisted code is KindInternal.
func KindOf(c Code) Kind {
	for _, ci := range codes {
		if ci.Code == c {
			return ci.Kind
		}
	}
	return KindInternal
}
