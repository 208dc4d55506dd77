package golden

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
)

// same holds two JSON texts to one canonical form.
func same(t *testing.T, what string, got, want []byte) {
	t.Helper()
	if g, w := canon(t, got), canon(t, want); g != w {
		t.Errorf("%s: %s, want %s", what, g, w)
	}
}

// TestDiff: Diff writes the small patch for each kind of change, and the
// patch applied to the previous value gives the next one.
func TestDiff(t *testing.T) {
	// Each value but the last two holds a long member that stays, so that
	// the ops are shorter than the whole value.
	for _, c := range []struct{ name, prev, next, patch string }{
		{"equal", `{"a":[1,{"b":null}]}`, `{"a": [1, {"b": null}]}`, `[]`},
		{"members", `{"a":1,"b":2,"c":3,"p":PAD}`, `{"a":1,"b":5,"d":4,"p":PAD}`,
			`[{"op":"remove","path":"/c"},{"op":"replace","path":"/b","value":5},{"op":"add","path":"/d","value":4}]`},
		{"nested", `{"view":{"round":1,"size":[10,10]},"ok":true}`, `{"view":{"round":2,"size":[10,10]},"ok":true}`,
			`[{"op":"replace","path":"/view/round","value":2}]`},
		{"prepended", `{"board":[[[5,4],[5,5],[5,6],[5,7],[5,8],[5,9],[6,9]],[[4,9],[3,9],[2,9],[1,9],[0,9],[0,8]]]}`,
			`{"board":[[[4,4],[5,4],[5,5],[5,6],[5,7],[5,8],[5,9],[6,9]],[[4,8],[4,9],[3,9],[2,9],[1,9],[0,9],[0,8]]]}`,
			`[{"op":"add","path":"/board/0/0","value":[4,4]},{"op":"add","path":"/board/1/0","value":[4,8]}]`},
		{"appended", `{"log":[PAD,"b"]}`, `{"log":[PAD,"b","c","d"]}`,
			`[{"op":"add","path":"/log/-","value":"c"},{"op":"add","path":"/log/-","value":"d"}]`},
		{"inserted", `[1,2,PAD]`, `[1,2,3,4,PAD]`, `[{"op":"add","path":"/2","value":3},{"op":"add","path":"/3","value":4}]`},
		{"removed", `{"q":[PAD,2,3,4,"five",PAD]}`, `{"q":[PAD,PAD]}`,
			`[{"op":"remove","path":"/q/4"},{"op":"remove","path":"/q/3"},{"op":"remove","path":"/q/2"},{"op":"remove","path":"/q/1"}]`},
		{"emptied", `{"trail":[[1,2],[1,3],[1,4]],"p":PAD}`, `{"trail":[],"p":PAD}`, `[{"op":"replace","path":"/trail","value":[]}]`},
		{"elements", `{"cycles":[{"head":[5,4],"length":1,"p":PAD},{"head":[4,9],"length":1,"p":PAD}]}`,
			`{"cycles":[{"head":[4,4],"length":2,"p":PAD},{"head":[4,9],"length":2,"p":PAD}]}`,
			`[{"op":"replace","path":"/cycles/0/head/0","value":4},{"op":"replace","path":"/cycles/0/length","value":2},{"op":"replace","path":"/cycles/1/length","value":2}]`},
		{"type", `{"a":[1],"b":1,"c":{"d":1},"p":PAD}`, `{"a":{"0":1},"b":"1","c":[1],"p":PAD}`,
			`[{"op":"replace","path":"/a","value":{"0":1}},{"op":"replace","path":"/b","value":"1"},{"op":"replace","path":"/c","value":[1]}]`},
		{"nulls", `{"result":null,"died":5,"p":PAD}`, `{"result":{"rank":1},"died":null,"x":null,"p":PAD}`,
			`[{"op":"replace","path":"/died","value":null},{"op":"replace","path":"/result","value":{"rank":1}},{"op":"add","path":"/x","value":null}]`},
		{"unicode", `{"é":"ü","o":"a<b","p":PAD}`, `{"é":"üñ","日本":"✓","o":"a<b&c","p":PAD}`,
			`[{"op":"replace","path":"/o","value":"a<b&c"},{"op":"replace","path":"/é","value":"üñ"},{"op":"add","path":"/日本","value":"✓"}]`},
		{"escaped keys", `{"a/b":1,"m~n":2,"~1":3,"":4,"p":PAD}`, `{"a/b":2,"m~n":3,"~1":4,"":5,"p":PAD}`,
			`[{"op":"replace","path":"/","value":5},{"op":"replace","path":"/a~1b","value":2},{"op":"replace","path":"/m~0n","value":3},{"op":"replace","path":"/~01","value":4}]`},
		{"cheaper whole", `{"a":[1,2,3],"p":PAD}`, `{"a":[4,5,6],"p":PAD}`, `[{"op":"replace","path":"/a","value":[4,5,6]}]`},
		{"both ends", `[1,2,3,4]`, `[2,3]`, `[{"op":"replace","path":"","value":[2,3]}]`},
		{"root", `1`, `"one"`, `[{"op":"replace","path":"","value":"one"}]`},
	} {
		t.Run(c.name, func(t *testing.T) {
			pad := `"` + strings.Repeat("-", 200) + `"`
			c.prev, c.next = strings.ReplaceAll(c.prev, "PAD", pad), strings.ReplaceAll(c.next, "PAD", pad)
			p, err := Diff(json.RawMessage(c.prev), json.RawMessage(c.next))
			if err != nil {
				t.Fatal(err)
			}
			if string(p) != c.patch {
				t.Errorf("Diff: %s\nwant %s", p, c.patch)
			}
			got, err := Apply(json.RawMessage(c.prev), p)
			if err != nil {
				t.Fatal(err)
			}
			same(t, "Apply(prev, Diff(prev, next))", got, []byte(c.next))
		})
	}
	if _, err := Diff(json.RawMessage(`{"a":`), json.RawMessage(`{}`)); err == nil {
		t.Error("Diff of broken JSON: no error")
	}
}

