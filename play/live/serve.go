package live

import (
	"context"
	"encoding/json"
	"slices"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/wire"
)

// API is what a game's live match API adds to the core's: how its create
// and action requests read, and what anyone may see of a match.
type API interface {
	// Setup reads the body of a create request (the facade checks its
	// options here).
	Setup(o *wire.Object) (Setup, error)
	// Action reads the body of the action op names: the seat's token and
	// its move in the game's action grammar.
	Action(op string, o *wire.Object) (token string, move json.RawMessage, err error)
	// Public is a match's public state.
	Public(m *Match) any
}

// Base is where the game's match API's paths start.
func (s *Server) Base() string { return s.game.Base }

// Ops are what a match's path may name: join, view in a game with private
// views (see Private), and the game's actions.
func (s *Server) Ops() []string {
	if _, ok := s.game.API.(Private); ok {
		return append([]string{"join", "view"}, s.game.Ops...)
	}
	return append([]string{"join"}, s.game.Ops...)
}

// Public is what anyone may read of m: the game's public state.
func (s *Server) Public(m *Match) any { return s.game.API.Public(m) }

// Whole is the since of a request that reads the whole public state.
const Whole = -1

// MaxSince bounds the since a request may give: more rounds than a live
// match has (a 100x100 Tron match lasts 10,000 rounds at most).
const MaxSince = 100_000

// Delta is an API whose public state can hold only what changed after a
// round, for a reader that keeps the match as it read it last: a live
// Tron match's trails grow by a cell a round, and a reader that asks
// since the round it saw last reads the new heads, not every cell again,
// so that its requests cost the same however long the match has run.
type Delta interface {
	API
	// PublicSince is Public(m) with only what changed after round since
	// (the reader has the rest).
	PublicSince(m *Match, since int) any
}

// Since reports whether the game's public state reads since a round
// (its API is a Delta).
func (s *Server) Since() bool {
	_, ok := s.game.API.(Delta)
	return ok
}

// public is what anyone may read of m since round since (Whole for all
// of it).
func (s *Server) public(m *Match, since int) any {
	if d, ok := s.game.API.(Delta); ok && since != Whole {
		return d.PublicSince(m, since)
	}
	return s.game.API.Public(m)
}

// checkSince refuses a since the request may not give: one besides Whole
// to a game whose state does not change by rounds (see Delta), or out of
// range.
func (s *Server) checkSince(op string, since int) error {
	if since == Whole {
		return nil
	}
	if _, ok := s.game.API.(Delta); !ok || op == "create" || op == "join" || op == "view" {
		return play.Errorf(play.CodeInvalidRequest, "a %s %s request takes no since", s.game.Title, op)
	}
	if since < 0 || since > MaxSince {
		return play.Errorf(play.CodeInvalidRequest, "since must be a round, 0 to %d, not %d", MaxSince, since)
	}
	return nil
}

// Private is an API whose game hides something from all but one seat (a
// hand, the pile's order): the seat's token reads its own view, which its
// moves answer too (op "view" reads it). The public state, the
// transcript, the log and the errors show no seat's secret.
type Private interface {
	API
	// Seat is what the holder of seat may see of m: the public state and
	// what only it knows (its hand, the moves open to it).
	Seat(m *Match, seat int) any
}

// SeatView is what the holder of seat may see of m: its private view in a
// game with one, else the public state.
func (s *Server) SeatView(m *Match, seat int) any {
	if p, ok := s.game.API.(Private); ok {
		return p.Seat(m, seat)
	}
	return s.Public(m)
}

// Serve answers one request of the game's live match API: op is create,
// join, get or one of the game's Ops; code names the match (empty for
// create); body is the request's JSON (nil for get), read strictly;
// since, for get and the game's Ops of a game whose API is a Delta, the
// round after which the answer's public state shows what changed (Whole
// for all of it). A body the API refuses, or a since it does not take, is
// invalid_request, one that is not a JSON object bad_json; an op the game
// has not is not_found.
func (s *Server) Serve(ctx context.Context, op, code string, body []byte, since int) (any, error) {
	api := s.game.API
	if err := s.checkSince(op, since); err != nil {
		return nil, err
	}
	if op == "get" {
		m, err := s.Read(ctx, code)
		if err != nil {
			return nil, err
		}
		return s.public(m, since), nil
	}
	o, err := wire.ReadObject(body, "")
	if err != nil {
		return nil, play.Errorf(play.CodeBadJSON, "the body must be one JSON object: %v", err)
	}
	bad := func(err error) error { return play.Errorf(play.CodeInvalidRequest, "%v", err) }
	switch op {
	case "create":
		setup, err := api.Setup(o)
		if err != nil {
			return nil, bad(err)
		}
		return s.CreateSetup(ctx, setup)
	case "join":
		if err := o.Only("a join request", "name"); err != nil {
			return nil, bad(err)
		}
		name, err := ReadName(o)
		if err != nil {
			return nil, bad(err)
		}
		return s.Join(ctx, code, name)
	case "view":
		if _, ok := api.(Private); ok {
			token, err := readToken(o)
			if err != nil {
				return nil, bad(err)
			}
			m, seat, err := s.View(ctx, code, token)
			if err != nil {
				return nil, err
			}
			return s.SeatView(m, seat), nil
		}
	}
	if !slices.Contains(s.game.Ops, op) {
		return nil, play.Errorf(play.CodeNotFound, "a %s match has no operation %s", s.game.Title, wire.Quote(op))
	}
	token, move, err := api.Action(op, o)
	if err != nil {
		return nil, bad(err)
	}
	m, err := s.Act(ctx, code, token, move)
	if err != nil {
		return nil, err
	}
	if seat, ok := m.SeatOf(token); ok && since == Whole {
		return s.SeatView(m, seat), nil
	}
	return s.public(m, since), nil
}

// readToken reads a body that holds exactly a seat's token.
func readToken(o *wire.Object) (string, error) {
	if err := o.Only("a view request", "token"); err != nil {
		return "", err
	}
	return o.String("token")
}

// ReadSeats reads the members of a create request every game's live API
// has: players (least to most), name, bots, and the policy member that
// names the bots' kind (policies[0] when absent; the facade checks it),
// refusing members besides those and options.
func ReadSeats(o *wire.Object, least, most int, policy string, policies []string, options ...string) (Setup, error) {
	st := Setup{Policy: policies[0]}
	if err := o.Only("a create request", append([]string{"players", "name", "bots", policy}, options...)...); err != nil {
		return st, err
	}
	var err error
	if st.Players, err = o.Int("players", least, most); err != nil {
		return st, err
	}
	if st.Name, err = ReadName(o); err != nil {
		return st, err
	}
	if o.Has("bots") {
		if st.Bots, err = o.Int("bots", 0, st.Players-1); err != nil {
			return st, err
		}
	}
	if o.Has(policy) {
		st.Policy, err = o.String(policy)
	}
	return st, err
}
