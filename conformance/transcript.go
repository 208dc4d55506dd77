// Package conformance replays golden transcripts against an implementation
// of the games, in process or over HTTP at any base URL, and reports the
// first field where an answer differs.
//
// A transcript records one seeded match: the init query, then each action
// sent and the answer received. Answers are compared whole, as JSON, except
// for the fields each implementation may write in its own way: the opaque
// "state" and "stateToken" (the replay carries the implementation's own
// token forward), the "spec" document (checked present on init), and the
// free-text "reason" of a refusal (its "code" is compared).
package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
)

// Transcript is one golden match.
type Transcript struct {
	Game string `json:"game"`
	Name string `json:"name"`
	// Covers names what the match shows (an outcome, a rule).
	Covers []string `json:"covers"`
	// Query is the init request's query, such as seed and opponent.
	Query map[string]string `json:"query"`
	// TokenField is the name actions send the state under: "state" (when
	// empty) or "stateToken".
	TokenField string `json:"tokenField,omitempty"`
	Steps      []Step `json:"steps"`
}

// Step is one request and its answer. The first step is the init: it has
// no action.
type Step struct {
	Action json.RawMessage `json:"action,omitempty"`
	// Answer is what the agent sees: the answer without state tokens and
	// spec.
	Answer json.RawMessage `json:"answer"`
}

// Load reads every transcript under dir/<game>/ in fsys, sorted by file
// name; an empty game loads every game's.
func Load(fsys fs.FS, game string) ([]Transcript, error) {
	pattern := "*/*.json"
	if game != "" {
		pattern = game + "/*.json"
	}
	names, err := fs.Glob(fsys, pattern)
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	var out []Transcript
	for _, name := range names {
		if path.Dir(name) == "rng" {
			continue
		}
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		var t Transcript
		if err := json.Unmarshal(data, &t); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out = append(out, t)
	}
	return out, nil
}

// Marshal writes a transcript in the form stored in golden/: JSON with one
// line per step action and per answer field, so that a diff names the
// fields that changed.
func (t *Transcript) Marshal() ([]byte, error) {
	var b bytes.Buffer
	head, err := json.Marshal(struct {
		Game       string            `json:"game"`
		Name       string            `json:"name"`
		Covers     []string          `json:"covers"`
		Query      map[string]string `json:"query"`
		TokenField string            `json:"tokenField,omitempty"`
	}{t.Game, t.Name, t.Covers, t.Query, t.TokenField})
	if err != nil {
		return nil, err
	}
	b.Write(head[:len(head)-1])
	b.WriteString(`,"steps":[`)
	for i, st := range t.Steps {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n{")
		if st.Action != nil {
			b.WriteString(`"action":`)
			if err := json.Compact(&b, st.Action); err != nil {
				return nil, err
			}
			b.WriteString(",")
		}
		b.WriteString(`"answer":{`)
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(st.Answer, &fields); err != nil {
			return nil, err
		}
		for j, k := range slices.Sorted(maps.Keys(fields)) {
			if j > 0 {
				b.WriteString(",")
			}
			key, _ := json.Marshal(k)
			b.WriteString("\n  ")
			b.Write(key)
			b.WriteString(":")
			if err := json.Compact(&b, fields[k]); err != nil {
				return nil, err
			}
		}
		b.WriteString("}}")
	}
	b.WriteString("\n]}\n")
	return b.Bytes(), nil
}
