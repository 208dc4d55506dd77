package golden

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"
)

// slowCanonical is the canonical form by definition: data decoded into an
// any and written by canonical.
func slowCanonical(data []byte) ([]byte, error) {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, err
	}
	return canonical(v)
}

// slowWithout is CanonicalObjectWithout by definition.
func slowWithout(data []byte, drop ...string) ([]byte, error) {
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil || m == nil {
		return nil, errors.New("not a JSON object")
	}
	for _, k := range drop {
		delete(m, k)
	}
	return canonical(m)
}

// canonCases are inputs for Canonical, each held to slowCanonical.
var canonCases = []string{
	// Scalars.
	`null`, `true`, `false`, `""`, `"a"`, ` 1 `,
	// Escapes.
	`"\u003cb\u003e \u0026"`, `"<b> &"`, `"\"\\\/\b\f\n\r\t"`, `"\u0000\u001f\u007f\u0080"`,
	`"a\u0041\u00e9\u00E9"`, `"tab\there"`, `"\/"`,
	// Unicode: as it is, escaped, U+2028 and U+2029, surrogates.
	`"é中𝄞"`, `"\u00e9\u4e2d\ud834\udd1e"`, "\"a\u2028b\u2029c\"", `"\u2028\u2029"`,
	`"\ud834"`, `"\udd1e"`, `"\udd1e\ud834"`, `"\ud834\u0041"`, `"\ud834\ud834\udd1e"`, `"\ud834x"`,
	`"\uD834\uDD1E"`, `"\ufffd"`, "\"\uFFFD\"",
	// Invalid UTF-8 in strings.
	"\"\xff\"", "\"a\xc3\"", "\"\xed\xa0\x80\"", "\"\xe2\x80\"", "{\"\xff\":1,\"\xfe\":2}",
	// Numbers.
	`1`, `-0`, `0`, `-1`, `1.0`, `1.5`, `1e3`, `1E3`, `1e+3`, `-1e-3`, `0.1`, `0.000001`, `0.0000001`,
	`1e20`, `1e21`, `123456789012345678901`, `12345678901234567890`, `9007199254740992`,
	`9007199254740993`, `-9007199254740993`, `999999999999999`, `1000000000000000`,
	`9999999999999999`, `-0.0`, `1e-400`, `2.5e-8`, `5e-324`, `1.7976931348623157e308`,
	`[0.1,0.2,100,1e2,-5e-7]`,
	// Objects: order, duplicate keys, keys that sort once decoded.
	`{"b":1,"a":2}`, `{"a":1,"a":2}`, `{"a":{"x":1},"a":{"y":2}}`, `{"a":{"x":{"p":1}},"a":{"x":{"q":2}}}`, `{"a":[1,2],"a":[3]}`, `{"a":1,"b":0,"a":2}`, `{"a":{"x":1},"a":[1]}`,
	`{"b":1,"a":2,"b":3,"a":4,"c":5,"a":6}`, `{"\u0062":1,"a":2}`, `{"a\u0000":1,"a":2}`,
	`{"\u00e9":1,"z":2,"é":3}`, `{"B":1,"a":2,"_":3,"":4}`, `{"\ud834\udd1e":1,"\uffff":2}`,
	// Nested.
	`{"z":{"y":[{"b":1,"a":[2,{"d":3,"c":4}]}],"x":null},"w":[[[]]]}`,
	`[{"b":{"d":1,"c":2},"a":3},{"b":{"d":1,"c":2,"d":5},"a":3}]`,
	// Empty containers.
	`{}`, `[]`, `[{}]`, `{"a":[]}`, `{"a":{}}`, `[[],{}]`,
	// Whitespace.
	" \t\r\n{ \"b\" : [ 1 , 2 ] ,\n\t\"a\" : { } } \n", "[ ]", "{ }", "\n\"x\"\n",
}

// invalidCases are no JSON: Canonical errors.
var invalidCases = []string{
	``, ` `, `{`, `}`, `[`, `]`, `[1,]`, `[,1]`, `{"a"}`, `{"a":}`, `{"a":1,}`, `{,}`, `{1:2}`,
	`{"a" 1}`, `{"a":1 "b":2}`, `[1 2]`, `"`, `"abc`, `"\"`, `"\x"`, `"\u12"`, `"\u12g4"`, `"\ud834\u12"`,
	"\"a\nb\"", "\"\x00\"", `01`, `-`, `-a`, `1.`, `1.e3`, `.1`, `1e`, `1e+`, `+1`, `0x10`, `1_000`,
	`tru`, `nul`, `falsey`, `True`, `NaN`, `Infinity`, `1 2`, `{} {}`, `[]]`, "\ufeff1", `'a'`,
	`1e400`, `-1e400`, `[1e309]`, `{"a":"b"`, `{"a":"b",`,
}

