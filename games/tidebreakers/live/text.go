package live

import (
	"fmt"
	"strings"
	"time"

	"github.com/agentgames/bundle/play"
	core "github.com/agentgames/bundle/play/live"
)

// texts are live Tidebreakers' words for a model (core.Texts): the board
// drawn, whose turn it is, and what the caller may do.
type texts struct{}

// State draws the match for the holder of seat.
func (texts) State(public any, seat int, _ time.Time, _ string) string {
	return stateText(public.(*State), seat)
}

// Seated says what the holder of a seat a create or join gave may do now,
// and how to act.
func (texts) Seated(public any, seat int, _ time.Time, handle string) string {
	s := public.(*State)
	send := core.Send(s.Code, handle)
	return nowText(s, seat) + fmt.Sprintf("Act with live_act {%s,\"action\":...} when it is your turn; "+
		"live_state {%s} shows the board and what you may do.\n", send, send)
}

// compact is v's JSON as the answers write it, without the final newline.
func compact(v any) string {
	b, err := play.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return strings.TrimSpace(string(b))
}

// nowText says, to the holder of seat, which seat is theirs and what they
// may do now: in the lobby, wait; on another seat's turn, wait for it; on
// theirs, supply (how much is left, on which islands) or attack or pass;
// once over, their place.
func nowText(s *State, seat int) string {
	you := fmt.Sprintf("You are seat %d", seat)
	switch {
	case s.Over && seat < len(s.Places):
		return fmt.Sprintf("%s and placed %s. The match is over: no action is legal.\n", you, core.Ordinal(s.Places[seat]))
	case s.Over:
		return you + ". The match is over: no action is legal.\n"
	case s.Turn == nil:
		taken := 0
		for _, st := range s.Seats {
			if st.Joined {
				taken++
			}
		}
		return fmt.Sprintf("%s. The match is in its lobby, waiting for players (%d of %d seats taken; captains take the empty ones %v after it opened): "+
			"call live_state until it is your turn.\n", you, taken, s.Players, Lobby)
	case *s.Turn != seat:
		return fmt.Sprintf("%s. It is seat %d's turn, not yours: call live_state until it is yours.\n", you, *s.Turn)
	case s.Phase == "supply":
		return fmt.Sprintf("%s and it is your turn: place %d supply on islands you hold (%s) with live_act's action "+
			"{\"type\":\"supply\",\"tile\":t,\"amount\":n} until none is left; then attack or pass.\n", you, s.SupplyLeft, islands(s, seat, 1))
	default:
		return fmt.Sprintf("%s and it is your turn: send one expedition {\"type\":\"attack\",\"from\":f,\"to\":t,\"send\":n} "+
			"from an island you hold (%s) to an adjacent island you do not hold, leaving at least 1 behind, or {\"type\":\"pass\"}.\n", you, islands(s, seat, 2))
	}
}

// islands lists the islands seat holds with at least least strength, as
// tile:strength.
func islands(s *State, seat, least int) string {
	var out []string
	for i, t := range s.Tiles {
		if t.Owner != nil && *t.Owner == seat && t.Strength >= least {
			out = append(out, fmt.Sprintf("%d:%d", i, t.Strength))
		}
	}
	if out == nil {
		return "none"
	}
	return "tile:strength " + strings.Join(out, ", ")
}

// stateText draws a live match's public state: the phase and whose turn
// (once over, who won or who share 1st place, and every seat's place), the
// 5x5 board (owner:strength, . for wild), the seats and the latest log
// entries; then, for the holder of seat (-1: a watcher without a token),
// which seat is theirs and what they may do now.
func stateText(s *State, seat int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Match %s, %d players, phase %s, round %d.\n", s.Code, s.Players, s.Phase, s.Round)
	var first, places []string
	for i, p := range s.Places {
		places = append(places, fmt.Sprintf("seat %d %s", i, core.Ordinal(p)))
		if p == 1 {
			first = append(first, fmt.Sprint(i))
		}
	}
	switch {
	case s.Over && s.Winner != nil:
		fmt.Fprintf(&b, "Over (%s): seat %d won.\n", s.Ending, *s.Winner)
	case s.Over:
		fmt.Fprintf(&b, "Over (%s): no winner; seats %s share 1st place.\n", s.Ending, strings.Join(first, ", "))
	case s.Turn != nil && s.Phase == "supply":
		fmt.Fprintf(&b, "Seat %d to supply (%d strength left to place).\n", *s.Turn, s.SupplyLeft)
	case s.Turn != nil:
		fmt.Fprintf(&b, "Seat %d to attack or pass.\n", *s.Turn)
	default:
		b.WriteString("In the lobby: waiting for players.\n")
	}
	if len(places) > 0 {
		b.WriteString("Places (1st is best; a tie shares a place): " + strings.Join(places, ", ") + ".\n")
	}
	if len(s.Tiles) > 0 {
		b.WriteString("Board (tile numbers 0-24 row by row; owner:strength, . is wild):\n")
		for i, t := range s.Tiles {
			owner := "."
			if t.Owner != nil {
				owner = fmt.Sprint(*t.Owner)
			}
			fmt.Fprintf(&b, " %2d=%s:%d", i, owner, t.Strength)
			if i%5 == 4 {
				b.WriteString("\n")
			}
		}
	}
	for _, st := range s.Seats {
		kind := "player"
		if st.Bot {
			kind = "captain"
		}
		fmt.Fprintf(&b, "Seat %d: %s (%s, joined %t)", st.Seat, st.Name, kind, st.Joined)
		if st.Seat < len(s.TileCounts) {
			fmt.Fprintf(&b, ", %d tiles, strength %d", s.TileCounts[st.Seat], s.Strengths[st.Seat])
		}
		b.WriteString("\n")
	}
	if n := len(s.Log); n > 0 {
		fmt.Fprintf(&b, "Latest log: %s\n", compact(s.Log[max(0, n-6):]))
	}
	if seat < 0 {
		b.WriteString("With your seat's token as \"token\", live_state also says which seat is yours and what you may do.\n")
	} else {
		b.WriteString(nowText(s, seat))
	}
	return b.String()
}
