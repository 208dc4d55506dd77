package conformance

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/golden"
)

// Mismatch is the first field where an answer differs from the golden one.
type Mismatch = check.Difference

// Compare compares an answer with the golden one, leaving out the private
// fields, and answers the first difference, keys taken in sorted order and
// elements in index order, or nil. It compares every byte an agent sees;
// CompareFacts leaves out what is written in each implementation's own
// words or order.
func Compare(want, got []byte) (*Mismatch, error) { return compare(want, got, true) }

// CompareFacts is Compare for implementations that write their own
// observation text and list legal actions in their own order: the
// "observation" must be a non-empty text, and "legalActions" must hold the
// same actions, in any order. Everything else is compared exactly.
func CompareFacts(want, got []byte) (*Mismatch, error) { return compare(want, got, false) }

func compare(want, got []byte, exact bool) (*Mismatch, error) {
	var w, g any
	if err := json.Unmarshal(want, &w); err != nil {
		return nil, fmt.Errorf("golden answer: %w", err)
	}
	if err := json.Unmarshal(got, &g); err != nil {
		return &Mismatch{Path: "(answer)", Want: "a JSON object", Got: brief(string(got))}, nil
	}
	wm, _ := w.(map[string]any)
	gm, _ := g.(map[string]any)
	for _, m := range []map[string]any{wm, gm} {
		for _, k := range golden.Private {
			delete(m, k)
		}
	}
	if !exact && wm != nil && gm != nil {
		if _, ok := wm["observation"]; ok {
			if text, _ := gm["observation"].(string); text == "" {
				return &Mismatch{Path: "observation", Want: "a non-empty text", Got: check.Show(gm["observation"])}, nil
			}
			delete(wm, "observation")
			delete(gm, "observation")
		}
		for _, m := range []map[string]any{wm, gm} {
			if list, ok := m["legalActions"].([]any); ok {
				m["legalActions"] = sortedByJSON(list)
			}
		}
	}
	return check.Diff(w, g), nil
}

// sortedByJSON is a list in the order of its items' compact JSON.
func sortedByJSON(list []any) []any {
	keys := make([]string, len(list))
	for i, v := range list {
		data, _ := json.Marshal(v)
		keys[i] = string(data)
	}
	idx := make([]int, len(list))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return strings.Compare(keys[a], keys[b]) })
	out := make([]any, len(list))
	for i, j := range idx {
		out[i] = list[j]
	}
	return out
}

func brief(s string) string { return check.Brief(s, 300) }
