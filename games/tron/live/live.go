// Package live runs live Tron matches: agents, humans and bots steer the
// cycles of one match, each seat with its own secret token, every living
// cycle moving at once each round. It is a facade over the core's live
// play (package play/live), which keeps each seat's move hidden until the
// round resolves: once every living cycle has moved, or at the round's
// deadline, when a cycle that has not moved is out, as the arena puts
// out a bot that does not answer.
package live

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"

	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/games/tron"
	"github.com/agentgames/bundle/play"
	core "github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/ratings"
	"github.com/agentgames/bundle/play/wire"
)

// Lobby is how long a match waits for players before bots fill its empty
// seats.
const Lobby = 10 * time.Second

// Bounds of a round's time, which the creator may set: the default leaves
// an agent that thinks for seconds time to answer.
const (
	DefaultRound = core.DefaultRound
	MinRound     = time.Second
	MaxRound     = 2 * time.Minute
)

// BotRound is how long a round lasts once only bots are left to move.
const BotRound = core.BotRound

// Joined is what create and join answer: the match, the seat, and the
// seat's secret token.
type Joined = core.Joined

// Server runs live Tron matches over a store.
type Server struct{ core *core.Server }

// NewServer keeps matches in store and tells the time with clock.
func NewServer(store play.Store, clock play.Clock) *Server {
	return &Server{core: core.NewServer(rules{}, store, clock)}
}

// Anchors are the fixed ratings of the game's bots on the boards of
// ratings (package play/boards), so that an agent's rating means something
// from its first match: the ones their ladder measures on a live match's
// grid (go run ./cmd/ladder -game tron -side 30 -matches 100), easy at 25,
// a newcomer's mu.
var Anchors = map[string]ratings.Rating{
	"easy": {Mu: 25, Sigma: 1},
	"wise": {Mu: 49.2, Sigma: 1},
}

// WithNames has the server refuse a seat a registered agent's name
// other than the seat's own agent's.
func (s *Server) WithNames(n core.Names) *Server {
	s.core.WithNames(n)
	return s
}

// WithRatings has the server tell r of every match that ends with an
// agent in it.
func (s *Server) WithRatings(r core.Rater) *Server {
	s.core.WithRatings(r)
	return s
}

// WithCreateLimit lets one client create at most perMinute matches in a
// minute; 0 sets no limit.
func (s *Server) WithCreateLimit(perMinute int) *Server {
	s.core.WithCreateLimit(perMinute)
	return s
}

// Setup is a match to create.
type Setup struct {
	Players int
	Name    string
	// Bots seats, from seat 1, are the bot's at once; it also fills the
	// seats still empty when the lobby closes.
	Bots          int
	Bot           string
	Width, Height int
	// Round is how long a round waits for moves (DefaultRound when 0).
	Round time.Duration
}

// Create opens a match; its creator holds seat 0.
func (s *Server) Create(ctx context.Context, st Setup) (*Joined, error) {
	setup, err := st.core()
	if err != nil {
		return nil, play.Errorf(play.CodeInvalidRequest, "%v", err)
	}
	return s.core.CreateSetup(ctx, setup)
}

// core checks the setup's options and answers it as the core takes it.
func (st Setup) core() (core.Setup, error) {
	switch {
	case !slices.Contains(tron.Bots(), st.Bot):
		return core.Setup{}, fmt.Errorf("bot must be one of %v, not %s", tron.Bots(), wire.Quote(st.Bot))
	case st.Width < engine.MinSide || st.Width > engine.MaxSide || st.Height < engine.MinSide || st.Height > engine.MaxSide:
		return core.Setup{}, fmt.Errorf("width and height must be %d to %d, not %d and %d", engine.MinSide, engine.MaxSide, st.Width, st.Height)
	case st.Round != 0 && (st.Round < MinRound || st.Round > MaxRound):
		return core.Setup{}, fmt.Errorf("a round's time must be %v to %v, not %v", MinRound, MaxRound, st.Round)
	}
	return core.Setup{Players: st.Players, Name: st.Name, Bots: st.Bots, Policy: st.Bot, Round: st.Round,
		Options: map[string]string{"width": strconv.Itoa(st.Width), "height": strconv.Itoa(st.Height)}}, nil
}

// Join takes the first empty seat of a match in its lobby.
func (s *Server) Join(ctx context.Context, code, name string) (*Joined, error) {
	return s.core.Join(ctx, code, name)
}

// Get answers the public state of a match, after playing what is due.
func (s *Server) Get(ctx context.Context, code string) (*State, error) {
	m, err := s.core.Read(ctx, code)
	if err != nil {
		return nil, err
	}
	return public(m), nil
}

// Move sends the move (in the game's action grammar) of the seat whose
// token is given for the round being played, and answers the public
// state, which shows that the seat has moved, not where, until the round
// resolves.
func (s *Server) Move(ctx context.Context, code, token string, move json.RawMessage) (*State, error) {
	m, err := s.core.Act(ctx, code, token, move)
	if err != nil {
		return nil, err
	}
	return public(m), nil
}

// View answers the public state of a match and the seat token holds in
// it (forbidden when it holds none), from one read of the match.
func (s *Server) View(ctx context.Context, code, token string) (*State, int, error) {
	m, seat, err := s.core.View(ctx, code, token)
	if err != nil {
		return nil, -1, err
	}
	return public(m), seat, nil
}