// TestApply: Apply does what RFC 6902 says of add, remove and replace,
// and refuses an op that does not apply, or any other op.
func TestApply(t *testing.T) {
	const doc = `{"a":[1,2],"b":{"c":1},"~1":0}`
	for _, c := range []struct{ patch, want string }{
		{`[{"op":"add","path":"/a/2","value":3}]`, `{"a":[1,2,3],"b":{"c":1},"~1":0}`},
		{`[{"op":"add","path":"/a/0","value":0},{"op":"remove","path":"/a/2"}]`, `{"a":[0,1],"b":{"c":1},"~1":0}`},
		{`[{"op":"add","path":"/b/c","value":[2]},{"op":"add","path":"/b/c/-","value":3}]`, `{"a":[1,2],"b":{"c":[2,3]},"~1":0}`},
		{`[{"op":"replace","path":"/~01","value":{"x":null}},{"op":"add","path":"/~01/x","value":1}]`, `{"a":[1,2],"b":{"c":1},"~1":{"x":1}}`},
		{`[{"op":"remove","path":"/b/c"},{"op":"replace","path":"/a/1","value":"two"}]`, `{"a":[1,"two"],"b":{},"~1":0}`},
		{`[{"op":"replace","path":"","value":[1]},{"op":"add","path":"/-","value":2}]`, `[1,2]`},
	} {
		got, err := Apply(json.RawMessage(doc), json.RawMessage(c.patch))
		if err != nil {
			t.Errorf("%s: %v", c.patch, err)
			continue
		}
		same(t, c.patch, got, []byte(c.want))
	}
	for _, bad := range []string{
		`[{"op":"move","from":"/a","path":"/z"}]`,
		`[{"op":"test","path":"/a","value":[1,2]}]`,
		`[{"op":"remove","path":"/z"}]`,
		`[{"op":"replace","path":"/z","value":1}]`,
		`[{"op":"add","path":"/z/y","value":1}]`,
		`[{"op":"add","path":"/a/3","value":1}]`,
		`[{"op":"remove","path":"/a/2"}]`,
		`[{"op":"add","path":"/a/01","value":1}]`,
		`[{"op":"add","path":"/a/-1","value":1}]`,
		`[{"op":"replace","path":"/a/-","value":1}]`,
		`[{"op":"add","path":"/b/c/d","value":1}]`,
		`[{"op":"add","path":"a","value":1}]`,
		`[{"op":"add","path":"/a"}]`,
		`[{"op":"remove","path":""}]`,
		`{"op":"remove","path":"/a"}`,
	} {
		if got, err := Apply(json.RawMessage(doc), json.RawMessage(bad)); err == nil {
			t.Errorf("%s applied: %s", bad, got)
		}
	}
}

