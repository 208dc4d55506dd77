// Package arenatest runs bots for the arena's tests: HTTP servers on
// loopback that answer the botsArena protocol (../shared/spec/
// tron-botsarena.md) well, slowly or in one of the ways a bot can
// misbehave (Kind), and record what the arena sent them.
package arenatest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"mime"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/engines/tron/bots"
	"github.com/agentgames/bundle/games/tron/arena"
	"github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/wire"
)

// Bot is a test bot: how it answers.
type Bot struct {
	// Name is the name of its init reply.
	Name string
	// Challenge is the secret of its init reply.
	Challenge string
	// Play is the "play" of its reply to a play-turn. When it is nil, the
	// bot plays Tron: the longest free straight run from its head
	// (bots.Easy), which hits no wall and no trail while a free cell is
	// next to it. A board it cannot read on its grid, or that holds no
	// trail for its player, answers 400 (the message is still recorded);
	// it cannot play any other game, and fails the test if asked to.
	Play func(m Message) any
	// Width and Height are the Tron grid a nil Play reads the board on
	// (0 is 100, the arena's).
	Width, Height int
	// Delay is how long it waits before every answer (a slow bot), or
	// until the request's context ends.
	Delay time.Duration
	// Kind is how it misbehaves (Good by default).
	Kind Kind
}

// Message is what the arena sent (the botsArena envelope), which the
// bot reads strictly: one JSON object with exactly its six keys, each
// once, of their types, an action "init" or "play-turn", at least one
// player and a player-index among them. Anything else answers 400.
type Message = live.BotMessage

// Server is a running test bot.
type Server struct {
	// URL is the bot's URL, on loopback.
	URL string
	// Redirect is, for a Redirecting bot, the Good bot its 302 points
	// to (nil for other kinds): its MaxInFlight is 0 while no one
	// followed.
	Redirect *Server

	t    testing.TB
	bot  Bot
	done <-chan struct{} // closed when the server is closing

	mu          sync.Mutex
	onTurn      func()
	messages    []Message
	inFlight    int
	maxInFlight int
}

// SetChallenge has the bot return challenge in its init replies from now
// on: the secret the arena gave when it was registered, which needs its
// URL first.
func (s *Server) SetChallenge(challenge string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.bot.Challenge = challenge
}

// SetDelay has the bot wait d before every answer from now on (Delay).
func (s *Server) SetDelay(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.bot.Delay = d
}

// OnPlayTurn has the bot call f on every play-turn it receives from now
// on, before it answers: a test that stops the arena mid-fight.
func (s *Server) OnPlayTurn(f func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.onTurn = f
}

// Start runs b on a new server on loopback, which closes when t ends:
// any answer still waiting (Hanging, Delay) ends first.
func Start(t testing.TB, b Bot) *Server {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{t: t, bot: b, done: ctx.Done()}
	if b.Kind == Redirecting {
		good := b
		good.Kind, good.Delay = Good, 0
		s.Redirect = Start(t, good)
	}
	srv := httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(func() {
		cancel()
		srv.Close()
	})
	s.URL = srv.URL
	return s
}

// Messages answers every message received so far, in order.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.messages)
}

// InFlight answers how many requests are being answered now.
func (s *Server) InFlight() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.inFlight
}

// MaxInFlight answers the most requests answered at once so far (the
// arena promises one call at a time a bot).
func (s *Server) MaxInFlight() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.maxInFlight
}

// enter counts a request in flight, and leave counts it out.
func (s *Server) enter() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.inFlight++
	s.maxInFlight = max(s.maxInFlight, s.inFlight)
}

func (s *Server) leave() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.inFlight--
}

// maxBody is the largest message read: a whole 100x100 board is about
// 80 KB.
const maxBody = 1 << 20

