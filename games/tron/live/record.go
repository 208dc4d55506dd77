package live

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	engine "github.com/agentgames/bundle/engines/tron"
)

// record is a match as it was played, which its transcript replays and
// from which a stored match is read back: the engine's state keeps no
// moves (a live table's is Rewound), and would not keep a cycle put out
// for not moving in time, so the table keeps both.
type record struct {
	Seed    uint64
	Width   int
	Height  int
	Players int
	// Rounds holds a byte a round, seat p's direction in bits 2p and
	// 2p+1, in chunks of roundsChunk bytes: a clone shares the full
	// chunks and copies only the last one it appends to.
	Rounds [][]byte
	// Out lists [round, seat] for every cycle put out for not moving in
	// time.
	Out [][2]int
}

// roundsChunk is how many rounds a chunk of a record holds.
const roundsChunk = 256

// sealedChunks is how many chunks of the record of a match at round are
// sealed (see core.Chunked): those a whole chunk behind the last, whose
// rounds were resolved 256 rounds ago or more, far behind the two rounds
// a request may resolve, so that every request that seals one writes it
// alike.
func sealedChunks(round int) int { return max(0, round/roundsChunk-1) }

// Sealed are the record's sealed chunks, which AppendBinary leaves to the
// store to keep apart.
func (t *table) Sealed() [][]byte { return t.rec.Rounds[:sealedChunks(t.rec.played())] }

// setup is the record of the match as dealt, before any round.
func (rec *record) setup() record {
	return record{Seed: rec.Seed, Width: rec.Width, Height: rec.Height, Players: rec.Players}
}

// played counts the rounds recorded.
func (rec *record) played() int {
	n := len(rec.Rounds)
	if n == 0 {
		return 0
	}
	return (n-1)*roundsChunk + len(rec.Rounds[n-1])
}

// add records a round's byte.
func (rec *record) add(b byte) {
	n := len(rec.Rounds)
	if n == 0 || len(rec.Rounds[n-1]) == roundsChunk {
		rec.Rounds = append(rec.Rounds, make([]byte, 0, roundsChunk))
		n++
	}
	rec.Rounds[n-1] = append(rec.Rounds[n-1], b)
}

// clone is a copy of the record that records on without changing it:
// the full chunks are shared (nothing writes them), the chunk list and
// the outs copied or clipped so that what the copy adds goes to memory
// of its own.
func (rec *record) clone() record {
	c := *rec
	c.Rounds = slices.Clone(rec.Rounds)
	if n := len(c.Rounds); n > 0 {
		c.Rounds[n-1] = slices.Clip(c.Rounds[n-1])
	}
	c.Out = slices.Clip(rec.Out)
	return c
}

// dir is seat p's direction in round i+1.
func (rec *record) dir(i, p int) engine.Dir {
	return engine.Dir(rec.Rounds[i/roundsChunk][i%roundsChunk] >> (2 * p) & 3)
}

// outs are the [round, seat] of the cycles put out for not moving.
func (rec *record) outs() map[[2]int]bool {
	outs := map[[2]int]bool{}
	for _, o := range rec.Out {
		outs[o] = true
	}
	return outs
}

// round is the directions of round i+1, and the cycles put out in it.
func (rec *record) round(i int, outs map[[2]int]bool) (dirs [engine.MaxPlayers]engine.Dir, out [engine.MaxPlayers]bool) {
	for p := range rec.Players {
		dirs[p] = rec.dir(i, p)
		out[p] = outs[[2]int{i + 1, p}]
	}
	return dirs, out
}

// The formats of a live match as the store keeps it: recordFormat, the
// one written; snapshotFormat, written before, with the engine's snapshot
// of its grid; a match stored before either starts with the '{' of its
// record in JSON (legacyRecord).
const (
	recordFormat   = 3
	snapshotFormat = 2
)

