package tidebreakers

import (
	"strconv"
	"strings"

	engine "github.com/agentgames/bundle/engines/tidebreakers"
	"github.com/agentgames/bundle/engines/tidebreakers/captains"
	"github.com/agentgames/bundle/play"
)

// IslandView is one island in the view.
type IslandView struct {
	Tile     int  `json:"tile"`
	Row      int  `json:"row"`
	Col      int  `json:"col"`
	Owner    *int `json:"owner"` // a seat; null for a wild island
	Strength int  `json:"strength"`
}

// CaptainView is one captain in the view.
type CaptainView struct {
	Seat     int    `json:"seat"`
	Name     string `json:"name"` // "you", or the built-in captain's name
	Islands  int    `json:"islands"`
	Strength int    `json:"strength"`
	Out      bool   `json:"out"`
}

// LogEntry is one entry of the match log: an expedition that captured or
// was repelled, a captain eliminated, or the end.
type LogEntry struct {
	Round  int    `json:"round"`
	Kind   string `json:"kind"`
	Seat   *int   `json:"seat"` // an end with 1st place shared names no seat
	From   *int   `json:"from,omitempty"`
	To     *int   `json:"to,omitempty"`
	Sent   *int   `json:"sent,omitempty"`
	Before *int   `json:"before,omitempty"`
	After  *int   `json:"after,omitempty"`
	Ending string `json:"ending,omitempty"`
}

// View is the structured view of a match.
type View struct {
	Players    int           `json:"players"`
	You        int           `json:"you"`
	Opponent   string        `json:"opponent"`
	Opener     int           `json:"opener"`
	Round      int           `json:"round"`
	Rounds     int           `json:"rounds"`
	Supply     int           `json:"supply"`
	Turn       *int          `json:"turn"`
	Phase      string        `json:"phase"`
	SupplyLeft int           `json:"supplyLeft"`
	Islands    []IslandView  `json:"islands"`
	Captains   []CaptainView `json:"captains"`
	Log        []LogEntry    `json:"log"`
}

// Result is the end of a match.
type Result struct {
	Outcome  string `json:"outcome"` // from your place: win 1st alone, draw 1st shared, loss below
	Ending   string `json:"ending"`
	Winner   *int   `json:"winner"` // null when 1st place is shared
	Places   []int  `json:"places"` // per seat, 1 the best; seats tied share a place (1, 1, 3)
	Round    int    `json:"round"`
	Islands  []int  `json:"islands"`
	Strength []int  `json:"strength"`
}

// Event is one action taken inside an answer, by the caller or a captain,
// with what it caused.
type Event struct {
	Seat       int    `json:"seat"`
	Type       string `json:"type"`
	Tile       *int   `json:"tile,omitempty"`
	Amount     *int   `json:"amount,omitempty"`
	From       *int   `json:"from,omitempty"`
	To         *int   `json:"to,omitempty"`
	Send       *int   `json:"send,omitempty"`
	Result     string `json:"result,omitempty"` // captured or repelled
	Before     *int   `json:"before,omitempty"`
	After      *int   `json:"after,omitempty"`
	Eliminated *int   `json:"eliminated,omitempty"`
	Ended      string `json:"ended,omitempty"`
}

// Range is the whole numbers a field of an action takes, in actionRanges;
// for an attack, from the island From.
type Range struct {
	Type  string `json:"type"`
	Field string `json:"field"`
	From  *int   `json:"from,omitempty"`
	Min   int    `json:"min"`
	Max   int    `json:"max"`
}

var (
	phaseNames  = map[engine.Phase]string{engine.Supplying: "supply", engine.Sailing: "expedition"}
	endingNames = map[engine.Ending]string{engine.Conquest: "conquest", engine.LastStanding: "last_standing",
		engine.RoundCap: "round_cap", engine.TimeLimit: "time_limit"}
	entryNames = map[engine.EntryKind]string{engine.Captured: "captured", engine.Repelled: "repelled",
		engine.Eliminated: "eliminated", engine.Ended: "ended"}
	outcomeNames = map[engine.Outcome]string{engine.Win: "win", engine.Draw: "draw", engine.Loss: "loss"}
)

func ptr(v int) *int { return &v }

// seatOrNil is a seat, or nil for Wild.
func seatOrNil(s int) *int {
	if s == engine.Wild {
		return nil
	}
	return &s
}

// LogEntryOf is a log entry as answers show it.
func LogEntryOf(e engine.Entry) LogEntry {
	l := LogEntry{Round: e.Round, Kind: entryNames[e.Kind], Seat: seatOrNil(e.Seat)}
	switch e.Kind {
	case engine.Captured, engine.Repelled:
		l.From, l.To, l.Sent, l.Before, l.After = ptr(e.From), ptr(e.To), ptr(e.Sent), ptr(e.Before), ptr(e.After)
	case engine.Ended:
		l.Ending = endingNames[engine.Ending(e.Before)]
	}
	return l
}

