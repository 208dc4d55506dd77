package tinrail

import engine "github.com/agentgames/bundle/engines/tinrail"

// Notch is where an engine waits: a cell and the port it enters by.
type Notch struct {
	Cell int `json:"cell"`
	Port int `json:"port"`
}

// RideEvent is one engine's ride after a placement.
type RideEvent struct {
	Engine string `json:"engine"`
	From   Notch  `json:"from"`
	// To is where the engine came to rest; nil when it left the table.
	To       *Notch `json:"to"`
	OffTable bool   `json:"offTable"`
	// Eliminated: off the table, or met the other engine head on.
	Eliminated bool `json:"eliminated"`
	Tiles      int  `json:"tiles"`
}

// PlacementEvent is one tile laid during an action.
type PlacementEvent struct {
	By       string      `json:"by"`
	Tile     int         `json:"tile"`
	Rotation int         `json:"rotation"`
	Cell     int         `json:"cell"`
	Rides    []RideEvent `json:"rides"`
	HeadOn   bool        `json:"headOn"`
}

var sides = [2]string{"you", "gbot"}

// event is one placement as the answer's events show it. The event, its
// rides (a placement has one or two) and where they end share one
// allocation.
func event(t engine.Placement) *PlacementEvent {
	out := &struct {
		event PlacementEvent
		rides [2]RideEvent
		to    [2]Notch
	}{}
	e := &out.event
	*e = PlacementEvent{By: sides[t.Player], Tile: int(t.Tile), Rotation: t.Rotation, Cell: t.Cell, HeadOn: t.HeadOn}
	e.Rides = out.rides[:len(t.Rides):len(t.Rides)]
	for j, r := range t.Rides {
		re := RideEvent{Engine: sides[t.Riders[j]], From: Notch{r.From.Cell, r.From.Port}, OffTable: r.Off, Eliminated: r.Off || t.HeadOn, Tiles: r.Tiles}
		if !r.Off {
			out.to[j] = Notch{r.To.Cell, r.To.Port}
			re.To = &out.to[j]
		}
		e.Rides[j] = re
	}
	return e
}