// AppendBinary appends the match as the store keeps it: its setup, the
// round and when each cycle died, then the record of its rounds after the
// sealed chunks, which the store keeps apart (from the whole record,
// restore walks the trails and its transcript replays the match):
//
//	format | seed (8 bytes, little endian) | width | height | players |
//	round (uvarint) | per cycle, the round it died in (uvarint, 0 alive) |
//	rounds after the sealed chunks (uvarint) | a byte a round, seat p's
//	direction in bits 2p and 2p+1 | per cycle put out for not moving in
//	time, its round (uvarint) and its seat
//
// Its length is bounded, whatever the round: two chunks of rounds at
// most, besides the outs.
func (t *table) AppendBinary(b []byte) ([]byte, error) {
	rec := &t.rec
	sealed := sealedChunks(rec.played())
	rounds := rec.played() - sealed*roundsChunk
	b = slices.Grow(b, 13+binary.MaxVarintLen64*(2+engine.MaxPlayers)+rounds+4*len(rec.Out))
	b = append(b, recordFormat)
	b = binary.LittleEndian.AppendUint64(b, rec.Seed)
	b = append(b, byte(rec.Width), byte(rec.Height), byte(rec.Players))
	b = binary.AppendUvarint(b, uint64(t.s.Round()))
	for p := range rec.Players {
		b = binary.AppendUvarint(b, uint64(t.s.Died(p)))
	}
	b = binary.AppendUvarint(b, uint64(rounds))
	for _, chunk := range rec.Rounds[sealed:] {
		b = append(b, chunk...)
	}
	for _, o := range rec.Out {
		b = append(binary.AppendUvarint(b, uint64(o[0])), byte(o[1]))
	}
	return b, nil
}

// restore reads a stored match and its sealed chunks: its trails are
// walked from their starts along the rounds' moves, no round resolved, so
// that the cost is the cells, not the rounds. A match stored in format 2
// reads from the engine's snapshot; one stored as JSON, before either, is
// replayed from its seed and its rounds (neither has chunks).
func restore(data []byte, chunks [][]byte) (*table, error) {
	if len(chunks) > 0 && (len(data) == 0 || data[0] != recordFormat) {
		return nil, errors.New("tron: a live match stored before chunks, with chunks")
	}
	switch {
	case len(data) > 0 && data[0] == '{':
		return restoreJSON(data)
	case len(data) > 0 && data[0] == snapshotFormat:
		return restoreSnapshot(data)
	case len(data) < 12 || data[0] != recordFormat:
		return nil, errors.New("tron: a live match of an unknown format")
	}
	rec := record{Seed: binary.LittleEndian.Uint64(data[1:]), Width: int(data[9]), Height: int(data[10]), Players: int(data[11])}
	if rec.Players < engine.MinPlayers || rec.Players > engine.MaxPlayers {
		return nil, errors.New("tron: a live match with a bad number of cycles")
	}
	pos := 12
	round, k := binary.Uvarint(data[pos:])
	if k <= 0 || round > engine.MaxSide*engine.MaxSide {
		return nil, errors.New("tron: a live match with a bad round")
	}
	pos += k
	var died [engine.MaxPlayers]int
	for p := range rec.Players {
		d, k := binary.Uvarint(data[pos:])
		if k <= 0 || d > round {
			return nil, errors.New("tron: a live match with a bad round of death")
		}
		died[p], pos = int(d), pos+k
	}
	sealed := sealedChunks(int(round))
	if len(chunks) != sealed || slices.ContainsFunc(chunks, func(c []byte) bool { return len(c) != roundsChunk }) {
		return nil, fmt.Errorf("tron: a live match at round %d with %d chunks of rounds, want %d of %d rounds", round, len(chunks), sealed, roundsChunk)
	}
	var err error
	if pos, err = rec.readRounds(data, pos, int(round)-sealed*roundsChunk); err != nil {
		return nil, err
	}
	rec.Rounds = append(slices.Clip(chunks), rec.Rounds...)
	if rec.Out, err = readOuts(data[pos:], int(round), rec.Players); err != nil {
		return nil, err
	}
	s, err := engine.Rewound(rec.Seed, rec.Width, rec.Height, rec.Players, int(round), died, func(r, p int) engine.Dir { return rec.dir(r-1, p) })
	if err != nil {
		return nil, err
	}
	return &table{s: s, rec: rec}, nil
}

