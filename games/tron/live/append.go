package live

import (
	"encoding/json"
	"slices"

	"github.com/agentgames/bundle/play/wire"
)

// AppendJSON appends the state as encoding/json writes it without HTML
// escaping (the HTTP edge's answers; TestAppendJSON holds the two to one
// byte string), without reflection: a state late in a 100x100 match lists
// 6,000 cells of trails.
func (st *State) AppendJSON(b []byte) []byte {
	room := 256 + 64*len(st.Seats) + 16*len(st.Log)
	for _, s := range st.Seats {
		room += len(s.Name) + 9*len(s.Trail)
	}
	b = slices.Grow(b, room)
	b = append(b, `{"code":`...)
	b = wire.AppendString(b, st.Code)
	b = append(b, `,"players":`...)
	b = wire.AppendInt(b, st.Players)
	b = append(b, `,"width":`...)
	b = wire.AppendInt(b, st.Width)
	b = append(b, `,"height":`...)
	b = wire.AppendInt(b, st.Height)
	b = append(b, `,"phase":`...)
	b = wire.AppendString(b, st.Phase)
	b = append(b, `,"round":`...)
	b = wire.AppendInt(b, st.Round)
	b = append(b, `,"deadline":`...)
	if st.Deadline == nil {
		b = append(b, "null"...)
	} else {
		b = wire.AppendInt(b, int(*st.Deadline))
	}
	b = append(b, `,"roundMillis":`...)
	b = wire.AppendInt(b, int(st.RoundMillis))
	b = append(b, `,"over":`...)
	b = wire.AppendBool(b, st.Over)
	b = append(b, `,"places":`...)
	b = wire.AppendList(b, st.Places, func(n *int, b []byte) []byte { return wire.AppendInt(b, *n) })
	b = append(b, `,"seats":`...)
	b = wire.AppendList(b, st.Seats, (*Seat).appendJSON)
	b = append(b, `,"log":`...)
	b = wire.AppendList(b, st.Log, func(e *json.RawMessage, b []byte) []byte { return append(b, *e...) }) // compact, as the log keeps them
	if st.Since != nil {
		b = append(b, `,"since":`...)
		b = wire.AppendInt(b, *st.Since)
	}
	return append(b, '}')
}

// appendJSON appends the seat as encoding/json writes it.
func (s *Seat) appendJSON(b []byte) []byte {
	b = append(b, `{"seat":`...)
	b = wire.AppendInt(b, s.Seat)
	b = append(b, `,"name":`...)
	b = wire.AppendString(b, s.Name)
	b = append(b, `,"bot":`...)
	b = wire.AppendBool(b, s.Bot)
	b = append(b, `,"joined":`...)
	b = wire.AppendBool(b, s.Joined)
	if s.Agent != nil {
		b = append(b, `,"agent":{"id":`...)
		b = wire.AppendString(b, s.Agent.ID)
		b = append(b, `,"name":`...)
		b = wire.AppendString(b, s.Agent.Name)
		b = append(b, '}')
	}
	b = append(b, `,"moved":`...)
	b = wire.AppendBool(b, s.Moved)
	b = append(b, `,"alive":`...)
	b = wire.AppendBool(b, s.Alive)
	b = append(b, `,"died":`...)
	b = wire.AppendInt(b, s.Died)
	b = append(b, `,"trail":`...)
	return append(s.Trail.appendJSON(b), '}') // as MarshalJSON, nil or not
}
