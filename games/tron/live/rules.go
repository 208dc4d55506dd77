package live

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/games/tron"
	"github.com/agentgames/bundle/play"
	core "github.com/agentgames/bundle/play/live"
)

// rules are live Tron matches as the core plays them: in rounds, every
// living cycle at once.
type rules struct{}

// Kind names live Tron matches in the store.
func (rules) Kind() string         { return "tron-live" }
func (rules) Seats() (int, int)    { return engine.MinPlayers, engine.MaxPlayers }
func (rules) Policies() []string   { return tron.Bots() }
func (rules) Lobby() time.Duration { return Lobby }
func (rules) Rounds() bool         { return true }

// Start deals a match on the grid the options give (width and height,
// checked by Create).
func (rules) Start(seed uint64, players int, options map[string]string) (core.Table, error) {
	w, _ := strconv.Atoi(options["width"])
	h, _ := strconv.Atoi(options["height"])
	s, err := engine.New(seed, w, h, players)
	if err != nil {
		return nil, err
	}
	return &table{s: s, rec: record{Seed: seed, Width: w, Height: h, Players: players}}, nil
}

// Restore reads a stored match: as its snapshot (record.MarshalBinary),
// so that a request costs the trails, not the rounds played; a match
// stored as JSON before snapshots is replayed from its seed and its
// rounds.
func (rules) Restore(data []byte) (core.Table, error) {
	if len(data) > 0 && data[0] == '{' {
		return restoreJSON(data)
	}
	if len(data) == 0 || data[0] != recordFormat {
		return nil, errors.New("tron: a live match of an unknown format")
	}
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
	if t.rec.Rounds, pos, err = readRounds(data, pos, s.Round()); err != nil {
		return nil, err
	}
	for pos < len(data) {
		r, k := binary.Uvarint(data[pos:])
		if k <= 0 || r < 1 || r > uint64(s.Round()) || pos+k >= len(data) || int(data[pos+k]) >= s.Players() {
			return nil, errors.New("tron: a live match with a bad cycle out")
		}
		t.rec.Out = append(t.rec.Out, [2]int{int(r), int(data[pos+k])})
		pos += k + 1
	}
	return t, nil
}

// readRounds reads the rounds' moves at pos: their count, which must be
// the round, then a byte a round.
func readRounds(data []byte, pos, round int) ([]byte, int, error) {
	n, k := binary.Uvarint(data[pos:])
	if k <= 0 || n != uint64(round) || n > uint64(len(data)-pos-k) {
		return nil, 0, errors.New("tron: a live match with bad rounds")
	}
	pos += k
	return append(make([]byte, 0, n+1), data[pos:pos+int(n)]...), pos + int(n), nil
}

// restoreJSON replays a match stored as JSON, before snapshots, from its
// seed and its rounds.
func restoreJSON(data []byte) (core.Table, error) {
	var rec record
	if err := json.Unmarshal(data, &rec); err != nil {
		return nil, err
	}
	s, err := engine.New(rec.Seed, rec.Width, rec.Height, rec.Players)
	if err != nil {
		return nil, err
	}
	outs := rec.outs()
	for i := range rec.Rounds {
		s.PlayOut(rec.round(i, outs))
	}
	return &table{s: s, rec: rec}, nil
}

// Replay plays the match again from its seed, each round with the moves
// Play was given: the change of a round is {"round": r, "moves": [...]},
// a seat's direction or null for a cycle dead or put out for not moving.
// The match as it stood before frame from is worked out from the record
// (engine.Rewound: each trail walked, no round resolved), unshown.
func (t *table) Replay(from int, frame func(core.Table, json.RawMessage) error) error {
	outs := t.rec.outs()
	r := &table{rec: record{Seed: t.rec.Seed, Width: t.rec.Width, Height: t.rec.Height, Players: t.rec.Players}}
	skip := min(max(from-1, 0), len(t.rec.Rounds))
	var died [engine.MaxPlayers]int
	for p := range t.rec.Players {
		died[p] = t.s.Died(p)
	}
	s, err := engine.Rewound(t.rec.Seed, t.rec.Width, t.rec.Height, t.rec.Players, skip, died, func(round, p int) engine.Dir {
		return t.rec.dir(round-1, p)
	})
	if err != nil {
		return err
	}
	r.s = s
	for n := range skip + 1 {
		shown := core.Table(nil)
		if n == from {
			shown = r
		}
		if err := frame(shown, nil); err != nil {
			return err
		}
	}
	for i := skip; i < len(t.rec.Rounds); i++ {
		dirs, out := t.rec.round(i, outs)
		change := struct {
			Round int       `json:"round"`
			Moves []*string `json:"moves"`
		}{i + 1, make([]*string, t.rec.Players)}
		var moves []play.Move
		for p := range t.rec.Players {
			if !r.s.Alive(p) || out[p] {
				continue
			}
			dir := dirs[p].String()
			change.Moves[p] = &dir
			moves = append(moves, play.Move{Seat: play.Seat(p), Action: tron.WireAction(dirs[p])})
		}
		if err := r.Play(moves); err != nil {
			return err
		}
		shown := core.Table(nil)
		var c json.RawMessage
		if i+1 >= from {
			shown, c = r, mustJSON(change)
		}
		if err := frame(shown, c); err != nil {
			return err
		}
	}
	return nil
}

