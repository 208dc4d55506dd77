package live

import (
	"context"
	"time"

	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/games/tron"
	"github.com/agentgames/bundle/play"
	core "github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/wire"
)

// DefaultSide is a live grid's width and height when its creator does not
// say: smaller than the stateless game's, so that a match between agents
// that think for seconds a round ends in minutes, not hours.
const DefaultSide = 30

// Base is where the live match API's paths start.
func (s *Server) Base() string { return "/api/games/tron/matches" }

// Ops are what a match's path may name: join, and the one action.
func (s *Server) Ops() []string { return []string{"join", "move"} }

// Serve answers one request of the live match API: op is create, join,
// get or move; code names the match (empty for create); body is the
// request's JSON (nil for get). Bodies are read strictly: exactly the
// API's fields, whole numbers in range.
//
//	create {"players": 2..4, "name"?, "bots"?, "bot"?: "easy"|"wise",
//	        "width"?, "height"?: 5..100, "roundMillis"?: 1000..120000}
//	join   {"name"?}
//	move   {"token", "dir": "x+"|"x-"|"y+"|"y-"}
func (s *Server) Serve(ctx context.Context, op, code string, body []byte) (any, error) {
	if op == "get" {
		return s.Get(ctx, code)
	}
	o, err := wire.ReadObject(body, "")
	if err != nil {
		return nil, play.Errorf(play.CodeBadJSON, "the body must be one JSON object: %v", err)
	}
	bad := func(err error) error { return play.Errorf(play.CodeInvalidRequest, "%v", err) }
	switch op {
	case "create":
		st, err := setup(o)
		if err != nil {
			return nil, bad(err)
		}
		return s.Create(ctx, st)
	case "join":
		if err := o.Only("a join request", "name"); err != nil {
			return nil, bad(err)
		}
		name, err := core.ReadName(o)
		if err != nil {
			return nil, bad(err)
		}
		return s.Join(ctx, code, name)
	case "move":
		if err := o.Only("a move request", "token", "dir"); err != nil {
			return nil, bad(err)
		}
		token, err := o.String("token")
		if err != nil {
			return nil, bad(err)
		}
		dir, err := o.String("dir")
		if err != nil {
			return nil, bad(err)
		}
		d, ok := engine.ParseDir(dir)
		if !ok {
			return nil, bad(&wire.FieldError{Field: "dir", Reason: `must be "x+", "x-", "y+" or "y-", not ` + wire.Brief(o.Raw("dir"))})
		}
		return s.Move(ctx, code, token, tron.WireAction(d))
	}
	return nil, play.Errorf(play.CodeNotFound, "a live Tron match takes join or move, not %s", wire.Quote(op))
}

// setup reads a create request.
func setup(o *wire.Object) (Setup, error) {
	st := Setup{Bot: tron.Bots()[0], Width: DefaultSide, Height: DefaultSide}
	if err := o.Only("a create request", "players", "name", "bots", "bot", "width", "height", "roundMillis"); err != nil {
		return st, err
	}
	var err error
	if st.Players, err = o.Int("players", engine.MinPlayers, engine.MaxPlayers); err != nil {
		return st, err
	}
	if st.Name, err = core.ReadName(o); err != nil {
		return st, err
	}
	if o.Has("bots") {
		if st.Bots, err = o.Int("bots", 0, st.Players-1); err != nil {
			return st, err
		}
	}
	if o.Has("bot") {
		if st.Bot, err = o.String("bot"); err != nil {
			return st, err
		}
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
