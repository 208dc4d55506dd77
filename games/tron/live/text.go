package live

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	engine "github.com/agentgames/bundle/engines/tron"
	core "github.com/agentgames/bundle/play/live"
)

// texts are live Tron's words for a model (core.Texts): the grid drawn,
// and where the caller may steer.
type texts struct{}

// State draws the match at now for the holder of seat.
func (texts) State(public any, seat int, now time.Time, handle string) string {
	return stateText(public.(*State), seat, now, handle)
}

// Seated is the match as it stands for the seat a create or join gave.
func (t texts) Seated(public any, seat int, now time.Time, handle string) string {
	return t.State(public, seat, now, handle)
}

// Sides up to tronSight cells are drawn whole; a larger grid is drawn
// 2*tronHalf+1 cells a side around the caller's head (or the middle).
const (
	tronSight = 40
	tronHalf  = 12
)

// stateText draws a live Tron match's public state at now: the phase
// and the round's deadline (once over, every seat's place), every seat
// (whether it has moved this round, never where), the grid; then, for the
// holder of seat (-1: a watcher without a token), what they may do now.
func stateText(s *State, seat int, now time.Time, handle string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Live Tron match %s: %d cycles on a %dx%d grid (x 0..%d left to right, y 0..%d top to bottom; x+ moves right, y+ moves down); rounds resolved: %d.\n",
		s.Code, s.Players, s.Width, s.Height, s.Width-1, s.Height-1, s.Round)
	switch {
	case s.Over:
		var places []string
		for i, p := range s.Places {
			places = append(places, fmt.Sprintf("seat %d %s", i, core.Ordinal(p)))
		}
		fmt.Fprintf(&b, "Over. Places (1st is best; cycles that crashed in the same round share a place): %s.\n", strings.Join(places, ", "))
	case s.Phase == "lobby":
		taken := 0
		for _, st := range s.Seats {
			if st.Joined {
				taken++
			}
		}
		fmt.Fprintf(&b, "In the lobby, waiting for players: %d of %d seats taken; bots take the empty ones %v after it opened.\n", taken, s.Players, Lobby)
	default:
		fmt.Fprintf(&b, "Round %d is being played: it resolves once every living cycle has moved, or at its deadline %s, when a living cycle that has not moved is out.\n",
			s.Round+1, secondsLeft(s, now))
	}
	writeSeats(&b, s)
	if s.Phase != "lobby" {
		writeGrid(&b, s, seat)
	}
	b.WriteString(nowText(s, seat, now, handle))
	return b.String()
}

// secondsLeft is when the round being played meets its deadline, in
// whole seconds from now ("in 0 s" once past).
func secondsLeft(s *State, now time.Time) string {
	var left time.Duration
	if s.Deadline != nil {
		left = max(time.UnixMilli(*s.Deadline).Sub(now), 0)
	}
	return fmt.Sprintf("in %d s", (left+time.Second-1)/time.Second)
}

// writeSeats writes a line a seat: its name and kind, and in play
// where its head is and whether it has moved this round (never where),
// or the round it crashed in.
func writeSeats(b *strings.Builder, s *State) {
	silent := map[int]bool{}
	for _, raw := range s.Log {
		var e LogEntry
		json.Unmarshal(raw, &e)
		for _, p := range e.Silent {
			silent[p] = true
		}
	}
	for _, st := range s.Seats {
		who := st.Name + ", player"
		switch {
		case !st.Joined:
			who = "empty"
		case st.Bot:
			who = st.Name + ", bot"
		}
		fmt.Fprintf(b, "Seat %d (%c): %s", st.Seat, 'A'+st.Seat, who)
		switch {
		case s.Phase == "lobby":
		case !st.Alive:
			fmt.Fprintf(b, ", crashed in round %d", st.Died)
			if silent[st.Seat] {
				b.WriteString(" (out for not moving in time)")
			}
		default:
			h := st.Trail[0] // the head first
			fmt.Fprintf(b, ", head at (%d,%d), length %d", h[0], h[1], len(st.Trail))
			if !s.Over && st.Moved {
				b.WriteString(", has moved this round")
			} else if !s.Over {
				b.WriteString(", has not moved this round")
			}
		}
		b.WriteString("\n")
	}
}

