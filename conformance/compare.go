package conformance

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
)

// Mismatch is the first field where an answer differs from the golden one.
type Mismatch struct {
	Path      string
	Want, Got string
}

func (m *Mismatch) Error() string {
	return fmt.Sprintf("at %s: want %s, got %s", m.Path, m.Want, m.Got)
}

// Compare compares an answer with the golden one, leaving out the private
// fields, and answers the first difference, keys taken in sorted order and
// elements in index order, or nil.
func Compare(want, got []byte) (*Mismatch, error) {
	var w, g any
	if err := json.Unmarshal(want, &w); err != nil {
		return nil, fmt.Errorf("golden answer: %w", err)
	}
	if err := json.Unmarshal(got, &g); err != nil {
		return &Mismatch{Path: "(answer)", Want: "a JSON object", Got: brief(string(got))}, nil
	}
	for _, v := range []any{w, g} {
		if m, ok := v.(map[string]any); ok {
			for _, k := range private {
				delete(m, k)
			}
		}
	}
	return firstDiff("", w, g), nil
}

// firstDiff walks two decoded JSON values and answers their first
// difference below path.
func firstDiff(path string, w, g any) *Mismatch {
	switch wv := w.(type) {
	case map[string]any:
		gv, ok := g.(map[string]any)
		if !ok {
			break
		}
		keys := slices.Sorted(maps.Keys(wv))
		for k := range gv {
			if _, ok := wv[k]; !ok {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			at := k
			if path != "" {
				at = path + "." + k
			}
			wx, inW := wv[k]
			gx, inG := gv[k]
			switch {
			case !inG:
				return &Mismatch{Path: at, Want: show(wx), Got: "(absent)"}
			case !inW:
				return &Mismatch{Path: at, Want: "(absent)", Got: show(gx)}
			}
			if m := firstDiff(at, wx, gx); m != nil {
				return m
			}
		}
		return nil
	case []any:
		gv, ok := g.([]any)
		if !ok {
			break
		}
		for i := range min(len(wv), len(gv)) {
			if m := firstDiff(path+"["+strconv.Itoa(i)+"]", wv[i], gv[i]); m != nil {
				return m
			}
		}
		switch {
		case len(wv) > len(gv):
			return &Mismatch{Path: fmt.Sprintf("%s[%d (missing)]", path, len(gv)), Want: show(wv[len(gv)]), Got: "(absent)"}
		case len(gv) > len(wv):
			return &Mismatch{Path: fmt.Sprintf("%s[%d (extra)]", path, len(wv)), Want: "(absent)", Got: show(gv[len(wv)])}
		}
		return nil
	default:
		if w == g {
			return nil
		}
	}
	if path == "" {
		path = "(answer)"
	}
	return &Mismatch{Path: path, Want: show(w), Got: show(g)}
}

func show(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return brief(string(data))
}

func brief(s string) string {
	if len(s) > 300 {
		return s[:300] + "..."
	}
	return s
}
