package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/agentgames/bundle/play"
)

// Status is the HTTP status of an error code. This file is the one place
// where errors become HTTP answers; the Lambda edge answers through it too.
func Status(code play.Code) int {
	switch code {
	case play.CodeUnknownGame, play.CodeNotFound, play.CodeNoMatch, play.CodeLedgerMissing, play.CodeNoBot:
		return http.StatusNotFound
	case play.CodeTokenExpired:
		return http.StatusGone
	case play.CodeRateLimited:
		return http.StatusTooManyRequests
	case play.CodeUnavailable:
		return http.StatusServiceUnavailable
	case play.CodeMethodNotAllowed:
		return http.StatusMethodNotAllowed
	case play.CodeForbidden, play.CodeOriginForbidden:
		return http.StatusForbidden
	case play.CodeUnauthorized:
		return http.StatusUnauthorized
	case play.CodeNameTaken, play.CodeTooManyBots, play.CodeBotNotReady, play.CodeMatchFull, play.CodeNotYourTurn, play.CodeAlreadyMoved, play.CodeMatchOver, play.CodeIllegalMove:
		return http.StatusConflict
	case play.CodeBodyTooLarge:
		return http.StatusRequestEntityTooLarge
	}
	switch play.KindOf(code) {
	case play.KindRequest:
		return http.StatusBadRequest
	case play.KindRefusal:
		return http.StatusOK
	case play.KindConflict:
		return http.StatusConflict
	}
	return http.StatusInternalServerError
}

type errorBody struct {
	Error errorDetail `json:"error"`
}

type errorDetail struct {
	Code    play.Code `json:"code"`
	Message string    `json:"message"`
}

// methodError is a method_not_allowed that knows the methods its path
// takes, for the answer's Allow header.
type methodError struct {
	err   *play.Error
	allow []string
}

func (e *methodError) Error() string { return e.err.Error() }
func (e *methodError) Unwrap() error { return e.err }

// MethodNotAllowed is the error of r's path, which takes only the methods
// allow, called with another.
func MethodNotAllowed(r *http.Request, allow ...string) error { return notAllowed(r, allow) }

// notAllowed is the error of a path called with a method it does not
// take; allow lists the methods it takes (never empty). The message names
// them without HEAD and OPTIONS, which go with any GET and any path.
func notAllowed(r *http.Request, allow []string) error {
	var named []string
	for _, m := range allow {
		if m != http.MethodHead && m != http.MethodOptions {
			named = append(named, m)
		}
	}
	return &methodError{allow: allow, err: play.Errorf(play.CodeMethodNotAllowed,
		"%s takes %s, not %s", r.URL.Path, strings.Join(named, " or "), r.Method)}
}

// RPC error codes of JSON-RPC 2.0.
const (
	rpcParseError     = -32700
	rpcInvalidRequest = -32600
	rpcInternalError  = -32603
)

// rpcError is a JSON-RPC error answer: its message is the code and the
// message of the bundle's error, and its data that error as every route
// answers it.
type rpcError struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   rpcDetail       `json:"error"`
}

type rpcDetail struct {
	Code    int         `json:"code"`
	Message string      `json:"message"`
	Data    errorDetail `json:"data"`
}

// WriteRPCError answers err to a JSON-RPC message of MCP's HTTP transport
// that cannot be served (id null when the message has none or cannot be
// read): the HTTP status and headers WriteError gives err, and a JSON-RPC
// error whose message is "code: message" and whose data is the error
// as every route answers it, {code, message}.
func WriteRPCError(w http.ResponseWriter, r *http.Request, id json.RawMessage, err error) {
	pe := answerable(w, r, err)
	code := rpcInvalidRequest
	switch {
	case pe.Code == play.CodeBadJSON:
		code = rpcParseError
	case pe.Kind() == play.KindInternal:
		code = rpcInternalError
	}
	if id == nil {
		id = json.RawMessage("null")
	}
	writeJSON(w, Status(pe.Code), rpcError{JSONRPC: "2.0", ID: id,
		Error: rpcDetail{Code: code, Message: string(pe.Code) + ": " + pe.Message, Data: errorDetail{Code: pe.Code, Message: pe.Message}}})
}

// WriteError answers err as { error: { code, message } }, a 405 with the
// Allow header its path takes, an error that says when to retry with the
// Retry-After header (whole seconds, rounded up). An error that is not a *play.Error with a
// listed code (or that is a refusal, which is no error) is a failure of
// the server: it is logged and answered as "internal" without its details.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	pe := answerable(w, r, err)
	writeJSON(w, Status(pe.Code), errorBody{Error: errorDetail{Code: pe.Code, Message: pe.Message}})
}

// ErrorAnswer is what an error answers on every edge: the HTTP status,
// the headers it calls for (Allow for a 405, Retry-After when it says when
// to retry, WWW-Authenticate for a 401; nil when none) and the error shown, {error: {code, message}}
// in Body.
type ErrorAnswer struct {
	Status int
	Header http.Header
	Error  *play.Error
}

// Body is the answer's JSON body, a line.
func (a ErrorAnswer) Body() []byte {
	b, _ := play.AppendJSON(nil, errorBody{Error: errorDetail{Code: a.Error.Code, Message: a.Error.Message}})
	return b
}

// AnswerError is the answer to err of a request of method to path (for the
// log): an error that is no *play.Error with a listed code (or that is a
// refusal) is logged and shown as internal, without its details.
func AnswerError(ctx context.Context, method, path string, err error) ErrorAnswer {
	var a ErrorAnswer
	set := func(k, v string) {
		if a.Header == nil {
			a.Header = http.Header{}
		}
		a.Header.Set(k, v)
	}
	var me *methodError
	if errors.As(err, &me) {
		set("Allow", strings.Join(me.allow, ", "))
	}
	if !errors.As(err, &a.Error) || !play.Listed(a.Error.Code) || a.Error.Kind() == play.KindRefusal {
		slog.Error("request failed", "method", method, "path", path, "requestId", requestID(ctx), "err", err)
		a.Error = play.Errorf(play.CodeInternal, "the server failed to answer; the request may be retried")
	}
	if a.Error.RetryAfter > 0 {
		set("Retry-After", strconv.Itoa(int((a.Error.RetryAfter+time.Second-1)/time.Second)))
	}
	if a.Error.Code == play.CodeUnauthorized {
		set("WWW-Authenticate", `Bearer realm="agents"`)
	}
	a.Status = Status(a.Error.Code)
	return a
}

// answerable is the *play.Error an answer to err shows (AnswerError),
// with the headers it calls for set on w.
func answerable(w http.ResponseWriter, r *http.Request, err error) *play.Error {
	a := AnswerError(r.Context(), r.Method, r.URL.Path, err)
	for k, v := range a.Header {
		w.Header()[k] = v
	}
	return a.Error
}
