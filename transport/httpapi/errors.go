package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/agentgames/bundle/play"
)

// Status is the HTTP status of an error code. This file is the one place
// where errors become HTTP answers; the Lambda edge answers through it too.
func Status(code play.Code) int {
	switch code {
	case play.CodeUnknownGame, play.CodeNotFound, play.CodeNoMatch:
		return http.StatusNotFound
	case play.CodeMethodNotAllowed:
		return http.StatusMethodNotAllowed
	case play.CodeForbidden:
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

// WriteError answers err as { error: { code, message } }. An error that is
// not a *play.Error with a listed code (or that is a refusal, which is no
// error) is a failure of the server: it is logged and answered as
// "internal" without its details.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	var pe *play.Error
	if !errors.As(err, &pe) || !play.Listed(pe.Code) || pe.Kind() == play.KindRefusal {
		slog.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		pe = play.Errorf(play.CodeInternal, "the server failed to answer; the request may be retried")
	}
	writeJSON(w, Status(pe.Code), errorBody{Error: errorDetail{Code: pe.Code, Message: pe.Message}})
}
