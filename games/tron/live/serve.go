package live

import (
	"encoding/json"
	"time"

	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/games/tron"
	core "github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/wire"
)

// DefaultSide is a live grid's width and height when its creator does not
// say: smaller than the stateless game's, so that a match between agents
// that think for seconds a round ends in minutes, not hours.
const DefaultSide = 30

// api is the live Tron API as the core serves it: POST Base/{code}/move
// is the one action. Bodies are read strictly: exactly the API's fields,
// whole numbers in range.
//
//	create {"players": 2..4, "name"?, "bots"?, "bot"?: "easy"|"wise",
//	        "width"?, "height"?: 5..100, "roundMillis"?: 1000..120000}
//	join   {"name"?}
//	move   {"token", "dir": "x+"|"x-"|"y+"|"y-"}
type api struct{}

// Setup reads and checks a create request.
func (api) Setup(o *wire.Object) (core.Setup, error) {
	st, err := setup(o)
	if err != nil {
		return core.Setup{}, err
	}
	return st.core()
}

// Action reads the body of a move.
func (api) Action(op string, o *wire.Object) (string, json.RawMessage, error) {
	if err := o.Only("a "+op+" request", "token", "dir"); err != nil {
		return "", nil, err
	}
	token, err := o.String("token")
	if err != nil {
		return "", nil, err
	}
	dir, err := o.String("dir")
	if err != nil {
		return "", nil, err
	}
	d, ok := engine.ParseDir(dir)
	if !ok {
		return "", nil, &wire.FieldError{Field: "dir", Reason: `must be "x+", "x-", "y+" or "y-", not ` + wire.Brief(o.Raw("dir"))}
	}
	return token, tron.WireAction(d), nil
}

// Public is the match's public state.
func (api) Public(m *core.Match) any { return Public(m) }

// PublicSince is the match's public state since a round: the trails'
// cells laid after it.
func (api) PublicSince(m *core.Match, since int) any { return PublicSince(m, since) }

// setup reads a create request.
func setup(o *wire.Object) (Setup, error) {
	seats, err := core.ReadSeats(o, engine.MinPlayers, engine.MaxPlayers, "bot", tron.Bots(), "width", "height", "roundMillis")
	st := Setup{Players: seats.Players, Name: seats.Name, Bots: seats.Bots, Bot: seats.Policy, Width: DefaultSide, Height: DefaultSide}
	if err != nil {
		return st, err
	}
	for _, side := range []struct {
		name string
		v    *int
	}{{"width", &st.Width}, {"height", &st.Height}} {
		if o.Has(side.name) {
			if *side.v, err = o.Int(side.name, engine.MinSide, engine.MaxSide); err != nil {
				return st, err
			}
		}
	}
	if o.Has("roundMillis") {
		ms, err := o.Int("roundMillis", int(MinRound.Milliseconds()), int(MaxRound.Milliseconds()))
		if err != nil {
			return st, err
		}
		st.Round = time.Duration(ms) * time.Millisecond
	}
	return st, nil
}
