package live

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/agentgames/bundle/engines"
	engine "github.com/agentgames/bundle/engines/tinrail"
	"github.com/agentgames/bundle/engines/tinrail/gbot"
	"github.com/agentgames/bundle/games/tinrail"
	"github.com/agentgames/bundle/play"
	core "github.com/agentgames/bundle/play/live"
)

// Bots are the G-Bot levels that may take a seat, the default first.
var Bots = []string{"easy", "wise"}

// rules are the card's matches as the core plays them: two seats, in
// turns, seat 0 the card's "you" (cell 32, port 4) and seat 1 its G-Bot's
// place (cell 3, port 0), whoever sits there.
type rules struct{}

// Kind names live Tinrail matches in the store.
func (rules) Kind() string         { return "tinrail-live" }
func (rules) Seats() (int, int)    { return 2, 2 }
func (rules) Policies() []string   { return Bots }
func (rules) Lobby() time.Duration { return Lobby }
func (rules) Rounds() bool         { return false }

// Start deals the card's match from seed: seat 0 holds deck[0..2], seat 1
// deck[3..5], the pile the rest. The engine's G-Bot level only sets the
// stateless game's multiplier; a live match scores each seat at 1.0.
func (rules) Start(seed uint64, _ int, _ map[string]string) (core.Table, error) {
	return &table{s: engine.New(seed, engine.Wise), rec: record{Seed: seed}}, nil
}

// Restore replays a stored match from its seed and its placements.
func (rules) Restore(data []byte, _ [][]byte) (core.Table, error) {
	var rec record
	if err := json.Unmarshal(data, &rec); err != nil {
		return nil, err
	}
	t := &table{s: engine.New(rec.Seed, engine.Wise), rec: record{Seed: rec.Seed}}
	for _, p := range rec.Placed {
		if _, err := t.place(int(p/engine.Rotations), int(p%engine.Rotations)); err != nil {
			return nil, fmt.Errorf("tinrail live: replaying placement %d: %w", p, err)
		}
	}
	return t, nil
}

// record is a match as the store keeps it: its seed and each placement
// as tileIndex*4 + rotation, from which it replays. The hands and the pile
// are in it only as the seed deals them: the store is no reader's.
type record struct {
	Seed   uint64 `json:"seed"`
	Placed []byte `json:"placed"`
}

// table is a live match of the engine.
type table struct {
	s   *engine.State
	rec record
	// survived counts, per seat, the placements after which its engine
	// was still on the table (the card's tilesSurvived, for either seat).
	survived [2]int
	added    []json.RawMessage
}

// Clone is a copy of the table: the engine's state, and the record,
// shared but clipped so that an append copies.
func (t *table) Clone() core.Table {
	return &table{s: t.s.Clone(), rec: record{Seed: t.rec.Seed, Placed: slices.Clip(t.rec.Placed)}, survived: t.survived}
}

// Phase: the seat to move, until the end.
func (t *table) Phase() play.Phase {
	if t.s.Over() {
		return play.Phase{Over: true}
	}
	return play.Phase{ToAct: []play.Seat{play.Seat(t.s.Turn())}}
}

// Check refuses what is not a placement of the grammar.
func (t *table) Check(_ play.Seat, move json.RawMessage) error {
	_, err := tinrail.ParseAction(move)
	return err
}

// BotMove is G-Bot's placement at level policy for seat s, chosen from the
// seat's view (its own hand, never the other's or the pile order) with the
// stream of this turn, as the stateless game's G-Bot chooses.
func (t *table) BotMove(s play.Seat, policy string) (json.RawMessage, error) {
	if !slices.Contains(Bots, policy) {
		return nil, fmt.Errorf("no G-Bot level is called %q", policy)
	}
	level := engine.Wise
	if policy == "easy" {
		level = engine.Easy
	}
	v := t.s.SeatView(engine.Player(s))
	rs := t.s.BotStream()
	i, r := gbot.Choose(level, &v, &rs)
	return tinrail.Action{Type: "place", TileIndex: i, Rotation: r}.AppendJSON(nil), nil
}

