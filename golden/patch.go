package golden

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// op is one operation of a JSON Patch (RFC 6902). Diff writes, and Apply
// reads, only "add", "remove" and "replace".
type op struct {
	Op    string          `json:"op"`
	Path  string          `json:"path"`
	Value json.RawMessage `json:"value,omitempty"`
}

// Diff answers a JSON Patch (RFC 6902) that turns prev into next, small
// for the changes from one answer to the next: an object's members are
// diffed one by one, recursively; an array of the same length element by
// element; an array that gained or lost one run of elements between a
// front and a back it kept (a Tron trail's new head, an entry appended)
// by "add" or "remove" ops of those elements ("/-" appends); any other
// change is a "replace" of the value. A value's ops are never longer than
// replacing it. Values in the patch are written as in next, compacted.
func Diff(prev, next json.RawMessage) (json.RawMessage, error) {
	a, err := compacted(prev)
	if err != nil {
		return nil, fmt.Errorf("diff: the previous value: %w", err)
	}
	b, err := compacted(next)
	if err != nil {
		return nil, fmt.Errorf("diff: the next value: %w", err)
	}
	return diff(a, b)
}

// compacted is a JSON value compacted, or the error that it is not one.
func compacted(v []byte) ([]byte, error) {
	var b bytes.Buffer
	err := json.Compact(&b, v)
	return b.Bytes(), err
}

// diff is Diff of compact JSON values.
func diff(a, b []byte) (json.RawMessage, error) {
	d := differ{a: indexed(a), b: indexed(b)}
	if err := d.diff("", a, b); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	out.WriteString("[")
	for i, o := range d.ops {
		if i > 0 {
			out.WriteString(",")
		}
		writeOp(&out, o)
	}
	out.WriteString("]")
	return out.Bytes(), nil
}

// writeOp writes an op as one compact object, its path and value as they
// are (no HTML escaping).
func writeOp(b *bytes.Buffer, o op) {
	path, _ := canonical(o.Path)
	fmt.Fprintf(b, `{"op":%q,"path":%s`, o.Op, path)
	if o.Value != nil {
		b.WriteString(`,"value":`)
		b.Write(o.Value)
	}
	b.WriteString("}")
}

// differ collects the ops of a diff and their length as written. The
// values it diffs are parts of a and of b.
type differ struct {
	ops  []op
	size []int // size[i]: the length of ops[:i+1] written
	a, b doc
}

// doc is a compact JSON value, and where each of its strings, objects and
// arrays ends: ends[i] for the one that begins at v[i], so that a value
// read member by member, level after level, is scanned once.
type doc struct {
	v    []byte
	ends []int32
}

// indexed is v, valid compact JSON, with where its parts end.
func indexed(v []byte) doc {
	d := doc{v: v, ends: make([]int32, len(v))}
	var open []int32
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '"':
			j := i + 1
			for ; v[j] != '"'; j++ {
				if v[j] == '\\' {
					j++
				}
			}
			d.ends[i], i = int32(j+1), j
		case '{', '[':
			open = append(open, int32(i))
		case '}', ']':
			d.ends[open[len(open)-1]], open = int32(i+1), open[:len(open)-1]
		}
	}
	return d
}

// end answers where the JSON value at part[i] ends, part being a slice of
// the doc's value (its offset in it is told by their capacities).
func (d *doc) end(part []byte, i int) int {
	switch part[i] {
	case '"', '{', '[':
		base := cap(d.v) - cap(part)
		return int(d.ends[base+i]) - base
	}
	for i < len(part) && part[i] != ',' && part[i] != '}' && part[i] != ']' {
		i++
	}
	return i
}

// add adds an op (value nil for a removal).
func (d *differ) add(kind, path string, value []byte) {
	n := len(kind) + len(path) + len(value) + len(`{"op":"","path":"","value":},`)
	if len(d.size) > 0 {
		n += d.size[len(d.size)-1]
	}
	d.ops, d.size = append(d.ops, op{kind, path, value}), append(d.size, n)
}

// since is the length written of the ops from the start'th on.
func (d *differ) since(start int) int {
	if start == len(d.ops) {
		return 0
	}
	n := d.size[len(d.size)-1]
	if start > 0 {
		n -= d.size[start-1]
	}
	return n
}

