package wire

import (
	"bytes"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// FieldError is a value that does not fit its place: Field names it (dotted
// from the top, empty for the value as a whole) and Reason says what is
// allowed there.
type FieldError struct {
	Field  string
	Reason string
}

func (e *FieldError) Error() string {
	if e.Field == "" {
		return e.Reason
	}
	return e.Field + ": " + e.Reason
}

// Object is a JSON object read strictly: its members in order, by exact
// name, pointing into the checked text.
type Object struct {
	path    string
	members shortList[member]
}

type member struct {
	name, raw []byte
}

// ReadObject checks data (see Check) and answers it as an object. path
// names the object in errors ("" for a top-level value, "action" for one
// inside a request).
func ReadObject(data []byte, path string) (*Object, error) {
	return (&Object{path: path}).read(data, 0)
}

// ReadObjectAtMost is ReadObject of a text of at most values JSON values
// (see CheckAtMost).
func ReadObjectAtMost(data []byte, path string, values int) (*Object, error) {
	return (&Object{path: path}).read(data, values)
}

// read checks data, a text of at most values JSON values, and answers o
// with the members of its top-level object, which the check meets on its
// way. (ReadObject and ReadObjectAtMost are small enough to be inlined,
// so that an Object its reader keeps to itself stays on its stack.)
func (o *Object) read(data []byte, values int) (*Object, error) {
	if err := check(data, values, &o.members); err != nil {
		return nil, &FieldError{Field: o.path, Reason: err.Error()}
	}
	if trimmed := bytes.TrimSpace(data); trimmed[0] != '{' {
		return nil, &FieldError{Field: o.path, Reason: "must be a JSON object, not " + Brief(trimmed)}
	}
	return o, nil
}

// field names a member of o in errors.
func (o *Object) field(name string) string {
	if o.path == "" {
		return name
	}
	return o.path + "." + name
}

// All yields o's members in order: each name, unescaped, and its JSON
// text.
func (o *Object) All() iter.Seq2[string, []byte] {
	return func(yield func(string, []byte) bool) {
		for i := range o.members.n {
			if m := o.members.at(i); !yield(string(m.name), m.raw) {
				return
			}
		}
	}
}

// Has reports whether o has a member called name.
func (o *Object) Has(name string) bool { return o.Raw(name) != nil }

// Raw answers the member called name as JSON text, or nil when absent.
func (o *Object) Raw(name string) []byte {
	for i := range o.members.n {
		if m := o.members.at(i); string(m.name) == name {
			return m.raw
		}
	}
	return nil
}

// String answers the string member called name.
func (o *Object) String(name string) (string, error) {
	raw := o.Raw(name)
	if raw == nil {
		return "", &FieldError{Field: o.field(name), Reason: "is missing"}
	}
	if raw[0] != '"' {
		return "", &FieldError{Field: o.field(name), Reason: "must be a string, not " + Brief(raw)}
	}
	return string(unescaped(raw)), nil
}

// Int answers the member called name, a whole number from lo to hi. As in
// JSON Schema, a number with a zero fraction (2.0, 2e0) is whole.
func (o *Object) Int(name string, lo, hi int) (int, error) {
	raw := o.Raw(name)
	if raw == nil {
		return 0, &FieldError{Field: o.field(name), Reason: fmt.Sprintf("is missing; it must be a whole number from %d to %d", lo, hi)}
	}
	n, ok := WholeNumber(raw)
	if !ok || n < int64(lo) || n > int64(hi) {
		return 0, &FieldError{Field: o.field(name), Reason: fmt.Sprintf("must be a whole number from %d to %d, not %s", lo, hi, Brief(raw))}
	}
	return int(n), nil
}

// maxNumber is the longest number text read as a whole number: past it,
// reading would cost more than any whole number in a grammar is worth.
const maxNumber = 32

// WholeNumber reads a JSON number that is a whole number within int64
// (as in JSON Schema, 2.0 and 2e0 are whole), written in at most
// maxNumber characters.
func WholeNumber(raw []byte) (int64, bool) {
	c := raw[0]
	if c != '-' && (c < '0' || c > '9') || len(raw) > maxNumber {
		return 0, false
	}
	if n, ok := smallInt(raw); ok {
		return n, true
	}
	f, err := strconv.ParseFloat(string(raw), 64)
	if err != nil || f != float64(int64(f)) || f < -1<<53 || f > 1<<53 {
		return 0, false
	}
	return int64(f), true
}

// smallInt reads a number written as plain decimal digits (with an
// optional minus) that fits in 18 digits, without allocating.
func smallInt(raw []byte) (int64, bool) {
	digits := raw
	if raw[0] == '-' {
		digits = raw[1:]
	}
	if len(digits) == 0 || len(digits) > 18 {
		return 0, false
	}
	var n int64
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if raw[0] == '-' {
		n = -n
	}
	return n, true
}

// Only refuses a member not named in allowed (any member, when allowed is
// empty). what says what the object is ("an advance action"), for the
// reason.
func (o *Object) Only(what string, allowed ...string) error {
	for i := range o.members.n {
		if key := o.members.at(i).name; !slices.Contains(allowed, string(key)) {
			reason := fmt.Sprintf("is not a field of %s, which has none", what)
			if len(allowed) > 0 {
				reason = fmt.Sprintf("is not a field of %s, which has exactly %s (names match exactly)", what, list(allowed))
			}
			return &FieldError{Field: o.field(strings.Trim(Quote(string(key)), `"`)), Reason: reason}
		}
	}
	return nil
}

// list writes names as "a, b and c" in quotes.
func list(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}

// most is how much of what a caller sent a reason shows.
const most = 40

// Brief shows a JSON value in a reason: compact, and cut after 40 bytes
// (on a character's boundary, marked "...").
func Brief(raw []byte) string {
	if len(raw) > most {
		return string(raw[:runeStart(raw, most)]) + "..."
	}
	return string(raw)
}

// Quote quotes a text a caller sent, for a reason: as strconv.Quote, cut
// after 40 bytes (on a character's boundary, marked "..."), so that no
// answer echoes a long request back.
func Quote(s string) string {
	if len(s) > most {
		return strconv.Quote(s[:runeStart([]byte(s[:most+1]), most)]) + "..."
	}
	return strconv.Quote(s)
}

// runeStart is the largest i <= n at which a character of b begins.
func runeStart(b []byte, n int) int {
	for n > 0 && !utf8.RuneStart(b[n]) {
		n--
	}
	return n
}
