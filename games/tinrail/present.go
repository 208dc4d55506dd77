package tinrail

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

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
	s := &m.s
	// The view, its hand and the legal actions share one allocation (the
	// board, whose length varies, has its own); the presentation holds
	// the view and the list by pointer, which write the same JSON.
	shown := &struct {
		view  View
		hand  [engine.HandSize]HandTile
		legal [engine.HandSize * engine.Rotations]Action
		list  actions
	}{}
	v := &shown.view
	*v = View{
		Opponent:      opponentName(s.Opponent()),
		Placements:    s.Placements(),
		TilesSurvived: s.TilesSurvived(),
		Pile:          s.PileLen(),
		GBotHand:      s.HandLen(engine.GBot),
		You:           engineView(s, engine.You),
		GBot:          engineView(s, engine.GBot),
		Board:         make([]PlacedTile, 0, s.Placements()),
		Hand:          shown.hand[:0],
	}
	b := s.Board()
	for c := range engine.Cells {
		if pl, ok := b.At(c); ok {
			v.Board = append(v.Board, PlacedTile{Cell: c, Row: c / engine.Size, Col: c % engine.Size,
				Tile: int(pl.Tile), Rotation: pl.Rotation, Strands: pl.Tile.At(pl.Rotation).Strands()})
		}
	}
	legal := shown.legal[:0]
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
	shown.list = legal
	p := play.Presentation{
		Observation:  observation(s, v),
		LegalActions: &shown.list,
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

// text builds the observation without fmt: it is written on every answer.
type text struct{ strings.Builder }

func (t *text) s(parts ...string) *text {
	for _, p := range parts {
		t.WriteString(p)
	}
	return t
}

func (t *text) n(v int) *text {
	var buf [20]byte
	t.Write(strconv.AppendInt(buf[:0], int64(v), 10))
	return t
}

// phrases are the observation's pieces that depend on a cell, a port or
// a tile alone, written at the first observation (not at start: every
// Lambda function links the package, and a cold start would pay for
// them): an engine waits at where[c], entering by port[p]; a placed
// tile's line is "  " + where[c] + ": tile " + placed[t][r], a hand
// tile's "  tileIndex i" + hand[t].
var phrases = sync.OnceValue(func() *phraseBook {
	p := &phraseBook{}
	for c := range engine.Cells {
		p.where[c] = fmt.Sprintf("cell %d (row %d, col %d)", c, c/engine.Size, c%engine.Size)
	}
	for port, name := range portNames {
		p.port[port] = fmt.Sprintf("%d (%s)", port, name)
	}
	for t := range engine.Tile(engine.TileCount) {
		hand := fmt.Sprintf(" (tile %d):", t)
		for r := range engine.Rotations {
			var strands []string
			for _, st := range t.At(r).Strands() {
				strands = append(strands, fmt.Sprintf("%d-%d", st[0], st[1]))
			}
			laid := strings.Join(strands, " ")
			p.placed[t][r] = fmt.Sprintf("%d rotation %d: %s\n", t, r, laid)
			if r > 0 {
				hand += " |"
			}
			hand += fmt.Sprintf(" rotation %d: %s", r, laid)
		}
		p.hand[t] = hand + "\n"
	}
	return p
})

// phraseBook holds the phrases.
type phraseBook struct {
	where  [engine.Cells]string                       // "cell 14 (row 2, col 2)"
	port   [engine.Ports]string                       // "7 (left edge, upper third)"
	placed [engine.TileCount][engine.Rotations]string // "24 rotation 1: 0-3 1-4 2-6 5-7\n"
	hand   [engine.TileCount]string                   // " (tile 9): rotation 0: 0-1 2-6 3-7 4-5 | rotation 1: ... | rotation 3: ...\n"
}

// engine writes where an engine waits, or that it is off the table.
func (t *text) engine(e Engine) *text {
	if !e.OnTable {
		return t.s("off the table")
	}
	return t.s("waiting at ", phrases().where[e.Cell], ", entering by port ", phrases().port[e.Port])
}

var outcomeVerbs = map[string]string{"win": "win", "loss": "lose", "draw": "draw"}

// observation is the text an agent reads: the situation, both notches, a
// map of the board, every placed tile's strands with rotation applied, and
// the hand at all four rotations.
func observation(s *engine.State, v *View) string {
	t := &text{}
	t.Grow(700 + 64*len(v.Board) + 240*len(v.Hand)) // above every golden observation
	level := "Wise"
	if s.Opponent() == engine.Easy {
		level = "Easy"
	}
	t.s("Tinrail against G-Bot ", level, " (score multiplier ", multiplier(s.Opponent()), ").\n")
	if s.Over() {
		t.s("The match is over: you ", outcomeVerbs[outcomes[s.Result()]], "; ", endings[s.Ending()].text, ". Tiles survived: ").n(s.TilesSurvived())
		t.s(". Score: ").n(s.Score()).s(".\n")
	} else {
		t.s("Your move: place a tile from your hand into cell ").n(v.You.Cell).s(".\n")
	}
	t.s("Tiles placed: ").n(v.Placements).s(" of ").n(engine.TileCount).s(". Tiles survived: ").n(v.TilesSurvived)
	t.s(". Draw pile: ").n(v.Pile).s(". G-Bot holds ").n(v.GBotHand).s(".\n")
	t.s("Your engine: ").engine(v.You).s(".\n")
	t.s("G-Bot's engine: ").engine(v.GBot).s(".\n")
	t.s("Board (row 0 at the top; # tile, Y cell your engine faces, G cell G-Bot's faces, B both, . empty):\n")
	for row := range engine.Size {
		line := [2 + engine.Size + 1]byte{' ', ' ', engine.Size + 2: '\n'}
		for col := range engine.Size {
			c := row*engine.Size + col
			mark := byte('.')
			switch {
			case !s.Board().Empty(c):
				mark = '#'
			case v.You.OnTable && v.You.Cell == c && v.GBot.OnTable && v.GBot.Cell == c:
				mark = 'B'
			case v.You.OnTable && v.You.Cell == c:
				mark = 'Y'
			case v.GBot.OnTable && v.GBot.Cell == c:
				mark = 'G'
			}
			line[2+col] = mark
		}
		t.Write(line[:])
	}
	if len(v.Board) == 0 {
		t.s("Placed tiles: none.\n")
	} else {
		t.s("Placed tiles (strands with rotation applied):\n")
		for _, p := range v.Board {
			t.s("  ", phrases().where[p.Cell], ": tile ", phrases().placed[p.Tile][p.Rotation])
		}
	}
	if len(v.Hand) > 0 {
		t.s("Your hand (act with {\"type\":\"place\",\"tileIndex\":i,\"rotation\":r}):\n")
		for _, h := range v.Hand {
			t.s("  tileIndex ").n(h.TileIndex).s(phrases().hand[h.Tile])
		}
	}
	return t.String()
}
