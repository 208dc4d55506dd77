// Package wire reads the JSON that agents send, strictly: the whole text is
// checked once, in linear time, with its nesting bounded; every object key
// must be unique (compared after unescaping) and is matched exactly, never
// case-insensitively. Games build their action parsers on it, and the edges
// read request bodies with it, so a refusal names the field at fault and what
// it allows.
package wire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"unicode/utf8"
)

// Bounds on a text: the deepest nesting of arrays and objects, and the most
// keys one object may have. With them a check costs time and memory linear
// in the text, whatever its shape.
const (
	MaxDepth = 32
	MaxKeys  = 64
)

// SyntaxError is a text that is not JSON, nests deeper than MaxDepth, or
// repeats a key.
type SyntaxError struct {
	Offset int
	Reason string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("not valid JSON at byte %d: %s", e.Offset, e.Reason)
}

// Check reports whether data is one JSON value (surrounded by optional white
// space) that nests at most MaxDepth deep, has at most MaxKeys keys in any
// object, and repeats no key in any object.
func Check(data []byte) error { return CheckAtMost(data, 0) }

// CheckAtMost is Check, and refuses a text that holds more than values
// JSON values in all (every array, object, member value, element and
// scalar counts one; 0 is no limit): a reader of messages that are known
// to be small stops early on one built to cost.
func CheckAtMost(data []byte, values int) error { return check(data, values, nil) }

// check is CheckAtMost that, unless top is nil, answers there the members
// of a top-level object.
func check(data []byte, values int, top *shortList[member]) error {
	s := scanner{data: data, most: values, top: top != nil}
	s.space()
	if err := s.value(0); err != nil {
		return err
	}
	s.space()
	if s.pos != len(data) {
		return s.fail("text after the value")
	}
	if top != nil {
		*top = s.members
	}
	return nil
}

type scanner struct {
	data []byte
	pos  int
	// keys holds the keys of the objects open at pos, outermost first;
	// each object cuts it back when it closes.
	keys shortList[key]
	// values counts the values begun, up to most (0: no limit).
	values, most int
	// members holds the members of a top-level object when top is set.
	top     bool
	members shortList[member]
}

// key is an object key, unescaped, with a hash that settles most
// comparisons.
type key struct {
	hash uint64
	name []byte
}

// hashKey is FNV-1a.
func hashKey(b []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range b {
		h = (h ^ uint64(c)) * 1099511628211
	}
	return h
}

func (s *scanner) fail(reason string) error {
	return &SyntaxError{Offset: s.pos, Reason: reason}
}

func (s *scanner) space() {
	data, i := s.data, s.pos
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	s.pos = i
}

func (s *scanner) value(depth int) error {
	if s.pos >= len(s.data) {
		return s.fail("unexpected end")
	}
	if s.values++; s.most > 0 && s.values > s.most {
		return s.fail(fmt.Sprintf("more than %d values", s.most))
	}
	switch c := s.data[s.pos]; {
	case c == '{':
		return s.object(depth + 1)
	case c == '[':
		return s.array(depth + 1)
	case c == '"':
		_, err := s.str()
		return err
	case c == '-' || (c >= '0' && c <= '9'):
		return s.number()
	case c == 't':
		return s.literal("true")
	case c == 'f':
		return s.literal("false")
	case c == 'n':
		return s.literal("null")
	}
	return s.fail("unexpected character")
}

func (s *scanner) literal(word string) error {
	if len(s.data)-s.pos < len(word) || string(s.data[s.pos:s.pos+len(word)]) != word {
		return s.fail("unexpected character")
	}
	s.pos += len(word)
	return nil
}

