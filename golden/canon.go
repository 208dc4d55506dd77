package golden

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"sync"
	"unicode/utf16"
	"unicode/utf8"
)

// maxDepth is how deeply Canonical lets arrays and objects nest: as deep
// as encoding/json does.
const maxDepth = 10000

// maxPooled is the size of the largest input whose buffers are kept.
const maxPooled = 1 << 20

// Canonical is the canonical form of a JSON value (see Digest): what
// encoding/json writes, HTML characters unescaped and without a trailing
// newline, for the value json.Unmarshal decodes from data into an any.
// That is every object's members sorted by key, the last of a duplicate
// key kept, numbers written as float64, strings escaped the one way Go
// escapes them and no whitespace. It reads data in one pass without
// decoding it, copying through the strings and whole numbers that are
// already canonical, as a json.Marshal of structs writes nearly all of
// them. It answers an error for what json.Unmarshal refuses: invalid
// JSON, or a number beyond float64.
func Canonical(data []byte) ([]byte, error) {
	return canonicalize(data, false, nil)
}

// CanonicalObjectWithout is the canonical form (see Canonical) of the
// JSON object data without its top-level members named drop, as a
// delete of each from the decoded map would leave it. It answers an
// error when data is not a JSON object.
func CanonicalObjectWithout(data []byte, drop ...string) ([]byte, error) {
	return canonicalize(data, true, drop)
}

// canonicalize is Canonical, and CanonicalObjectWithout when object.
func canonicalize(data []byte, object bool, drop []string) ([]byte, error) {
	b := pool.Get().(*buffers)
	s := scanner{in: data, out: make([]byte, 0, len(data)), drop: drop, keys: b.keys[:0], members: b.members[:0], scratch: b.scratch[:0]}
	defer func() {
		// The buffers grow with data: keep none that a large one grew.
		if len(data) <= maxPooled {
			b.keys, b.members, b.scratch = s.keys[:0], s.members[:0], s.scratch[:0]
			pool.Put(b)
		}
	}()
	s.space()
	if object && (s.pos == len(s.in) || s.in[s.pos] != '{') {
		return nil, fmt.Errorf("golden: not a JSON object: %.100s", data)
	}
	if err := s.value(); err != nil {
		return nil, err
	}
	if s.space(); s.pos != len(s.in) {
		return nil, s.invalid()
	}
	return s.out, nil
}

// pool keeps a scanner's buffers between calls, for inputs of at most
// maxPooled bytes.
var pool = sync.Pool{New: func() any { return new(buffers) }}

// buffers are the buffers a scanner keeps between calls.
type buffers struct {
	keys    []byte
	members []member
	scratch []byte
}

// A scanner reads JSON text and writes its canonical form.
type scanner struct {
	in  []byte
	pos int // the next byte of in to read
	out []byte
	// depth is how many arrays and objects hold the value being read.
	depth int
	// drop names the top-level members to leave out.
	drop []string
	// keys holds the decoded keys of the objects being read; members
	// their members read so far, a stack shared by the nested objects.
	keys    []byte
	members []member
	// scratch holds an object's members while they are written sorted.
	scratch []byte
}

// A member is an object's member as read: its decoded key in keys and
// its canonical form ("key":value) in out.
type member struct {
	key0, key1 int
	out0, out1 int
}

// write appends b to out. Unless out must grow, it only lengthens out,
// which spares the write barrier an append's storing of out costs while
// the garbage collector marks.
func (s *scanner) write(b []byte) {
	n := len(s.out)
	if cap(s.out)-n < len(b) {
		s.out = append(s.out, b...)
		return
	}
	s.out = s.out[:n+len(b)]
	copy(s.out[n:], b)
}

// writeByte appends c to out, as write does.
func (s *scanner) writeByte(c byte) {
	n := len(s.out)
	if n == cap(s.out) {
		s.out = append(s.out, c)
		return
	}
	s.out = s.out[:n+1]
	s.out[n] = c
}

// invalid is the error for a syntax error at the current byte.
func (s *scanner) invalid() error {
	if s.pos >= len(s.in) {
		return errors.New("golden: invalid JSON: unexpected end of input")
	}
	return fmt.Errorf("golden: invalid JSON: unexpected %q at offset %d", s.in[s.pos], s.pos)
}

// space skips whitespace.
func (s *scanner) space() {
	i := s.pos
	for i < len(s.in) && (s.in[i] == ' ' || s.in[i] == '\n' || s.in[i] == '\t' || s.in[i] == '\r') {
		i++
	}
	s.pos = i
}

// value reads one value.
func (s *scanner) value() error {
	if s.pos >= len(s.in) {
		return s.invalid()
	}
	switch c := s.in[s.pos]; c {
	case '{':
		return s.object()
	case '[':
		return s.array()
	case '"':
		return s.string(false)
	case 't':
		return s.literal("true")
	case 'f':
		return s.literal("false")
	case 'n':
		return s.literal("null")
	default:
		if c == '-' || '0' <= c && c <= '9' {
			return s.number()
		}
		return s.invalid()
	}
}

