package live

import (
	"context"
	"log/slog"

	"github.com/agentgames/bundle/play"
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

// agentOf is the agent ctx's request plays for, if any.
func agentOf(ctx context.Context) *play.AgentRef {
	if a, ok := play.AgentOf(ctx); ok {
		return &a
	}
	return nil
}

// rate tells the rater of match m, which the request just ended, if an
// agent holds a seat; a failure is logged, never answered (the match is
// over and saved).
func (s *Server) rate(ctx context.Context, m *Match) {
	p, ok := m.Table.(Placed)
	if s.rater == nil || !ok {
		return
	}
	places := p.Places()
	seats := make([]RatedSeat, len(m.Seats))
	agents := false
	for i, st := range m.Seats {
		seats[i] = RatedSeat{Agent: st.Agent, Bot: st.Bot, Place: places[i]}
		agents = agents || st.Agent != nil
	}
	if !agents {
		return
	}
	if err := s.rater.Rated(ctx, m.Code, seats); err != nil {
		slog.Error("rating a live match", "code", m.Code, "err", err)
	}
}
