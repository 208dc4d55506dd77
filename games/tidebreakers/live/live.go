// Package live serves Tidebreakers as the card's live match server: humans,
// agents and captains play one match, each seat acting with its own secret
// token. It is a facade over the core's live play (package play/live),
// which keeps the match in a play.Store and plays what is due (the lobby
// fill, the captains' turns, the time limit) when the next request reads
// or acts on it, at the time of the injected clock, so any instance serves
// any request. This package gives the card's rules (rules.go), its API and
// its public state.
package live

import (
	"context"
	"fmt"
	"slices"
	"time"

	engine "github.com/agentgames/bundle/engines/tidebreakers"
	"github.com/agentgames/bundle/engines/tidebreakers/captains"
	"github.com/agentgames/bundle/games/tidebreakers"
	"github.com/agentgames/bundle/play"
	core "github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/ratings"
	"github.com/agentgames/bundle/play/wire"
)

// Timing of a match, from the card.
const (
	// Lobby is how long a match waits for players before captains fill
	// its empty seats.
	Lobby = 10 * time.Second
	// TimeLimit ends a match by scoring, this long after it starts.
	TimeLimit = 9 * time.Minute
)

// CodeLength is how many symbols a match code has.
const CodeLength = core.CodeLength

// DefaultCreatesPerMinute is how many matches one client may create in a
// minute unless the server is told otherwise (WithCreateLimit).
const DefaultCreatesPerMinute = core.DefaultCreatesPerMinute

// MinPlayers and MaxPlayers bound a live match's seats.
const (
	MinPlayers = engine.MinPlayers
	MaxPlayers = engine.MaxPlayers
)

// Captains are the kinds of captain that may fill a live match's seats,
// the default first.
func Captains() []string { return captains.Names() }

// Joined is what create and join answer: the match, the seat, and the
// seat's secret token.
type Joined = core.Joined

// Server runs live Tidebreakers matches over a store.
type Server struct{ core *core.Server }

// NewServer keeps matches in store and tells the time with clock. It
// limits creation to DefaultCreatesPerMinute matches a client.
func NewServer(store play.Store, clock play.Clock) *Server {
	return &Server{core: core.NewServer(rules{}, store, clock)}
}

// Anchors are the fixed ratings of the game's bots on the boards of
// ratings (package play/boards), so that an agent's rating means something
// from its first match: as the ladder of the captains measures them
// (go run ./cmd/ladder -game tidebreakers -matches 100; ladder.Anchors),
// sample at 25, a newcomer's mu.
var Anchors = map[string]ratings.Rating{
	"random": {Mu: -3.2, Sigma: 1},
	"sample": {Mu: 25, Sigma: 1},
	"strong": {Mu: 46.3, Sigma: 1},
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

// WithCreateLimit lets one client (see play.ClientOf) create at most
// perMinute matches in a minute; 0 sets no limit.
func (s *Server) WithCreateLimit(perMinute int) *Server {
	s.core.WithCreateLimit(perMinute)
	return s
}

// Create opens a match of players seats; the creator, called name, holds
// seat 0. bots of the other seats, from seat 1, are the captain's at once;
// captain also fills the seats still empty when the lobby closes. A
// client past its creation limit is refused with play.CodeRateLimited.
func (s *Server) Create(ctx context.Context, players int, name string, bots int, captain string) (*Joined, error) {
	if err := checkCaptain(captain); err != nil {
		return nil, play.Errorf(play.CodeInvalidRequest, "%v", err)
	}
	return s.core.Create(ctx, players, name, bots, captain)
}

// checkCaptain refuses a captain of no kind the card knows.
func checkCaptain(captain string) error {
	if !slices.Contains(captains.Names(), captain) {
		return fmt.Errorf("captain must be one of %v, not %s", captains.Names(), wire.Quote(captain))
	}
	return nil
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

// Act applies the action of the seat whose token is given, then plays
// what is due, and answers the public state.
func (s *Server) Act(ctx context.Context, code, token string, a engine.Action) (*State, error) {
	m, err := s.core.Act(ctx, code, token, tidebreakers.WireAction(a))
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
