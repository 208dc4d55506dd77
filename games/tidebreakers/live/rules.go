package live

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	engine "github.com/agentgames/bundle/engines/tidebreakers"
	"github.com/agentgames/bundle/engines/tidebreakers/captains"
	"github.com/agentgames/bundle/games/tidebreakers"
	"github.com/agentgames/bundle/play"
	core "github.com/agentgames/bundle/play/live"
)

// rules are the card's live matches as the core plays them.
type rules struct{}

// Kind names live matches in the store.
func (rules) Kind() string         { return "tidebreakers-live" }
func (rules) Seats() (int, int)    { return engine.MinPlayers, engine.MaxPlayers }
func (rules) Policies() []string   { return captains.Names() }
func (rules) Lobby() time.Duration { return Lobby }
func (rules) Rounds() bool         { return false }
func (rules) Start(seed uint64, players int, _ map[string]string) (core.Table, error) {
	m, err := engine.New(seed, players)
	return &table{State: m, kept: true}, err
}

// Restore reads a table as AppendBinary wrote it, or as it was stored
// before tables kept their history (the engine's state alone).
func (rules) Restore(state []byte, _ [][]byte) (core.Table, error) {
	return restore(state)
}

// table is a match of the engine, played by the core, with its history:
// every change since the deal (see history.go).
type table struct {
	*engine.State
	history []byte
	kept    bool // the history goes back to the deal
}

func (t *table) Phase() play.Phase {
	if t.Over() {
		return play.Phase{Over: true}
	}
	return play.Phase{ToAct: []play.Seat{play.Seat(t.Turn())}}
}

// Check refuses what is not an action of the grammar.
func (t *table) Check(_ play.Seat, move json.RawMessage) error {
	_, err := tidebreakers.ParseAction(move)
	return err
}

// BotMove is the captain's action, drawn from the match's bot stream.
func (t *table) BotMove(_ play.Seat, policy string) (json.RawMessage, error) {
	bot, ok := captains.Named(policy)
	if !ok {
		return nil, fmt.Errorf("no captain is called %q", policy)
	}
	rs := t.BotStream()
	return tidebreakers.WireAction(bot(t.State, &rs)), nil
}

// Play applies the action of the seat whose turn it is; the rules'
// refusal is illegal_move.
func (t *table) Play(moves []play.Move) error {
	a, err := tidebreakers.ParseAction(moves[0].Action)
	if err != nil {
		return err
	}
	if err := t.Apply(int(moves[0].Seat), a); err != nil {
		return play.Errorf(play.CodeIllegalMove, "%v", err)
	}
	t.history = appendChange(t.history, a)
	return nil
}

// Clone is a copy of the table: the engine's state (the islands and
// the log), and the history, shared but clipped so that an append copies.
func (t *table) Clone() core.Table {
	return &table{State: t.State.Clone(), history: slices.Clip(t.history), kept: t.kept}
}

// Places are the seats' places once the match is over.
func (t *table) Places() []int {
	out := make([]int, t.Players())
	for p := range out {
		out[p] = t.Place(p)
	}
	return out
}

// Due ends the match by scoring once TimeLimit has passed since it
// started.
func (t *table) Due(started, now time.Time) bool {
	if t.Over() || now.Before(started.Add(TimeLimit)) {
		return false
	}
	t.Finish(engine.TimeLimit)
	t.history = append(t.history, timeLimit)
	return true
}

// Recorded is the log's entries the last change added, as the public
// state writes them.
func (t *table) Recorded() []json.RawMessage {
	var out []json.RawMessage
	for _, e := range t.State.Recorded() {
		b, _ := json.Marshal(tidebreakers.LogEntryOf(e))
		out = append(out, b)
	}
	return out
}
