package rules

// This file holds what every game's answer shares, as a referee reads it
// (openapi.yaml's envelopes and refusals), and lists compared as sets.

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/agentgames/bundle/conformance/check"
)

// Envelope is what every answer of the loop carries, accepted or refused.
// A referee reads the game's own fields (the view, the events, its
// actions typed) into its own type from the same body.
type Envelope struct {
	OK          bool    `json:"ok"`
	Code        string  `json:"code"`
	Reason      string  `json:"reason"`
	State       string  `json:"state"`
	StateToken  string  `json:"stateToken"`
	Seed        *uint64 `json:"seed"`
	Observation string  `json:"observation"`
	Score       *int    `json:"score"`
	GameOver    bool    `json:"gameOver"`
	Turn        string  `json:"turn"`
	// Result is kept as sent: absent (empty), null, or the game's result.
	Result json.RawMessage `json:"result"`
	// LegalActions and ActionRanges are kept as sent, so a refusal can be
	// held to the answer before it whatever the game.
	LegalActions json.RawMessage `json:"legalActions"`
	ActionRanges json.RawMessage `json:"actionRanges"`
}

// Keys writes each item of a JSON list comparably: its JSON with keys
// sorted and numbers as numbers; null or absent is no item.
func Keys(list json.RawMessage) ([]string, error) {
	if len(list) == 0 {
		return nil, nil
	}
	var items []any
	if err := json.Unmarshal(list, &items); err != nil {
		return nil, err
	}
	out := make([]string, len(items))
	for i, x := range items {
		b, _ := json.Marshal(x)
		out[i] = string(b)
	}
	return out, nil
}

// SetBreak holds got to want as sets, each item written as a key: nil
// when they hold the same items in any order, else the break at path,
// its detail naming the items missing and those not expected (or
// repeated).
func SetBreak(path, rule string, want, got []string) *check.Failure {
	w, g := slices.Sorted(slices.Values(want)), slices.Sorted(slices.Values(got))
	if slices.Equal(w, g) {
		return nil
	}
	missing, extra := without(w, g), without(g, w)
	f := Broke(path, rule, fmt.Sprintf("%d items", len(w)), fmt.Sprintf("%d items, %d missing, %d not expected", len(g), len(missing), len(extra)))
	f.Detail = fmt.Sprintf("missing: %s\nnot expected or repeated: %s",
		check.Brief(strings.Join(missing, " "), 600), check.Brief(strings.Join(extra, " "), 600))
	return f
}

// without lists the items of sorted a that sorted b lacks, repeats
// counted.
func without(a, b []string) []string {
	var out []string
	j := 0
	for _, x := range a {
		for j < len(b) && b[j] < x {
			j++
		}
		if j < len(b) && b[j] == x {
			j++
			continue
		}
		out = append(out, x)
	}
	return out
}