// mustJSON is v, which always encodes, as JSON.
func mustJSON(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

// record is a match as it was played, which its transcript replays: the
// engine's state records a round's moves but not a cycle put out for not
// moving in time, so the table keeps both. Before snapshots, the store
// kept a match as its record in JSON, and replayed it.
type record struct {
	Seed    uint64 `json:"seed"`
	Width   int    `json:"width"`
	Height  int    `json:"height"`
	Players int    `json:"players"`
	// Rounds holds a byte a round: seat p's direction in bits 2p and 2p+1.
	Rounds []byte `json:"rounds"`
	// Out lists [round, seat] for every cycle put out for not moving in
	// time.
	Out [][2]int `json:"out,omitempty"`
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

// dir is seat p's direction in round i+1.
func (rec *record) dir(i, p int) engine.Dir { return engine.Dir(rec.Rounds[i] >> (2 * p) & 3) }

// table is a live match of the engine.
type table struct {
	s     *engine.State
	rec   record
	added []json.RawMessage
}

// Phase: every living cycle acts at once until fewer than two are alive.
func (t *table) Phase() play.Phase {
	if t.s.Over() {
		return play.Phase{Over: true}
	}
	var to []play.Seat
	for p := range t.s.Players() {
		if t.s.Alive(p) {
			to = append(to, play.Seat(p))
		}
	}
	return play.Phase{ToAct: to}
}

// Check refuses what is not a move.
func (t *table) Check(_ play.Seat, move json.RawMessage) error {
	_, err := tron.ParseAction(move)
	return err
}

// BotMove is policy's direction for seat s, drawn as the stateless
// game's bots draw theirs.
func (t *table) BotMove(s play.Seat, policy string) (json.RawMessage, error) {
	move, ok := tron.BotMove(t.s, int(s), policy)
	if !ok {
		return nil, fmt.Errorf("no Tron bot is called %q", policy)
	}
	return move, nil
}

// Play plays a round; a living cycle without a move did not move in
// time and is out, as the arena puts out a bot that does not answer.
func (t *table) Play(moves []play.Move) error {
	var dirs [engine.MaxPlayers]engine.Dir
	var moved [engine.MaxPlayers]bool
	for _, mv := range moves {
		d, err := tron.ParseAction(mv.Action)
		if err != nil {
			return err
		}
		dirs[mv.Seat], moved[mv.Seat] = d, true
	}
	var out [engine.MaxPlayers]bool
	round := t.s.Round() + 1
	var b byte
	for p := range t.s.Players() {
		b |= byte(dirs[p]) << (2 * p)
		if t.s.Alive(p) && !moved[p] {
			out[p] = true
			t.rec.Out = append(t.rec.Out, [2]int{round, p})
		}
	}
	died := t.s.PlayOut(dirs, out)
	t.rec.Rounds = append(t.rec.Rounds, b)
	t.added = nil
	if len(died) > 0 {
		e, _ := json.Marshal(LogEntry{Round: round, Died: died, Silent: silent(out, died)})
		t.added = append(t.added, e)
	}
	return nil
}

// silent are the cycles of died that were out for not moving.
func silent(out [engine.MaxPlayers]bool, died []int) []int {
	var s []int
	for _, p := range died {
		if out[p] {
			s = append(s, p)
		}
	}
	return s
}

// Places are the cycles' places once the match is over: 1 plus the
// cycles that outlived each, cycles out in one round sharing a place.
func (t *table) Places() []int {
	out := make([]int, t.s.Players())
	for p := range out {
		out[p] = t.s.Rank(p)
	}
	return out
}

// Due: live Tron has no clock rule besides the rounds' deadlines.
func (t *table) Due(time.Time, time.Time) bool { return false }

// Recorded is the log's entries the last round added.
func (t *table) Recorded() []json.RawMessage { return t.added }

// recordFormat is the byte that starts a live match as the store keeps
// it; a match stored before starts with the '{' of its JSON record.
const recordFormat = 2

// MarshalBinary is the match as the store keeps it: the engine's
// snapshot, the match as it stands, then the record of its rounds that
// its transcript replays:
//
//	format | snapshot length (uvarint) | snapshot | rounds (uvarint) |
//	a byte a round, seat p's direction in bits 2p and 2p+1 | per cycle
//	put out for not moving in time, its round (uvarint) and its seat
func (t *table) MarshalBinary() ([]byte, error) {
	snap, err := t.s.AppendSnapshot(make([]byte, 0, 64+len(t.rec.Rounds)/2*t.s.Living()))
	if err != nil {
		return nil, err
	}
	b := make([]byte, 0, 1+binary.MaxVarintLen64*2+len(snap)+len(t.rec.Rounds)+4*len(t.rec.Out))
	b = append(b, recordFormat)
	b = binary.AppendUvarint(b, uint64(len(snap)))
	b = append(b, snap...)
	b = binary.AppendUvarint(b, uint64(len(t.rec.Rounds)))
	b = append(b, t.rec.Rounds...)
	for _, o := range t.rec.Out {
		b = append(binary.AppendUvarint(b, uint64(o[0])), byte(o[1]))
	}
	return b, nil
}

// LogEntry is one entry of a live Tron match's log: the cycles that died
// in a round, and which of them were out for not moving in time.
type LogEntry struct {
	Round  int   `json:"round"`
	Died   []int `json:"died"`
	Silent []int `json:"silent,omitempty"`
}
