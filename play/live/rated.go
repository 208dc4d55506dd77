package live

import (
	"context"
	"log/slog"
	"slices"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/agents"
)

// Placed is a Table that places its seats once the match is over: per
// seat, 1 the best, seats that tie sharing a place.
type Placed interface {
	Places() []int
}

// RatedSeat is one seat of a match that ended, as a Rater sees it: the
// agent that held it (nil for an anonymous player or a bot), the bot's
// policy (empty for a player), and its place.
type RatedSeat struct {
	Agent *play.AgentRef
	Bot   string
	Place int
}

// Rater rates the agents of every match that ends (package play/boards):
// Rated is told of each once, by the request whose conditional write
// ended it.
type Rater interface {
	Rated(ctx context.Context, code string, seats []RatedSeat) error
}

// WithRatings has the server tell r of every match that ends with an
// agent in it.
func (s *Server) WithRatings(r Rater) *Server {
	s.rater = r
	return s
}

// Names answers the agent registered under a name (agents.Registry),
// play.CodeNotFound when none is.
type Names interface {
	Named(ctx context.Context, name string) (*agents.Agent, error)
}

// WithNames has the server refuse a seat a name that an agent other
// than the seat's own is registered under.
func (s *Server) WithNames(n Names) *Server {
	s.names = n
	return s
}

// botNames are the names no player's seat may take, folded as
// agents.SeatName folds them: "bot" and the Rules' Policies.
func botNames(rules Rules) []string {
	var out []string
	for _, bot := range append([]string{"bot"}, rules.Policies()...) {
		if _, f, err := agents.SeatName(bot); err == nil {
			out = append(out, f)
		}
	}
	return out
}

// seatName checks the name a request gives the seat it takes (empty
// for the default): a name by agents.SeatName's rules, not a bot's (one
// of the Rules' Policies, or "bot"), and not a registered agent's other
// than the request's own, so that no player passes for a bot or an
// agent it is not. Pages show which seats are bots and which agents.
func (s *Server) seatName(ctx context.Context, name string) (string, error) {
	if name == "" {
		return "", nil
	}
	display, folded, err := agents.SeatName(name)
	if err != nil {
		return "", play.Errorf(play.CodeInvalidRequest, "the seat's name: %v", err)
	}
	if slices.Contains(s.botNames, folded) {
		return "", play.Errorf(play.CodeNameTaken, "the seat's name %q is a bot's: a player's seat may not pass for one", display)
	}
	if s.names == nil {
		return display, nil
	}
	a, err := s.names.Named(ctx, display)
	if play.IsCode(err, play.CodeNotFound) {
		return display, nil
	}
	if err != nil {
		return "", err
	}
	if mine, ok := play.AgentOf(ctx); !ok || mine.ID != a.ID {
		return "", play.Errorf(play.CodeNameTaken, "the seat's name %q is the registered agent %s's (or looks like it): only its key sits under it", display, a.ID)
	}
	return display, nil
}

// newSeat is seat i taken by ctx's request under name, its token's hash
// hash: credited to the request's agent if it has one, and named after
// the agent if name is empty.
func newSeat(ctx context.Context, name string, i int, hash []byte) Seat {
	a, ok := play.AgentOf(ctx)
	if !ok {
		return Seat{Name: PlayerName(name, i), Token: hash}
	}
	if name == "" {
		name = a.Name
	}
	return Seat{Name: name, Token: hash, Agent: &a}
}

// rated reports whether match m, which is over, is one to rate: the
// server has a rater, the game places its seats, and an agent holds one.
func (s *Server) rated(m *Match) bool {
	if _, ok := m.Table.(Placed); !ok || s.rater == nil {
		return false
	}
	return slices.ContainsFunc(m.Seats, func(st Seat) bool { return st.Agent != nil })
}

// rate tells the rater of match m, saved as data at version with Unrated
// set, then clears the flag by a write conditional on that version, and
// answers the match as stored then. A failure is logged, never answered
// (the match is over and saved): the flag stays, and the match's next
// request tells the rater again, which counts a match once however often
// it is told. A lost race to clear it leaves it to the request that won.
func (s *Server) rate(ctx context.Context, m *Match, data []byte, version uint64) ([]byte, uint64) {
	places := m.Table.(Placed).Places()
	seats := make([]RatedSeat, len(m.Seats))
	for i, st := range m.Seats {
		seats[i] = RatedSeat{Agent: st.Agent, Bot: st.Bot, Place: places[i]}
	}
	if err := s.rater.Rated(ctx, m.Code, seats); err != nil {
		slog.Error("rating a live match", "code", m.Code, "err", err)
		return data, version
	}
	m.Unrated = false
	next, err := m.encode(len(data))
	if err == nil {
		_, err = s.store.Save(ctx, s.rules.Kind(), m.Code, next, version, m.expires(s.clock()))
	}
	if err != nil {
		if !play.IsCode(err, play.CodeConflict) {
			slog.Error("marking a live match rated", "code", m.Code, "err", err)
		}
		m.Unrated = true
		return data, version
	}
	return next, version + 1
}
