package live

import (
	"encoding/json"
	"fmt"
	"slices"

	engine "github.com/agentgames/bundle/engines/tinrail"
	"github.com/agentgames/bundle/games/tinrail"
	core "github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/wire"
)

// api is the live Tinrail API as the core serves it: place is the one
// action, and view reads a seat's own view (core.Private). Bodies are
// read strictly: exactly the API's fields, whole numbers in range.
//
//	create {"players": 2, "name"?, "bots"?: 0..1, "bot"?: "easy"|"wise"}
//	join   {"name"?}
//	view   {"token"}
//	place  {"token", "tileIndex": 0..2, "rotation": 0..3}
type api struct{}

// Setup reads and checks a create request.
func (api) Setup(o *wire.Object) (core.Setup, error) {
	st, err := core.ReadSeats(o, 2, 2, "bot", Bots)
	if err == nil && !slices.Contains(Bots, st.Policy) {
		err = fmt.Errorf("bot must be one of %v, not %s", Bots, wire.Quote(st.Policy))
	}
	return st, err
}

// Action reads the body of a placement.
func (api) Action(op string, o *wire.Object) (string, json.RawMessage, error) {
	if err := o.Only("a "+op+" request", "token", "tileIndex", "rotation"); err != nil {
		return "", nil, err
	}
	token, err := o.String("token")
	if err != nil {
		return "", nil, err
	}
	a := tinrail.Action{Type: "place"}
	if a.TileIndex, err = o.Int("tileIndex", 0, engine.HandSize-1); err != nil {
		return "", nil, err
	}
	if a.Rotation, err = o.Int("rotation", 0, engine.Rotations-1); err != nil {
		return "", nil, err
	}
	return token, a.AppendJSON(nil), nil
}

// Public is the match's public state.
func (api) Public(m *core.Match) any { return Public(m) }

// Seat is what the holder of seat sees: its hand and its placements.
func (api) Seat(m *core.Match, seat int) any { return seatView(m, seat) }