// Play lays the placement of the seat to move; one the rules refuse (a
// tileIndex outside the hand) is illegal_move and changes nothing.
func (t *table) Play(moves []play.Move) error {
	a, err := tinrail.ParseAction(moves[0].Action)
	if err != nil {
		return err
	}
	pl, err := t.place(a.TileIndex, a.Rotation)
	if err == nil {
		t.log(pl)
	}
	return err
}

// place lays the mover's tile, counts the seats still riding and records
// the placement (a restore replays only this).
func (t *table) place(tileIndex, rotation int) (engine.Placement, error) {
	pl, err := t.s.Place(tileIndex, rotation)
	var ill *engines.Illegal
	if errors.As(err, &ill) {
		return pl, play.Errorf(play.CodeIllegalMove, "%s", ill.Reason)
	}
	if err != nil {
		return pl, err
	}
	for p := range t.survived {
		if _, on := t.s.Engine(engine.Player(p)); on {
			t.survived[p]++
		}
	}
	t.rec.Placed = append(t.rec.Placed, byte(tileIndex*engine.Rotations+rotation))
	return pl, nil
}

// log keeps placement pl's entry as the log's change.
func (t *table) log(pl engine.Placement) {
	e, _ := json.Marshal(logEntry(pl, t.s))
	t.added = []json.RawMessage{e}
}

// Places are the seats' places once the match is over: the survivor 1st
// and the other 2nd, both 1st in a draw.
func (t *table) Places() []int {
	switch t.s.Result() {
	case engine.Win:
		return []int{1, 2}
	case engine.Loss:
		return []int{2, 1}
	}
	return []int{1, 1}
}

// Scores are the seats' scores by the card's formula at multiplier 1.0:
// a win 100 plus 5 a tile survived, a draw 50 plus 2, a loss 2; 0 before
// the end.
func (t *table) Scores() []int {
	out := make([]int, 2)
	if !t.s.Over() {
		return out
	}
	for p, place := range t.Places() {
		switch {
		case t.s.Result() == engine.Draw:
			out[p] = 50 + 2*t.survived[p]
		case place == 1:
			out[p] = 100 + 5*t.survived[p]
		default:
			out[p] = 2 * t.survived[p]
		}
	}
	return out
}

// Due: live Tinrail has no clock rule.
func (t *table) Due(time.Time, time.Time) bool { return false }

// Recorded is the log entry of the last placement.
func (t *table) Recorded() []json.RawMessage { return t.added }

// AppendBinary appends the record the match replays from, as JSON.
func (t *table) AppendBinary(b []byte) ([]byte, error) {
	rec, err := json.Marshal(t.rec)
	return append(b, rec...), err
}

// Replay plays the match again from its seed, the change of each frame
// the placement {"seat", "tile", "rotation", "cell"}: the tile as the
// board shows it, never where it sat in a hand, so that the transcript
// tells nothing of a hand's order. The placements before frame from are
// played unshown.
func (t *table) Replay(from int, frame func(core.Table, json.RawMessage) error) error {
	r := &table{s: engine.New(t.rec.Seed, engine.Wise), rec: record{Seed: t.rec.Seed}}
	var shown core.Table = r
	if from > 0 {
		shown = nil
	}
	if err := frame(shown, nil); err != nil {
		return err
	}
	for i, p := range t.rec.Placed {
		pl, err := r.place(int(p/engine.Rotations), int(p%engine.Rotations))
		if err != nil {
			return err
		}
		r.log(pl)
		if i+1 < from {
			if err := frame(nil, nil); err != nil {
				return err
			}
			continue
		}
		change, _ := json.Marshal(struct {
			Seat     int `json:"seat"`
			Tile     int `json:"tile"`
			Rotation int `json:"rotation"`
			Cell     int `json:"cell"`
		}{int(pl.Player), int(pl.Tile), pl.Rotation, pl.Cell})
		if err := frame(r, change); err != nil {
			return err
		}
	}
	return nil
}
