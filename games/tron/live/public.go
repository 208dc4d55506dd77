package live

import (
	"encoding/json"
	"strconv"

	core "github.com/agentgames/bundle/play/live"
)

// Seat is one seat in the public state; its token never appears.
type Seat struct {
	core.PublicSeat
	// Moved: the seat has moved in the round being played (where to
	// stays hidden until the round resolves).
	Moved bool `json:"moved"`
	Alive bool `json:"alive"`
	// Died is the round its cycle died in; 0 while it rides.
	Died int `json:"died"`
	// Trail is its cycle's cells, [x, y], the head first (as the
	// stateless game and the botsArena board list them); empty once dead.
	// In a state since a round, only the cells laid after it.
	Trail Trail `json:"trail"`
}

// Trail is a cycle's cells, [x, y] each. It writes itself as JSON, as
// encoding/json would but without reflection: a late state of a 100x100
// match holds 6,000 cells.
type Trail [][2]int

// MarshalJSON writes the trail as an array of [x, y] arrays.
func (t Trail) MarshalJSON() ([]byte, error) { return t.appendJSON(make([]byte, 0, 2+10*len(t))), nil }

// appendJSON appends the trail as MarshalJSON writes it.
func (t Trail) appendJSON(b []byte) []byte {
	b = append(b, '[')
	for i, c := range t {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(appendCoord(append(appendCoord(append(b, '['), c[0]), ','), c[1]), ']')
	}
	return append(b, ']')
}

// appendCoord appends a coordinate: one of a grid's, 0 to 99, written
// digit by digit.
func appendCoord(b []byte, n int) []byte {
	switch {
	case n >= 0 && n < 10:
		return append(b, byte('0'+n))
	case n >= 10 && n < 100:
		return append(b, byte('0'+n/10), byte('0'+n%10))
	}
	return strconv.AppendInt(b, int64(n), 10)
}

// State is the public state of a live Tron match.
type State struct {
	Code    string `json:"code"`
	Players int    `json:"players"`
	Width   int    `json:"width"`
	Height  int    `json:"height"`
	Phase   string `json:"phase"` // lobby, playing or over
	Round   int    `json:"round"` // rounds resolved
	// Deadline is when the round being played resolves with the moves it
	// has (unix milliseconds); null in the lobby and once over.
	Deadline *int64 `json:"deadline"`
	// RoundMillis is how long a round waits for moves.
	RoundMillis int64 `json:"roundMillis"`
	Over        bool  `json:"over"`
	// Places, once over: per seat, 1 the best, cycles that died in one
	// round sharing a place; null before.
	Places []int             `json:"places"`
	Seats  []Seat            `json:"seats"`
	Log    []json.RawMessage `json:"log"` // LogEntry each
	// Since, in a state read since a round (?since=R), is that round:
	// each trail then holds only the cells laid after it, so a reader
	// that keeps the grid as it last read it reads the new heads, not
	// every cell again. Absent in the whole state.
	Since *int `json:"since,omitempty"`
}

// Public is what anyone may read of the match.
func Public(m *core.Match) *State { return PublicSince(m, core.Whole) }

// PublicSince is Public with each trail cut to the cells laid after
// round since (core.Whole for every cell): the cycles' heads of the
// rounds since then, head first, none for a cycle that has died.
func PublicSince(m *core.Match, since int) *State {
	st := &State{Code: m.Code, Players: m.Players, Phase: "lobby", Log: m.Log, RoundMillis: m.RoundTime().Milliseconds()}
	if since != core.Whole {
		st.Since = &since
	}
	st.Width, _ = strconv.Atoi(m.Options["width"])
	st.Height, _ = strconv.Atoi(m.Options["height"])
	for i, s := range m.PublicSeats() {
		st.Seats = append(st.Seats, Seat{PublicSeat: s, Moved: m.Moved(i), Trail: Trail{}})
	}
	if m.Table == nil {
		return st
	}
	s := m.Table.(*table).s
	st.Phase, st.Round = "playing", s.Round()
	if d := m.RoundDeadline(); !d.IsZero() {
		ms := d.UnixMilli()
		st.Deadline = &ms
	}
	for p := range st.Seats {
		seat := &st.Seats[p]
		seat.Alive, seat.Died = s.Alive(p), s.Died(p)
		cells := s.Length(p)
		if since != core.Whole {
			cells = min(cells, max(s.Round()-since, 0))
		}
		seat.Trail = make(Trail, 0, cells)
		for _, c := range s.Recent(p, cells) {
			seat.Trail = append(seat.Trail, [2]int{c.X, c.Y})
		}
	}
	if s.Over() {
		st.Phase, st.Over, st.Deadline = "over", true, nil
		for p := range st.Seats {
			st.Places = append(st.Places, s.Rank(p))
		}
	}
	return st
}
