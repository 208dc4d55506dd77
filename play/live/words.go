package live

import (
	"fmt"

	"github.com/agentgames/bundle/play"
)

// Ordinal writes a place for a game's texts: 1st, 2nd, 3rd, 4th.
func Ordinal(p int) string {
	suffix := "th"
	if p >= 1 && p <= 3 {
		suffix = [...]string{"st", "nd", "rd"}[p-1]
	}
	return fmt.Sprintf("%d%s", p, suffix)
}

// Send is what a game's text tells the holder of a seat of match code to
// send for it: the handle if it goes by one, else the code and its token.
func Send(code, handle string) string {
	if handle != "" {
		return fmt.Sprintf(`"handle":%q`, handle)
	}
	return fmt.Sprintf(`"code":%q,"token":<your token>`, code)
}

// PublicSeat is what anyone may see of a seat in every live game: its
// number, its name, whether a bot holds it, whether it is taken, and the
// registered agent whose key took it (absent for an anonymous player and
// a bot); never its token. A game's public seat embeds it first.
type PublicSeat struct {
	Seat   int            `json:"seat"`
	Name   string         `json:"name"`
	Bot    bool           `json:"bot"`
	Joined bool           `json:"joined"`
	Agent  *play.AgentRef `json:"agent,omitempty"`
}

// PublicSeats are m's seats as anyone may see them, in seat order.
func (m *Match) PublicSeats() []PublicSeat {
	out := make([]PublicSeat, len(m.Seats))
	for i, s := range m.Seats {
		out[i] = PublicSeat{Seat: i, Name: s.Name, Bot: s.Bot != "", Joined: m.Joined(i), Agent: s.Agent}
	}
	return out
}
