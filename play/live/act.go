package live

import (
	"context"
	"encoding/json"
	"slices"

	"github.com/agentgames/bundle/play"
)

// Act plays the move (JSON in the game's action grammar) of the seat whose
// token is given, and answers the match as saved with it: every player's
// move in every live game goes through here. In a game in turns the move
// is played at once; in a game in rounds it is kept, hidden from the
// others, until its round resolves, and a seat moves once a round
// (play.CodeAlreadyMoved).
func (s *Server) Act(ctx context.Context, code, token string, move json.RawMessage) (*Match, error) {
	var last *Match
	err := s.Update(ctx, code, func(m *Match) error {
		seat, err := m.Player(token)
		if err != nil {
			return err
		}
		if err := s.act(m, play.Seat(seat), move); err != nil {
			return err
		}
		m.Played = true
		last = m
		return nil
	})
	return last, err
}

// SeatMoves are one seat's moves in a batch (ActAll): the token of its
// seat and its moves, played in order.
type SeatMoves struct {
	Token string
	Moves []json.RawMessage
}

// ActAll plays several seats' moves in one write of the match, as Act
// would play them one after another in the order given: a server that
// drives seats (the arena) plays a round's moves at the cost of one. A
// seat whose move is refused keeps the moves it played before that one,
// and its error is answered at its index; the other seats' moves are
// played. It answers the match as saved with them. The error returned is
// the write's own (the store's, a race lost), which no move of the batch
// survived.
func (s *Server) ActAll(ctx context.Context, code string, batch []SeatMoves) (*Match, []error, error) {
	var errs []error
	var last *Match
	err := s.Update(ctx, code, func(m *Match) error {
		last = m
		errs = make([]error, len(batch)) // afresh at each attempt
		for i, b := range batch {
			seat, err := m.Player(b.Token)
			for j := 0; err == nil && j < len(b.Moves); j++ {
				if err = s.act(m, play.Seat(seat), b.Moves[j]); err == nil {
					m.Played = true
				}
			}
			errs[i] = err
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	return last, errs, nil
}

// act checks seat's move and plays it, or keeps it for its round.
func (s *Server) act(m *Match, seat play.Seat, move json.RawMessage) error {
	p := m.Table.Phase()
	switch {
	case p.Over:
		return play.Errorf(play.CodeMatchOver, "match %s is over", m.Code)
	case s.rules.Rounds() && m.Moved(int(seat)):
		return play.Errorf(play.CodeAlreadyMoved, "seat %d has moved in this round already; the round resolves once every seat has moved, or at its deadline", seat)
	case !p.Acts(seat) && s.rules.Rounds():
		return play.Errorf(play.CodeNotYourTurn, "seat %d has no move to make in this round: it is out of the match", seat)
	case !p.Acts(seat):
		return play.Errorf(play.CodeNotYourTurn, "it is seat %d's turn, not yours (seat %d)", p.ToAct[0], seat)
	}
	if err := m.Table.Check(seat, move); err != nil {
		return err
	}
	if s.rules.Rounds() {
		m.Pending = append(m.Pending, Pending{Seat: int(seat), Move: slices.Clone(move)})
		return nil
	}
	if err := m.Table.Play([]play.Move{{Seat: seat, Action: move}}); err != nil {
		return err
	}
	m.keep()
	return nil
}