// diff adds the ops that turn a into b at path; both are compact JSON.
func (d *differ) diff(path string, a, b []byte) error {
	if bytes.Equal(a, b) {
		return nil
	}
	start := len(d.ops)
	var err error
	switch {
	case a[0] == '{' && b[0] == '{':
		err = d.object(path, a, b)
	case a[0] == '[' && b[0] == '[':
		err = d.array(path, a, b)
	default:
		d.add("replace", path, b)
		return nil
	}
	if err == nil && d.since(start) > len(`{"op":"replace","path":"","value":},`)+len(path)+len(b) {
		d.ops, d.size = d.ops[:start], d.size[:start]
		d.add("replace", path, b)
	}
	return err
}

// object diffs two objects member by member: removals, then additions
// and changes, keys in sorted order.
func (d *differ) object(path string, a, b []byte) error {
	xk, xv, err := d.a.split(a)
	if err != nil {
		return err
	}
	yk, yv, err := d.b.split(b)
	if err != nil {
		return err
	}
	x, y := make(map[string][]byte, len(xk)), make(map[string][]byte, len(yk))
	for i, k := range xk {
		x[k] = xv[i]
	}
	for i, k := range yk {
		y[k] = yv[i]
	}
	for _, k := range slices.Sorted(maps.Keys(x)) {
		if _, ok := y[k]; !ok {
			d.add("remove", path+"/"+escapeToken(k), nil)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(y)) {
		p := path + "/" + escapeToken(k)
		if old, ok := x[k]; !ok {
			d.add("add", p, y[k])
		} else if err := d.diff(p, old, y[k]); err != nil {
			return err
		}
	}
	return nil
}

// array diffs two arrays: of one length, element by element; else by
// what was added or removed between their common front and back.
func (d *differ) array(path string, a, b []byte) error {
	_, x, err := d.a.split(a)
	if err != nil {
		return err
	}
	_, y, err := d.b.split(b)
	if err != nil {
		return err
	}
	if len(x) == len(y) {
		for i := range x {
			if err := d.diff(path+"/"+strconv.Itoa(i), x[i], y[i]); err != nil {
				return err
			}
		}
		return nil
	}
	n := min(len(x), len(y))
	front := 0
	for front < n && bytes.Equal(x[front], y[front]) {
		front++
	}
	back := 0
	for back < n-front && bytes.Equal(x[len(x)-1-back], y[len(y)-1-back]) {
		back++
	}
	switch {
	case front+back == len(x) && back == 0:
		for _, v := range y[front:] {
			d.add("add", path+"/-", v)
		}
	case front+back == len(x):
		for i := front; i < len(y)-back; i++ {
			d.add("add", path+"/"+strconv.Itoa(i), y[i])
		}
	case front+back == len(y):
		for i := len(x) - back - 1; i >= front; i-- {
			d.add("remove", path+"/"+strconv.Itoa(i), nil)
		}
	default:
		d.add("replace", path, b)
	}
	return nil
}

// split answers the member names and values of a compact JSON object, or
// the elements of a compact JSON array, part of the doc, its values as
// slices of it.
func (d *doc) split(v []byte) (keys []string, vals [][]byte, err error) {
	n := 0 // the values, counted first so that vals is made once
	for i := 1; i < len(v)-1; i = d.end(v, i) + 1 {
		if v[0] == '{' {
			i = d.end(v, i) + 1
		}
		n++
	}
	vals = make([][]byte, 0, n)
	if v[0] == '{' {
		keys = make([]string, 0, n)
	}
	for i := 1; i < len(v)-1; i++ {
		if v[0] == '{' {
			end := d.end(v, i)
			k := string(v[i+1 : end-1])
			if bytes.IndexByte(v[i:end], '\\') >= 0 {
				if err := json.Unmarshal(v[i:end], &k); err != nil {
					return nil, nil, err
				}
			}
			keys, i = append(keys, k), end+1
		}
		end := d.end(v, i)
		vals, i = append(vals, v[i:end]), end
	}
	return keys, vals, nil
}

// Apply applies a JSON Patch of "add", "remove" and "replace" ops (RFC
// 6902, JSON Pointer paths, "-" for the end of an array) to doc, and
// answers the result in canonical form (see Recorded). An op that does
// not apply (a missing member or index, another kind of op) is an error.
func Apply(doc, patch json.RawMessage) (json.RawMessage, error) {
	v, err := decode(doc)
	if err != nil {
		return nil, err
	}
	if v, err = applyPatch(v, patch); err != nil {
		return nil, err
	}
	return canonical(v)
}

// decode decodes a JSON value, keeping numbers as written.
func decode(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, fmt.Errorf("more than one JSON value")
	}
	return v, nil
}