// literal reads true, false or null.
func (s *scanner) literal(lit string) error {
	for i := range len(lit) {
		if s.pos >= len(s.in) || s.in[s.pos] != lit[i] {
			return s.invalid()
		}
		s.pos++
	}
	s.out = append(s.out, lit...)
	return nil
}

// enter counts one more array or object around the values to read.
func (s *scanner) enter() error {
	if s.depth++; s.depth > maxDepth {
		return fmt.Errorf("golden: invalid JSON: nested more than %d deep at offset %d", maxDepth, s.pos)
	}
	return nil
}

// array reads an array.
func (s *scanner) array() error {
	if err := s.enter(); err != nil {
		return err
	}
	s.pos++
	s.writeByte('[')
	if s.space(); s.pos < len(s.in) && s.in[s.pos] == ']' {
		s.pos++
		s.writeByte(']')
		s.depth--
		return nil
	}
	for {
		s.space()
		if err := s.value(); err != nil {
			return err
		}
		if s.space(); s.pos >= len(s.in) {
			return s.invalid()
		}
		switch s.in[s.pos] {
		case ',':
			s.pos++
			s.writeByte(',')
		case ']':
			s.pos++
			s.writeByte(']')
			s.depth--
			return nil
		default:
			return s.invalid()
		}
	}
}

// object reads an object and writes its members sorted by key.
func (s *scanner) object() error {
	if err := s.enter(); err != nil {
		return err
	}
	top := s.depth == 1
	s.pos++
	s.writeByte('{')
	start, base, keys := len(s.out), len(s.members), len(s.keys)
	if s.space(); s.pos < len(s.in) && s.in[s.pos] == '}' {
		s.pos++
		s.writeByte('}')
		s.depth--
		return nil
	}
	for {
		if s.space(); s.pos >= len(s.in) || s.in[s.pos] != '"' {
			return s.invalid()
		}
		mark := len(s.out)
		if len(s.members) > base {
			s.writeByte(',')
		}
		m := member{key0: len(s.keys), out0: len(s.out)}
		if err := s.string(true); err != nil {
			return err
		}
		m.key1 = len(s.keys)
		if s.space(); s.pos >= len(s.in) || s.in[s.pos] != ':' {
			return s.invalid()
		}
		s.pos++
		s.writeByte(':')
		s.space()
		if err := s.value(); err != nil {
			return err
		}
		m.out1 = len(s.out)
		if top && s.dropped(s.keys[m.key0:m.key1]) {
			s.out, s.keys = s.out[:mark], s.keys[:m.key0]
		} else {
			s.members = append(s.members, m)
		}
		if s.space(); s.pos >= len(s.in) {
			return s.invalid()
		}
		switch s.in[s.pos] {
		case ',':
			s.pos++
		case '}':
			s.pos++
			s.sort(start, base)
			s.members, s.keys = s.members[:base], s.keys[:keys]
			s.writeByte('}')
			s.depth--
			return nil
		default:
			return s.invalid()
		}
	}
}

// dropped reports whether a top-level member is to be left out.
func (s *scanner) dropped(key []byte) bool {
	for _, d := range s.drop {
		if string(key) == d {
			return true
		}
	}
	return false
}

// sort rewrites the members of the object being read, written from
// out[start:], sorted by key, keeping of a duplicate key the last value
// only, as decoding into a map does.
func (s *scanner) sort(start, base int) {
	ms := s.members[base:]
	key := func(m member) []byte { return s.keys[m.key0:m.key1] }
	i := 1
	for i < len(ms) && bytes.Compare(key(ms[i-1]), key(ms[i])) < 0 {
		i++
	}
	if i >= len(ms) {
		return
	}
	slices.SortStableFunc(ms, func(a, b member) int { return bytes.Compare(key(a), key(b)) })
	s.scratch = append(s.scratch[:0], s.out[start:]...)
	s.out = s.out[:start]
	for i, m := range ms {
		if i+1 < len(ms) && bytes.Equal(key(m), key(ms[i+1])) {
			continue
		}
		if len(s.out) > start {
			s.writeByte(',')
		}
		s.write(s.scratch[m.out0-start : m.out1-start])
	}
}

// string reads a string, and when key, appends it decoded to keys.
func (s *scanner) string(key bool) error {
	s.writeByte('"')
	s.pos++
	for {
		// What precedes i is as the canonical form writes it.
		i := plain(s.in, s.pos)
		s.write(s.in[s.pos:i])
		if key {
			s.keys = append(s.keys, s.in[s.pos:i]...)
		}
		s.pos = i
		if s.pos >= len(s.in) {
			return s.invalid()
		}
		if s.in[s.pos] == '"' {
			s.pos++
			s.writeByte('"')
			return nil
		}
		if err := s.char(key); err != nil {
			return err
		}
	}
}

