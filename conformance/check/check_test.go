package check_test

import (
	"context"
	"net/http"
	"sync/atomic"
	"testing"

	"github.com/agentgames/bundle/conformance/check"
)

// TestDoWaitsWhenAsked: a 429 or 503 with a Retry-After of at most a
// minute is waited for and asked again, up to three times; a longer wait,
// or none named, is answered as it is.
func TestDoWaitsWhenAsked(t *testing.T) {
	for _, tt := range []struct {
		name       string
		status     int
		retryAfter string
		busy       int32
		wantCalls  int32
		wantStatus int
	}{
		{"twice 429, then served", 429, "0", 2, 3, 200},
		{"once 503, then served", 503, "0", 1, 2, 200},
		{"always 429: three waits", 429, "0", 100, 4, 429},
		{"too long to wait", 429, "120", 1, 1, 429},
		{"no Retry-After", 503, "", 1, 1, 503},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var calls atomic.Int32
			target := check.HandlerTarget(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if calls.Add(1) <= tt.busy {
					if tt.retryAfter != "" {
						w.Header().Set("Retry-After", tt.retryAfter)
					}
					w.WriteHeader(tt.status)
				}
			}))
			r, err := target.Do(context.Background(), "POST", "/api/matches", nil, []byte(`{}`))
			if err != nil || r.Status != tt.wantStatus || calls.Load() != tt.wantCalls {
				t.Errorf("status %v after %d calls (%v), want %d after %d", r.Status, calls.Load(), err, tt.wantStatus, tt.wantCalls)
			}
		})
	}
}

// TestDiffOf: two values of a referee's own types that print alike when
// cut short differ at a field DiffOf names, under the prefix given.
func TestDiffOf(t *testing.T) {
	type seat struct {
		Name     string `json:"name"`
		Strength int    `json:"strength"`
	}
	type state struct {
		Round int    `json:"round"`
		Seats []seat `json:"seats"`
	}
	want := state{Round: 3, Seats: []seat{{"a", 5}, {"b", 7}}}
	got := state{Round: 3, Seats: []seat{{"a", 5}, {"b", 8}}}
	d := check.DiffOf("", want, got)
	if d == nil || d.Path != "seats[1].strength" || d.Want != "7" || d.Got != "8" {
		t.Errorf("DiffOf: %+v", d)
	}
	if d := check.DiffOf("state", want, got); d == nil || d.Path != "state.seats[1].strength" {
		t.Errorf("DiffOf under state: %+v", d)
	}
	if d := check.DiffOf("round", 3, 4); d == nil || d.Path != "round" {
		t.Errorf("DiffOf of two numbers: %+v", d)
	}
	if d := check.DiffOf("seats", want.Seats, got.Seats); d == nil || d.Path != "seats[1].strength" {
		t.Errorf("DiffOf of a list under seats: %+v", d)
	}
	if d := check.DiffOf("", want, want); d != nil {
		t.Errorf("DiffOf of equal values: %+v", d)
	}
}
