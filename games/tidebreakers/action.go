package tidebreakers

import (
	_ "embed"
	"encoding/json"
	"strconv"

	engine "github.com/agentgames/bundle/engines/tidebreakers"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/wire"
)

// actionSchema is Tidebreakers' action grammar, the one file that spec's
// actionGrammar sends, ParseAction follows and openapi.yaml's
// TidebreakersAction repeats (tests hold the three together).
//
//go:embed action.json
var actionSchema []byte

// maxSend is the grammar's bound on an expedition (the engine's bound on a
// garrison, less the one that stays).
const maxSend = engine.MaxStrength - 1

// Action is one action as sent, and one entry of legalActions.
type Action struct {
	Type   string `json:"type"`
	Tile   *int   `json:"tile,omitempty"`
	Amount *int   `json:"amount,omitempty"`
	From   *int   `json:"from,omitempty"`
	To     *int   `json:"to,omitempty"`
	Send   *int   `json:"send,omitempty"`
}

// AppendJSON writes the action as encoding/json would.
func (a Action) AppendJSON(b []byte) []byte {
	b = wire.AppendString(wire.AppendKey(append(b, '{'), "type", true), a.Type)
	for _, f := range []struct {
		name string
		v    *int
	}{{"tile", a.Tile}, {"amount", a.Amount}, {"from", a.From}, {"to", a.To}, {"send", a.Send}} {
		if f.v != nil {
			b = wire.AppendInt(wire.AppendKey(b, f.name, false), *f.v)
		}
	}
	return append(b, '}')
}

// WireAction writes an engine action as sent, in the action grammar.
func WireAction(a engine.Action) []byte {
	switch a.Kind {
	case engine.Supply:
		return Action{Type: "supply", Tile: &a.Tile, Amount: &a.Amount}.AppendJSON(nil)
	case engine.Attack:
		return Action{Type: "attack", From: &a.From, To: &a.To, Send: &a.Send}.AppendJSON(nil)
	}
	return Action{Type: "pass"}.AppendJSON(nil)
}

// ParseAction reads an action of the grammar strictly: a known type and exactly its
// fields, whole numbers in range. A refusal is invalid_action and names the
// field at fault.
func ParseAction(raw json.RawMessage) (engine.Action, error) {
	a, err := readAction(raw)
	if err != nil {
		return a, &play.Error{Code: play.CodeInvalidAction, Message: err.Error() +
			`; actions are {"type":"supply","tile":0..24,"amount":1..6}, {"type":"attack","from":0..24,"to":0..24,"send":1..` + strconv.Itoa(maxSend) + `} and {"type":"pass"}`}
	}
	return a, nil
}

func readAction(raw json.RawMessage) (engine.Action, error) {
	var a engine.Action
	o, err := wire.ReadObject(raw, "action")
	if err != nil {
		return a, err
	}
	name, err := o.String("type")
	if err != nil {
		return a, err
	}
	last := engine.Islands - 1
	switch name {
	case "supply":
		a.Kind = engine.Supply
		if err = o.Only("a supply action", "type", "tile", "amount"); err == nil {
			if a.Tile, err = o.Int("tile", 0, last); err == nil {
				a.Amount, err = o.Int("amount", 1, engine.BaseSupply+engine.MaxExtraSupply)
			}
		}
	case "attack":
		a.Kind = engine.Attack
		if err = o.Only("an attack action", "type", "from", "to", "send"); err == nil {
			if a.From, err = o.Int("from", 0, last); err == nil {
				if a.To, err = o.Int("to", 0, last); err == nil {
					a.Send, err = o.Int("send", 1, maxSend)
				}
			}
		}
	case "pass":
		a.Kind = engine.Pass
		err = o.Only("a pass action", "type")
	default:
		err = &wire.FieldError{Field: "action.type", Reason: `must be "supply", "attack" or "pass", not ` + wire.Brief(o.Raw("type"))}
	}
	return a, err
}
