package conformance

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/google/go-cmp/cmp"
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
// fields, and answers the first difference in field order, or nil.
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
	var r firstDiff
	if cmp.Equal(w, g, cmp.Reporter(&r)) {
		return nil, nil
	}
	return r.first, nil
}

// firstDiff is a go-cmp reporter that keeps the first unequal leaf.
type firstDiff struct {
	path  cmp.Path
	first *Mismatch
}

func (r *firstDiff) PushStep(ps cmp.PathStep) { r.path = append(r.path, ps) }

func (r *firstDiff) PopStep() { r.path = r.path[:len(r.path)-1] }

func (r *firstDiff) Report(rs cmp.Result) {
	if rs.Equal() || r.first != nil {
		return
	}
	want, got := r.path.Last().Values()
	r.first = &Mismatch{Path: jsonPath(r.path), Want: show(want.IsValid(), want), Got: show(got.IsValid(), got)}
}

// jsonPath writes a go-cmp path the way a JSON user reads it: a.b[3].c.
func jsonPath(p cmp.Path) string {
	var b strings.Builder
	for _, step := range p {
		switch s := step.(type) {
		case cmp.MapIndex:
			fmt.Fprintf(&b, ".%v", s.Key())
		case cmp.SliceIndex:
			wi, gi := s.SplitKeys()
			switch {
			case wi == gi:
				fmt.Fprintf(&b, "[%d]", wi)
			case wi < 0:
				fmt.Fprintf(&b, "[%d (extra)]", gi)
			default:
				fmt.Fprintf(&b, "[%d (missing)]", wi)
			}
		}
	}
	if b.Len() == 0 {
		return "(answer)"
	}
	return strings.TrimPrefix(b.String(), ".")
}

func show(valid bool, v interface{ Interface() any }) string {
	if !valid {
		return "(absent)"
	}
	data, err := json.Marshal(v.Interface())
	if err != nil {
		return fmt.Sprint(v.Interface())
	}
	return brief(string(data))
}

func brief(s string) string {
	if len(s) > 300 {
		return s[:300] + "..."
	}
	return s
}
