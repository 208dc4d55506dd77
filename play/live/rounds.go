package live

import (
	"encoding/json"
	"slices"
	"time"

	"github.com/agentgames/bundle/play"
)

// Pending is a seat's move in the round being played, kept until the
// round resolves and shown to nobody.
type Pending struct {
	Seat int             `json:"seat"`
	Move json.RawMessage `json:"move,omitempty"`
	// Silent: the seat makes no move in the round (see Server.Fail); the
	// game's rule for a silent seat applies to it.
	Silent bool `json:"silent,omitempty"`
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

// roundsPerRequest bounds the rounds one request resolves, so that no
// request costs more than a few bots' moves: a match nobody asked about
// for many deadlines goes on at the next requests, catching up with its
// clock this many rounds at a time.
const roundsPerRequest = 2

// rounds plays what is due in a match in rounds: its bots' moves, and
// every round whose seats have all moved or whose deadline has passed
// (rounds missed while nobody asked resolve one after another, each at
// its deadline), up to roundsPerRequest.
func (s *Server) rounds(m *Match, now time.Time) error {
	t := m.Table
	for m.resolved < roundsPerRequest {
		p := t.Phase()
		if p.Over {
			m.Pending, m.Deadline = nil, 0
			return nil
		}
		if m.Deadline == 0 {
			m.Deadline = now.Add(m.pace(p)).UnixMilli()
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
		// among them; bots alone play on at BotRound's pace, for whoever
		// watches, and so that no request plays them all out.
		all := !slices.ContainsFunc(p.ToAct, func(seat play.Seat) bool { return !m.Moved(int(seat)) })
		player := slices.ContainsFunc(p.ToAct, func(seat play.Seat) bool { return m.Seats[seat].Bot == "" })
		late := now.UnixMilli() >= m.Deadline && !(m.Held && player)
		if !(all && player) && !late {
			return nil
		}
		moves := make([]play.Move, 0, len(m.Pending))
		for _, pm := range m.Pending {
			if !pm.Silent {
				moves = append(moves, play.Move{Seat: play.Seat(pm.Seat), Action: pm.Move})
			}
		}
		if err := t.Play(moves); err != nil {
			return err
		}
		m.keep()
		m.resolved++
		m.Pending = nil
		if next := m.pace(t.Phase()); late {
			m.Deadline += next.Milliseconds() // the next round began at this one's deadline
		} else {
			m.Deadline = now.Add(next).UnixMilli()
		}
	}
	return nil
}

// DefaultRound is how long a round waits for its seats' moves when the
// match's creator did not say: long enough for an agent that thinks for
// seconds.
const DefaultRound = 30 * time.Second

// BotRound is how long a round lasts when only bots are left to move in
// it (every player's cycle out, say), unless the match's rounds are
// shorter: the pace at which those who watch see the bots play on. With
// roundsPerRequest, a page that reads the match twice a second keeps up.
const BotRound = 250 * time.Millisecond

// pace is how long a round whose phase is p lasts.
func (m *Match) pace(p play.Phase) time.Duration {
	if slices.ContainsFunc(p.ToAct, func(seat play.Seat) bool { return m.Seats[seat].Bot == "" }) {
		return m.RoundTime()
	}
	return min(m.RoundTime(), BotRound)
}

// RoundTime is how long a round waits for its seats' moves.
func (m *Match) RoundTime() time.Duration {
	if m.RoundMillis <= 0 {
		return DefaultRound
	}
	return time.Duration(m.RoundMillis) * time.Millisecond
}
