package tinrail

import (
	"fmt"
	"strings"

	engine "github.com/agentgames/bundle/engines/tinrail"
	"github.com/agentgames/bundle/play"
)

// portNames says where each port sits on its cell.
var portNames = [engine.Ports]string{
	"top edge, left third", "top edge, right third",
	"right edge, upper third", "right edge, lower third",
	"bottom edge, right third", "bottom edge, left third",
	"left edge, lower third", "left edge, upper third",
}

// Engine is one engine in the view.
type Engine struct {
	Cell    int  `json:"cell"`
	Row     int  `json:"row"`
	Col     int  `json:"col"`
	Port    int  `json:"port"`
	OnTable bool `json:"onTable"`
}

// PlacedTile is a tile on the board in the view.
type PlacedTile struct {
	Cell     int              `json:"cell"`
	Row      int              `json:"row"`
	Col      int              `json:"col"`
	Tile     int              `json:"tile"`
	Rotation int              `json:"rotation"`
	Strands  [4]engine.Strand `json:"strands"`
}

// HandTile is a tile of the player's hand at all four rotations.
type HandTile struct {
	TileIndex int                 `json:"tileIndex"`
	Tile      int                 `json:"tile"`
	Rotations [4][4]engine.Strand `json:"rotations"`
}

// View is the structured view of a match.
type View struct {
	Opponent      string       `json:"opponent"`
	Placements    int          `json:"placements"`
	TilesSurvived int          `json:"tilesSurvived"`
	Pile          int          `json:"pile"`
	GBotHand      int          `json:"gbotHand"`
	You           Engine       `json:"you"`
	GBot          Engine       `json:"gbot"`
	Board         []PlacedTile `json:"board"`
	Hand          []HandTile   `json:"hand"`
}

// Result is the end of a match.
type Result struct {
	Outcome       string `json:"outcome"`
	Ending        string `json:"ending"`
	TilesSurvived int    `json:"tilesSurvived"`
	Multiplier    string `json:"multiplier"`
	Score         int    `json:"score"`
}

var (
	outcomes = map[engine.Result]string{engine.Win: "win", engine.Loss: "loss", engine.Draw: "draw"}
	endings  = map[engine.Ending]struct{ code, text string }{
		engine.GBotOff:        {"gbot_off_table", "G-Bot's engine rode off the table and yours stayed on"},
		engine.YouOff:         {"you_off_table", "your engine rode off the table and G-Bot's stayed on"},
		engine.BothOff:        {"both_off_table", "one placement sent both engines off the table"},
		engine.HeadOn:         {"head_on", "the engines met head on along a common strand"},
		engine.TilesExhausted: {"tiles_exhausted", "all 35 tiles are placed with both engines still riding"},
	}
)

func opponentName(o engine.Opponent) string {
	if o == engine.Easy {
		return "easy"
	}
	return "wise"
}

func multiplier(o engine.Opponent) string {
	if o == engine.Easy {
		return "0.6"
	}
	return "1.0"
}

func engineView(s *engine.State, p engine.Player) Engine {
	n, on := s.Engine(p)
	return Engine{Cell: n.Cell, Row: n.Row(), Col: n.Col(), Port: n.Port, OnTable: on}
}

// View shows the match to the caller's seat. G-Bot's seat is never shown:
// its policy reads the engine's SeatView instead.
func (m *match) View(play.Seat) play.Presentation {
	s := m.s
	v := View{
		Opponent:      opponentName(s.Opponent()),
		Placements:    s.Placements(),
		TilesSurvived: s.TilesSurvived(),
		Pile:          s.PileLen(),
		GBotHand:      s.HandLen(engine.GBot),
		You:           engineView(s, engine.You),
		GBot:          engineView(s, engine.GBot),
		Board:         []PlacedTile{},
		Hand:          []HandTile{},
	}
	b := s.Board()
	for c := range engine.Cells {
		if pl, ok := b.At(c); ok {
			v.Board = append(v.Board, PlacedTile{Cell: c, Row: c / engine.Size, Col: c % engine.Size,
				Tile: int(pl.Tile), Rotation: pl.Rotation, Strands: pl.Tile.At(pl.Rotation).Strands()})
		}
	}
	legal := []Action{}
	if !s.Over() {
		for i, t := range s.Hand() {
			h := HandTile{TileIndex: i, Tile: int(t)}
			for r := range engine.Rotations {
				h.Rotations[r] = t.At(r).Strands()
				legal = append(legal, Action{Type: "place", TileIndex: i, Rotation: r})
			}
			v.Hand = append(v.Hand, h)
		}
	}
	p := play.Presentation{
		Observation:  observation(s, &v),
		LegalActions: legal,
		Score:        s.Score(),
		GameOver:     s.Over(),
		Turn:         "you",
		View:         v,
	}
	if s.Over() {
		p.Turn = "over"
		p.Result = Result{Outcome: outcomes[s.Result()], Ending: endings[s.Ending()].code,
			TilesSurvived: s.TilesSurvived(), Multiplier: multiplier(s.Opponent()), Score: s.Score()}
	}
	return p
}

