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

// Format is the version of the case files this package writes: every
// step's answer, if kept, whole.
const Format = 2

// FormatCompact is the version of compact transcripts (see Compact),
// whose steps may carry a patch instead of an answer: a reader of Format
// would take such a step for one that keeps only its digest. Load reads
// both.
const FormatCompact = 3

// Checkpoint is how often the compact transcripts this bundle writes keep
// a whole answer: at every Checkpoint'th step, so that a replay that
// jumps applies fewer than Checkpoint patches.
const Checkpoint = 64

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
	// Patch, in a compact transcript, stands for Answer: the JSON Patch
	// (see Diff) that turns the previous step's answer into this one's.
	Patch json.RawMessage `json:"patch,omitempty"`
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
// skipped. A compact case is expanded (see UnmarshalJSON).
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
			return nil, fmt.Errorf("%s: case format %d, this build reads %d and %d", name, c.Format, Format, FormatCompact)
		}
		out = append(out, c)
	}
	return out, nil
}

// Marshal writes a case as stored in golden/: JSON with one line per step,
// and one line per field of each kept answer or op of each patch, so a
// diff names the fields that changed. To write a whole transcript
// compact, marshal its Compact(Checkpoint).
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
		if st.Patch != nil {
			b.WriteString(`,"patch":`)
			if err := writeOps(&b, st.Patch); err != nil {
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

// writeOps writes a patch with one line per op.
func writeOps(b *bytes.Buffer, patch json.RawMessage) error {
	var ops []json.RawMessage
	if err := json.Unmarshal(patch, &ops); err != nil {
		return err
	}
	b.WriteString("[")
	for j, o := range ops {
		if j > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n  ")
		if err := json.Compact(b, o); err != nil {
			return err
		}
	}
	b.WriteString("]")
	return nil
}

// Compact answers the case as a compact transcript: each step's answer is
// replaced by the patch from the previous step's answer (see Diff),
// except at every k'th step from 0 on (a checkpoint, so that a reader
// jumping to a step applies fewer than k patches), at a step after one
// that keeps no answer, and where the patch would be no shorter than the
// answer. Steps that keep no answer stay so. The format is FormatCompact
// if any step carries a patch. The case itself is left as it is.
func (c *Case) Compact(k int) *Case {
	out := *c
	out.Steps = slices.Clone(c.Steps)
	var prev []byte // the previous step's answer, compacted
	for i := range out.Steps {
		st := &out.Steps[i]
		next, err := compacted(st.Answer)
		switch {
		case st.Answer == nil || err != nil:
			prev = nil
			continue
		case k < 1 || i%k == 0 || prev == nil:
		default:
			if p, err := diff(prev, next); err == nil && len(p) < len(st.Answer) {
				st.Answer, st.Patch = nil, p
				out.Format = FormatCompact
			}
		}
		prev = next
	}
	return &out
}

// Expand answers a compact transcript with every patch applied: each
// step that carried one keeps the whole answer (keys sorted, numbers as
// written), and the format is Format again. A patch must follow a step
// with an answer or a patch, and apply to it.
func (c *Case) Expand() (*Case, error) {
	out := *c
	out.Steps = slices.Clone(c.Steps)
	if out.Format == FormatCompact {
		out.Format = Format
	}
	var doc any // the previous step's answer, decoded, when at is its step
	at := -1
	for i := range out.Steps {
		st := &out.Steps[i]
		switch {
		case st.Patch == nil:
			continue
		case st.Answer != nil:
			return nil, fmt.Errorf("%s step %d: an answer and a patch", c.Ref(), i)
		case i == 0 || out.Steps[i-1].Answer == nil:
			return nil, fmt.Errorf("%s step %d: a patch with no answer before it", c.Ref(), i)
		}
		var err error
		if at != i-1 {
			if doc, err = decode(out.Steps[i-1].Answer); err != nil {
				return nil, fmt.Errorf("%s step %d: %w", c.Ref(), i-1, err)
			}
		}
		if doc, err = applyPatch(doc, st.Patch); err != nil {
			return nil, fmt.Errorf("%s step %d: %w", c.Ref(), i, err)
		}
		if st.Answer, err = canonical(doc); err != nil {
			return nil, err
		}
		st.Patch, at = nil, i
	}
	return &out, nil
}

// UnmarshalJSON decodes a case and expands it if compact, so that a case
// read, as Load and the suite read them, keeps every answer it has whole.
func (c *Case) UnmarshalJSON(data []byte) error {
	type plain Case // without this method
	if err := json.Unmarshal(data, (*plain)(c)); err != nil {
		return err
	}
	if c.Format != FormatCompact && !slices.ContainsFunc(c.Steps, func(s Step) bool { return s.Patch != nil }) {
		return nil
	}
	e, err := c.Expand()
	if err != nil {
		return err
	}
	*c = *e
	return nil
}
