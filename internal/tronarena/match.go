// Package tronarena runs botsArena Tron fights between bots reached by
// URL, as cmd/tron-arena does: a match between bot URLs refereed by the
// engine (Match), a series of them ranked on the arena's ELO ladder
// (Series, Ladder), and one bot URL seated in a live Tron match of a
// server (Live). The protocol it speaks is games/tron/arena's.
package tronarena

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/games/tron/arena"
)

// DefaultTimeout is the arena's time limit for each HTTP call to a bot.
const DefaultTimeout = 10 * time.Second

// maxReply bounds the bytes read from a bot's reply.
const maxReply = 1 << 20

// Match runs one match between bots at URLs (2 to 4, seated in this
// order), as the arena does: an init message to every bot, whose reply
// only gives the bot's name (a failed init is recorded in the seat's
// InitError, it does not lose the match: the arena does not check init
// replies), then rounds where every living bot is asked for its move in
// parallel until fewer than two are alive. Where the arena's PHP departs
// from the game's rules or reads replies loosely, Match does not: a cycle
// that leaves the grid crashes (the arena's lives on off the board), and
// a reply whose status is not 200 loses (the arena reads its body);
// docs/tron.md lists every difference.
type Match struct {
	URLs          []string
	GameID        string        // "" is the seed in decimal
	Seed          uint64        // the engine's start cells
	Width, Height int           // 0 is the arena's 100
	Timeout       time.Duration // per HTTP call; 0 is DefaultTimeout
	Client        *http.Client  // nil is http.DefaultClient
}

