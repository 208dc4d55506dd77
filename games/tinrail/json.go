package tinrail

import (
	engine "github.com/agentgames/bundle/engines/tinrail"
	"github.com/agentgames/bundle/play/wire"
)

// This file writes Tinrail's answers as encoding/json would write the
// types of present.go and events.go, field for field, without reflection:
// every action answers one view, a dozen legal actions and two events.
// The games' golden tests hold the two writings equal on every answer.

// AppendJSON writes the action.
func (a Action) AppendJSON(b []byte) []byte {
	b = wire.AppendString(wire.AppendKey(append(b, '{'), "type", true), a.Type)
	b = wire.AppendInt(wire.AppendKey(b, "tileIndex", false), a.TileIndex)
	b = wire.AppendInt(wire.AppendKey(b, "rotation", false), a.Rotation)
	return append(b, '}')
}

// actions is a list of legal actions.
type actions []Action

// AppendJSON writes the list.
func (as actions) AppendJSON(b []byte) []byte {
	return wire.AppendList(b, as, func(a *Action, b []byte) []byte { return a.AppendJSON(b) })
}

// AppendJSON writes the engine.
func (e Engine) AppendJSON(b []byte) []byte {
	b = wire.AppendInt(wire.AppendKey(append(b, '{'), "cell", true), e.Cell)
	b = wire.AppendInt(wire.AppendKey(b, "row", false), e.Row)
	b = wire.AppendInt(wire.AppendKey(b, "col", false), e.Col)
	b = wire.AppendInt(wire.AppendKey(b, "port", false), e.Port)
	b = wire.AppendBool(wire.AppendKey(b, "onTable", false), e.OnTable)
	return append(b, '}')
}

func appendStrands(b []byte, ss *[4]engine.Strand) []byte {
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '[', byte('0'+s[0]), ',', byte('0'+s[1]), ']')
	}
	return append(b, ']')
}

// AppendJSON writes the placed tile.
func (t *PlacedTile) AppendJSON(b []byte) []byte {
	b = wire.AppendInt(wire.AppendKey(append(b, '{'), "cell", true), t.Cell)
	b = wire.AppendInt(wire.AppendKey(b, "row", false), t.Row)
	b = wire.AppendInt(wire.AppendKey(b, "col", false), t.Col)
	b = wire.AppendInt(wire.AppendKey(b, "tile", false), t.Tile)
	b = wire.AppendInt(wire.AppendKey(b, "rotation", false), t.Rotation)
	b = appendStrands(wire.AppendKey(b, "strands", false), &t.Strands)
	return append(b, '}')
}

// AppendJSON writes the hand tile.
func (h *HandTile) AppendJSON(b []byte) []byte {
	b = wire.AppendInt(wire.AppendKey(append(b, '{'), "tileIndex", true), h.TileIndex)
	b = wire.AppendInt(wire.AppendKey(b, "tile", false), h.Tile)
	b = append(wire.AppendKey(b, "rotations", false), '[')
	for r := range h.Rotations {
		if r > 0 {
			b = append(b, ',')
		}
		b = appendStrands(b, &h.Rotations[r])
	}
	return append(b, ']', '}')
}

// AppendJSON writes the view.
func (v View) AppendJSON(b []byte) []byte {
	b = wire.AppendString(wire.AppendKey(append(b, '{'), "opponent", true), v.Opponent)
	b = wire.AppendInt(wire.AppendKey(b, "placements", false), v.Placements)
	b = wire.AppendInt(wire.AppendKey(b, "tilesSurvived", false), v.TilesSurvived)
	b = wire.AppendInt(wire.AppendKey(b, "pile", false), v.Pile)
	b = wire.AppendInt(wire.AppendKey(b, "gbotHand", false), v.GBotHand)
	b = v.You.AppendJSON(wire.AppendKey(b, "you", false))
	b = v.GBot.AppendJSON(wire.AppendKey(b, "gbot", false))
	b = wire.AppendList(wire.AppendKey(b, "board", false), v.Board, (*PlacedTile).AppendJSON)
	b = wire.AppendList(wire.AppendKey(b, "hand", false), v.Hand, (*HandTile).AppendJSON)
	return append(b, '}')
}

// AppendJSON writes the result.
func (r Result) AppendJSON(b []byte) []byte {
	b = wire.AppendString(wire.AppendKey(append(b, '{'), "outcome", true), r.Outcome)
	b = wire.AppendString(wire.AppendKey(b, "ending", false), r.Ending)
	b = wire.AppendInt(wire.AppendKey(b, "tilesSurvived", false), r.TilesSurvived)
	b = wire.AppendString(wire.AppendKey(b, "multiplier", false), r.Multiplier)
	b = wire.AppendInt(wire.AppendKey(b, "score", false), r.Score)
	return append(b, '}')
}

func (n Notch) appendJSON(b []byte) []byte {
	b = wire.AppendInt(wire.AppendKey(append(b, '{'), "cell", true), n.Cell)
	b = wire.AppendInt(wire.AppendKey(b, "port", false), n.Port)
	return append(b, '}')
}

// AppendJSON writes the placement event.
func (e PlacementEvent) AppendJSON(b []byte) []byte {
	b = wire.AppendString(wire.AppendKey(append(b, '{'), "by", true), e.By)
	b = wire.AppendInt(wire.AppendKey(b, "tile", false), e.Tile)
	b = wire.AppendInt(wire.AppendKey(b, "rotation", false), e.Rotation)
	b = wire.AppendInt(wire.AppendKey(b, "cell", false), e.Cell)
	b = append(wire.AppendKey(b, "rides", false), '[')
	for i, r := range e.Rides {
		if i > 0 {
			b = append(b, ',')
		}
		b = wire.AppendString(wire.AppendKey(append(b, '{'), "engine", true), r.Engine)
		b = r.From.appendJSON(wire.AppendKey(b, "from", false))
		if b = wire.AppendKey(b, "to", false); r.To == nil {
			b = append(b, "null"...)
		} else {
			b = r.To.appendJSON(b)
		}
		b = wire.AppendBool(wire.AppendKey(b, "offTable", false), r.OffTable)
		b = wire.AppendBool(wire.AppendKey(b, "eliminated", false), r.Eliminated)
		b = wire.AppendInt(wire.AppendKey(b, "tiles", false), r.Tiles)
		b = append(b, '}')
	}
	b = append(b, ']')
	b = wire.AppendBool(wire.AppendKey(b, "headOn", false), e.HeadOn)
	return append(b, '}')
}
