package live

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/agentgames/bundle/play"
	core "github.com/agentgames/bundle/play/live"
)

// TestAppendJSON: the state writes itself as encoding/json writes it
// without HTML escaping, byte for byte: in the lobby, playing and over,
// names that need escaping (valid UTF-8, as every name read from JSON
// is), an agent's seat, a deadline, a log, a state since a round.
func TestAppendJSON(t *testing.T) {
	deadline := int64(1_800_000_000_123)
	states := []*State{
		{},
		{Code: "ABCDEFGHJK", Players: 2, Phase: "lobby", Seats: []Seat{{PublicSeat: core.PublicSeat{Name: "<b>&\"\\\u2028\u2029\x00é\t"}, Trail: Trail{}}}, Log: []json.RawMessage{}},
		{Code: "X", Players: 3, Width: 100, Height: 7, Phase: "playing", Round: 12, Deadline: &deadline, RoundMillis: 30000, Places: []int{},
			Seats: []Seat{
				{PublicSeat: core.PublicSeat{Seat: 0, Name: "a", Joined: true, Agent: &play.AgentRef{ID: "ag_1", Name: "Ann <3"}}, Moved: true, Alive: true, Trail: Trail{{1, 2}, {1, 3}, {10, 99}, {0, 45}, {123, 7}, {-1, 100}}},
				{PublicSeat: core.PublicSeat{Seat: 1, Name: "wise", Bot: true, Joined: true}, Died: 4},
			},
			Log: []json.RawMessage{json.RawMessage(`{"round":4,"died":[1],"silent":[1]}`)}},
	}
	for _, rounds := range []int{0, 3, 40} {
		tb := played(t, rounds)
		m := &core.Match{Code: "K7QXM2PA9H", Players: 3, Seats: []core.Seat{{Name: "a"}, {Name: "b", Bot: "easy"}, {Name: "c"}},
			Options: map[string]string{"width": "9", "height": "9"}, Table: tb, Log: []json.RawMessage{json.RawMessage(`{"round":3,"died":[2]}`)}}
		states = append(states, Public(m), PublicSince(m, max(rounds-2, 0)))
	}
	for i, st := range states {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(st); err != nil {
			t.Fatal(err)
		}
		if got := st.AppendJSON(nil); !bytes.Equal(got, bytes.TrimSuffix(want.Bytes(), []byte("\n"))) {
			t.Errorf("state %d writes\n%s\nwhere encoding/json writes\n%s", i, got, want.Bytes())
		}
	}
}

// BenchmarkAppendJSON writes the state of a 100x100 match whose two
// trails hold 3,000 cells each, by AppendJSON and by encoding/json.
func BenchmarkAppendJSON(b *testing.B) {
	st := &State{Code: "K7QXM2PA9H", Players: 2, Width: 100, Height: 100, Phase: "playing", Round: 2999, Seats: make([]Seat, 2)}
	for p := range st.Seats {
		for i := range 3000 {
			st.Seats[p].Trail = append(st.Seats[p].Trail, [2]int{i % 100, i/100 + 50*p})
		}
	}
	b.Run("AppendJSON", func(b *testing.B) {
		for b.Loop() {
			st.AppendJSON(nil)
		}
	})
	b.Run("encoding/json", func(b *testing.B) {
		for b.Loop() {
			if _, err := json.Marshal(st); err != nil {
				b.Fatal(err)
			}
		}
	})
}
