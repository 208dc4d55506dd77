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
	b = wire.AppendString(append(b, `{"type":`...), a.Type)
	b = wire.AppendInt(append(b, `,"tileIndex":`...), a.TileIndex)
	b = wire.AppendInt(append(b, `,"rotation":`...), a.Rotation)
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
	b = wire.AppendInt(append(b, `{"cell":`...), e.Cell)
	b = wire.AppendInt(append(b, `,"row":`...), e.Row)
	b = wire.AppendInt(append(b, `,"col":`...), e.Col)
	b = wire.AppendInt(append(b, `,"port":`...), e.Port)
	b = wire.AppendBool(append(b, `,"onTable":`...), e.OnTable)
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
	b = wire.AppendInt(append(b, `{"cell":`...), t.Cell)
	b = wire.AppendInt(append(b, `,"row":`...), t.Row)
	b = wire.AppendInt(append(b, `,"col":`...), t.Col)
	b = wire.AppendInt(append(b, `,"tile":`...), t.Tile)
	b = wire.AppendInt(append(b, `,"rotation":`...), t.Rotation)
	b = appendStrands(append(b, `,"strands":`...), &t.Strands)
	return append(b, '}')
}

// AppendJSON writes the hand tile.
func (h *HandTile) AppendJSON(b []byte) []byte {
	b = wire.AppendInt(append(b, `{"tileIndex":`...), h.TileIndex)
	b = wire.AppendInt(append(b, `,"tile":`...), h.Tile)
	b = append(b, `,"rotations":[`...)
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
	b = wire.AppendString(append(b, `{"opponent":`...), v.Opponent)
	b = wire.AppendInt(append(b, `,"placements":`...), v.Placements)
	b = wire.AppendInt(append(b, `,"tilesSurvived":`...), v.TilesSurvived)
	b = wire.AppendInt(append(b, `,"pile":`...), v.Pile)
	b = wire.AppendInt(append(b, `,"gbotHand":`...), v.GBotHand)
	b = v.You.AppendJSON(append(b, `,"you":`...))
	b = v.GBot.AppendJSON(append(b, `,"gbot":`...))
	b = wire.AppendList(append(b, `,"board":`...), v.Board, (*PlacedTile).AppendJSON)
	b = wire.AppendList(append(b, `,"hand":`...), v.Hand, (*HandTile).AppendJSON)
	return append(b, '}')
}

// AppendJSON writes the result.
func (r Result) AppendJSON(b []byte) []byte {
	b = wire.AppendString(append(b, `{"outcome":`...), r.Outcome)
	b = wire.AppendString(append(b, `,"ending":`...), r.Ending)
	b = wire.AppendInt(append(b, `,"tilesSurvived":`...), r.TilesSurvived)
	b = wire.AppendString(append(b, `,"multiplier":`...), r.Multiplier)
	b = wire.AppendInt(append(b, `,"score":`...), r.Score)
	return append(b, '}')
}

func (n Notch) appendJSON(b []byte) []byte {
	b = wire.AppendInt(append(b, `{"cell":`...), n.Cell)
	b = wire.AppendInt(append(b, `,"port":`...), n.Port)
	return append(b, '}')
}

// AppendJSON writes the placement event.
func (e PlacementEvent) AppendJSON(b []byte) []byte {
	b = wire.AppendString(append(b, `{"by":`...), e.By)
	b = wire.AppendInt(append(b, `,"tile":`...), e.Tile)
	b = wire.AppendInt(append(b, `,"rotation":`...), e.Rotation)
	b = wire.AppendInt(append(b, `,"cell":`...), e.Cell)
	b = append(b, `,"rides":[`...)
	for i, r := range e.Rides {
		if i > 0 {
			b = append(b, ',')
		}
		b = wire.AppendString(append(b, `{"engine":`...), r.Engine)
		b = r.From.appendJSON(append(b, `,"from":`...))
		if b = append(b, `,"to":`...); r.To == nil {
			b = append(b, "null"...)
		} else {
			b = r.To.appendJSON(b)
		}
		b = wire.AppendBool(append(b, `,"offTable":`...), r.OffTable)
		b = wire.AppendBool(append(b, `,"eliminated":`...), r.Eliminated)
		b = wire.AppendInt(append(b, `,"tiles":`...), r.Tiles)
		b = append(b, '}')
	}
	b = append(b, ']')
	b = wire.AppendBool(append(b, `,"headOn":`...), e.HeadOn)
	return append(b, '}')
}
