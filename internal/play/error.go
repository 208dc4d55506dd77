package play

import "fmt"

// Code names an error. Codes are stable: agents and other implementations
// match on them, and openapi.yaml lists every one.
type Code string

// Codes of requests the service refuses outright (HTTP 4xx or 5xx).
const (
	CodeBadJSON          Code = "bad_json"
	CodeInvalidRequest   Code = "invalid_request"
	CodeMissingState     Code = "missing_state"
	CodeTokenMalformed   Code = "token_malformed"
	CodeTokenFormat      Code = "token_format"
	CodeTokenUnknownKey  Code = "token_unknown_key"
	CodeTokenForged      Code = "token_forged"
	CodeUnknownGame      Code = "unknown_game"
	CodeNotFound         Code = "not_found"
	CodeMethodNotAllowed Code = "method_not_allowed"
	CodeBodyTooLarge     Code = "body_too_large"
	CodeInternal         Code = "internal"
)

// CodeInvalidAction is the refusal (HTTP 200, ok:false) of an action that
// does not match the game's action grammar. Refusals by the rules carry the
// engines' codes.
const CodeInvalidAction = "invalid_action"

// Error is a request the service refuses. It is turned into an HTTP answer
// in one place, package httpapi.
type Error struct {
	Code    Code
	Message string
}

func (e *Error) Error() string { return string(e.Code) + ": " + e.Message }

// Errorf builds an *Error.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}
