package tron

import (
	"strconv"
	"strings"

	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/play"
)

// CycleView is one cycle in the view.
type CycleView struct {
	Seat   int     `json:"seat"`
	Name   string  `json:"name"` // "you", or the bots' kind
	Alive  bool    `json:"alive"`
	Length int     `json:"length"`
	Head   *[2]int `json:"head"` // null once dead
	Died   *int    `json:"died"` // the round it died in
}

// View is the structured view: the board as the arena sends it (each
// cycle's trail as [x,y] cells, head first, [] once dead) and the cycles.
type View struct {
	Width    int         `json:"width"`
	Height   int         `json:"height"`
	Players  int         `json:"players"`
	You      int         `json:"you"`
	Opponent string      `json:"opponent"`
	Round    int         `json:"round"`
	Board    [][][2]int  `json:"board"`
	Cycles   []CycleView `json:"cycles"`
}

// RoundEvent is one round: every living cycle's move, and who died.
type RoundEvent struct {
	Round int       `json:"round"`
	Moves []*string `json:"moves"` // per cycle, null for a cycle already dead
	Died  []int     `json:"died"`
}

// Result is the end of the match for the caller.
type Result struct {
	Outcome string `json:"outcome"` // win, draw (outlived by none, tied with some) or loss
	Rank    int    `json:"rank"`
	Rounds  int    `json:"rounds"` // rounds the caller's cycle survived
	Ranks   []int  `json:"ranks"`  // per cycle, 1 best; those still alive rank 1
}

func roundEvent(s *engine.State, dirs [engine.MaxPlayers]engine.Dir, died []int) RoundEvent {
	e := RoundEvent{Round: s.Round(), Moves: make([]*string, s.Players()), Died: append([]int{}, died...)}
	for p := range s.Players() {
		if s.Alive(p) || s.Died(p) == s.Round() {
			d := dirs[p].String()
			e.Moves[p] = &d
		}
	}
	return e
}

// View shows the match to the caller; everything is public.
func (m *match) View(play.Seat) play.Presentation {
	s := m.s
	v := View{Width: s.Width(), Height: s.Height(), Players: s.Players(), Opponent: opponentNames[m.opponent], Round: s.Round(),
		Board: make([][][2]int, s.Players()), Cycles: make([]CycleView, s.Players())}
	for p := range s.Players() {
		trail := s.Trail(p)
		v.Board[p] = make([][2]int, len(trail))
		for i, c := range trail {
			v.Board[p][i] = [2]int{c.X, c.Y}
		}
		name := v.Opponent
		if p == 0 {
			name = "you"
		}
		c := CycleView{Seat: p, Name: name, Alive: s.Alive(p), Length: len(trail)}
		if s.Alive(p) {
			h := s.Head(p)
			c.Head = &[2]int{h.X, h.Y}
		} else {
			d := s.Died(p)
			c.Died = &d
		}
		v.Cycles[p] = c
	}
	rounds := s.Round()
	if !s.Alive(0) {
		rounds = s.Died(0) - 1
	}
	p := play.Presentation{Observation: observation(m, &v), LegalActions: []Action{}, Score: rounds, GameOver: m.over(), Turn: "you", View: v}
	if !m.over() {
		for d := range engine.Dir(4) {
			p.LegalActions = append(p.LegalActions.([]Action), Action{Type: "move", Dir: d.String()})
		}
		return p
	}
	p.Turn = "over"
	r := Result{Rank: s.Rank(0), Rounds: rounds}
	tied := false
	for q := range s.Players() {
		r.Ranks = append(r.Ranks, s.Rank(q))
		tied = tied || (q != 0 && s.Rank(q) == 1)
	}
	switch {
	case r.Rank > 1:
		r.Outcome = "loss"
	case tied:
		r.Outcome = "draw"
	default:
		r.Outcome = "win"
	}
	p.Result = r
	return p
}

// window is the side of the picture around the caller's head.
const window = 11

// observation is the text an agent reads: the grid and the cycles, every
// head, and a picture of the cells around the caller's head.
func observation(m *match, v *View) string {
	s := m.s
	var b strings.Builder
	b.WriteString("Tron on a " + strconv.Itoa(v.Width) + "x" + strconv.Itoa(v.Height) + " grid (x 0.." + strconv.Itoa(v.Width-1) +
		" left to right, y 0.." + strconv.Itoa(v.Height-1) + " top to bottom; x+ moves right, y+ moves down), " +
		strconv.Itoa(v.Players) + " cycles: you are cycle 0 (A) against " + v.Opponent + " bots. Round " + strconv.Itoa(v.Round) + ".\n")
	if m.over() {
		b.WriteString("The match is over for you: ")
		if s.Alive(0) {
			b.WriteString("every other cycle has crashed; you win.\n")
		} else {
			b.WriteString("your cycle crashed in round " + strconv.Itoa(s.Died(0)) + "; place " + strconv.Itoa(s.Rank(0)) + ".\n")
		}
	} else {
		b.WriteString(`Every cycle moves at once: send {"type":"move","dir":"x+"|"x-"|"y+"|"y-"}. Leaving the grid, entering any trail (your own too), or entering the cell another cycle enters, crashes.` + "\n")
	}
	for _, c := range v.Cycles {
		b.WriteString("  cycle " + strconv.Itoa(c.Seat) + " (" + string(rune('A'+c.Seat)) + ", " + c.Name + "): ")
		if c.Alive {
			b.WriteString("head at (" + strconv.Itoa(c.Head[0]) + "," + strconv.Itoa(c.Head[1]) + "), trail of " + strconv.Itoa(c.Length) + " cells\n")
		} else {
			b.WriteString("crashed in round " + strconv.Itoa(*c.Died) + "\n")
		}
	}
	if s.Alive(0) {
		h := s.Head(0)
		half := window / 2
		b.WriteString("Around your head (" + strconv.Itoa(window) + "x" + strconv.Itoa(window) + "; A-D heads, a-d trails, # beyond the grid, . free):\n")
		for y := h.Y - half; y <= h.Y+half; y++ {
			b.WriteString("  ")
			for x := h.X - half; x <= h.X+half; x++ {
				b.WriteByte(cellMark(s, x, y))
			}
			b.WriteByte('\n')
		}
	}
	return b.String()
}

func cellMark(s *engine.State, x, y int) byte {
	if x < 0 || y < 0 || x >= s.Width() || y >= s.Height() {
		return '#'
	}
	o := s.Owner(x, y)
	if o < 0 {
		return '.'
	}
	if h := s.Head(o); h.X == x && h.Y == y {
		return byte('A' + o)
	}
	return byte('a' + o)
}
