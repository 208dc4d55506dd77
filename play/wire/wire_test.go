package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCheck(t *testing.T) {
	deep := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }
	tests := []struct {
		text string
		ok   bool
	}{
		{`{}`, true}, {` {"a":1} `, true}, {`[1,2.5,-0,1e9,"x",true,false,null,{}]`, true},
		{`"\u00e9\n\"\\\/"`, true}, {`{"a":{"a":1}}`, true}, {deep(MaxDepth), true},
		{deep(MaxDepth + 1), false}, {`{"a":1,"a":2}`, false}, {`{"a":1,"\u0061":2}`, false},
		{`{"a":{"b":1,"b":1}}`, false}, {`[{"x":1},{"x":1}]`, true},
		{``, false}, {`{`, false}, {`{"a"}`, false}, {`{"a":1,}`, false}, {`[1,]`, false},
		{`01`, false}, {`1.`, false}, {`.5`, false}, {`1e`, false}, {`+1`, false}, {`-`, false},
		{`"a`, false}, {"\"a\x01\"", false}, {`"\x"`, false}, {`"\u12"`, false}, {"\"\xff\"", false},
		{`{} {}`, false}, {`tru`, false}, {`nul`, false}, {`{1:2}`, false},
	}
	for _, tt := range tests {
		err := Check([]byte(tt.text))
		var se *SyntaxError
		if (err == nil) != tt.ok || (err != nil && !errors.As(err, &se)) {
			t.Errorf("Check(%.60q) = %v, want ok %v", tt.text, err, tt.ok)
		}
	}
}

// TestKeyBounds: an object may have MaxKeys keys, not more, and a repeat
// is found among them.
func TestKeyBounds(t *testing.T) {
	object := func(n int, extra string) string {
		var b strings.Builder
		b.WriteString("{")
		for i := range n {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(`"k` + strconv.Itoa(i) + `":1`)
		}
		return b.String() + extra + "}"
	}
	if err := Check([]byte(object(MaxKeys, ""))); err != nil {
		t.Errorf("%d keys: %v", MaxKeys, err)
	}
	if err := Check([]byte(object(MaxKeys+1, ""))); err == nil {
		t.Errorf("%d keys accepted", MaxKeys+1)
	}
	if err := Check([]byte(object(MaxKeys-1, `,"k3":2`))); err == nil || !strings.Contains(err.Error(), `"k3" appears twice`) {
		t.Errorf("a repeat among many keys: %v", err)
	}
	if err := Check([]byte(`[` + object(MaxKeys, "") + `,` + object(MaxKeys, "") + `]`)); err != nil {
		t.Errorf("two full objects side by side: %v", err)
	}
}

func TestObject(t *testing.T) {
	o, err := ReadObject([]byte(`{"type":"advance","ticks":2.0,"big":1e400,"long":1.0000000000000000000000000000000000,"s":"x\"y","f":1.5,"neg":-3}`), "action")
	if err != nil {
		t.Fatal(err)
	}
	if s, err := o.String("s"); err != nil || s != `x"y` {
		t.Errorf("String: %q %v", s, err)
	}
	if n, err := o.Int("ticks", 1, 90); err != nil || n != 2 {
		t.Errorf("a whole number written 2.0: %d %v", n, err)
	}
	for name, want := range map[string]string{
		"big":  "action.big: must be a whole number from 0 to 9, not 1e400",
		"long": "action.long: must be a whole number from 0 to 9, not 1.0000000000000000000000000000000000",
		"f":    "action.f: must be a whole number from 0 to 9, not 1.5",
		"neg":  "action.neg: must be a whole number from 0 to 9, not -3",
		"s":    `action.s: must be a whole number from 0 to 9, not "x\"y"`,
		"none": "action.none: is missing; it must be a whole number from 0 to 9",
	} {
		if _, err := o.Int(name, 0, 9); err == nil || err.Error() != want {
			t.Errorf("Int(%s) = %v, want %s", name, err, want)
		}
	}
	if err := o.Only("an advance", "type", "ticks"); err == nil || !strings.HasPrefix(err.Error(), `action.big: is not a field of an advance, which has exactly "type" and "ticks"`) {
		t.Errorf("Only: %v", err)
	}
	if _, err := ReadObject([]byte(`[1]`), ""); err == nil || err.Error() != "must be a JSON object, not [1]" {
		t.Errorf("array: %v", err)
	}
	if _, err := o.String("ticks"); err == nil || err.Error() != "action.ticks: must be a string, not 2.0" {
		t.Errorf("String of a number: %v", err)
	}
}

