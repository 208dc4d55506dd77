package wire

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf8"
)

// Appender is a value that writes its own JSON, exactly as encoding/json
// would write it (fields in declaration order, no HTML escaping), and
// faster: answers on the hot path are written this way.
type Appender interface {
	AppendJSON(b []byte) []byte
}

// AppendValue appends v as JSON: null if it is nil, itself if it is an
// Appender, through encoding/json (without HTML escaping) otherwise.
func AppendValue(b []byte, v any) ([]byte, error) {
	switch v := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case Appender:
		return v.AppendJSON(b), nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return b, err
	}
	return append(b, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...), nil
}

// AppendInt appends a JSON number.
func AppendInt(b []byte, n int) []byte { return strconv.AppendInt(b, int64(n), 10) }

// AppendBool appends true or false.
func AppendBool(b []byte, v bool) []byte { return strconv.AppendBool(b, v) }

// AppendKey appends "name": after a comma unless it opens the object
// (first).
func AppendKey(b []byte, name string, first bool) []byte {
	if !first {
		b = append(b, ',')
	}
	b = append(b, '"')
	b = append(b, name...)
	return append(b, '"', ':')
}

const hexDigits = "0123456789abcdef"

// plain marks the ASCII bytes a JSON string holds as they are.
var plain = func() (set [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		set[c] = c != '"' && c != '\\'
	}
	return set
}()

// AppendString appends s as a JSON string, escaped as encoding/json
// escapes it without HTML escaping: quote, backslash and control
// characters, invalid UTF-8 as U+FFFD, and U+2028 and U+2029.
func AppendString(b []byte, s string) []byte { return appendQuoted(b, s, false) }

// AppendLogString appends s as a JSON string, escaped as log/slog's JSON
// handler escapes it: as AppendString does but for \b and \f, written as
// any other control character (\u0008, \u000c), and invalid UTF-8,
// written as the character U+FFFD itself (as Go 1.27's does).
func AppendLogString(b []byte, s string) []byte { return appendQuoted(b, s, true) }

// appendQuoted is AppendString, or with slog AppendLogString.
func appendQuoted(b []byte, s string, slog bool) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if i = plainUntil(s, i); i == len(s) {
			break
		}
		if c := s[i]; c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch {
			case c == '\\' || c == '"':
				b = append(b, '\\', c)
			case c == '\b' && !slog:
				b = append(b, '\\', 'b')
			case c == '\f' && !slog:
				b = append(b, '\\', 'f')
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1 && slog:
			b = append(b, s[start:i]...)
			b = append(b, "\uFFFD"...)
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// Masks for testing eight bytes at once: a byte of ones in each lane,
// and the high bit of each lane.
const (
	lanes     = 0x0101010101010101
	laneHighs = 0x8080808080808080
)

// plainUntil is the index of the first byte of s from i on that a JSON
// string does not hold as it is (a control character, a quote, a
// backslash, or any byte of a character past ASCII), or len(s). It tests
// eight bytes at a time as one word, where x-lanes&^x leaves a lane's high
// bit set if x has a zero lane, and x-0x20*lanes&^x if x has a lane below
// 0x20: escaping a long text, or scanning one, takes a fraction of the
// time that testing each byte does.
func plainUntil[T string | []byte](s T, i int) int {
	for ; i+8 <= len(s); i += 8 {
		w := s[i : i+8]
		v := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
			uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
		quote := v ^ '"'*lanes
		backslash := v ^ '\\'*lanes
		if (v|(v-0x20*lanes)&^v|(quote-lanes)&^quote|(backslash-lanes)&^backslash)&laneHighs != 0 {
			break
		}
	}
	for i < len(s) && s[i] < utf8.RuneSelf && plain[s[i]] {
		i++
	}
	return i
}

// AppendList appends xs as a JSON array, each element written by each
// (an element's AppendJSON method, say), or null when xs is nil, as
// encoding/json writes a slice.
func AppendList[T any](b []byte, xs []T, each func(x *T, b []byte) []byte) []byte {
	if xs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = each(&xs[i], b)
	}
	return append(b, ']')
}