// event is the action a seat took, with the log entries it added.
func event(seat int, a engine.Action, added []engine.Entry) Event {
	e := Event{Seat: seat}
	switch a.Kind {
	case engine.Supply:
		e.Type, e.Tile, e.Amount = "supply", ptr(a.Tile), ptr(a.Amount)
	case engine.Attack:
		e.Type, e.From, e.To, e.Send = "attack", ptr(a.From), ptr(a.To), ptr(a.Send)
	default:
		e.Type = "pass"
	}
	for _, l := range added {
		switch l.Kind {
		case engine.Captured, engine.Repelled:
			e.Result, e.Before, e.After = entryNames[l.Kind], ptr(l.Before), ptr(l.After)
		case engine.Eliminated:
			e.Eliminated = ptr(l.Seat)
		case engine.Ended:
			e.Ended = endingNames[engine.Ending(l.Before)]
		}
	}
	return e
}

// View shows the match to the caller's seat; everything is public.
func (m *match) View(play.Seat) play.Presentation {
	s := m.s
	v := View{Players: s.Players(), You: int(play.Caller), Opponent: captains.Names()[m.opponent], Opener: s.Opener(),
		Round: s.Round(), Rounds: engine.MaxRounds, Supply: engine.SupplyIn(s.Round()), Phase: "over",
		Islands: make([]IslandView, engine.Islands), Captains: make([]CaptainView, s.Players()), Log: []LogEntry{}}
	if !s.Over() {
		v.Turn, v.Phase, v.SupplyLeft = ptr(s.Turn()), phaseNames[s.Phase()], s.SupplyLeft()
	}
	for i := range engine.Islands {
		is := s.Island(i)
		v.Islands[i] = IslandView{Tile: i, Row: i / engine.Size, Col: i % engine.Size, Owner: seatOrNil(is.Owner), Strength: is.Strength}
	}
	for p := range s.Players() {
		n, st := s.Count(p)
		name := v.Opponent
		if p == int(play.Caller) {
			name = "you"
		}
		v.Captains[p] = CaptainView{Seat: p, Name: name, Islands: n, Strength: st, Out: s.Out(p)}
	}
	for _, e := range s.Log() {
		v.Log = append(v.Log, LogEntryOf(e))
	}
	n, _ := s.Count(int(play.Caller))
	p := play.Presentation{Observation: observation(s, &v), LegalActions: []Action{}, Score: n, GameOver: s.Over(), Turn: "you", View: v}
	if !s.Over() && s.Turn() == int(play.Caller) {
		actions, ranges := legal(s)
		p.LegalActions = actions
		if len(ranges) > 0 {
			p.ActionRanges = ranges
		}
	}
	if s.Over() {
		p.Turn = "over"
		r := Result{Outcome: outcomeNames[s.Outcome(int(play.Caller))], Ending: endingNames[s.Ending()], Winner: seatOrNil(s.Winner()), Round: s.Round()}
		for _, c := range v.Captains {
			r.Places = append(r.Places, s.Place(c.Seat))
			r.Islands = append(r.Islands, c.Islands)
			r.Strength = append(r.Strength, c.Strength)
		}
		p.Result = r
	}
	return p
}

// legal lists the caller's legal actions, each as it may be sent: in the
// supply phase one supply of all that is left per island held (ranges gives
// the amounts), then a pass and, per route, an expedition of all but one
// (ranges gives the sends from each island).
func legal(s *engine.State) ([]Action, []Range) {
	if s.Phase() == engine.Supplying {
		var out []Action
		for _, t := range s.Held(s.Turn()) {
			out = append(out, Action{Type: "supply", Tile: ptr(t), Amount: ptr(s.SupplyLeft())})
		}
		return out, []Range{{Type: "supply", Field: "amount", Min: 1, Max: s.SupplyLeft()}}
	}
	out := []Action{{Type: "pass"}}
	var ranges []Range
	for _, e := range s.Expeditions() {
		out = append(out, Action{Type: "attack", From: ptr(e.From), To: ptr(e.To), Send: ptr(e.MaxSend)})
		if len(ranges) == 0 || *ranges[len(ranges)-1].From != e.From {
			ranges = append(ranges, Range{Type: "attack", Field: "send", From: ptr(e.From), Min: 1, Max: e.MaxSend})
		}
	}
	return out, ranges
}

// seatLetters mark each seat's islands on the board picture.
const seatLetters = "ABCD"

