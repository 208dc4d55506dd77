package rules

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/agentgames/bundle/conformance/check"
)

// liveChecks are the live Tidebreakers match API's rules checks
// (docs/tidebreakers.md "Live matches", the card's agent API), one match a
// seed. Each creates a match through POST /api/matches, joins the seats
// that are not captains, and plays it to its end with random or greedy
// agents in the joined seats, judging every answer from the public state
// before it, the action sent and the documented rules: supply accounting
// and the supply a turn (+1 every 10 rounds), combat arithmetic and
// captures, eliminations, turn order and rounds counted from the opener,
// the 13-island and last-captain wins and the round-60 cap with its
// scoring, every seat's place once over (null before), the log
// (append-only, each entry as the rules make it), and tile_counts and
// strengths. Now and then it sends an action the rules or
// the seats refuse (another seat's token, a token of no seat, a move the
// rules forbid) and requires the documented code and an unchanged match;
// once over, every action answers match_over and a join match_full.
//
// Checks impossible from the public state, and why:
//   - The opening seat is drawn from a seed the server keeps, so only its
//     range is judged; when captains open, the referee finds the opener
//     among the seats before the first joined one.
//   - A captain's supply is not shown (the log holds expeditions only), so
//     in a turn a captain takes inside a request its islands are judged by
//     bounds (at least what they held, at most that plus the turn's supply)
//     and its total strength exactly; its choice of move is not judged
//     (the captains' policies are not rules).
//   - The 9-minute time limit cannot be reached within the suite's time;
//     the referee only requires that no match it plays ends by time_limit.
//   - That tokens are random and kept hashed is not observable.
func liveChecks(seeds int) []check.Check {
	var out []check.Check
	for seed := range seeds {
		setup := liveSetupOf(seed)
		out = append(out, check.Check{Game: "tidebreakers", Level: check.Rules, Name: fmt.Sprintf("live/match-%02d", seed),
			Run: func(ctx context.Context, t check.Target) error { return setup.play(ctx, t) }})
	}
	return out
}

// The public state and the answers, as the docs and openapi.yaml give
// them.
type (
	liveTile struct {
		Owner    *int `json:"owner"`
		Strength int  `json:"strength"`
	}
	liveSeat struct {
		Seat   int    `json:"seat"`
		Name   string `json:"name"`
		Bot    bool   `json:"bot"`
		Joined bool   `json:"joined"`
	}
	liveEntry struct {
		Round  int    `json:"round"`
		Kind   string `json:"kind"`
		Seat   *int   `json:"seat"`
		From   *int   `json:"from,omitempty"`
		To     *int   `json:"to,omitempty"`
		Sent   *int   `json:"sent,omitempty"`
		Before *int   `json:"before,omitempty"`
		After  *int   `json:"after,omitempty"`
		Ending string `json:"ending,omitempty"`
	}
	liveState struct {
		Code       string            `json:"code"`
		Players    int               `json:"players"`
		Phase      string            `json:"phase"`
		Round      int               `json:"round"`
		Turn       *int              `json:"turn"`
		SupplyLeft int               `json:"supply_left"`
		Over       bool              `json:"over"`
		Winner     *int              `json:"winner"`
		Places     []int             `json:"places"`
		Ending     string            `json:"ending"`
		Tiles      []liveTile        `json:"tiles"`
		TileCounts []int             `json:"tile_counts"`
		Strengths  []int             `json:"strengths"`
		Seats      []liveSeat        `json:"seats"`
		Log        []json.RawMessage `json:"log"` // entries, read when judged
	}
	liveJoined struct {
		Code  string `json:"code"`
		Seat  int    `json:"seat"`
		Token string `json:"token"`
	}
	liveError struct {
		Error struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
)

func livePtr(v int) *int { return &v }

// liveEntries reads log entries.
func liveEntries(raw []json.RawMessage) ([]liveEntry, error) {
	out := make([]liveEntry, len(raw))
	for i, r := range raw {
		if err := json.Unmarshal(r, &out[i]); err != nil {
			return nil, fmt.Errorf("entry %d: %v", i, err)
		}
	}
	return out, nil
}

// liveSameEntries reports whether two lists of log entries are equal:
// byte for byte, or else as read.
func liveSameEntries(a, b []json.RawMessage) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			x, errx := liveEntries(a[i : i+1])
			y, erry := liveEntries(b[i : i+1])
			if errx != nil || erry != nil || !reflect.DeepEqual(x, y) {
				return false
			}
		}
	}
	return true
}

// liveSameState reports whether two public states are equal.
func liveSameState(a, b *liveState) bool {
	x, y := *a, *b
	x.Log, y.Log = nil, nil
	return reflect.DeepEqual(x, y) && liveSameEntries(a.Log, b.Log)
}

// liveShow writes a value short, for Want and Got.
func liveShow(v any) string {
	switch x := v.(type) {
	case *int:
		if x == nil {
			return "null"
		}
		return fmt.Sprint(*x)
	case string:
		return fmt.Sprintf("%q", x)
	}
	b, _ := json.Marshal(v)
	return check.Brief(string(b), 200)
}

func liveSameInt(a, b *int) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
