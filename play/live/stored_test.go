package live

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// plain is a table that is its bytes, for the stored form's tests.
type plain struct {
	Table
	b []byte
}

func (p *plain) AppendBinary(b []byte) ([]byte, error) { return append(b, p.b...), nil }

// TestStoredForm: a match reads back from the form encode writes (its
// table's state after its JSON, as the table writes it) and from the
// JSON earlier servers wrote (the state in it, as base64), as the match
// it was; a match in its lobby has no state; stored bytes of another
// form, or whose parts disagree, do not read.
func TestStoredForm(t *testing.T) {
	m := &Match{Code: "K7QXM2PA9H", Players: 2, Filler: "easy", Seats: []Seat{{Name: "a", Token: []byte{1, 2}}, {Name: "easy", Bot: "easy"}},
		Created: 5, Started: 6, Log: []json.RawMessage{json.RawMessage(`{"round":1}`)}, Played: true, Deadline: 9}
	lobby := *m
	lobby.Started, lobby.Log = 0, []json.RawMessage{}
	state := []byte{3, 0, '{', 0xff}
	m.Table = &plain{b: state}
	for name, c := range map[string]struct {
		m     *Match
		state []byte
	}{"playing": {m, state}, "lobby": {&lobby, nil}} {
		data, err := c.m.encode(0)
		if err != nil {
			t.Fatal(err)
		}
		want := *c.m
		want.Table, want.State = nil, c.state
		old, _ := json.Marshal(&want)
		for form, b := range map[string][]byte{"written": data, "JSON": old} {
			got, err := decodeMatch(b)
			if err != nil {
				t.Fatalf("%s, %s: %v", name, form, err)
			}
			if diff := cmp.Diff(&want, got, cmpopts.IgnoreUnexported(Match{}), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("%s, %s reads back another match:\n%s", name, form, diff)
			}
		}
	}
	data, _ := m.encode(0)
	j, _, _ := StoredParts(data)
	withState := append([]byte{storedFormat, byte(len(j) + 13)}, j[:len(j)-1]...)
	withState = append(append(withState, `,"state":"AQ=="}`...), state...)
	for name, b := range map[string][]byte{
		"empty":           {},
		"another format":  append([]byte{2}, data[1:]...),
		"JSON too long":   append([]byte{storedFormat, 0x7f}, data[2:]...),
		"bad JSON":        append([]byte{storedFormat, 3}, `{"x`...),
		"state in both":   withState,
		"bad legacy JSON": []byte(`{"code":`),
	} {
		if _, err := decodeMatch(b); err == nil {
			t.Errorf("%s: %q reads", name, b)
		}
	}
}

// FuzzStored: no stored bytes panic decodeMatch, and a match that reads
// writes back what it read.
func FuzzStored(f *testing.F) {
	m := &Match{Code: "K7QXM2PA9H", Players: 2, Seats: []Seat{{Name: "a"}, {Name: "b"}}, Log: []json.RawMessage{}}
	data, _ := m.encode(0)
	f.Add(data)
	old, _ := json.Marshal(m)
	f.Add(old)
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := decodeMatch(data)
		if err != nil {
			return
		}
		m.Table = &plain{b: m.State}
		again, err := m.encode(len(data))
		if err != nil {
			return // a name that is not UTF-8, say, which JSON writes replaced
		}
		back, err := decodeMatch(again)
		if err != nil {
			t.Fatalf("%q writes back as %q, which does not read: %v", data, again, err)
		}
		m.Table = nil
		if diff := cmp.Diff(m, back, cmpopts.IgnoreUnexported(Match{}), cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("%q writes back another match:\n%s", data, diff)
		}
	})
}