// writeGrid draws the grid, row by row: . free, a-d the trails of seats
// 0-3, A-D their heads, @ the head of seat (none when seat is -1). A grid
// wider or taller than tronSight is drawn around seat's head, or around
// its middle.
func writeGrid(b *strings.Builder, s *State, seat int) {
	rows := make([][]byte, s.Height)
	for y := range rows {
		rows[y] = []byte(strings.Repeat(".", s.Width))
	}
	cx, cy := s.Width/2, s.Height/2
	for _, st := range s.Seats {
		for i, c := range st.Trail {
			mark := byte('a' + st.Seat)
			switch {
			case i == 0 && st.Seat == seat:
				mark, cx, cy = '@', c[0], c[1]
			case i == 0:
				mark = byte('A' + st.Seat)
			}
			rows[c[1]][c[0]] = mark
		}
	}
	x0, x1 := span(s.Width, cx)
	y0, y1 := span(s.Height, cy)
	fmt.Fprintf(b, "Grid, x %d..%d (the header gives x's last digit), y %d..%d (. free, a-d the trails of seats 0-3, A-D their heads", x0, x1, y0, y1)
	if seat >= 0 {
		b.WriteString(", @ your head")
	}
	b.WriteString("):\n    ")
	for x := x0; x <= x1; x++ {
		b.WriteByte(byte('0' + x%10))
	}
	for y := y0; y <= y1; y++ {
		fmt.Fprintf(b, "\n%3d %s", y, rows[y][x0:x1+1])
	}
	b.WriteString("\n")
}

// span is the first and last cell drawn of a side of side cells, around
// center.
func span(side, center int) (int, int) {
	if side <= tronSight {
		return 0, side - 1
	}
	lo := min(max(center-tronHalf, 0), side-1-2*tronHalf)
	return lo, lo + 2*tronHalf
}

// nowText says, to the holder of seat, which seat is theirs and what
// they may do now: wait in the lobby; move, where it is safe, before the
// deadline; wait for the round once they have moved; nothing once their
// cycle crashed; once over, their place.
func nowText(s *State, seat int, now time.Time, handle string) string {
	if seat < 0 {
		return "With your seat's token as \"token\", tron_live_state also marks your head, says whether you have moved this round and where it is safe to steer.\n"
	}
	you := fmt.Sprintf("You are seat %d", seat)
	st := s.Seats[seat]
	switch {
	case s.Over:
		return fmt.Sprintf("%s and placed %s. The match is over: no move is legal.\n", you, core.Ordinal(s.Places[seat]))
	case s.Phase == "lobby":
		return you + ". The match has not started: call tron_live_state until it does.\n"
	case !st.Alive:
		return fmt.Sprintf("%s; your cycle crashed in round %d and has no more moves. Call tron_live_state to follow the match to its end.\n", you, st.Died)
	case st.Moved:
		return fmt.Sprintf("%s (@) and have moved in round %d; your move stays hidden until the round resolves (%s at the latest): then call tron_live_state.\n",
			you, s.Round+1, secondsLeft(s, now))
	}
	safe, deadly := dirs(s, seat)
	send := core.Send(s.Code, handle)
	return fmt.Sprintf("%s (@) and have not moved in round %d: send tron_live_move {%s,\"dir\":<x+, x-, y+ or y->} "+
		"before its deadline %s, or your cycle is out.\nSafe now: %s.\nCrashing now: %s.\n", you, s.Round+1, send, secondsLeft(s, now), safe, deadly)
}

// dirs lists the directions seat's cycle may take this round without
// crashing, each with the cell it enters (and the heads next to it, which
// may enter it too: both would crash), and those that crash, each with
// why.
func dirs(s *State, seat int) (safe, deadly string) {
	owner := map[[2]int]int{}
	for _, st := range s.Seats {
		for _, c := range st.Trail {
			owner[c] = st.Seat
		}
	}
	head := s.Seats[seat].Trail[0]
	var ok, crash []string
	for d := range engine.Dir(4) {
		x, y := engine.Step(head[0], head[1], d)
		p, taken := owner[[2]int{x, y}]
		switch {
		case x < 0 || y < 0 || x >= s.Width || y >= s.Height:
			crash = append(crash, d.String()+" (off the grid)")
		case taken && p == seat:
			crash = append(crash, d.String()+" (your own trail)")
		case taken:
			crash = append(crash, fmt.Sprintf("%s (seat %d's trail)", d, p))
		default:
			ok = append(ok, fmt.Sprintf("%s to (%d,%d)%s", d, x, y, rivals(s, seat, x, y)))
		}
	}
	return orNone(ok), orNone(crash)
}

// rivals names the living cycles but seat's whose heads are next to
// (x, y): each may enter it this round too, and then both crash.
func rivals(s *State, seat, x, y int) string {
	var near []string
	for _, st := range s.Seats {
		if st.Seat == seat || !st.Alive || len(st.Trail) == 0 {
			continue
		}
		h := st.Trail[0]
		if dx, dy := h[0]-x, h[1]-y; dx*dx+dy*dy == 1 {
			near = append(near, fmt.Sprint(st.Seat))
		}
	}
	switch len(near) {
	case 0:
		return ""
	case 1:
		return " (risky: next to the head of seat " + near[0] + ", which may enter it too: both would crash)"
	}
	return " (risky: next to the heads of seats " + strings.Join(near, ", ") + ", which may enter it too: both would crash)"
}

// orNone joins a list, or says none.
func orNone(list []string) string {
	if list == nil {
		return "none"
	}
	return strings.Join(list, ", ")
}
