package check

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Difference is the first place where two JSON values differ. Detail,
// when set, shows the difference at length: a changed text as a few lines
// around its first differing line, a list as the items missing, extra or
// moved.
type Difference struct {
	Path      string
	Want, Got string
	Detail    string
}

func (d *Difference) Error() string {
	s := fmt.Sprintf("at %s: want %s, got %s", d.Path, d.Want, d.Got)
	if d.Detail != "" {
		s += "\n" + d.Detail
	}
	return s
}

// Diff answers the first difference between two decoded JSON values, keys
// taken in sorted order and list items in index order, or nil when they
// are equal. Paths read like view.board[3].tile; the whole value is
// "(answer)".
func Diff(want, got any) *Difference { return firstDiff("", want, got) }

// firstDiff walks two decoded JSON values and answers their first
// difference below path.
func firstDiff(path string, w, g any) *Difference {
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
				return &Difference{Path: at, Want: Show(wx), Got: "(absent)"}
			case !inW:
				return &Difference{Path: at, Want: "(absent)", Got: Show(gx)}
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
	return &Difference{Path: orAnswer(path), Want: Show(w), Got: Show(g)}
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
func listDiff(path string, w, g []any) *Difference {
	ws, gs := shows(w), shows(g)
	if slices.Equal(ws, gs) {
		return nil
	}
	missing, extra := without(ws, gs), without(gs, ws)
	switch {
	case len(missing) == 0 && len(extra) == 0:
		return &Difference{Path: orAnswer(path), Want: fmt.Sprintf("%d items in the golden order", len(w)),
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
			return &Difference{Path: fmt.Sprintf("%s[%d (missing)]", path, i), Want: brief(ws[i]), Got: "(absent)", Detail: detail}
		}
		i := extra[0]
		return &Difference{Path: fmt.Sprintf("%s[%d (extra)]", path, i), Want: "(absent)", Got: brief(gs[i]), Detail: detail}
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
func textDiff(path, w, g string) *Difference {
	if len(w) <= 120 && len(g) <= 120 && !strings.Contains(w+g, "\n") {
		return &Difference{Path: path, Want: Show(w), Got: Show(g)}
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
	return &Difference{Path: fmt.Sprintf("%s (line %d)", path, n+1), Want: strconv.Quote(around(wx, col)),
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

// Show is v as compact JSON, cut to 300 bytes.
func Show(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return brief(string(data))
}

func brief(s string) string { return Brief(s, 300) }

// DiffOf is Diff of two Go values as JSON writes them (numbers kept as
// written), for values a referee decoded into its own types; nil when
// they write the same JSON. Under prefix, when one is given, the path is
// prefix's field or the prefix itself for the whole value.
func DiffOf(prefix string, want, got any) *Difference {
	d := Diff(asJSON(want), asJSON(got))
	if d == nil || prefix == "" {
		return d
	}
	switch {
	case d.Path == "(answer)":
		d.Path = prefix
	case strings.HasPrefix(d.Path, "["):
		d.Path = prefix + d.Path
	default:
		d.Path = prefix + "." + d.Path
	}
	return d
}

// asJSON is v written as JSON and read back into maps, lists and
// json.Numbers.
func asJSON(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var out any
	d.Decode(&out)
	return out
}
