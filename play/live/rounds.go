package live

import (
	"encoding/json"
	"slices"
	"time"

	"github.com/agentgames/bundle/play"
)

// Simultaneous is a Table whose seats to act move together, as Tron's
// cycles do: the core keeps each seat's move in the match, hidden from the
// others, until every seat to act has moved or the round's deadline has
// passed, and then resolves the round with the moves it has.
type Simultaneous interface {
	Table
	// Check refuses a move (JSON in the game's grammar) that seat s may
	// not make now, with an *play.Error of the game's refusal.
	Check(s play.Seat, move json.RawMessage) error
	// BotMove is policy's move for seat s now, not yet applied.
	BotMove(s play.Seat, policy string) (json.RawMessage, error)
	// Resolve plays the round: a move for each seat to act that sent one
	// in time; a seat to act without one did not, and the game's rule for
	// a silent seat applies to it.
	Resolve(moves []play.Move) error
}

// Pending is a seat's move in the round being played, kept until the
// round resolves and shown to nobody.
type Pending struct {
	Seat int             `json:"seat"`
	Move json.RawMessage `json:"move"`
}

// Moved reports whether seat s has moved in the round being played (what
// it moved stays hidden until the round resolves).
func (m *Match) Moved(s int) bool {
	return slices.ContainsFunc(m.Pending, func(p Pending) bool { return p.Seat == s })
}

// RoundDeadline is when the round being played resolves with the moves it
// has; the zero time when the match plays no rounds or is not under way.
func (m *Match) RoundDeadline() time.Time {
	if m.Deadline == 0 {
		return time.Time{}
	}
	return time.UnixMilli(m.Deadline)
}

// Move has seat s move in a simultaneous match's round: the move is
// checked now and kept hidden until the round resolves (in Update, once
// every seat to act has moved, or at the deadline). A seat moves once a
// round.
func (m *Match) Move(s int, move json.RawMessage) error {
	t, ok := m.Table.(Simultaneous)
	switch {
	case !ok:
		return play.Errorf(play.CodeInternal, "match %s does not play in rounds", m.Code)
	case t.Phase().Over:
		return play.Errorf(play.CodeMatchOver, "match %s is over", m.Code)
	case !t.Phase().Acts(play.Seat(s)):
		return play.Errorf(play.CodeNotYourTurn, "seat %d has no move to make in this round", s)
	case m.Moved(s):
		return play.Errorf(play.CodeNotYourTurn, "seat %d has moved in this round already; the round resolves once every seat has moved, or at its deadline", s)
	}
	if err := t.Check(play.Seat(s), move); err != nil {
		return err
	}
	m.Pending = append(m.Pending, Pending{Seat: s, Move: move})
	m.Played = true
	return nil
}

// roundsPerRequest bounds the rounds one request resolves, so that no
// request costs more than a few bots' moves: a match nobody asked about
// for many deadlines goes on at the next requests, catching up with its
// clock this many rounds at a time.
const roundsPerRequest = 2

// rounds plays what is due in a simultaneous match: its bots' moves, and
// every round whose seats have all moved or whose deadline has passed
// (rounds missed while nobody asked resolve one after another, each at
// its deadline), up to roundsPerRequest.
func (s *Server) rounds(m *Match, t Simultaneous, now time.Time) error {
	for m.resolved < roundsPerRequest {
		p := t.Phase()
		if p.Over {
			m.Pending, m.Deadline = nil, 0
			return nil
		}
		if m.Deadline == 0 {
			m.Deadline = now.Add(m.RoundTime()).UnixMilli()
		}
		for _, seat := range p.ToAct {
			if bot := m.Seats[seat].Bot; bot != "" && !m.Moved(int(seat)) {
				move, err := t.BotMove(seat, bot)
				if err != nil {
					return err
				}
				m.Pending = append(m.Pending, Pending{Seat: int(seat), Move: move})
			}
		}
		// A round resolves as soon as every seat has moved when a player is
		// among them; bots alone play on at the rounds' pace, for
		// whoever watches, and so that no request plays them all out.
		all := !slices.ContainsFunc(p.ToAct, func(seat play.Seat) bool { return !m.Moved(int(seat)) })
		player := slices.ContainsFunc(p.ToAct, func(seat play.Seat) bool { return m.Seats[seat].Bot == "" })
		late := now.UnixMilli() >= m.Deadline
		if !(all && player) && !late {
			return nil
		}
		moves := make([]play.Move, len(m.Pending))
		for i, pm := range m.Pending {
			moves[i] = play.Move{Seat: play.Seat(pm.Seat), Action: pm.Move}
		}
		if err := t.Resolve(moves); err != nil {
			return err
		}
		m.Keep()
		m.resolved++
		m.Pending = nil
		if late {
			m.Deadline += m.RoundTime().Milliseconds() // the next round began at this one's deadline
		} else {
			m.Deadline = now.Add(m.RoundTime()).UnixMilli()
		}
	}
	return nil
}

// DefaultRound is how long a round waits for its seats' moves when the
// match's creator did not say: long enough for an agent that thinks for
// seconds.
const DefaultRound = 30 * time.Second

// RoundTime is how long a round waits for its seats' moves.
func (m *Match) RoundTime() time.Duration {
	if m.RoundMillis <= 0 {
		return DefaultRound
	}
	return time.Duration(m.RoundMillis) * time.Millisecond
}