func TestCanonical(t *testing.T) {
	for _, in := range canonCases {
		if !json.Valid([]byte(in)) {
			t.Errorf("%q: not valid JSON", in)
			continue
		}
		want, err := slowCanonical([]byte(in))
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		got, err := Canonical([]byte(in))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("Canonical(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range invalidCases {
		if got, err := Canonical([]byte(in)); err == nil {
			t.Errorf("Canonical(%q) = %q, want an error", in, got)
		}
	}
}

func TestCanonicalObjectWithout(t *testing.T) {
	drop := []string{"state", "stateToken", "spec"}
	for _, in := range append(canonCases,
		`{"state":"x","a":1}`, `{"a":1,"state":"x"}`, `{"state":1,"state":2}`, `{"spec":{},"a":{"state":1},"stateToken":"t"}`,
		`{"st\u0061te":1,"b":[{"spec":2}]}`, `{"state":1}`, `{"b":2,"a":1,"spec":0,"c":3}`) {
		want, werr := slowWithout([]byte(in), drop...)
		got, err := CanonicalObjectWithout([]byte(in), drop...)
		if (err != nil) != (werr != nil) || !bytes.Equal(got, want) {
			t.Errorf("CanonicalObjectWithout(%q) = %q, %v; want %q, %v", in, got, err, want, werr)
		}
	}
}

// TestCanonicalDepth: arrays and objects nest as deep as encoding/json
// lets them, and no deeper.
func TestCanonicalDepth(t *testing.T) {
	for _, open := range []string{"[", `{"a":`} {
		closing := map[string]string{"[": "]", `{"a":`: "}"}[open]
		for _, depth := range []int{maxDepth, maxDepth + 1, 100 * maxDepth} {
			in := []byte(strings.Repeat(open, depth) + "1" + strings.Repeat(closing, depth))
			got, err := Canonical(in)
			if valid := json.Valid(in); valid != (err == nil) {
				t.Errorf("%s nested %d deep: json.Valid %v, error %v", open, depth, valid, err)
			} else if valid && !bytes.Equal(got, in) {
				t.Errorf("%s nested %d deep: changed", open, depth)
			}
		}
	}
	if _, err := Canonical([]byte(strings.Repeat("[", 100*maxDepth))); err == nil {
		t.Errorf("unclosed arrays: no error")
	}
}

// TestCanonicalGolden: every answer the golden files keep is canonical.
func TestCanonicalGolden(t *testing.T) {
	for _, a := range goldenAnswers(t) {
		want, err := slowCanonical(a)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Canonical(a)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("Canonical(%.200s) = %.200s, %v", a, got, err)
		}
		if got, err := Canonical(reordered(t, a)); err != nil || !bytes.Equal(got, want) {
			t.Fatalf("Canonical of reordered %.200s = %.200s, %v", a, got, err)
		}
	}
}

// goldenAnswers are the answers the golden files keep.
func goldenAnswers(tb testing.TB) [][]byte {
	cases, err := Load(Files, "")
	if err != nil {
		tb.Fatal(err)
	}
	var out [][]byte
	for _, c := range cases {
		for _, st := range c.Steps {
			if st.Answer != nil {
				out = append(out, st.Answer)
			}
		}
	}
	return out
}

// reordered is a JSON value written as a Go struct may write it: every
// object's members in reverse order of their keys, HTML characters
// escaped and indented.
func reordered(tb testing.TB, data []byte) []byte {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		tb.Fatal(err)
	}
	var b bytes.Buffer
	var write func(v any)
	write = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			b.WriteString("{\n")
			keys := slices.Sorted(maps.Keys(v))
			slices.Reverse(keys)
			for i, k := range keys {
				if i > 0 {
					b.WriteString(",\n")
				}
				write(k)
				b.WriteString(": ")
				write(v[k])
			}
			b.WriteString("\n}")
		case []any:
			b.WriteString("[")
			for i, x := range v {
				if i > 0 {
					b.WriteString(", ")
				}
				write(x)
			}
			b.WriteString("]")
		default:
			j, err := json.Marshal(v)
			if err != nil {
				tb.Fatal(err)
			}
			b.Write(j)
		}
	}
	write(v)
	return b.Bytes()
}

func FuzzCanonical(f *testing.F) {
	for _, in := range canonCases {
		f.Add([]byte(in))
	}
	for _, in := range invalidCases {
		f.Add([]byte(in))
	}
	// Some of the golden answers: the fuzzer minimizes an input that
	// finds new code byte by byte, which takes long for a large one.
	for i, a := range goldenAnswers(f) {
		if i%10 == 0 && len(a) <= 1500 {
			f.Add(a)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := Canonical(data)
		if !json.Valid(data) {
			if err == nil {
				t.Fatalf("Canonical(%q) = %q, want an error", data, got)
			}
			if got, err := CanonicalObjectWithout(data, "a"); err == nil {
				t.Fatalf("CanonicalObjectWithout(%q) = %q, want an error", data, got)
			}
			return
		}
		want, werr := slowCanonical(data)
		if (err != nil) != (werr != nil) || !bytes.Equal(got, want) {
			t.Fatalf("Canonical(%q) = %q, %v; want %q, %v", data, got, err, want, werr)
		}
		drop := []string{"a", "state"}
		got, err = CanonicalObjectWithout(data, drop...)
		want, werr = slowWithout(data, drop...)
		if (err != nil) != (werr != nil) || !bytes.Equal(got, want) {
			t.Fatalf("CanonicalObjectWithout(%q) = %q, %v; want %q, %v", data, got, err, want, werr)
		}
	})
}

// BenchmarkCanonical measures the slow and the fast canonical form of the
// largest answer the golden files keep, as they keep it (canonical) and
// reordered as a struct may write it.
func BenchmarkCanonical(b *testing.B) {
	var big []byte
	for _, a := range goldenAnswers(b) {
		if len(a) > len(big) {
			big = a
		}
	}
	for _, in := range []struct {
		name string
		data []byte
	}{{"canonical", big}, {"reordered", reordered(b, big)}} {
		b.Run(in.name+"/slow", func(b *testing.B) {
			b.SetBytes(int64(len(in.data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := slowCanonical(in.data); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(in.name+"/fast", func(b *testing.B) {
			b.SetBytes(int64(len(in.data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Canonical(in.data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