// tronLike is a made-up full transcript of n steps that changes as a
// long Tron match does: trails grow at their front, counters and text
// change, a trail empties, step 5 is refused (no view) and step 9 keeps
// only its digest.
func tronLike(n int) *Case {
	c := &Case{Format: Format, Game: "tron", Name: "like", Covers: []string{}, Query: map[string]string{"seed": "1"}, Full: true}
	var trails [2][]string
	for i := range n {
		for p := range trails {
			if p == 1 && i > n/2 {
				trails[p] = nil
			} else {
				trails[p] = append([]string{fmt.Sprintf("[%d,%d]", i, p)}, trails[p]...)
			}
		}
		answer := fmt.Sprintf(`{"ok":true,"observation":"round %d\n%s","rules":"%s","view":{"board":[[%s],[%s]],"round":%d,"x~/y":"é"}}`,
			i, strings.Repeat("#", 100+i%7), strings.Repeat("~", 400), strings.Join(trails[0], ","), strings.Join(trails[1], ","), i)
		if i == 5 {
			answer = `{"ok":false,"code":"illegal_move","reason":"no"}`
		}
		st := Step{Digest: fmt.Sprintf("%016x", i), Answer: json.RawMessage(answer)}
		if i > 0 {
			st.Action = json.RawMessage(`{"type":"move"}`)
		}
		if i == 9 {
			st.Answer = nil
		}
		c.Steps = append(c.Steps, st)
	}
	return c
}

// canon is a JSON text in canonical form, numbers as written.
func canon(t *testing.T, data []byte) string {
	t.Helper()
	v, err := decode(data)
	if err != nil {
		t.Fatalf("%v in %s", err, data)
	}
	c, _ := canonical(v)
	return string(c)
}

// checkCompact holds c.Compact(k) to its rules and to c, for each k: a
// checkpoint every k steps, patches only after an answer and shorter
// than the answer, and Expand, or a write and a read, giving back every
// answer.
func checkCompact(t *testing.T, c *Case, ks ...int) {
	t.Helper()
	want := make([]string, len(c.Steps)) // canonical, once needed
	sameAnswer := func(i int, got []byte) bool {
		if string(got) == string(c.Steps[i].Answer) {
			return true
		}
		if want[i] == "" {
			want[i] = canon(t, c.Steps[i].Answer)
		}
		return string(got) == want[i] || canon(t, got) == want[i]
	}
	for _, k := range ks {
		ct := c.Compact(k)
		patches := 0
		for i, st := range ct.Steps {
			was := c.Steps[i].Answer
			switch {
			case st.Patch == nil && string(st.Answer) != string(was):
				t.Fatalf("%s k %d step %d: the answer changed", c.Ref(), k, i)
			case st.Patch == nil:
			case st.Answer != nil || i%k == 0 || c.Steps[i-1].Answer == nil || len(st.Patch) >= len(was):
				t.Fatalf("%s k %d step %d: a patch where an answer belongs: %s", c.Ref(), k, i, st.Patch)
			default:
				patches++
			}
		}
		if want := map[bool]int{true: FormatCompact, false: c.Format}[patches > 0]; ct.Format != want {
			t.Errorf("%s k %d: format %d with %d patches", c.Ref(), k, ct.Format, patches)
		}
		e, err := ct.Expand()
		if err != nil {
			t.Fatalf("%s k %d: %v", c.Ref(), k, err)
		}
		data, err := ct.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		var read Case
		if err := json.Unmarshal(data, &read); err != nil {
			t.Fatalf("%s k %d: %v", c.Ref(), k, err)
		}
		for _, got := range []*Case{e, &read} {
			if got.Format != c.Format || len(got.Steps) != len(c.Steps) {
				t.Fatalf("%s k %d: format %d, %d steps", c.Ref(), k, got.Format, len(got.Steps))
			}
			for i, st := range got.Steps {
				if (st.Answer == nil) != (c.Steps[i].Answer == nil) || st.Patch != nil || st.Digest != c.Steps[i].Digest {
					t.Fatalf("%s k %d step %d: answer %s, patch %s", c.Ref(), k, i, st.Answer, st.Patch)
				}
				if st.Answer != nil && !sameAnswer(i, st.Answer) {
					t.Fatalf("%s k %d step %d: answer %s, want %s", c.Ref(), k, i, st.Answer, c.Steps[i].Answer)
				}
			}
		}
	}
}

