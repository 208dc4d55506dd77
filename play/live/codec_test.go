package live

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/agentgames/bundle/play"
)

// TestMatchCodec: a match, fresh or with every field set (names that
// encoding/json escapes included), is written as encoding/json writes it,
// and what encoding/json wrote reads back as encoding/json reads it.
func TestMatchCodec(t *testing.T) {
	for name, m := range map[string]*Match{
		"fresh": {Code: "ABCDEFGHJK", Players: 2, Seats: make([]Seat, 2)},
		"full": {
			Code: "ABCDEFGHJK", Players: 3, Filler: "wise", Created: 1, Started: 2, State: []byte{0, 1, 2, 255},
			Seats: []Seat{
				{Name: "<b>&\u2028\u2029é", Token: make([]byte, 32), Agent: &play.AgentRef{ID: "ag_1", Name: "x\"y"}},
				{Name: "wise", Bot: "wise"},
				{Name: "Player 3"},
			},
			Log:         []json.RawMessage{json.RawMessage(`{"round":1,"died":[2]}`), json.RawMessage(`"<&>"`)},
			Played:      true,
			RoundMillis: 30000,
			Options:     map[string]string{"width": "30", "b": "<"},
			Deadline:    5,
			Pending:     []Pending{{Seat: 0, Move: json.RawMessage(`{"type":"move","dir":"x+"}`)}},
			Unrated:     true,
		},
		"empty parts": {Code: "ABCDEFGHJK", Log: []json.RawMessage{}, Options: map[string]string{}, Pending: []Pending{}, State: []byte{}},
	} {
		want, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		if got := encodeMatch(m); string(got) != string(want) {
			t.Errorf("%s: written as\n%s\nwhere encoding/json writes\n%s", name, got, want)
		}
		var v1, v2 Match
		if err := json.Unmarshal(want, &v1); err != nil {
			t.Fatal(err)
		}
		if err := decodeMatch(want, &v2); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if diff := cmp.Diff(v1, v2, cmpopts.IgnoreUnexported(Match{})); diff != "" {
			t.Errorf("%s reads back otherwise than encoding/json reads it (-v1 +v2):\n%s", name, diff)
		}
	}
}

// BenchmarkMatchCodec reads and writes a match of 6 KB (a long Tron
// match's), with encoding/json and with the codec.
func BenchmarkMatchCodec(b *testing.B) {
	m := &Match{Code: "ABCDEFGHJK", Players: 2, Filler: "wise", Seats: []Seat{{Name: "a", Token: make([]byte, 32)}, {Name: "b", Token: make([]byte, 32)}},
		Created: 1, Started: 2, State: make([]byte, 4600), Played: true, RoundMillis: 30000, Deadline: 5}
	data := encodeMatch(m)
	b.Run("encoding/json", func(b *testing.B) {
		for b.Loop() {
			var m Match
			if err := json.Unmarshal(data, &m); err != nil {
				b.Fatal(err)
			}
			if _, err := json.Marshal(&m); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("codec", func(b *testing.B) {
		for b.Loop() {
			var m Match
			if err := decodeMatch(data, &m); err != nil {
				b.Fatal(err)
			}
			encodeMatch(&m)
		}
	})
}