// observation is the text an agent reads: who is who, the round and the
// phase, the board as a picture of owner and strength, every captain's
// islands and strength, and the recent log.
func observation(s *engine.State, v *View) string {
	var b strings.Builder
	b.WriteString("Tidebreakers, " + strconv.Itoa(v.Players) + " captains: you are seat 0 (A) against " + v.Opponent + " captains")
	for p := 1; p < v.Players; p++ {
		b.WriteString(", seat " + strconv.Itoa(p) + " (" + seatLetters[p:p+1] + ")")
	}
	b.WriteString(". Seat " + strconv.Itoa(v.Opener) + " opened round 1.\n")
	b.WriteString("Round " + strconv.Itoa(v.Round) + " of " + strconv.Itoa(engine.MaxRounds) + "; supply " + strconv.Itoa(v.Supply) + " a turn this round.\n")
	switch {
	case s.Over():
		b.WriteString("The match is over: " + endingText(s) + ".\n")
	case v.Phase == "supply":
		b.WriteString("Your turn: place " + strconv.Itoa(v.SupplyLeft) + ` supply on islands you hold, with {"type":"supply","tile":t,"amount":n} until none is left; then attack or pass.` + "\n")
	default:
		b.WriteString(`Your turn: send one expedition {"type":"attack","from":f,"to":t,"send":n} to an adjacent island you do not hold, leaving at least 1 behind, or {"type":"pass"}.` + "\n")
	}
	b.WriteString("Board (tile = row*5 + col; each island shows its holder, A-D for seats 0-3 or . for wild, and its strength):\n     ")
	for c := range engine.Size {
		b.WriteString("   c" + strconv.Itoa(c))
	}
	b.WriteString("\n")
	for r := range engine.Size {
		b.WriteString("  r" + strconv.Itoa(r) + " ")
		for c := range engine.Size {
			is := v.Islands[r*engine.Size+c]
			mark := "."
			if is.Owner != nil {
				mark = seatLetters[*is.Owner : *is.Owner+1]
			}
			cell := mark + strconv.Itoa(is.Strength)
			b.WriteString(strings.Repeat(" ", 5-len(cell)) + cell)
		}
		b.WriteString("\n")
	}
	b.WriteString("Captains:\n")
	for _, c := range v.Captains {
		b.WriteString("  seat " + strconv.Itoa(c.Seat) + " (" + seatLetters[c.Seat:c.Seat+1] + ", " + c.Name + "): " +
			plural(c.Islands, "island") + ", strength " + strconv.Itoa(c.Strength))
		if c.Out {
			b.WriteString(", out")
		}
		if s.Over() {
			b.WriteString(", placed " + ordinal(s.Place(c.Seat)))
		}
		b.WriteString("\n")
	}
	if len(v.Log) > 0 {
		b.WriteString("Recent log:\n")
		for _, e := range s.Log() {
			b.WriteString("  round " + strconv.Itoa(e.Round) + ": " + entryText(e) + "\n")
		}
	}
	return b.String()
}

// plural writes a count and its noun.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

func entryText(e engine.Entry) string {
	seat := "seat " + strconv.Itoa(e.Seat)
	switch e.Kind {
	case engine.Captured:
		return seat + " sent " + strconv.Itoa(e.Sent) + " from " + strconv.Itoa(e.From) + " to " + strconv.Itoa(e.To) +
			" and captured it (garrison " + strconv.Itoa(e.Before) + "; " + strconv.Itoa(e.After) + " stay)"
	case engine.Repelled:
		return seat + " sent " + strconv.Itoa(e.Sent) + " from " + strconv.Itoa(e.From) + " to " + strconv.Itoa(e.To) +
			" and was repelled (garrison " + strconv.Itoa(e.Before) + ", now " + strconv.Itoa(e.After) + ")"
	case engine.Eliminated:
		return seat + " lost its last island and is out"
	}
	if e.Seat == engine.Wild {
		return "the match ended with 1st place shared and no winner (" + endingNames[engine.Ending(e.Before)] + ")"
	}
	return "the match ended: " + seat + " wins (" + endingNames[engine.Ending(e.Before)] + ")"
}

// endingText says why the match ended, who placed 1st, and the caller's
// place and outcome.
func endingText(s *engine.State) string {
	var why string
	switch s.Ending() {
	case engine.Conquest:
		why = "a captain holds " + strconv.Itoa(engine.WinIslands) + " islands"
	case engine.LastStanding:
		why = "a single captain has islands left"
	case engine.RoundCap:
		why = "round " + strconv.Itoa(engine.MaxRounds) + " is over, so the most islands, then the most strength, decide"
	default:
		why = "the time limit passed, so the most islands, then the most strength, decide"
	}
	var first []string
	for p := range s.Players() {
		if s.Place(p) == 1 {
			first = append(first, seatName(p))
		}
	}
	var leaders string
	switch {
	case len(first) > 1:
		leaders = strings.Join(first[:len(first)-1], ", ") + " and " + first[len(first)-1] + " share 1st place, so no one wins"
	case first[0] == "you":
		leaders = "you win"
	default:
		leaders = first[0] + " wins"
	}
	me := int(play.Caller)
	return why + "; " + leaders + ". You place " + ordinal(s.Place(me)) + " of " + strconv.Itoa(s.Players()) + ": a " + outcomeNames[s.Outcome(me)]
}

// seatName is "you" for the caller's seat, else "seat N".
func seatName(seat int) string {
	if seat == int(play.Caller) {
		return "you"
	}
	return "seat " + strconv.Itoa(seat)
}

// ordinal writes a place of a finished match: 1st, 2nd, 3rd or 4th.
func ordinal(place int) string {
	return strconv.Itoa(place) + [...]string{1: "st", 2: "nd", 3: "rd", 4: "th"}[place]
}