// Result is the record of a match.
type Result struct {
	GameID string `json:"game-id"`
	Seed   uint64 `json:"seed"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Rounds int    `json:"rounds"`
	Seats  []Seat `json:"seats"`
}

// Seat is one bot's part in a match. Rank is 1 plus the number of bots
// that outlived it (bots dying in the same round tie); Died is the round it
// died in, 0 if it never died, and Cause why: "transport: ...", "not
// JSON", "bad direction ...", "wall" (off the grid), "trail" (a cell taken
// at the start of the round) or "collision" (the same cell as another bot).
type Seat struct {
	URL       string `json:"url"`
	Name      string `json:"name,omitempty"`
	InitError string `json:"init-error,omitempty"`
	Rank      int    `json:"rank"`
	Died      int    `json:"died,omitempty"`
	Cause     string `json:"cause,omitempty"`
}

// turn is a play-turn message, its keys in the card's order.
type turn struct {
	GameID      string          `json:"game-id"`
	Action      string          `json:"action"`
	Game        string          `json:"game"`
	Board       json.RawMessage `json:"board"`
	PlayerIndex int             `json:"player-index"`
	Players     int             `json:"players"`
}

// Run plays the match. After every round where bots die, it calls
// onDeaths (if not nil) with the seats of the bots that died in it and of
// those alive at its start that did not, both in seat order: what the
// ladder records. It
// answers an error only for a match it cannot set up or a done ctx.
func (m *Match) Run(ctx context.Context, onDeaths func(died, survivors []int)) (*Result, error) {
	w, h := side(m.Width), side(m.Height)
	s, err := engine.New(m.Seed, w, h, len(m.URLs))
	if err != nil {
		return nil, err
	}
	r := &Result{GameID: m.GameID, Seed: m.Seed, Width: w, Height: h, Seats: make([]Seat, len(m.URLs))}
	if r.GameID == "" {
		r.GameID = strconv.FormatUint(m.Seed, 10)
	}
	m.init(ctx, r)
	for !s.Over() {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		m.round(ctx, s, r, onDeaths)
	}
	r.Rounds = s.Round()
	for p := range r.Seats {
		r.Seats[p].Rank = s.Rank(p)
	}
	return r, nil
}

// init sends every bot its init message in parallel.
func (m *Match) init(ctx context.Context, r *Result) {
	var wg sync.WaitGroup
	for p := range r.Seats {
		seat := &r.Seats[p]
		seat.URL = m.URLs[p]
		wg.Go(func() {
			greet(ctx, m.Client, m.Timeout, seat, arena.Message{GameID: r.GameID, Action: arena.ActionInit, Game: "tron", Board: json.RawMessage(`""`), Players: len(m.URLs), PlayerIndex: p})
		})
	}
	wg.Wait()
}

// round asks every living bot its move in parallel and resolves the round
// with the engine, the bots that failed to answer a direction put out.
func (m *Match) round(ctx context.Context, s *engine.State, r *Result, onDeaths func(died, survivors []int)) {
	board := arena.Board(s) // written once, sent to every bot
	var moves [engine.MaxPlayers]engine.Dir
	var out [engine.MaxPlayers]bool
	var wg sync.WaitGroup
	for p := range s.Players() {
		if !s.Alive(p) {
			continue
		}
		wg.Go(func() {
			msg := turn{GameID: r.GameID, Action: arena.ActionPlayTurn, Game: "tron", Board: board, PlayerIndex: p, Players: s.Players()}
			var err error
			if moves[p], err = ask(ctx, m.Client, m.Timeout, r.Seats[p].URL, msg); err != nil {
				r.Seats[p].Cause, out[p] = err.Error(), true
			}
		})
	}
	wg.Wait()
	causes(s, moves, out, r.Seats)
	var alive []int
	for p := range s.Players() {
		if s.Alive(p) {
			alive = append(alive, p)
		}
	}
	died := s.PlayOut(moves, out)
	for _, p := range died {
		r.Seats[p].Died = s.Round()
	}
	if len(died) > 0 && onDeaths != nil {
		survivors := slices.DeleteFunc(alive, func(p int) bool { return !s.Alive(p) })
		onDeaths(died, survivors)
	}
}

// causes records why each living bot that answered a direction dies in the
// round, if it does, reading the engine's rules as Play applies them.
func causes(s *engine.State, moves [engine.MaxPlayers]engine.Dir, out [engine.MaxPlayers]bool, seats []Seat) {
	var target [engine.MaxPlayers]engine.Cell
	var moving [engine.MaxPlayers]bool
	for p := range s.Players() {
		if !s.Alive(p) || out[p] {
			continue
		}
		h := s.Head(p)
		x, y := engine.Step(h.X, h.Y, moves[p])
		target[p] = engine.Cell{X: x, Y: y}
		switch {
		case x < 0 || y < 0 || x >= s.Width() || y >= s.Height():
			seats[p].Cause = "wall"
		case !s.Free(x, y):
			seats[p].Cause = "trail"
		default:
			moving[p] = true
		}
	}
	for p := range s.Players() {
		for q := range s.Players() {
			if p != q && moving[p] && moving[q] && target[p] == target[q] {
				seats[p].Cause = "collision"
			}
		}
	}
}

// greet sends the bot of seat its init message, and records on the seat
// the name its reply gives or the call's failure.
func greet(ctx context.Context, client *http.Client, timeout time.Duration, seat *Seat, msg arena.Message) {
	body, err := post(ctx, client, timeout, seat.URL, msg)
	if err != nil {
		seat.InitError = err.Error()
		return
	}
	var reply struct {
		Name string `json:"name"`
	}
	if json.Unmarshal(body, &reply) == nil {
		seat.Name = reply.Name
	}
}

// ask sends a bot at u a play-turn and answers its direction, or an error
// worded as a seat's cause: the transport's, or the reply's (badReply).
func ask(ctx context.Context, client *http.Client, timeout time.Duration, u string, msg turn) (engine.Dir, error) {
	body, err := post(ctx, client, timeout, u, msg)
	if err != nil {
		return 0, err
	}
	d, ok := direction(body)
	if !ok {
		return 0, errors.New(badReply(body))
	}
	return d, nil
}

// post sends msg as JSON to a bot with client (nil is
// http.DefaultClient) within timeout (0 is DefaultTimeout) and answers its
// reply's body, or an error "transport: ..." when the call fails or its
// status is not 200.
func post(ctx context.Context, client *http.Client, timeout time.Duration, u string, msg any) ([]byte, error) {
	data, err := json.Marshal(msg)
	if err != nil {
		return nil, fmt.Errorf("transport: %v", err)
	}
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("transport: %v", err)
	}
	req.Header.Set("Content-Type", "application/json")
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, transportError(err, timeout)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("transport: HTTP status %d", resp.StatusCode)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxReply))
	if err != nil {
		return nil, transportError(err, timeout)
	}
	return body, nil
}

// transportError words a failed call without the URL the seat shows.
func transportError(err error, timeout time.Duration) error {
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("transport: no reply within %v", timeout)
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return fmt.Errorf("transport: %v", err)
}

// direction reads a reply {"play": "x+"}.
func direction(body []byte) (engine.Dir, bool) {
	var reply map[string]json.RawMessage
	var play string
	if json.Unmarshal(body, &reply) != nil || json.Unmarshal(reply["play"], &play) != nil {
		return 0, false
	}
	return engine.ParseDir(play)
}

// badReply is the cause of a reply that is not a direction: "not JSON",
// or "bad direction" and the reply's "play" (or the whole reply when it
// has none), clipped.
func badReply(body []byte) string {
	if !json.Valid(body) {
		return "not JSON"
	}
	var reply map[string]json.RawMessage
	play := string(body)
	if json.Unmarshal(body, &reply) == nil && reply["play"] != nil {
		play = string(reply["play"])
		if s, err := strconv.Unquote(play); err == nil {
			play = s
		}
	}
	if len(play) > 40 {
		play = play[:40] + "..."
	}
	return fmt.Sprintf("bad direction %q", play)
}

// side is a grid side, 0 meaning the arena's.
func side(n int) int {
	if n == 0 {
		return engine.DefaultSide
	}
	return n
}

// String is the match's one-line log: the seats by rank, each with its
// death round and cause.
func (r *Result) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "game %s (seed %d, %dx%d): %d rounds:", r.GameID, r.Seed, r.Width, r.Height, r.Rounds)
	for rank := 1; rank <= len(r.Seats); rank++ {
		for _, s := range r.Seats {
			if s.Rank != rank {
				continue
			}
			fmt.Fprintf(&b, " %d. %s", rank, s.Label())
			if s.Died == 0 {
				b.WriteString(" (alive)")
			} else {
				fmt.Fprintf(&b, " (round %d, %s)", s.Died, s.Cause)
			}
		}
	}
	return b.String()
}

// Label is the seat's bot: its name and URL, or its URL.
func (s Seat) Label() string {
	if s.Name == "" {
		return s.URL
	}
	return s.Name + " <" + s.URL + ">"
}
