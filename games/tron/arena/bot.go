// Package arena is the botsArena Tron protocol (../shared/spec/
// tron-botsarena.md): the messages the arena sends a bot (Message, Read),
// the board it sends as its PHP writes it (Board), the cells off the board
// as the arena keeps them (Position), and a bot that answers them (Bot).
// The runners that call bots by URL, matches, series and the ladder, are
// internal/tronarena's.
package arena

import (
	"bytes"
	"encoding/json"

	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/engines/tron/bots"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/wire"
)

// Message is what the arena sends a bot: action "init" (board "") or
// "play-turn" (board: each player's trail as [x,y] cells, head first, []
// for a dead player, [null,null] for a cell off the board): the envelope
// every live game's bots are sent (live.BotMessage), read as Tron's.
type Message live.BotMessage

// The arena's actions.
const (
	ActionInit     = live.BotInit
	ActionPlayTurn = live.BotPlayTurn
)

// Bot answers the arena's messages with a policy, on a grid of Width x
// Height (the arena's 100x100 unless configured).
type Bot struct {
	Name          string
	Policy        bots.Policy
	Width, Height int
}

// Answer reads one message of the arena and answers the bot's reply:
// {"name": ...} to init, {"play": "x+"} to play-turn. The policy draws
// from the board's own stream (bots.BoardStream), so the same board always
// gets the same reply, from any instance. A message it cannot read answers
// an *play.Error.
func (b *Bot) Answer(body []byte) (any, error) {
	m, err := Read(body)
	if err != nil {
		return nil, err
	}
	if m.Action == ActionInit {
		return map[string]string{"name": b.Name}, nil
	}
	trails, err := m.Trails()
	if err != nil {
		return nil, err
	}
	s, err := Position(b.Width, b.Height, trails, m.PlayerIndex)
	if err != nil {
		return nil, play.Errorf(play.CodeInvalidRequest, "the board does not fit the bot's grid: %v", err)
	}
	if !s.Alive(m.PlayerIndex) {
		return nil, play.Errorf(play.CodeInvalidRequest, "player %d has no trail on the board: a dead player is not asked", m.PlayerIndex)
	}
	rs := bots.BoardStream(s, m.PlayerIndex)
	return map[string]string{"play": b.Policy(s, m.PlayerIndex, &rs).String()}, nil
}

// Read reads a message strictly: one JSON object with the card's keys, each
// once, an action the arena sends, and 2 to 4 players.
func Read(body []byte) (*Message, error) {
	o, err := wire.ReadObject(body, "")
	if err != nil {
		return nil, play.Errorf(play.CodeBadJSON, "the message must be one JSON object: %v", err)
	}
	if err := o.Only("an arena message", "game-id", "action", "game", "board", "players", "player-index"); err != nil {
		return nil, play.Errorf(play.CodeInvalidRequest, "%v", err)
	}
	var m Message
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, play.Errorf(play.CodeInvalidRequest, "the message does not have the card's shape: %v", err)
	}
	switch {
	case m.Action != ActionInit && m.Action != ActionPlayTurn:
		return nil, play.Errorf(play.CodeInvalidRequest, `action must be "init" or "play-turn", not %s`, wire.Quote(m.Action))
	case m.Players < engine.MinPlayers || m.Players > engine.MaxPlayers:
		return nil, play.Errorf(play.CodeInvalidRequest, "players must be %d to %d, not %d", engine.MinPlayers, engine.MaxPlayers, m.Players)
	case m.PlayerIndex < 0 || m.PlayerIndex >= m.Players:
		return nil, play.Errorf(play.CodeInvalidRequest, "player-index must be 0 to %d, not %d", m.Players-1, m.PlayerIndex)
	}
	return &m, nil
}

// Trails reads a play-turn's board: one trail per player, each a list of
// [x,y] pairs of whole numbers or [null,null] (read as OffBoard), at most
// MaxCells cells in all. It reads the text in one pass, allocating only
// the cells, and stops at the first thing out of shape.
func (m *Message) Trails() ([][]engine.Cell, error) {
	r := boardReader{text: m.Board}
	var trails [][]engine.Cell
	cells := 0
	ok := r.list(func() bool {
		var t []engine.Cell
		ok := r.list(func() bool {
			var c engine.Cell
			cells++
			ok := cells <= MaxCells && r.next('[') && r.pair(&c) && r.next(']')
			t = append(t, c)
			return ok
		})
		trails = append(trails, t)
		return ok && len(trails) <= m.Players
	})
	if !ok || !r.end() || len(trails) != m.Players {
		return nil, play.Errorf(play.CodeInvalidRequest,
			"board must hold the %d players' trails, each a list of [x,y] cells (whole numbers, or [null,null] off the board) head first, at most %d cells in all", m.Players, MaxCells)
	}
	return trails, nil
}

// MaxCells is the most cells a board may hold: a whole grid of the
// largest side.
const MaxCells = engine.MaxSide * engine.MaxSide

// boardReader reads a board's JSON text, already known to be valid JSON.
type boardReader struct {
	text []byte
	at   int
}

// space skips white space.
func (r *boardReader) space() {
	for r.at < len(r.text) && (r.text[r.at] == ' ' || r.text[r.at] == '\t' || r.text[r.at] == '\n' || r.text[r.at] == '\r') {
		r.at++
	}
}

// next reads the byte c, after white space.
func (r *boardReader) next(c byte) bool {
	r.space()
	if r.at < len(r.text) && r.text[r.at] == c {
		r.at++
		return true
	}
	return false
}

// pair reads a cell's two coordinates: whole numbers, or null and null
// for OffBoard.
func (r *boardReader) pair(c *engine.Cell) bool {
	if r.null() {
		*c = OffBoard
		return r.next(',') && r.null()
	}
	return r.number(&c.X) && r.next(',') && r.number(&c.Y)
}

// null reads the word null, after white space. The text is valid JSON,
// so no letter follows it.
func (r *boardReader) null() bool {
	r.space()
	if bytes.HasPrefix(r.text[r.at:], []byte("null")) {
		r.at += len("null")
		return true
	}
	return false
}

// number reads a whole number of at most 3 digits (a grid is at most 100
// cells wide) into n.
func (r *boardReader) number(n *int) bool {
	r.space()
	start := r.at
	*n = 0
	for r.at < len(r.text) && r.text[r.at] >= '0' && r.text[r.at] <= '9' && r.at-start < 3 {
		*n = *n*10 + int(r.text[r.at]-'0')
		r.at++
	}
	return r.at > start && (r.at == len(r.text) || r.text[r.at] < '0' || r.text[r.at] > '9')
}

// list reads an array, item reading each element.
func (r *boardReader) list(item func() bool) bool {
	if !r.next('[') {
		return false
	}
	if r.next(']') {
		return true
	}
	for {
		if !item() {
			return false
		}
		if r.next(']') {
			return true
		}
		if !r.next(',') {
			return false
		}
	}
}

// end reports whether only white space is left.
func (r *boardReader) end() bool {
	r.space()
	return r.at == len(r.text)
}
