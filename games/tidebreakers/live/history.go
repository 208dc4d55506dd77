package live

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"

	engine "github.com/agentgames/bundle/engines/tidebreakers"
	"github.com/agentgames/bundle/games/tidebreakers"
	core "github.com/agentgames/bundle/play/live"
)

// A table is stored as
//
//	tableFormat | the engine state's length (uvarint) | the engine state |
//	the history
//
// where the history lists every change since the deal: a supply (the
// kind, the tile, the amount as a uvarint), an attack (the kind, from,
// to, the number sent as a uvarint), a pass (the kind), or the time limit
// ending the match (timeLimit). The seat of a move is the one whose turn
// it was, so it is not kept. A table stored before tables kept their
// history is the engine state alone, which begins with the engine's
// format byte (1 or 2), never tableFormat.
const (
	tableFormat = 0x80
	timeLimit   = 0xff
)

// appendChange appends action a to a history.
func appendChange(h []byte, a engine.Action) []byte {
	h = append(h, byte(a.Kind))
	switch a.Kind {
	case engine.Supply:
		h = append(h, byte(a.Tile))
		h = binary.AppendUvarint(h, uint64(a.Amount))
	case engine.Attack:
		h = append(h, byte(a.From), byte(a.To))
		h = binary.AppendUvarint(h, uint64(a.Send))
	}
	return h
}

// AppendBinary appends the table as Restore reads it.
func (t *table) AppendBinary(b []byte) ([]byte, error) {
	st, err := t.State.MarshalBinary()
	if err != nil || !t.kept {
		return append(b, st...), err
	}
	b = binary.AppendUvarint(append(b, tableFormat), uint64(len(st)))
	return append(append(b, st...), t.history...), nil
}

// restore reads a table AppendBinary wrote, or an engine state alone.
func restore(data []byte) (*table, error) {
	t := &table{State: &engine.State{}}
	if len(data) == 0 || data[0] != tableFormat {
		return t, t.UnmarshalBinary(data)
	}
	n, k := binary.Uvarint(data[1:])
	if k <= 0 || n > uint64(len(data)-1-k) {
		return nil, errors.New("tidebreakers live: bad table encoding")
	}
	st := data[1+k : 1+k+int(n)]
	t.history, t.kept = data[1+k+int(n):], true
	return t, t.UnmarshalBinary(st)
}

// change is one entry of a history as the transcript names it: the seat
// that moved (null when the clock ended the match) and its action, in the
// card's grammar ({"type": "time_limit"} for the clock's end).
type change struct {
	Seat   *int            `json:"seat"`
	Action json.RawMessage `json:"action"`
}

// Replay plays the match again from its deal, one change of the history
// at a time, the changes before frame from unshown.
func (t *table) Replay(from int, frame func(core.Table, json.RawMessage) error) error {
	if !t.kept {
		return core.ErrNoHistory
	}
	s, err := engine.New(t.Seed(), t.Players())
	if err != nil {
		return err
	}
	r := &table{State: s, kept: true}
	var shown core.Table = r
	if from > 0 {
		shown = nil
	}
	if err := frame(shown, nil); err != nil {
		return err
	}
	for n, h := 1, t.history; len(h) > 0; n++ {
		var c change
		if h[0] == timeLimit {
			h = h[1:]
			r.Finish(engine.TimeLimit)
			c.Action = json.RawMessage(`{"type":"time_limit"}`)
		} else {
			var a engine.Action
			if a, h, err = readChange(h); err != nil {
				return err
			}
			seat := r.Turn()
			if err := r.Apply(seat, a); err != nil {
				return fmt.Errorf("tidebreakers live: the history does not replay: %w", err)
			}
			c.Seat, c.Action = &seat, tidebreakers.WireAction(a)
		}
		if n < from {
			if err := frame(nil, nil); err != nil {
				return err
			}
			continue
		}
		b, _ := json.Marshal(c)
		if err := frame(r, b); err != nil {
			return err
		}
	}
	return nil
}

// readChange reads the action that begins h, and answers the rest.
func readChange(h []byte) (engine.Action, []byte, error) {
	bad := errors.New("tidebreakers live: bad history encoding")
	a := engine.Action{Kind: engine.Kind(h[0])}
	h = h[1:]
	uvarint := func() int {
		v, k := binary.Uvarint(h)
		if k <= 0 || v > engine.MaxStrength {
			h = nil
			return -1
		}
		h = h[k:]
		return int(v)
	}
	switch a.Kind {
	case engine.Supply:
		if len(h) < 2 {
			return a, nil, bad
		}
		a.Tile, h = int(h[0]), h[1:]
		a.Amount = uvarint()
		if a.Amount < 0 {
			return a, nil, bad
		}
	case engine.Attack:
		if len(h) < 3 {
			return a, nil, bad
		}
		a.From, a.To, h = int(h[0]), int(h[1]), h[2:]
		a.Send = uvarint()
		if a.Send < 0 {
			return a, nil, bad
		}
	case engine.Pass:
	default:
		return a, nil, bad
	}
	return a, h, nil
}
