package live

import (
	"encoding/json"
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
// checked by Create). The engine's state records no moves: the table
// keeps its own record of them.
func (rules) Start(seed uint64, players int, options map[string]string) (core.Table, error) {
	w, _ := strconv.Atoi(options["width"])
	h, _ := strconv.Atoi(options["height"])
	s, err := engine.Rewound(seed, w, h, players, 0, [engine.MaxPlayers]int{}, nil)
	if err != nil {
		return nil, err
	}
	return &table{s: s, rec: record{Seed: seed, Width: w, Height: h, Players: players}}, nil
}

// Restore reads a stored match and its sealed chunks (see AppendBinary
// and restore).
func (rules) Restore(data []byte, chunks [][]byte) (core.Table, error) {
	t, err := restore(data, chunks)
	if err != nil {
		return nil, err
	}
	return t, nil
}

// Replay plays the match again from its seed, each round with the moves
// Play was given: the change of a round is {"round": r, "moves": [...]},
// a seat's direction or null for a cycle dead or put out for not moving.
// The match as it stood before frame from is worked out from the record
// (engine.Rewound: each trail walked, no round resolved), unshown.
func (t *table) Replay(from int, frame func(core.Table, json.RawMessage) error) error {
	outs := t.rec.outs()
	r := &table{rec: t.rec.setup()}
	skip := min(max(from-1, 0), t.rec.played())
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
	for i := skip; i < t.rec.played(); i++ {
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

// table is a live match of the engine.
type table struct {
	s     *engine.State
	rec   record
	added []json.RawMessage
}

// Clone is a copy of the table: the engine's state (its grid), and the
// record (see record.clone): a copy that costs the grid and a chunk of
// rounds, not the rounds played.
func (t *table) Clone() core.Table {
	return &table{s: t.s.Clone(), rec: t.rec.clone()}
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
	t.rec.add(b)
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

// LogEntry is one entry of a live Tron match's log: the cycles that died
// in a round, and which of them were out for not moving in time.
type LogEntry struct {
	Round  int   `json:"round"`
	Died   []int `json:"died"`
	Silent []int `json:"silent,omitempty"`
}