// serve answers one request.
func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.enter()
	defer s.leave()
	m, err := read(w, r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	s.messages = append(s.messages, *m)
	hook, delay := s.onTurn, s.bot.Delay
	s.mu.Unlock()
	if hook != nil && m.Action == arena.ActionPlayTurn {
		hook()
	}
	if delay > 0 {
		timer := time.NewTimer(delay)
		defer timer.Stop()
		select {
		case <-timer.C:
		case <-r.Context().Done():
			panic(http.ErrAbortHandler)
		case <-s.done:
			panic(http.ErrAbortHandler)
		}
	}
	if m.Action == arena.ActionInit {
		s.mu.Lock()
		challenge := s.bot.Challenge
		s.mu.Unlock()
		if s.bot.Kind == WrongChallenge {
			challenge = "wrong-" + challenge
		}
		reply(w, http.StatusOK, map[string]string{"name": s.bot.Name, "challenge": challenge})
		return
	}
	s.turn(w, r, m)
}

// read reads a request's message strictly.
func read(w http.ResponseWriter, r *http.Request) (*Message, error) {
	if r.Method != http.MethodPost {
		return nil, fmt.Errorf("a bot answers POST, not %s", r.Method)
	}
	if t, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || t != "application/json" {
		return nil, fmt.Errorf("a message is application/json, not %q", r.Header.Get("Content-Type"))
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		return nil, fmt.Errorf("reading the message: %v", err)
	}
	o, err := wire.ReadObject(body, "")
	if err != nil {
		return nil, fmt.Errorf("the message must be one JSON object: %v", err)
	}
	if err := o.Only("an arena message", "game-id", "action", "game", "board", "players", "player-index"); err != nil {
		return nil, err
	}
	var m Message
	if m.GameID, err = o.String("game-id"); err != nil {
		return nil, err
	}
	if m.Action, err = o.String("action"); err != nil {
		return nil, err
	}
	if m.Action != arena.ActionInit && m.Action != arena.ActionPlayTurn {
		return nil, fmt.Errorf(`action must be "init" or "play-turn", not %s`, wire.Quote(m.Action))
	}
	if m.Game, err = o.String("game"); err != nil {
		return nil, err
	}
	if m.Board = o.Raw("board"); m.Board == nil {
		return nil, fmt.Errorf("board is missing")
	}
	if m.Players, err = o.Int("players", 1, math.MaxInt32); err != nil {
		return nil, err
	}
	if m.PlayerIndex, err = o.Int("player-index", 0, m.Players-1); err != nil {
		return nil, err
	}
	return &m, nil
}

// good is the play of the bot's good reply to the play-turn m, or an
// error and the status to answer it with.
func (s *Server) good(m *Message) (any, int, error) {
	if s.bot.Play != nil {
		return s.bot.Play(*m), 0, nil
	}
	if m.Game != "tron" {
		s.t.Errorf("arenatest: bot %q has no Play for the game %q", s.bot.Name, m.Game)
		return nil, http.StatusInternalServerError, fmt.Errorf("the bot has no Play for the game %q", m.Game)
	}
	am := arena.Message(*m)
	trails, err := am.Trails()
	if err != nil {
		return nil, http.StatusBadRequest, err
	}
	width, height := orDefault(s.bot.Width), orDefault(s.bot.Height)
	st, err := arena.Position(width, height, trails, m.PlayerIndex)
	if err != nil {
		return nil, http.StatusBadRequest, fmt.Errorf("the board does not fit the bot's %dx%d grid: %v", width, height, err)
	}
	if !st.Alive(m.PlayerIndex) {
		return nil, http.StatusBadRequest, fmt.Errorf("player %d has no trail on the board: a dead player is not asked", m.PlayerIndex)
	}
	return bots.Easy(st, m.PlayerIndex, nil).String(), 0, nil
}

// orDefault is a side of the grid, 0 for the arena's.
func orDefault(side int) int {
	if side == 0 {
		return engine.DefaultSide
	}
	return side
}

// reply writes v as JSON with status.
func reply(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	body, _ := json.Marshal(v)
	w.Write(body)
}
