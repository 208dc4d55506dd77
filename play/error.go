package play

import (
	"errors"
	"fmt"
	"time"
)

// Kind sorts errors by what the caller should do about them.
type Kind uint8

// Kinds of errors.
const (
	// KindRequest: the request cannot be acted on (HTTP 4xx); send another.
	KindRequest Kind = iota + 1
	// KindRefusal: the action was refused (HTTP 200, ok false); nothing
	// changed; pick a legal action and retry.
	KindRefusal
	// KindConflict: another request changed the match first (HTTP 409);
	// reload and retry.
	KindConflict
	// KindInternal: the server failed (HTTP 5xx); the request may be retried.
	KindInternal
)

// Error is an answer that is not an envelope: a refused action or a
// request the service cannot act on. Edges translate it in one place each.
type Error struct {
	Code    Code
	Message string
	// RetryAfter, when not zero, is how long the caller should wait before
	// sending the request again (CodeRateLimited, CodeUnavailable).
	RetryAfter time.Duration
}

func (e *Error) Error() string { return string(e.Code) + ": " + e.Message }

// Kind is the kind of e's code.
func (e *Error) Kind() Kind { return KindOf(e.Code) }

// Errorf builds an *Error.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// IsCode reports whether err is an *Error with code c.
func IsCode(err error, c Code) bool {
	var pe *Error
	return errors.As(err, &pe) && pe.Code == c
}
