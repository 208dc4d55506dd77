package tron

import (
	"encoding/json"

	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/wire"
)

// Action is Tron's only action, and an entry of legalActions.
type Action struct {
	Type string `json:"type"`
	Dir  string `json:"dir"`
}

// ParseAction reads an action strictly (the stateless loop's and a live
// match's): exactly type "move" and a dir of
// x+, x-, y+ or y-. A refusal is invalid_action and names the field.
func ParseAction(raw json.RawMessage) (engine.Dir, error) {
	d, err := readAction(raw)
	if err != nil {
		return d, &play.Error{Code: play.CodeInvalidAction, Message: err.Error() + `; an action is {"type":"move","dir":"x+"|"x-"|"y+"|"y-"}`}
	}
	return d, nil
}

// WireAction writes a move in the action grammar.
func WireAction(d engine.Dir) json.RawMessage {
	return json.RawMessage(`{"type":"move","dir":"` + d.String() + `"}`)
}

func readAction(raw json.RawMessage) (engine.Dir, error) {
	o, err := wire.ReadObject(raw, "action")
	if err != nil {
		return 0, err
	}
	name, err := o.String("type")
	if err != nil {
		return 0, err
	}
	if name != "move" {
		return 0, &wire.FieldError{Field: "action.type", Reason: `must be "move", not ` + wire.Brief(o.Raw("type"))}
	}
	if err := o.Only("a move action", "type", "dir"); err != nil {
		return 0, err
	}
	dir, err := o.String("dir")
	if err != nil {
		return 0, err
	}
	d, ok := engine.ParseDir(dir)
	if !ok {
		return 0, &wire.FieldError{Field: "action.dir", Reason: `must be "x+", "x-", "y+" or "y-", not ` + wire.Brief(o.Raw("dir"))}
	}
	return d, nil
}