func (s *scanner) object(depth int) error {
	if depth > MaxDepth {
		return s.fail(fmt.Sprintf("nested deeper than %d", MaxDepth))
	}
	s.pos++
	s.space()
	if s.pos < len(s.data) && s.data[s.pos] == '}' {
		s.pos++
		return nil
	}
	base := s.keys.n
	for {
		if s.pos >= len(s.data) || s.data[s.pos] != '"' {
			return s.fail("expected a key in quotes")
		}
		at := s.pos
		k, err := s.str()
		if err != nil {
			return err
		}
		name := unescaped(k)
		h := hashKey(name)
		for i := base; i < s.keys.n; i++ {
			if seen := s.keys.at(i); seen.hash == h && bytes.Equal(seen.name, name) {
				s.pos = at
				return s.fail("the key " + Quote(string(name)) + " appears twice")
			}
		}
		if s.keys.n-base == MaxKeys {
			s.pos = at
			return s.fail(fmt.Sprintf("an object has more than %d keys", MaxKeys))
		}
		s.keys.add(key{hash: h, name: name})
		s.space()
		if s.pos >= len(s.data) || s.data[s.pos] != ':' {
			return s.fail("expected ':' after a key")
		}
		s.pos++
		s.space()
		start := s.pos
		if err := s.value(depth); err != nil {
			return err
		}
		if depth == 1 && s.top {
			s.members.add(member{name: name, raw: s.data[start:s.pos]})
		}
		s.space()
		if s.pos >= len(s.data) {
			return s.fail("unexpected end")
		}
		switch s.data[s.pos] {
		case ',':
			s.pos++
			s.space()
		case '}':
			s.pos++
			s.keys.cut(base)
			return nil
		default:
			return s.fail("expected ',' or '}'")
		}
	}
}

func (s *scanner) array(depth int) error {
	if depth > MaxDepth {
		return s.fail(fmt.Sprintf("nested deeper than %d", MaxDepth))
	}
	s.pos++
	s.space()
	if s.pos < len(s.data) && s.data[s.pos] == ']' {
		s.pos++
		return nil
	}
	for {
		if err := s.value(depth); err != nil {
			return err
		}
		s.space()
		if s.pos >= len(s.data) {
			return s.fail("unexpected end")
		}
		switch s.data[s.pos] {
		case ',':
			s.pos++
			s.space()
		case ']':
			s.pos++
			return nil
		default:
			return s.fail("expected ',' or ']'")
		}
	}
}

// str scans a string and answers it with its quotes, escapes unresolved.
func (s *scanner) str() ([]byte, error) {
	start := s.pos
	s.pos++
	for s.pos < len(s.data) {
		data, i := s.data, plainUntil(s.data, s.pos)
		if s.pos = i; i == len(data) {
			break
		}
		c := data[i]
		switch {
		case c == '"':
			s.pos++
			return s.data[start:s.pos], nil
		case c == '\\':
			if s.pos+1 >= len(s.data) {
				return nil, s.fail("unexpected end")
			}
			switch s.data[s.pos+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				s.pos += 2
			case 'u':
				if s.pos+6 > len(s.data) || !isHex4(s.data[s.pos+2:s.pos+6]) {
					return nil, s.fail("bad \\u escape")
				}
				s.pos += 6
			default:
				return nil, s.fail("bad escape")
			}
		case c < 0x20:
			return nil, s.fail("control character in a string")
		case c < utf8.RuneSelf:
			s.pos++
		default:
			r, n := utf8.DecodeRune(s.data[s.pos:])
			if r == utf8.RuneError && n <= 1 {
				return nil, s.fail("invalid UTF-8")
			}
			s.pos += n
		}
	}
	return nil, s.fail("unterminated string")
}

func isHex4(b []byte) bool {
	for _, c := range b {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

func (s *scanner) number() error {
	if s.data[s.pos] == '-' {
		s.pos++
	}
	switch {
	case s.pos < len(s.data) && s.data[s.pos] == '0':
		s.pos++
	case s.pos < len(s.data) && s.data[s.pos] >= '1' && s.data[s.pos] <= '9':
		s.digits()
	default:
		return s.fail("bad number")
	}
	if s.pos < len(s.data) && s.data[s.pos] == '.' {
		s.pos++
		if s.digits() == 0 {
			return s.fail("bad number")
		}
	}
	if s.pos < len(s.data) && (s.data[s.pos] == 'e' || s.data[s.pos] == 'E') {
		s.pos++
		if s.pos < len(s.data) && (s.data[s.pos] == '+' || s.data[s.pos] == '-') {
			s.pos++
		}
		if s.digits() == 0 {
			return s.fail("bad number")
		}
	}
	return nil
}

func (s *scanner) digits() int {
	data, i := s.data, s.pos
	for i < len(data) && data[i]-'0' <= 9 {
		i++
	}
	n := i - s.pos
	s.pos = i
	return n
}

// unescaped answers the text of a scanned string, its quotes removed and
// its escapes resolved. Strings without escapes, every key an agent
// normally sends, are answered in place, without copying.
func unescaped(quoted []byte) []byte {
	inner := quoted[1 : len(quoted)-1]
	if bytes.IndexByte(inner, '\\') < 0 {
		return inner
	}
	var out string
	json.Unmarshal(quoted, &out)
	return []byte(out)
}
