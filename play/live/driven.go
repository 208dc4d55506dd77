package live

import (
	"context"
	"encoding/json"
	"slices"
	"time"

	"github.com/agentgames/bundle/play"
)

// Bots is how a live game's seats are played by bots that the bundle
// calls by URL (the arena, package play/arena). Every game speaks the
// botsArena envelope (game-id, action, game, board, players,
// player-index), whose board is what the seat's holder may see (see
// Server.SeatView) unless the game is a Boards; a bot answers a
// play-turn with {"play": ...}, which the game reads.
type Bots interface {
	// Moves reads the "play" of a bot's reply into the moves it makes,
	// in the game's action grammar, in order: one, or a whole turn's for a
	// game whose turn is several actions. A play that cannot be one is
	// refused with a *play.Error saying why; the rules check each move
	// when it is played.
	Moves(m *Match, seat int, play json.RawMessage) ([]json.RawMessage, error)
}

// Boards is a game's Bots whose board is not its seat view: Tron's is the
// botsArena site's, every trail head first.
type Boards interface {
	Bots
	// Board is the "board" of the play-turn message sent to seat's bot.
	Board(m *Match, seat int) json.RawMessage
}

// BotBoard is the board of the play-turn message sent to the bot of seat
// of m (see Bots).
func (s *Server) BotBoard(m *Match, seat int) (json.RawMessage, error) {
	if b, ok := s.game.Bots.(Boards); ok {
		return b.Board(m, seat), nil
	}
	return json.Marshal(s.SeatView(m, seat))
}

// BotMessage is what a bot called by URL is sent, the botsArena envelope:
// action BotInit (board "") once a match, or BotPlayTurn with the board as
// the bot's seat sees it (see Bots); game-id names the match.
type BotMessage struct {
	GameID      string          `json:"game-id"`
	Action      string          `json:"action"`
	Game        string          `json:"game"`
	Board       json.RawMessage `json:"board"`
	Players     int             `json:"players"`
	PlayerIndex int             `json:"player-index"`
}

// The envelope's actions.
const (
	BotInit     = "init"
	BotPlayTurn = "play-turn"
)

// Entrant is who plays a seat of a match opened by Open: a house bot
// (Bot, one of the Rules' Policies) or a seat driven by whoever opened
// the match through its token (Bot empty), credited to Agent when not
// nil, as a seat taken with an agent's key is (the match then moves its
// rating).
type Entrant struct {
	Name  string
	Bot   string
	Agent *play.AgentRef
}

// Opened is what Open answers: the match's code and the token of each
// seat, "" for a house bot's.
type Opened struct {
	Code   string
	Tokens []string
}

// Open starts a match whose every seat is taken at once, in order, by
// entrants: the arena's fights. Its lobby is closed, it is kept as a
// played match (play.Retention after its last write), and its rounds
// are Held: they wait for the driven seats however long they take, so
// that a driver that is interrupted resumes the match where it was; its
// round time is what the driver gives each seat (the public state says
// it), and a round with none of them to move (the house bots', or one
// whose driven seats have failed) resolves at BotRound's pace. The
// caller bounds how many it opens (no creation limit applies).
func (s *Server) Open(ctx context.Context, entrants []Entrant, round time.Duration, options map[string]string) (*Opened, error) {
	least, most := s.rules.Seats()
	if len(entrants) < least || len(entrants) > most {
		return nil, play.Errorf(play.CodeInvalidRequest, "a match of %s seats %d to %d, not %d", s.game.Title, least, most, len(entrants))
	}
	m := &Match{Players: len(entrants), Filler: s.rules.Policies()[0], Seats: make([]Seat, len(entrants)),
		Created: s.clock().UnixMilli(), Log: []json.RawMessage{}, Played: true, Held: true, Options: options,
		RoundMillis: round.Milliseconds()}
	out := &Opened{Tokens: make([]string, len(entrants))}
	for i, e := range entrants {
		switch {
		case e.Bot == "":
			token, hash := newToken()
			m.Seats[i], out.Tokens[i] = Seat{Name: PlayerName(e.Name, i), Token: hash, Agent: e.Agent}, token
		case slices.Contains(s.rules.Policies(), e.Bot):
			m.Seats[i] = Seat{Name: e.Name, Bot: e.Bot}
		default:
			return nil, play.Errorf(play.CodeInvalidRequest, "the house bots of %s are %v, not %q", s.game.Title, s.rules.Policies(), e.Bot)
		}
	}
	if err := s.start(ctx, m); err != nil {
		return nil, err
	}
	out.Code = m.Code
	return out, nil
}

// Fail gives up the seat whose token is given, for a driver whose bot
// failed (the arena's rules: it did not answer in time, answered a
// status other than 200, or answered no move of the game): in a game in
// rounds the seat is silent in the round being played, and the game's
// rule for a silent seat applies (a Tron cycle crashes); then, and at
// once in a game in turns, the match's house bot plays the seat to the
// end, so that the others' match goes on. Its token then holds the seat
// no more.
func (s *Server) Fail(ctx context.Context, code, token string) (*Match, error) {
	var last *Match
	err := s.Update(ctx, code, func(m *Match) error {
		seat, err := m.Player(token)
		if err != nil {
			return err
		}
		if p := m.Table.Phase(); s.rules.Rounds() && p.Acts(play.Seat(seat)) && !p.Over && !m.Moved(seat) {
			m.Pending = append(m.Pending, Pending{Seat: seat, Silent: true})
			// the round waits for its players no more than for bots
			m.Deadline = min(m.Deadline, s.clock().Add(BotRound).UnixMilli())
		}
		m.Seats[seat].Bot, m.Seats[seat].Token = m.Filler, nil
		last = m
		return nil
	})
	return last, err
}
