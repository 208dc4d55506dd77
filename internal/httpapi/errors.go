package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/agentgames/bundle/internal/play"
)

// statusOf maps every error code to its HTTP status. This file is the one
// place where errors become HTTP answers.
var statusOf = map[play.Code]int{
	play.CodeBadJSON:          http.StatusBadRequest,
	play.CodeInvalidRequest:   http.StatusBadRequest,
	play.CodeMissingState:     http.StatusBadRequest,
	play.CodeTokenMalformed:   http.StatusBadRequest,
	play.CodeTokenFormat:      http.StatusBadRequest,
	play.CodeTokenUnknownKey:  http.StatusBadRequest,
	play.CodeTokenForged:      http.StatusBadRequest,
	play.CodeUnknownGame:      http.StatusNotFound,
	play.CodeNotFound:         http.StatusNotFound,
	play.CodeMethodNotAllowed: http.StatusMethodNotAllowed,
	play.CodeBodyTooLarge:     http.StatusRequestEntityTooLarge,
	play.CodeInternal:         http.StatusInternalServerError,
}

type errorBody struct {
	Error errorDetail `json:"error"`
}

type errorDetail struct {
	Code    play.Code `json:"code"`
	Message string    `json:"message"`
}

// writeError answers err as { error: { code, message } }. An error that is
// not a *play.Error is a failure of the server: it is logged and answered
// as "internal" without its details.
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	var pe *play.Error
	if !errors.As(err, &pe) {
		slog.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		pe = play.Errorf(play.CodeInternal, "the server failed to answer; the request may be retried")
	}
	status, ok := statusOf[pe.Code]
	if !ok {
		status = http.StatusInternalServerError
	}
	writeJSON(w, status, errorBody{Error: errorDetail{Code: pe.Code, Message: pe.Message}})
}
