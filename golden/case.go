package golden

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"slices"
)

// BotsDir is the folder that holds bot endpoints' exchanges, not cases.
const BotsDir = "bots"

// Format is the version of the case files this package reads and writes.
const Format = 2

// Case is one golden match.
type Case struct {
	Format int    `json:"format"`
	Game   string `json:"game"`
	Name   string `json:"name"`
	// Covers names what the match shows (an outcome, a rule).
	Covers []string `json:"covers"`
	// Query is the init request's query, such as seed and opponent.
	Query map[string]string `json:"query"`
	// TokenField is the name actions send the state under: "state" (when
	// empty) or "stateToken".
	TokenField string `json:"tokenField,omitempty"`
	// Full: every step keeps its answer, so the file reads as a whole
	// transcript.
	Full  bool   `json:"full,omitempty"`
	Steps []Step `json:"steps"`
}

// Step is one request and what came back. The first step is the init: it
// has no action.
type Step struct {
	Action json.RawMessage `json:"action,omitempty"`
	// Digest fingerprints the answer (see Digest).
	Digest string `json:"digest"`
	// Answer is the whole answer without state tokens and spec, for the
	// steps the case keeps.
	Answer json.RawMessage `json:"answer,omitempty"`
}

// Ref names a case as game/name.
func (c *Case) Ref() string { return c.Game + "/" + c.Name }

// Field is the name actions send the state token under.
func (c *Case) Field() string {
	if c.TokenField == "" {
		return "state"
	}
	return c.TokenField
}

// Load reads every case under <game>/ in fsys, sorted by file name; an
// empty game loads every game's. Directories of other data (rng, bots) are
// skipped.
func Load(fsys fs.FS, game string) ([]Case, error) {
	pattern := "*/*.json"
	if game != "" {
		pattern = game + "/*.json"
	}
	names, err := fs.Glob(fsys, pattern)
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	var out []Case
	for _, name := range names {
		if dir := path.Dir(name); dir == "rng" || dir == BotsDir {
			continue
		}
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		var c Case
		if err := json.Unmarshal(data, &c); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if c.Format != Format {
			return nil, fmt.Errorf("%s: case format %d, this build reads %d", name, c.Format, Format)
		}
		out = append(out, c)
	}
	return out, nil
}

// Marshal writes a case as stored in golden/: JSON with one line per step,
// and one line per field of each kept answer, so a diff names the fields
// that changed.
func (c *Case) Marshal() ([]byte, error) {
	var b bytes.Buffer
	head, err := json.Marshal(struct {
		Format     int               `json:"format"`
		Game       string            `json:"game"`
		Name       string            `json:"name"`
		Covers     []string          `json:"covers"`
		Query      map[string]string `json:"query"`
		TokenField string            `json:"tokenField,omitempty"`
		Full       bool              `json:"full,omitempty"`
	}{c.Format, c.Game, c.Name, c.Covers, c.Query, c.TokenField, c.Full})
	if err != nil {
		return nil, err
	}
	b.Write(head[:len(head)-1])
	b.WriteString(`,"steps":[`)
	for i, st := range c.Steps {
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
		fmt.Fprintf(&b, `"digest":%q`, st.Digest)
		if st.Answer != nil {
			b.WriteString(`,"answer":`)
			if err := WriteFields(&b, st.Answer); err != nil {
				return nil, err
			}
		}
		b.WriteString("}")
	}
	b.WriteString("\n]}\n")
	return b.Bytes(), nil
}

// WriteFields writes an answer object with one line per field, keys
// sorted.
func WriteFields(b *bytes.Buffer, answer json.RawMessage) error {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(answer, &fields); err != nil {
		return err
	}
	b.WriteString("{")
	for j, k := range slices.Sorted(maps.Keys(fields)) {
		if j > 0 {
			b.WriteString(",")
		}
		key, _ := json.Marshal(k)
		b.WriteString("\n  ")
		b.Write(key)
		b.WriteString(":")
		if err := json.Compact(b, fields[k]); err != nil {
			return err
		}
	}
	b.WriteString("}")
	return nil
}
