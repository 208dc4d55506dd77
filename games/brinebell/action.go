package brinebell

import (
	_ "embed"
	"encoding/json"

	engine "github.com/agentgames/bundle/engines/brinebell"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/wire"
)

// actionSchema is Brinebell's action grammar, the one file that spec's
// actionGrammar sends, parseAction follows and openapi.yaml's
// BrinebellAction repeats (tests hold the three together).
//
//go:embed action.json
var actionSchema []byte

// kinds are the action types, by name.
var kinds = map[string]engine.Kind{"start": engine.Start, "order": engine.Order, "advance": engine.Advance, "bank": engine.Bank}

// parseAction reads an action strictly: a known type and exactly its
// fields, each a whole number in its range. A refusal is invalid_action and
// names the field at fault.
func parseAction(raw json.RawMessage) (engine.Action, error) {
	a, err := readAction(raw)
	if err != nil {
		return a, &play.Error{Code: play.CodeInvalidAction, Message: err.Error() +
			`; actions are {"type":"start"}, {"type":"order","ferry":0..1,"dock":0..4}, {"type":"advance","ticks":1..90} and {"type":"bank"}`}
	}
	return a, nil
}

func readAction(raw json.RawMessage) (engine.Action, error) {
	o, err := wire.ReadObject(raw, "action")
	if err != nil {
		return engine.Action{}, err
	}
	name, err := o.String("type")
	if err != nil {
		return engine.Action{}, err
	}
	k, ok := kinds[name]
	if !ok {
		return engine.Action{}, &wire.FieldError{Field: "action.type", Reason: `must be "start", "order", "advance" or "bank", not ` + wire.Brief(o.Raw("type"))}
	}
	a := engine.Action{Kind: k}
	switch k {
	case engine.Start:
		err = o.Only("a start action", "type")
	case engine.Bank:
		err = o.Only("a bank action", "type")
	case engine.Advance:
		if err = o.Only("an advance action", "type", "ticks"); err == nil {
			a.Ticks, err = o.Int("ticks", 1, engine.MaxAdvance)
		}
	case engine.Order:
		if err = o.Only("an order action", "type", "ferry", "dock"); err == nil {
			if a.Ferry, err = o.Int("ferry", 0, engine.NumFerries-1); err == nil {
				a.Dock, err = o.Int("dock", 0, engine.NumDocks-1)
			}
		}
	}
	return a, err
}