// restoreSnapshot reads a match stored in format 2: the engine's
// snapshot, then its record's rounds and outs.
func restoreSnapshot(data []byte) (*table, error) {
	n, k := binary.Uvarint(data[1:])
	if k <= 0 || n > uint64(len(data)-1-k) {
		return nil, errors.New("tron: a live match with a bad snapshot length")
	}
	pos := 1 + k
	s, err := engine.FromSnapshot(data[pos : pos+int(n)])
	if err != nil {
		return nil, err
	}
	pos += int(n)
	t := &table{s: s, rec: record{Seed: s.Seed(), Width: s.Width(), Height: s.Height(), Players: s.Players()}}
	if pos, err = t.rec.readRounds(data, pos, s.Round()); err != nil {
		return nil, err
	}
	if t.rec.Out, err = readOuts(data[pos:], s.Round(), s.Players()); err != nil {
		return nil, err
	}
	return t, nil
}

// legacyRecord is a record as the store kept it in JSON, before
// snapshots, its rounds' bytes as one array.
type legacyRecord struct {
	Seed    uint64   `json:"seed"`
	Width   int      `json:"width"`
	Height  int      `json:"height"`
	Players int      `json:"players"`
	Rounds  []byte   `json:"rounds"`
	Out     [][2]int `json:"out,omitempty"`
}

// restoreJSON replays a match stored as JSON, before snapshots, from its
// seed and its rounds.
func restoreJSON(data []byte) (*table, error) {
	var old legacyRecord
	if err := json.Unmarshal(data, &old); err != nil {
		return nil, err
	}
	s, err := engine.Rewound(old.Seed, old.Width, old.Height, old.Players, 0, [engine.MaxPlayers]int{}, nil)
	if err != nil {
		return nil, err
	}
	rec := record{Seed: old.Seed, Width: old.Width, Height: old.Height, Players: old.Players, Rounds: chunked(old.Rounds), Out: old.Out}
	outs := rec.outs()
	for i := range old.Rounds {
		s.PlayOut(rec.round(i, outs))
	}
	return &table{s: s, rec: rec}, nil
}

// readRounds reads the rounds' moves at pos into the record: their
// count, which must be rounds, then a byte a round; it answers where they
// end.
func (rec *record) readRounds(data []byte, pos, rounds int) (int, error) {
	n, k := binary.Uvarint(data[pos:])
	if k <= 0 || n != uint64(rounds) || n > uint64(len(data)-pos-k) {
		return 0, errors.New("tron: a live match with bad rounds")
	}
	pos += k
	rec.Rounds = chunked(slices.Clone(data[pos : pos+int(n)]))
	return pos + int(n), nil
}

// chunked is rounds in chunks of roundsChunk bytes, each a slice of it.
func chunked(rounds []byte) [][]byte {
	out := make([][]byte, 0, (len(rounds)+roundsChunk-1)/roundsChunk)
	for len(rounds) > roundsChunk {
		out, rounds = append(out, rounds[:roundsChunk:roundsChunk]), rounds[roundsChunk:]
	}
	if len(rounds) > 0 {
		out = append(out, rounds)
	}
	return out
}

// readOuts reads the cycles put out for not moving in time: per cycle,
// its round (uvarint, 1 to round) and its seat.
func readOuts(data []byte, round, players int) ([][2]int, error) {
	var outs [][2]int
	for pos := 0; pos < len(data); {
		r, k := binary.Uvarint(data[pos:])
		if k <= 0 || r < 1 || r > uint64(round) || pos+k >= len(data) || int(data[pos+k]) >= players {
			return nil, errors.New("tron: a live match with a bad cycle out")
		}
		outs = append(outs, [2]int{int(r), int(data[pos+k])})
		pos += k + 1
	}
	return outs, nil
}
