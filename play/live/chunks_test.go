package live

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/memory"
)

// tapes are a game whose record grows with every move, as a live Tron
// match's does: two seats take turns, each move a byte of the record
// (the number of moves before it), 40 moves in all; the record is kept in
// chunks of 4 bytes, those a whole chunk behind the last sealed.
type tapes struct{}

func (tapes) Kind() string                                        { return "tape-live" }
func (tapes) Seats() (int, int)                                   { return 2, 2 }
func (tapes) Policies() []string                                  { return []string{"one"} }
func (tapes) Lobby() time.Duration                                { return 10 * time.Second }
func (tapes) Rounds() bool                                        { return false }
func (tapes) Start(uint64, int, map[string]string) (Table, error) { return &tape{}, nil }

// tapeChunk is how many moves a chunk of a tape holds.
const tapeChunk = 4

// sealedTape is how many chunks of a tape of n moves are sealed.
func sealedTape(n int) int { return max(0, n/tapeChunk-1) }

// storedTape is a tape as the store keeps it: its moves after the sealed
// chunks.
type storedTape struct {
	N    int    `json:"n"`
	Tail []byte `json:"tail"`
}

func (tapes) Restore(b []byte, chunks [][]byte) (Table, error) {
	var st storedTape
	if err := json.Unmarshal(b, &st); err != nil {
		return nil, err
	}
	if len(chunks) != sealedTape(st.N) || len(st.Tail) != st.N-len(chunks)*tapeChunk {
		return nil, fmt.Errorf("a tape of %d moves with %d chunks and a tail of %d", st.N, len(chunks), len(st.Tail))
	}
	t := &tape{}
	for _, c := range chunks {
		t.moves = append(t.moves, c...)
	}
	t.moves = append(t.moves, st.Tail...)
	return t, nil
}

type tape struct{ moves []byte }

func (t *tape) Phase() play.Phase {
	if len(t.moves) == 40 {
		return play.Phase{Over: true}
	}
	return play.Phase{ToAct: []play.Seat{play.Seat(len(t.moves) % 2)}}
}
func (t *tape) Check(play.Seat, json.RawMessage) error { return nil }
func (t *tape) BotMove(play.Seat, string) (json.RawMessage, error) {
	return json.RawMessage("{}"), nil
}
func (t *tape) Play([]play.Move) error {
	t.moves = append(t.moves, byte(len(t.moves)))
	return nil
}
func (t *tape) Due(time.Time, time.Time) bool { return false }
func (t *tape) Recorded() []json.RawMessage   { return nil }
func (t *tape) Clone() Table                  { return &tape{moves: slices.Clip(t.moves)} }
func (t *tape) Sealed() [][]byte {
	var out [][]byte
	for i := range sealedTape(len(t.moves)) {
		out = append(out, t.moves[i*tapeChunk:(i+1)*tapeChunk])
	}
	return out
}
func (t *tape) AppendBinary(b []byte) ([]byte, error) {
	j, err := json.Marshal(storedTape{N: len(t.moves), Tail: t.moves[sealedTape(len(t.moves))*tapeChunk:]})
	return append(b, j...), err
}

// tapeServer is a server of tapes on store, at clock c.
func tapeServer(store play.Store, c *testClock) *Server {
	return NewServer(&Game{Slug: "tape", Title: "Tape", Rules: tapes{}}, store, c.time).WithCreateLimit(0)
}

type testClock struct{ now time.Time }

func (c *testClock) time() time.Time { return c.now }

// tapeMatch opens a tape against a bot on a server of its own over a
// memory store, both at a clock the test moves.
func tapeMatch(t *testing.T) (*testClock, *memory.Store, *Server, *Joined) {
	t.Helper()
	c := &testClock{now: time.UnixMilli(1_800_000_000_000)}
	store := &memory.Store{Clock: c.time}
	s := tapeServer(store, c)
	j, err := s.Create(context.Background(), 2, "", 1, "one")
	if err != nil {
		t.Fatal(err)
	}
	return c, store, s, j
}

// TestChunks: a match whose record grows keeps only the record's newest
// chunks in the match, every request writing as much whatever the move;
// its sealed chunks are stored apart, each under its match's code and
// creation, and a server that reads the match afresh reads them back. A
// chunk stored already (by a request that raced the one sealing it) is
// left as it is.
func TestChunks(t *testing.T) {
	ctx := context.Background()
	c, store, s, j := tapeMatch(t)
	m, err := s.Read(ctx, j.Code)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := store.Save(ctx, s.chunkKind(), chunkRef(m, 2), []byte{8, 9, 10, 11}, 0, time.Time{}); err != nil {
		t.Fatal(err) // written by a request that raced the one to seal it
	}
	for n := 2; n <= 40; n += 2 {
		if m, err = s.Act(ctx, j.Code, j.Token, json.RawMessage("{}")); err != nil {
			t.Fatal(err)
		}
		data, _, err := store.Load(ctx, tapes{}.Kind(), j.Code)
		if err != nil {
			t.Fatal(err)
		}
		_, state, _ := StoredParts(data)
		var st storedTape
		if err := json.Unmarshal(state, &st); err != nil || st.N != n || len(st.Tail) >= 2*tapeChunk || m.Chunks != sealedTape(n) {
			t.Fatalf("after %d moves the match stores %s with %d chunks apart, %v", n, state, m.Chunks, err)
		}
	}
	for i := range m.Chunks {
		chunk, _, err := store.Load(ctx, s.chunkKind(), chunkRef(m, i))
		if want := []byte{byte(4 * i), byte(4*i + 1), byte(4*i + 2), byte(4*i + 3)}; err != nil || !bytes.Equal(chunk, want) {
			t.Errorf("chunk %d: %v, %v; want %v", i, chunk, err, want)
		}
	}
	fresh, err := tapeServer(store, c).WithKept(0).Read(ctx, j.Code)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fresh.Table.(*tape).moves, m.Table.(*tape).moves; !bytes.Equal(got, want) {
		t.Errorf("a server reading the match afresh reads %v, want %v", got, want)
	}
}

// TestChunksOutliveTheirMatch: the chunks of a match played now and then
// for longer than play.Retention are written again to expire after it,
// so a server that reads it afresh weeks later, and up to the match's
// own expiry, finds them all; a match whose chunks are gone does not
// read.
func TestChunksOutliveTheirMatch(t *testing.T) {
	ctx := context.Background()
	c, store, s, j := tapeMatch(t)
	var err error
	for range 8 { // 16 moves: 3 chunks sealed
		if _, err = s.Act(ctx, j.Code, j.Token, json.RawMessage("{}")); err != nil {
			t.Fatal(err)
		}
	}
	for range 5 { // a move every 6 days, 30 days in all
		c.now = c.now.Add(6 * 24 * time.Hour)
		if _, err = s.Act(ctx, j.Code, j.Token, json.RawMessage("{}")); err != nil {
			t.Fatal(err)
		}
	}
	c.now = c.now.Add(play.Retention - time.Minute) // the match's last minute
	data, _, err := store.Load(ctx, tapes{}.Kind(), j.Code)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tapeServer(store, c).WithKept(0).Read(ctx, j.Code); err != nil {
		t.Fatalf("read afresh in the match's last minute, 37 days in: %v", err)
	}
	lost := &memory.Store{Clock: c.time}
	if _, err := lost.Save(ctx, tapes{}.Kind(), j.Code, data, 0, time.Time{}); err != nil {
		t.Fatal(err)
	}
	if _, err := tapeServer(lost, c).Read(ctx, j.Code); err == nil {
		t.Error("a match whose chunks are gone reads")
	}
}
