package live

import (
	"fmt"
	"strings"
	"time"

	engine "github.com/agentgames/bundle/engines/tinrail"
	core "github.com/agentgames/bundle/play/live"
)

// texts are live Tinrail's words for a model (core.Texts): the board and
// the engines for anyone, and for the holder of a seat its own hand.
type texts struct{}

// State draws the match for the holder of seat: public is a *View when
// the caller holds a seat, a *State for a watcher.
func (texts) State(public any, seat int, _ time.Time, handle string) string {
	var b strings.Builder
	switch v := public.(type) {
	case *View:
		writeState(&b, &v.State)
		writeSeat(&b, v, handle)
	case *State:
		writeState(&b, v)
		b.WriteString("With your seat's token as \"token\", tinrail_live_state also shows your hand and the placements open to you.\n")
	}
	return b.String()
}

// Seated is the match as it stands for the seat a create or join gave.
func (t texts) Seated(public any, seat int, now time.Time, handle string) string {
	return t.State(public, seat, now, handle)
}

// writeState draws the public state: the phase, the engines, the board.
func writeState(b *strings.Builder, s *State) {
	fmt.Fprintf(b, "Live Tinrail match %s, phase %s: %d tiles placed, %d face down in the pile.\n", s.Code, s.Phase, s.Placements, s.Pile)
	for _, st := range s.Seats {
		kind := "player"
		if st.Bot {
			kind = "G-Bot"
		}
		fmt.Fprintf(b, "Seat %d: %s (%s, joined %t)", st.Seat, st.Name, kind, st.Joined)
		if e := st.Engine; e != nil {
			where := "off the table"
			if e.OnTable {
				where = fmt.Sprintf("waits at cell %d (row %d, col %d) entering by port %d", e.Cell, e.Row, e.Col, e.Port)
			}
			fmt.Fprintf(b, ": engine %s, holds %d tiles, tiles survived %d", where, st.Hand, st.TilesSurvived)
		}
		b.WriteString(".\n")
	}
	if len(s.Board) > 0 {
		b.WriteString("Board (cell: tile at rotation, its strands as ports [a,b]):")
		for _, t := range s.Board {
			fmt.Fprintf(b, " %d: %d@%d %s;", t.Cell, t.Tile, t.Rotation, strands(t.Strands))
		}
		b.WriteString("\n")
	}
	switch {
	case s.Over:
		var places []string
		for i, p := range s.Places {
			places = append(places, fmt.Sprintf("seat %d %s with %d", i, core.Ordinal(p), s.Scores[i]))
		}
		fmt.Fprintf(b, "Over (%s). Places and scores: %s.\n", s.Ending, strings.Join(places, ", "))
	case s.Turn != nil:
		fmt.Fprintf(b, "Seat %d to place.\n", *s.Turn)
	default:
		b.WriteString("In the lobby: waiting for the second player.\n")
	}
}

// writeSeat says, to the holder of v's seat, what they hold and may do.
func writeSeat(b *strings.Builder, v *View, handle string) {
	you := fmt.Sprintf("You are seat %d", v.You)
	switch {
	case v.Over:
		fmt.Fprintf(b, "%s and placed %s with %d. The match is over: no placement is legal.\n", you, core.Ordinal(v.Places[v.You]), v.Scores[v.You])
		return
	case v.Turn == nil:
		fmt.Fprintf(b, "%s. The match has not started: call tinrail_live_state until it does.\n", you)
		return
	}
	b.WriteString(you + ". Your hand (no one else sees it):\n")
	for _, h := range v.Hand {
		fmt.Fprintf(b, "  tileIndex %d, tile %d:", h.TileIndex, h.Tile)
		for r, ss := range h.Rotations {
			fmt.Fprintf(b, " rotation %d %s;", r, strands(ss))
		}
		b.WriteString("\n")
	}
	if *v.Turn != v.You {
		fmt.Fprintf(b, "It is seat %d's turn: call tinrail_live_state until it is yours.\n", *v.Turn)
		return
	}
	e := v.Seats[v.You].Engine
	fmt.Fprintf(b, "Your turn: your engine faces cell %d entering by port %d. Send tinrail_live_place {%s,\"tileIndex\":i,\"rotation\":r} "+
		"with one of your %d placements (every tile at every rotation is legal).\n", e.Cell, e.Port, core.Send(v.Code, handle), len(v.LegalActions))
}

// strands writes a tile's strands as port pairs.
func strands(ss [4]engine.Strand) string {
	var parts []string
	for _, s := range ss {
		parts = append(parts, fmt.Sprintf("[%d,%d]", s[0], s[1]))
	}
	return "[" + strings.Join(parts, ",") + "]"
}