// strandsText writes strands as "0-5 1-4 2-7 3-6" (ports are one digit).
func strandsText(ss [4]engine.Strand) string {
	b := make([]byte, 0, 4*4)
	for i, st := range ss {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, byte('0'+st[0]), '-', byte('0'+st[1]))
	}
	return string(b)
}

func notchText(e Engine) string {
	return fmt.Sprintf("cell %d (row %d, col %d), entering by port %d (%s)", e.Cell, e.Row, e.Col, e.Port, portNames[e.Port])
}

// observation is the text an agent reads: the situation, both notches, a
// map of the board, every placed tile's strands with rotation applied, and
// the hand at all four rotations.
func observation(s *engine.State, v *View) string {
	var b strings.Builder
	level := "Wise"
	if s.Opponent() == engine.Easy {
		level = "Easy"
	}
	fmt.Fprintf(&b, "Tinrail against G-Bot %s (score multiplier %s).\n", level, multiplier(s.Opponent()))
	if s.Over() {
		fmt.Fprintf(&b, "The match is over: you %s; %s. Tiles survived: %d. Score: %d.\n",
			map[string]string{"win": "win", "loss": "lose", "draw": "draw"}[outcomes[s.Result()]],
			endings[s.Ending()].text, s.TilesSurvived(), s.Score())
	} else {
		fmt.Fprintf(&b, "Your move: place a tile from your hand into cell %d.\n", v.You.Cell)
	}
	fmt.Fprintf(&b, "Tiles placed: %d of 35. Tiles survived: %d. Draw pile: %d. G-Bot holds %d.\n",
		v.Placements, v.TilesSurvived, v.Pile, v.GBotHand)
	fmt.Fprintf(&b, "Your engine: %s.\n", engineLine(v.You))
	fmt.Fprintf(&b, "G-Bot's engine: %s.\n", engineLine(v.GBot))
	b.WriteString("Board (row 0 at the top; # tile, Y cell your engine faces, G cell G-Bot's faces, B both, . empty):\n")
	for row := range engine.Size {
		b.WriteString("  ")
		for col := range engine.Size {
			c := row*engine.Size + col
			mark := "."
			switch {
			case !s.Board().Empty(c):
				mark = "#"
			case v.You.OnTable && v.You.Cell == c && v.GBot.OnTable && v.GBot.Cell == c:
				mark = "B"
			case v.You.OnTable && v.You.Cell == c:
				mark = "Y"
			case v.GBot.OnTable && v.GBot.Cell == c:
				mark = "G"
			}
			b.WriteString(mark)
		}
		b.WriteString("\n")
	}
	if len(v.Board) == 0 {
		b.WriteString("Placed tiles: none.\n")
	} else {
		b.WriteString("Placed tiles (strands with rotation applied):\n")
		for _, t := range v.Board {
			fmt.Fprintf(&b, "  cell %d (row %d, col %d): tile %d rotation %d: %s\n",
				t.Cell, t.Row, t.Col, t.Tile, t.Rotation, strandsText(t.Strands))
		}
	}
	if len(v.Hand) > 0 {
		b.WriteString("Your hand (act with {\"type\":\"place\",\"tileIndex\":i,\"rotation\":r}):\n")
		for _, h := range v.Hand {
			fmt.Fprintf(&b, "  tileIndex %d (tile %d):", h.TileIndex, h.Tile)
			for r, ss := range h.Rotations {
				sep := " |"
				if r == 0 {
					sep = ""
				}
				fmt.Fprintf(&b, "%s rotation %d: %s", sep, r, strandsText(ss))
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

func engineLine(e Engine) string {
	if !e.OnTable {
		return "off the table"
	}
	return "waiting at " + notchText(e)
}
