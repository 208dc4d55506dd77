package live

import (
	"encoding/json"

	engine "github.com/agentgames/bundle/engines/tidebreakers"
	"github.com/agentgames/bundle/games/tidebreakers"
	core "github.com/agentgames/bundle/play/live"
)

// Tile is one island in the public state.
type Tile struct {
	Owner    *int `json:"owner"` // a seat, or null for wild
	Strength int  `json:"strength"`
}

// Seat is one seat in the public state; its token never appears.
type Seat = core.PublicSeat

// State is the public state of a live match, with the card's field names.
type State struct {
	Code       string                  `json:"code"`
	Players    int                     `json:"players"`
	Phase      string                  `json:"phase"` // lobby, supply, attack or over
	Round      int                     `json:"round"`
	Turn       *int                    `json:"turn"`
	SupplyLeft int                     `json:"supply_left"`
	Over       bool                    `json:"over"`
	Winner     *int                    `json:"winner"` // null while open, and when 1st place is shared
	Places     []int                   `json:"places"` // per seat once over, 1 the best, ties shared (1, 1, 3); null before
	Ending     string                  `json:"ending,omitempty"`
	Tiles      []Tile                  `json:"tiles"`
	TileCounts []int                   `json:"tile_counts"`
	Strengths  []int                   `json:"strengths"`
	Seats      []Seat                  `json:"seats"`
	Log        []tidebreakers.LogEntry `json:"log"`
}

var endings = map[engine.Ending]string{engine.Conquest: "conquest", engine.LastStanding: "last_standing",
	engine.RoundCap: "round_cap", engine.TimeLimit: "time_limit"}

func ptr(v int) *int { return &v }

// Public is what anyone may read of the match.
func Public(r *core.Match) *State {
	st := &State{Code: r.Code, Players: r.Players, Phase: "lobby", Round: 0, Log: make([]tidebreakers.LogEntry, len(r.Log)),
		Tiles: []Tile{}, TileCounts: make([]int, r.Players), Strengths: make([]int, r.Players)}
	for i, e := range r.Log {
		json.Unmarshal(e, &st.Log[i]) // written by table.Recorded
	}
	st.Seats = r.PublicSeats()
	if r.Table == nil {
		return st
	}
	m := r.Table.(*table).State
	st.Round = m.Round()
	for i := range engine.Islands {
		is := m.Island(i)
		t := Tile{Strength: is.Strength}
		if is.Owner != engine.Wild {
			t.Owner = ptr(is.Owner)
		}
		st.Tiles = append(st.Tiles, t)
	}
	for p := range r.Players {
		st.TileCounts[p], st.Strengths[p] = m.Count(p)
	}
	switch {
	case m.Over():
		st.Phase, st.Over, st.Ending = "over", true, endings[m.Ending()]
		if w := m.Winner(); w != engine.Wild {
			st.Winner = ptr(w)
		}
		for p := range r.Players {
			st.Places = append(st.Places, m.Place(p))
		}
	case m.Phase() == engine.Supplying:
		st.Phase, st.Turn, st.SupplyLeft = "supply", ptr(m.Turn()), m.SupplyLeft()
	default:
		st.Phase, st.Turn = "attack", ptr(m.Turn())
	}
	return st
}
