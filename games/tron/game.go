// Package tron serves Tron through the play core: the caller drives cycle
// 0 and built-in bots (package engines/tron/bots) drive the others; every
// living cycle moves at once, so each action resolves one round with the
// bots' moves of that round. The match ends for the caller when its cycle
// dies (its place is settled then: every cycle still alive outlives it) or
// when fewer than two cycles are alive.
package tron

import (
	_ "embed"
	"encoding/json"
	"slices"
	"strconv"
	"time"

	"github.com/agentgames/bundle/engines/rng"
	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/engines/tron/bots"
	"github.com/agentgames/bundle/play"
)

// actionSchema is Tron's action grammar, the one file that spec's
// actionGrammar sends, ParseAction follows and openapi.yaml's TronAction
// repeats (tests hold the three together).
//
//go:embed action.json
var actionSchema []byte

// opponents are the bots a match may seat, by option value. The wise bots
// of a match break near-ties with their seat's stream (bots.WiseMixed).
var opponents = map[string]bots.Policy{"easy": bots.Easy, "wise": bots.WiseMixed}

// opponentNames lists them in the order the option documents them.
var opponentNames = []string{"easy", "wise"}

// Bots are the bots that may sit at a seat, the default first.
func Bots() []string { return slices.Clone(opponentNames) }

// BotMove is the move of the bot called name for seat in s's next
// round, drawn from the stream 2^32 + round*4 + seat of the match's seed:
// the only draws of the bots, so the seed replays a match and a sealed
// seed hides them. It is false when no bot is called name.
func BotMove(s *engine.State, seat int, name string) (json.RawMessage, bool) {
	bot, ok := opponents[name]
	if !ok {
		return nil, false
	}
	rs := rng.New(s.Seed(), 1<<32+uint64(s.Round())*4+uint64(seat))
	return WireAction(bot(s, seat, &rs)), true
}

// Game is Tron as the core serves it.
type Game struct{}

// Info describes Tron.
func (Game) Info() play.Info { return info }

var info = play.Info{
	Slug:        "tron",
	Name:        "Tron",
	Genre:       "simultaneous light cycles",
	Description: "Steer a light cycle on a grid against 1 to 3 bots; every cycle moves at once and leaves a wall behind it.",
	Goal:        goal,
	Options: []play.Option{
		{Name: "players", Min: engine.MinPlayers, Max: engine.MaxPlayers, Default: "2", Doc: "how many cycles, yours included: 2 (the default), 3 or 4."},
		{Name: "width", Min: engine.MinSide, Max: engine.MaxSide, Default: strconv.Itoa(engine.DefaultSide), Doc: "the grid's width, 5 to 100 (default 100)."},
		{Name: "height", Min: engine.MinSide, Max: engine.MaxSide, Default: strconv.Itoa(engine.DefaultSide), Doc: "the grid's height, 5 to 100 (default 100)."},
		{Name: "opponent", Values: opponentNames, Doc: "the bots: \"easy\" (the default, the arena's better sample bot: the longest free straight run) or \"wise\" (a territory search)."},
	},
	ActionSchema: actionSchema,
	MaxToken:     4096,
	Boards:       []string{"players", "opponent", "width", "height"},
	// Three sides make boards, the loop's default, the live matches'
	// and a small grid: any other plays unboarded.
	BoardValues: map[string][]string{"width": boardSides, "height": boardSides},
}

// boardSides are the grid sides that make a board.
var boardSides = []string{"10", "30", strconv.Itoa(engine.DefaultSide)}

// New sets up a match with the options' grid and bots.
func (Game) New(seed uint64, options map[string]string) (play.Match, error) {
	num := func(name string, def int) int {
		if v, ok := options[name]; ok {
			n, _ := strconv.Atoi(v)
			return n
		}
		return def
	}
	s, err := engine.New(seed, num("width", engine.DefaultSide), num("height", engine.DefaultSide), num("players", 2))
	if err != nil {
		return nil, err
	}
	opp := 0
	if o, ok := options["opponent"]; ok {
		opp = slices.Index(opponentNames, o)
	}
	return &match{s: s, opponent: opp}, nil
}

// Decode restores a match: the bots' index, then the engine's state.
func (Game) Decode(state []byte) (play.Match, error) {
	if len(state) < 1 || int(state[0]) >= len(opponentNames) {
		return nil, engine.ErrBadState
	}
	var s engine.State
	if err := s.UnmarshalBinary(state[1:]); err != nil {
		return nil, err
	}
	return &match{s: &s, opponent: int(state[0])}, nil
}

type match struct {
	s        *engine.State
	opponent int
}

func (m *match) MarshalBinary() ([]byte, error) {
	b, err := m.s.MarshalBinary()
	return append([]byte{byte(m.opponent)}, b...), err
}

// over: the caller's cycle is dead, or fewer than two are alive.
func (m *match) over() bool { return m.s.Over() || !m.s.Alive(int(play.Caller)) }

// Phase: every living cycle acts at once.
func (m *match) Phase() play.Phase {
	if m.over() {
		return play.Phase{Over: true}
	}
	var to []play.Seat
	for p := range m.s.Players() {
		if m.s.Alive(p) {
			to = append(to, play.Seat(p))
		}
	}
	return play.Phase{ToAct: to}
}

// BotMove is the direction the bot in seat chooses for this round (see
// the package's BotMove).
func (m *match) BotMove(seat play.Seat) (json.RawMessage, bool) {
	if seat == play.Caller {
		return nil, false
	}
	return BotMove(m.s, int(seat), opponentNames[m.opponent])
}

// Act resolves one round: one move per living cycle.
func (m *match) Act(moves []play.Move, _ time.Time) ([]any, error) {
	if m.over() {
		if _, err := ParseAction(moves[0].Action); err != nil {
			return nil, err
		}
		return nil, &play.Error{Code: play.CodeGameOver, Message: "the match is over for your cycle; no action is legal"}
	}
	var dirs [engine.MaxPlayers]engine.Dir
	for _, mv := range moves {
		d, err := ParseAction(mv.Action)
		if err != nil {
			return nil, err
		}
		dirs[mv.Seat] = d
	}
	died := m.s.Play(dirs)
	return []any{roundEvent(m.s, dirs, died)}, nil
}
