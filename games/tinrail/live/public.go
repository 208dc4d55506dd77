package live

import (
	"encoding/json"

	engine "github.com/agentgames/bundle/engines/tinrail"
	"github.com/agentgames/bundle/games/tinrail"
	core "github.com/agentgames/bundle/play/live"
)

// Seat is one seat in the public state: its engine and how many tiles it
// holds, never which; its token never appears.
type Seat struct {
	core.PublicSeat
	Engine *tinrail.Engine `json:"engine"` // null in the lobby
	// Hand is how many tiles the seat holds.
	Hand int `json:"hand"`
	// TilesSurvived counts the placements (by either seat) after which
	// its engine was still on the table.
	TilesSurvived int `json:"tilesSurvived"`
}

// State is the public state of a live Tinrail match: what anyone may see.
// It shows no hand and no pile order.
type State struct {
	Code    string `json:"code"`
	Players int    `json:"players"`
	Phase   string `json:"phase"` // lobby, playing or over
	// Turn is the seat to move; null in the lobby and once over.
	Turn       *int                 `json:"turn"`
	Placements int                  `json:"placements"`
	Pile       int                  `json:"pile"` // tiles left face down
	Board      []tinrail.PlacedTile `json:"board"`
	Seats      []Seat               `json:"seats"`
	Over       bool                 `json:"over"`
	// Ending says how it ended: off_table (one engine rode off),
	// both_off_table, head_on or tiles_exhausted; "" before.
	Ending string `json:"ending"`
	// Places and Scores, once over, per seat: the survivor 1st, both 1st
	// in a draw; each seat's score by the card's formula at multiplier
	// 1.0. Null before.
	Places []int             `json:"places"`
	Scores []int             `json:"scores"`
	Log    []json.RawMessage `json:"log"` // LogEntry each
}

// View is what the holder of a seat sees: the public state, which seat is
// theirs, their hand at every rotation and the placements open to them
// (every tile at every rotation on their turn, none otherwise).
type View struct {
	State
	You          int                `json:"you"`
	Hand         []tinrail.HandTile `json:"hand"`
	LegalActions []tinrail.Action   `json:"legalActions"`
}

// endings name the ways a match ends, for either seat.
var endings = map[engine.Ending]string{engine.GBotOff: "off_table", engine.YouOff: "off_table",
	engine.BothOff: "both_off_table", engine.HeadOn: "head_on", engine.TilesExhausted: "tiles_exhausted"}

// Public is what anyone may read of the match.
func Public(m *core.Match) *State {
	st := &State{Code: m.Code, Players: m.Players, Phase: "lobby", Board: []tinrail.PlacedTile{}, Log: m.Log}
	for _, s := range m.PublicSeats() {
		st.Seats = append(st.Seats, Seat{PublicSeat: s})
	}
	if m.Table == nil {
		return st
	}
	t := m.Table.(*table)
	s := t.s
	st.Phase, st.Placements, st.Pile = "playing", s.Placements(), s.PileLen()
	b := s.Board()
	for c := range engine.Cells {
		if pl, ok := b.At(c); ok {
			st.Board = append(st.Board, tinrail.PlacedTile{Cell: c, Row: c / engine.Size, Col: c % engine.Size,
				Tile: int(pl.Tile), Rotation: pl.Rotation, Strands: pl.Tile.At(pl.Rotation).Strands()})
		}
	}
	for p := range st.Seats {
		n, on := s.Engine(engine.Player(p))
		st.Seats[p].Engine = &tinrail.Engine{Cell: n.Cell, Row: n.Row(), Col: n.Col(), Port: n.Port, OnTable: on}
		st.Seats[p].Hand, st.Seats[p].TilesSurvived = s.HandLen(engine.Player(p)), t.survived[p]
	}
	if s.Over() {
		st.Phase, st.Over, st.Ending = "over", true, endings[s.Ending()]
		st.Places, st.Scores = t.Places(), t.Scores()
	} else {
		turn := int(s.Turn())
		st.Turn = &turn
	}
	return st
}

// seatView is what the holder of seat may see of the match.
func seatView(m *core.Match, seat int) *View {
	v := &View{State: *Public(m), You: seat, Hand: []tinrail.HandTile{}, LegalActions: []tinrail.Action{}}
	if m.Table == nil {
		return v
	}
	t := m.Table.(*table)
	sv := t.s.SeatView(engine.Player(seat))
	hand := sv.Hand()
	mine := !t.s.Over() && int(t.s.Turn()) == seat
	for i := range hand.Len() {
		tile := hand.At(i)
		h := tinrail.HandTile{TileIndex: i, Tile: int(tile)}
		for r := range engine.Rotations {
			h.Rotations[r] = tile.At(r).Strands()
			if mine {
				v.LegalActions = append(v.LegalActions, tinrail.Action{Type: "place", TileIndex: i, Rotation: r})
			}
		}
		v.Hand = append(v.Hand, h)
	}
	return v
}

// LogEntry is one placement in a live Tinrail match's log: the seat that
// laid it, the tile as the board shows it, and every engine's ride.
type LogEntry struct {
	Seat     int    `json:"seat"`
	Tile     int    `json:"tile"`
	Rotation int    `json:"rotation"`
	Cell     int    `json:"cell"`
	Rides    []Ride `json:"rides"`
	HeadOn   bool   `json:"headOn"`
	// Ending, on the placement that ended the match, says how.
	Ending string `json:"ending,omitempty"`
}

// Ride is one engine's ride after a placement.
type Ride struct {
	Seat int           `json:"seat"`
	From tinrail.Notch `json:"from"`
	// To is where it came to rest; null when it left the table.
	To         *tinrail.Notch `json:"to"`
	OffTable   bool           `json:"offTable"`
	Eliminated bool           `json:"eliminated"`
	Tiles      int            `json:"tiles"`
}

// logEntry is placement pl of match s as the log writes it.
func logEntry(pl engine.Placement, s *engine.State) LogEntry {
	e := LogEntry{Seat: int(pl.Player), Tile: int(pl.Tile), Rotation: pl.Rotation, Cell: pl.Cell, Rides: []Ride{}, HeadOn: pl.HeadOn}
	for j, r := range pl.Rides {
		ride := Ride{Seat: int(pl.Riders[j]), From: tinrail.Notch{Cell: r.From.Cell, Port: r.From.Port}, OffTable: r.Off, Eliminated: r.Off || pl.HeadOn, Tiles: r.Tiles}
		if !r.Off {
			ride.To = &tinrail.Notch{Cell: r.To.Cell, Port: r.To.Port}
		}
		e.Rides = append(e.Rides, ride)
	}
	if s.Over() {
		e.Ending = endings[s.Ending()]
	}
	return e
}