// TestCompact: for a made-up transcript and every golden case, Expand of
// Compact(k) gives back every answer, for several k.
func TestCompact(t *testing.T) {
	cases, err := Load(Files, "")
	if err != nil {
		t.Fatal(err)
	}
	ks := []int{1, 2, 3, 7, Checkpoint}
	checkCompact(t, tronLike(40), ks...)
	for i := range cases {
		checkCompact(t, &cases[i], ks...)
	}
	c := tronLike(40)
	if ct := c.Compact(0); ct.Format != Format || ct.Steps[1].Patch != nil {
		t.Errorf("Compact(0) wrote patches")
	}
	ct := c.Compact(8)
	if p := string(ct.Steps[18].Patch); !strings.Contains(p, `{"op":"add","path":"/view/board/0/0","value":[18,0]}`) || strings.Contains(p, `[17,0]`) {
		t.Errorf("step 18's patch: %s", p)
	}
	if p := string(ct.Steps[21].Patch); !strings.Contains(p, `{"op":"replace","path":"/view/board/1","value":[]}`) {
		t.Errorf("step 21's patch: %s", p)
	}
	if ct.Steps[6].Answer == nil || ct.Steps[10].Answer == nil || ct.Steps[8].Answer == nil || ct.Steps[9].Answer != nil || ct.Steps[9].Patch != nil {
		t.Errorf("after the refusal, after the digest only and at the checkpoint, steps keep their answers: %+v", ct.Steps[6:11])
	}
}

// TestLoadCompact: Load reads a compact case expanded, and refuses one
// whose patch has no answer to apply to, or an unknown format.
func TestLoadCompact(t *testing.T) {
	c := tronLike(12)
	good, err := c.Compact(4).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	broken := *c.Compact(4)
	broken.Steps = broken.Steps[1:]
	orphan, _ := broken.Marshal()
	other := strings.Replace(string(good), `"format":3`, `"format":4`, 1)
	cases, err := Load(fstest.MapFS{"tron/like.json": {Data: good}}, "tron")
	if err != nil || len(cases) != 1 || cases[0].Format != Format || cases[0].Steps[3].Answer == nil {
		t.Fatalf("Load: %v", err)
	}
	same(t, "step 3 read", cases[0].Steps[3].Answer, c.Steps[3].Answer)
	for name, data := range map[string]string{"orphan": string(orphan), "format 4": other} {
		if _, err := Load(fstest.MapFS{"tron/x.json": {Data: []byte(data)}}, ""); err == nil {
			t.Errorf("%s: read", name)
		}
	}
}

// trails is a Tron-like answer of two seats whose trails hold n cells
// each, head first, and whose round is round.
func trails(n, round int) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, `{"ok":true,"view":{"round":%d,"seats":[`, round)
	for s := range 2 {
		if s > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"name":"Seat \"%d\"","alive":true,"trail":[`, s)
		for i := n - 1; i >= 0; i-- {
			if i < n-1 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, "[%d,%d]", (i+s*50)%100, (i/100+s*50)%100)
		}
		b.WriteString("]}")
	}
	b.WriteString("]}}")
	return []byte(b.String())
}

// BenchmarkDiff diffs two answers of a long Tron match a round apart:
// two trails of 6,000 cells, each a new head.
func BenchmarkDiff(b *testing.B) {
	prev, next := trails(6000, 2999), trails(6001, 3000)
	for b.Loop() {
		if _, err := Diff(prev, next); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzDiff: for any two JSON values, the patch Diff answers, applied to
// the first, gives the second.
func FuzzDiff(f *testing.F) {
	f.Add([]byte(`{"a":[1,2,3],"b":"x"}`), []byte(`{"a":[0,1,2,3],"c":{"d":"\"e\""}}`))
	f.Add(trails(5, 4), trails(6, 5))
	f.Add([]byte(`[{"k\"":1},[[],{}],"s\\"]`), []byte(`[{"k\"":2},[[]],"s\\",null]`))
	f.Fuzz(func(t *testing.T, prev, next []byte) {
		if !json.Valid(prev) || !json.Valid(next) {
			return
		}
		p, err := Diff(prev, next)
		if err != nil {
			t.Fatalf("diff of %s and %s: %v", prev, next, err)
		}
		got, err := Apply(prev, p)
		if err != nil {
			t.Fatalf("the patch %s of %s to %s does not apply: %v", p, prev, next, err)
		}
		same(t, "the patch applied", got, next)
	})
}