// shape reports whether data nests at most MaxDepth deep, has at most
// MaxKeys keys in an object and repeats no key,
// read with encoding/json's tokenizer: the reference Check is held to.
func shape(data []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	type frame struct {
		keys   map[string]bool // at most MaxKeys
		object bool
		key    bool // the next string is a key
	}
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return true
		}
		if err != nil {
			return false
		}
		top := func() *frame {
			if len(stack) == 0 {
				return nil
			}
			return stack[len(stack)-1]
		}
		if f := top(); f != nil && f.object {
			if s, ok := tok.(string); ok && f.key {
				if f.keys[s] || len(f.keys) == MaxKeys {
					return false
				}
				f.keys[s] = true
				f.key = false
				continue
			}
			if d, ok := tok.(json.Delim); !ok || (d != '}' && d != ']') {
				f.key = true
			}
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{keys: map[string]bool{}, object: true, key: true})
		case json.Delim('['):
			stack = append(stack, &frame{})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			if f := top(); f != nil && f.object {
				f.key = true
			}
		}
		if len(stack) > MaxDepth {
			return false
		}
	}
}

// FuzzCheck: Check accepts exactly the valid UTF-8 JSON texts that nest at
// most MaxDepth deep, have at most MaxKeys keys per object and repeat no
// key.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{`{"a":[1,{"b":null}]}`, `{"a":1,"a":2}`, `[[[[]]]]`, `"\u00e9"`, `1e5`, `{"a":1,"\u0061":1}`, ` [ ] `} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		data := []byte(text)
		got := Check(data) == nil
		want := json.Valid(data) && utf8.Valid(data) && shape(data)
		if got != want {
			t.Errorf("Check(%q) ok = %v, want %v", text, got, want)
		}
		if trimmed := bytes.TrimLeft(data, " \t\r\n"); got && trimmed[0] == '{' {
			if _, err := ReadObject(data, ""); err != nil {
				t.Errorf("ReadObject(%q): %v", text, err)
			}
		}
	})
}

// FuzzAppendString: AppendString writes what encoding/json writes without
// HTML escaping. A byte of invalid UTF-8 becomes U+FFFD: encoding/json up
// to Go 1.26 wrote it as the escape \ufffd, Go 1.27's as the character
// itself; AppendString writes the escape, so there the two must decode to
// the same text.
func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "plain", "a\"b\\c", "\n\r\t\b\f\x00\x1f", "é\u2028\u2029", "\xff\xfe", "<&>"} {
		f.Add(s)
	}
	f.Fuzz(checkAppendString)
}

// checkAppendString holds AppendString(s) to what encoding/json writes
// (see FuzzAppendString).
func checkAppendString(t *testing.T, s string) {
	want, _ := AppendValue(nil, s)
	got := AppendString(nil, s)
	if utf8.ValidString(s) {
		if string(got) != string(want) {
			t.Errorf("AppendString(%q) = %s, want %s", s, got, want)
		}
		return
	}
	var text string
	if err := json.Unmarshal(got, &text); err != nil || text != string([]rune(s)) || !utf8.Valid(got) {
		t.Errorf("AppendString(%q) = %s, which reads back as %q (%v), want %q", s, got, text, err, string([]rune(s)))
	}
}

// TestAppendStringLanes: AppendString tests eight bytes at a time, so
// every byte value is tried at every place of a word, on either side of a
// word's end and in the bytes after the last whole word.
func TestAppendStringLanes(t *testing.T) {
	for c := range 256 {
		for at := range 19 {
			s := []byte(strings.Repeat("tinrail ", 3)[:19])
			s[at] = byte(c)
			checkAppendString(t, string(s))
		}
	}
}

