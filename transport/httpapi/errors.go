package httpapi

import (
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"github.com/agentgames/bundle/play"
)

// Status is the HTTP status of an error code. This file is the one place
// where errors become HTTP answers; the Lambda edge answers through it too.
func Status(code play.Code) int {
	switch code {
	case play.CodeUnknownGame, play.CodeNotFound, play.CodeNoMatch, play.CodeLedgerMissing:
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
	case play.CodeMatchFull, play.CodeNotYourTurn, play.CodeMatchOver, play.CodeIllegalMove:
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

// WriteError answers err as { error: { code, message } }, a 405 with the
// Allow header its path takes. An error that is not a *play.Error with a
// listed code (or that is a refusal, which is no error) is a failure of
// the server: it is logged and answered as "internal" without its details.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	var me *methodError
	if errors.As(err, &me) {
		w.Header().Set("Allow", strings.Join(me.allow, ", "))
	}
	var pe *play.Error
	if !errors.As(err, &pe) || !play.Listed(pe.Code) || pe.Kind() == play.KindRefusal {
		slog.Error("request failed", "method", r.Method, "path", r.URL.Path, "requestId", requestID(r.Context()), "err", err)
		pe = play.Errorf(play.CodeInternal, "the server failed to answer; the request may be retried")
	}
	writeJSON(w, Status(pe.Code), errorBody{Error: errorDetail{Code: pe.Code, Message: pe.Message}})
}