// applyPatch applies patch to the decoded value v, changing v in place
// where it can, and answers the result.
func applyPatch(v any, patch json.RawMessage) (any, error) {
	var ops []op
	if err := json.Unmarshal(patch, &ops); err != nil {
		return nil, fmt.Errorf("patch: %w", err)
	}
	for _, o := range ops {
		var value any
		switch o.Op {
		case "add", "replace":
			if o.Value == nil {
				return nil, fmt.Errorf("patch: %s %q has no value", o.Op, o.Path)
			}
			var err error
			if value, err = decode(o.Value); err != nil {
				return nil, fmt.Errorf("patch: %s %q: %w", o.Op, o.Path, err)
			}
		case "remove":
		default:
			return nil, fmt.Errorf("patch: op %q: only add, remove and replace", o.Op)
		}
		tokens, err := pointer(o.Path)
		if err != nil {
			return nil, err
		}
		if v, err = applyOp(v, tokens, o.Op, value); err != nil {
			return nil, fmt.Errorf("patch: %s %q: %w", o.Op, o.Path, err)
		}
	}
	return v, nil
}

// applyOp does op with value at the path tokens under v, and answers the
// new v.
func applyOp(v any, tokens []string, kind string, value any) (any, error) {
	if len(tokens) == 0 {
		if kind == "remove" {
			return nil, fmt.Errorf("cannot remove the whole document")
		}
		return value, nil
	}
	tok, last := tokens[0], len(tokens) == 1
	switch c := v.(type) {
	case map[string]any:
		child, ok := c[tok]
		switch {
		case !ok && (kind != "add" || !last):
			return nil, fmt.Errorf("no member %q", tok)
		case !last:
			var err error
			c[tok], err = applyOp(child, tokens[1:], kind, value)
			return c, err
		case kind == "remove":
			delete(c, tok)
		default:
			c[tok] = value
		}
		return c, nil
	case []any:
		if last && kind == "add" && tok == "-" {
			return append(c, value), nil
		}
		n := len(c)
		if last && kind == "add" {
			n++
		}
		i, err := arrayIndex(tok, n)
		if err != nil {
			return nil, err
		}
		switch {
		case !last:
			c[i], err = applyOp(c[i], tokens[1:], kind, value)
			return c, err
		case kind == "add":
			return slices.Insert(c, i, value), nil
		case kind == "remove":
			return slices.Delete(c, i, i+1), nil
		}
		c[i] = value
		return c, nil
	}
	return nil, fmt.Errorf("%q is inside a %s, not an object or array", tok, kindOf(v))
}

// arrayIndex reads an array index below n: digits, no leading zero.
func arrayIndex(tok string, n int) (int, error) {
	i, err := strconv.Atoi(tok)
	if err != nil || i < 0 || strconv.Itoa(i) != tok {
		return 0, fmt.Errorf("%q is not an array index", tok)
	}
	if i >= n {
		return 0, fmt.Errorf("index %d is past the array's end", i)
	}
	return i, nil
}

func kindOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case bool:
		return "boolean"
	}
	return "number"
}

// pointer splits a JSON Pointer (RFC 6901) into its reference tokens,
// unescaped: "" is the whole document.
func pointer(p string) ([]string, error) {
	if p == "" {
		return nil, nil
	}
	if p[0] != '/' {
		return nil, fmt.Errorf("patch: path %q does not start with /", p)
	}
	tokens := strings.Split(p[1:], "/")
	for i, t := range tokens {
		tokens[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
	}
	return tokens, nil
}

// escapeToken escapes a member name as a JSON Pointer reference token.
func escapeToken(k string) string {
	return strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
}
