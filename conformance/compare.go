package conformance

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agentgames/bundle/conformance/check"
)

// Mismatch is the first field where an answer differs from the golden one.
// Detail, when set, shows the difference at length: a changed text as a
// few lines around its first differing line, a list as the items missing,
// extra or moved.
type Mismatch struct {
	Path      string
	Want, Got string
	Detail    string
}

func (m *Mismatch) Error() string {
	s := fmt.Sprintf("at %s: want %s, got %s", m.Path, m.Want, m.Got)
	if m.Detail != "" {
		s += "\n" + m.Detail
	}
	return s
}

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
		for _, k := range private {
			delete(m, k)
		}
	}
	if !exact && wm != nil && gm != nil {
		if _, ok := wm["observation"]; ok {
			if text, _ := gm["observation"].(string); text == "" {
				return &Mismatch{Path: "observation", Want: "a non-empty text", Got: show(gm["observation"])}, nil
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
	return firstDiff("", w, g), nil
}

// sortedByJSON is a list in the order of its items' compact JSON.
func sortedByJSON(list []any) []any {
	keys := shows(list)
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
		if gv, ok := g.([]any); ok {
			return listDiff(path, wv, gv)
		}
	case string:
		if gv, ok := g.(string); ok && wv != gv {
			return textDiff(orAnswer(path), wv, gv)
		}
	}
	if w == g {
		return nil
	}
	return &Mismatch{Path: orAnswer(path), Want: show(w), Got: show(g)}
}

func orAnswer(path string) string {
	if path == "" {
		return "(answer)"
	}
	return path
}

// listDiff compares two lists. The same items in another order are
// reported as reordered; lists of different lengths as the items missing
// or extra, found by content, not by index; otherwise the first differing
// element is walked into.
func listDiff(path string, w, g []any) *Mismatch {
	ws, gs := shows(w), shows(g)
	if slices.Equal(ws, gs) {
		return nil
	}
	missing, extra := without(ws, gs), without(gs, ws)
	switch {
	case len(missing) == 0 && len(extra) == 0:
		return &Mismatch{Path: orAnswer(path), Want: fmt.Sprintf("%d items in the golden order", len(w)),
			Got: "the same items reordered", Detail: moves(ws, gs)}
	case len(w) != len(g):
		var lines []string
		for _, i := range missing {
			lines = append(lines, fmt.Sprintf("missing: [%d] %s", i, brief(ws[i])))
		}
		for _, i := range extra {
			lines = append(lines, fmt.Sprintf("extra:   [%d] %s", i, brief(gs[i])))
		}
		detail := strings.Join(cut(lines, 8), "\n")
		if len(missing) > 0 {
			i := missing[0]
			return &Mismatch{Path: fmt.Sprintf("%s[%d (missing)]", path, i), Want: brief(ws[i]), Got: "(absent)", Detail: detail}
		}
		i := extra[0]
		return &Mismatch{Path: fmt.Sprintf("%s[%d (extra)]", path, i), Want: "(absent)", Got: brief(gs[i]), Detail: detail}
	}
	for i := range w {
		if ws[i] != gs[i] {
			return firstDiff(path+"["+strconv.Itoa(i)+"]", w[i], g[i])
		}
	}
	return nil
}

// shows writes each item as compact JSON, its identity for comparing.
func shows(items []any) []string {
	out := make([]string, len(items))
	for i, v := range items {
		data, _ := json.Marshal(v)
		out[i] = string(data)
	}
	return out
}

// without answers the indexes of the items of a that b lacks, counting
// repeated items.
func without(a, b []string) []int {
	left := map[string]int{}
	for _, s := range b {
		left[s]++
	}
	var out []int
	for i, s := range a {
		if left[s] > 0 {
			left[s]--
			continue
		}
		out = append(out, i)
	}
	return out
}

// moves describes where the items of want sit in got, for the positions
// that differ.
func moves(want, got []string) string {
	at := map[string][]int{}
	for j, s := range got {
		at[s] = append(at[s], j)
	}
	var lines []string
	for i, s := range want {
		j := at[s][0]
		at[s] = at[s][1:]
		if i != j {
			lines = append(lines, fmt.Sprintf("[%d] is at [%d]: %s", i, j, brief(s)))
		}
	}
	return strings.Join(cut(lines, 8), "\n")
}

// cut keeps the first n lines, saying how many it left out.
func cut(lines []string, n int) []string {
	if len(lines) > n {
		return append(lines[:n:n], fmt.Sprintf("... and %d more", len(lines)-n))
	}
	return lines
}

// textDiff reports two different strings by their first differing line:
// short strings whole, longer ones as that line cut around the first
// differing character, with the lines before it for context.
func textDiff(path, w, g string) *Mismatch {
	if len(w) <= 120 && len(g) <= 120 && !strings.Contains(w+g, "\n") {
		return &Mismatch{Path: path, Want: show(w), Got: show(g)}
	}
	wl, gl := strings.Split(w, "\n"), strings.Split(g, "\n")
	n := 0
	for n < len(wl) && n < len(gl) && wl[n] == gl[n] {
		n++
	}
	line := func(ls []string) string {
		if n < len(ls) {
			return ls[n]
		}
		return ""
	}
	wx, gx := line(wl), line(gl)
	col := 0
	for col < len(wx) && col < len(gx) && wx[col] == gx[col] {
		col++
	}
	var d strings.Builder
	fmt.Fprintf(&d, "first difference at line %d, column %d (golden %d lines, got %d):\n", n+1, col+1, len(wl), len(gl))
	for _, l := range wl[max(0, n-2):n] {
		d.WriteString("  " + around(l, col) + "\n")
	}
	if n < len(wl) {
		d.WriteString("- " + around(wx, col) + "\n")
	}
	if n < len(gl) {
		d.WriteString("+ " + around(gx, col) + "\n")
	}
	return &Mismatch{Path: fmt.Sprintf("%s (line %d)", path, n+1), Want: strconv.Quote(around(wx, col)),
		Got: strconv.Quote(around(gx, col)), Detail: strings.TrimRight(d.String(), "\n")}
}

// around cuts a line to about 100 bytes that show column col, on
// character boundaries.
func around(s string, col int) string {
	from := max(0, col-40)
	to := min(len(s), from+100)
	for from > 0 && !utf8.RuneStart(s[from]) {
		from--
	}
	for to < len(s) && !utf8.RuneStart(s[to]) {
		to++
	}
	out := s[from:to]
	if from > 0 {
		out = "..." + out
	}
	if to < len(s) {
		out += "..."
	}
	return out
}

func show(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return brief(string(data))
}

func brief(s string) string { return check.Brief(s, 300) }