// plain is the index of the first byte from in[i:] that ends a string or
// is not as the canonical form writes it: a quote, a backslash, a control
// character, invalid UTF-8, U+2028 or U+2029. It is len(in) if none is.
func plain(in []byte, i int) int {
	for i < len(in) {
		c := in[i]
		if c < utf8.RuneSelf {
			if c < ' ' || c == '"' || c == '\\' {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(in[i:])
		if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
			return i
		}
		i += size
	}
	return i
}

// char reads a string's character that plain stops at, other than its
// closing quote, the way json.Unmarshal decodes it, and writes it the way
// json.Marshal encodes it.
func (s *scanner) char(key bool) error {
	var r rune
	switch c := s.in[s.pos]; {
	case c < ' ':
		return s.invalid()
	case c == '\\':
		if s.pos+1 >= len(s.in) {
			s.pos++
			return s.invalid()
		}
		switch e := s.in[s.pos+1]; e {
		case '"', '\\', '/':
			r = rune(e)
		case 'b':
			r = '\b'
		case 'f':
			r = '\f'
		case 'n':
			r = '\n'
		case 'r':
			r = '\r'
		case 't':
			r = '\t'
		case 'u':
			if r = hex4(s.in[s.pos:]); r < 0 {
				s.pos += 2
				return s.invalid()
			}
			s.pos += 4
			if utf16.IsSurrogate(r) {
				// A lone or misordered surrogate decodes as U+FFFD, and
				// what follows it is read on its own.
				if dec := utf16.DecodeRune(r, hex4(s.in[s.pos+2:])); dec != utf8.RuneError {
					r = dec
					s.pos += 6
				} else {
					r = utf8.RuneError
				}
			}
		default:
			s.pos++
			return s.invalid()
		}
		s.pos += 2
	default:
		// Invalid UTF-8 decodes as U+FFFD; U+2028 and U+2029 are read
		// as they are.
		var size int
		r, size = utf8.DecodeRune(s.in[s.pos:])
		s.pos += size
	}
	if key {
		s.keys = utf8.AppendRune(s.keys, r)
	}
	s.out = appendRune(s.out, r)
	return nil
}

// hex4 is the character of a \uXXXX escape at the start of b, or -1.
func hex4(b []byte) rune {
	if len(b) < 6 || b[0] != '\\' || b[1] != 'u' {
		return -1
	}
	var r rune
	for _, c := range b[2:6] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return -1
		}
		r = r<<4 | rune(c)
	}
	return r
}

// appendRune appends a string's character the way encoding/json writes
// it without HTML escaping.
func appendRune(b []byte, r rune) []byte {
	const hex = "0123456789abcdef"
	switch {
	case r == '"' || r == '\\':
		return append(b, '\\', byte(r))
	case r >= ' ' && r < utf8.RuneSelf:
		return append(b, byte(r))
	case r == '\b':
		return append(b, '\\', 'b')
	case r == '\f':
		return append(b, '\\', 'f')
	case r == '\n':
		return append(b, '\\', 'n')
	case r == '\r':
		return append(b, '\\', 'r')
	case r == '\t':
		return append(b, '\\', 't')
	case r < ' ':
		return append(b, '\\', 'u', '0', '0', hex[r>>4], hex[r&0xF])
	case r == '\u2028' || r == '\u2029':
		return append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
	}
	return utf8.AppendRune(b, r)
}

// number reads a number. A whole number of at most 2^53 is canonical as
// it is; any other is written as encoding/json writes its float64.
func (s *scanner) number() error {
	in, start := s.in, s.pos
	i := start
	if in[i] == '-' {
		i++
	}
	first := i
	switch {
	case i >= len(in):
		s.pos = i
		return s.invalid()
	case in[i] == '0':
		i++
	case '1' <= in[i] && in[i] <= '9':
		i = digits(in, i+1)
	default:
		s.pos = i
		return s.invalid()
	}
	whole := i - first
	fraction := false
	if i < len(in) && in[i] == '.' {
		fraction = true
		if j := digits(in, i+1); j > i+1 {
			i = j
		} else {
			s.pos = i + 1
			return s.invalid()
		}
	}
	if i < len(in) && (in[i] == 'e' || in[i] == 'E') {
		fraction = true
		if i++; i < len(in) && (in[i] == '+' || in[i] == '-') {
			i++
		}
		if j := digits(in, i); j > i {
			i = j
		} else {
			s.pos = i
			return s.invalid()
		}
	}
	s.pos = i
	lit := in[start:i]
	if !fraction && (whole < 16 || whole == 16 && string(in[first:i]) <= "9007199254740992") {
		s.write(lit)
		return nil
	}
	f, err := strconv.ParseFloat(string(lit), 64)
	if err != nil {
		return fmt.Errorf("golden: number %s at offset %d is beyond float64", lit, start)
	}
	// As encoding/json writes a float64.
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	n := len(s.out)
	s.out = strconv.AppendFloat(s.out, f, format, -1, 64)
	if format == 'e' {
		// e-07 as e-7.
		if e := s.out[n:]; len(e) >= 4 && e[len(e)-4] == 'e' && e[len(e)-3] == '-' && e[len(e)-2] == '0' {
			e[len(e)-2] = e[len(e)-1]
			s.out = s.out[:len(s.out)-1]
		}
	}
	return nil
}

// digits is the index of the first byte from in[i:] that is no decimal
// digit, or len(in).
func digits(in []byte, i int) int {
	for i < len(in) && '0' <= in[i] && in[i] <= '9' {
		i++
	}
	return i
}
