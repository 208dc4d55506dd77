package tinrail

import (
	_ "embed"
	"encoding/json"

	engine "github.com/agentgames/bundle/engines/tinrail"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/wire"
)

// actionSchema is Tinrail's action grammar, the one file that spec's
// actionGrammar sends, parseAction follows and openapi.yaml's TinrailAction
// repeats (tests hold the three together).
//
//go:embed action.json
var actionSchema []byte

// Action is Tinrail's only action: lay the hand tile at tileIndex, turned
// rotation quarter turns clockwise, into the cell your engine faces.
type Action struct {
	Type      string `json:"type"`
	TileIndex int    `json:"tileIndex"`
	Rotation  int    `json:"rotation"`
}

// parseAction reads an action strictly: exactly type "place", tileIndex
// and rotation, whole numbers in range. A refusal is invalid_action and
// names the field at fault.
func parseAction(raw json.RawMessage) (Action, error) {
	a, err := readAction(raw)
	if err != nil {
		return a, &play.Error{Code: play.CodeInvalidAction, Message: err.Error() +
			`; an action is {"type":"place","tileIndex":0..2,"rotation":0..3}`}
	}
	return a, nil
}

func readAction(raw json.RawMessage) (Action, error) {
	a := Action{Type: "place"}
	o, err := wire.ReadObject(raw, "action")
	if err != nil {
		return a, err
	}
	if string(o.Raw("type")) != `"place"` { // else it is "place" as written, read without a copy
		name, err := o.String("type")
		if err != nil {
			return a, err
		}
		if name != "place" {
			return a, &wire.FieldError{Field: "action.type", Reason: `must be "place", not ` + wire.Brief(o.Raw("type"))}
		}
	}
	if err := o.Only("a place action", "type", "tileIndex", "rotation"); err != nil {
		return a, err
	}
	if a.TileIndex, err = o.Int("tileIndex", 0, engine.HandSize-1); err != nil {
		return a, err
	}
	a.Rotation, err = o.Int("rotation", 0, engine.Rotations-1)
	return a, err
}

// ParseAction reads a move of Tinrail's grammar as parseAction does, for
// the live matches (package games/tinrail/live).
func ParseAction(raw json.RawMessage) (Action, error) { return parseAction(raw) }