// observation is a Tinrail answer's observation, the longest text an
// answer escapes.
const observation = "Tinrail against G-Bot Easy (score multiplier 0.6).\nYour move: place a tile from your hand into cell 33.\n" +
	"Tiles placed: 2 of 35. Tiles survived: 2. Draw pile: 27. G-Bot holds 3.\n" +
	"Your engine: waiting at cell 33 (row 5, col 3), entering by port 7 (left edge, upper third).\n" +
	"G-Bot's engine: waiting at cell 4 (row 0, col 4), entering by port 6 (left edge, lower third).\n" +
	"Board (row 0 at the top; # tile, Y cell your engine faces, G cell G-Bot's faces, B both, . empty):\n" +
	"  ...#G.\n  ......\n  ......\n  ......\n  ......\n  ..#Y..\n" +
	"Placed tiles (strands with rotation applied):\n" +
	"  cell 3 (row 0, col 3): tile 24 rotation 0: 0-3 1-4 2-6 5-7\n  cell 32 (row 5, col 2): tile 22 rotation 1: 0-6 1-3 2-4 5-7\n" +
	"Your hand (act with {\"type\":\"place\",\"tileIndex\":i,\"rotation\":r}):\n" +
	"  tileIndex 0 (tile 9): rotation 0: 0-1 2-6 3-7 4-5 | rotation 1: 0-4 1-5 2-3 6-7 | rotation 2: 0-1 2-6 3-7 4-5 | rotation 3: 0-4 1-5 2-3 6-7\n" +
	"  tileIndex 1 (tile 5): rotation 0: 0-1 2-5 3-6 4-7 | rotation 1: 0-5 1-6 2-3 4-7 | rotation 2: 0-3 1-6 2-7 4-5 | rotation 3: 0-3 1-4 2-5 6-7\n" +
	"  tileIndex 2 (tile 4): rotation 0: 0-1 2-4 3-7 5-6 | rotation 1: 0-7 1-5 2-3 4-6 | rotation 2: 0-6 1-2 3-7 4-5 | rotation 3: 0-2 1-5 3-4 6-7\n"

// BenchmarkAppendString escapes a Tinrail observation (go test -bench
// AppendString ./play/wire).
func BenchmarkAppendString(b *testing.B) {
	buf := make([]byte, 0, 4096)
	b.SetBytes(int64(len(observation)))
	for b.Loop() {
		buf = AppendString(buf[:0], observation)
	}
}

// TestCheckAtMost: every value counts one, containers and members
// included; a text of exactly the most passes, one more is refused, and
// 0 is no limit.
func TestCheckAtMost(t *testing.T) {
	for _, tt := range []struct {
		text   string
		values int // the values it holds
	}{
		{`1`, 1},
		{`[]`, 1},
		{`[1,2]`, 3},
		{`{"a":[1,{"b":null}],"c":"x"}`, 6},
		{`[[[[]]]]`, 4},
	} {
		if err := CheckAtMost([]byte(tt.text), tt.values); err != nil {
			t.Errorf("%s at most %d: %v", tt.text, tt.values, err)
		}
		if err := CheckAtMost([]byte(tt.text), tt.values-1); tt.values > 1 && err == nil {
			t.Errorf("%s at most %d: taken", tt.text, tt.values-1)
		}
		if err := CheckAtMost([]byte(tt.text), 0); err != nil {
			t.Errorf("%s, no limit: %v", tt.text, err)
		}
	}
}

// BenchmarkReadObject reads a Tinrail action request as the HTTP edge
// reads it, then its action as the game does (go test -bench ReadObject
// ./play/wire).
func BenchmarkReadObject(b *testing.B) {
	body := []byte(`{"state":"` + strings.Repeat("AQHa7KwRsGihBkUjCodkNNmr-eUQ5IMnB24quBiUtMPZ", 5) +
		`","action":{"type":"place","tileIndex":0,"rotation":1}}`)
	b.ReportAllocs()
	for b.Loop() {
		o, err := ReadObject(body, "")
		if err != nil || o.Only("an action request", "state", "stateToken", "action") != nil {
			b.Fatal(err)
		}
		a, err := ReadObject(o.Raw("action"), "action")
		if err != nil {
			b.Fatal(err)
		}
		if _, err := a.Int("rotation", 0, 3); err != nil {
			b.Fatal(err)
		}
	}
}
