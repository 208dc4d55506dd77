// Package live serves Tidebreakers as the card's live match server: humans,
// agents and captains play one match, each seat acting with its own secret
// token, the match kept in a play.Store between requests. Nothing runs
// between requests: the lobby fill, the captains' turns and the time limit
// happen when the next request reads or acts on the match, at the time of
// the injected clock, so any instance serves any request.
package live

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	engine "github.com/agentgames/bundle/engines/tidebreakers"
	"github.com/agentgames/bundle/engines/tidebreakers/captains"
	"github.com/agentgames/bundle/games/tidebreakers"
	"github.com/agentgames/bundle/play"
)

// Timing of a match, from the card.
const (
	// Lobby is how long a match waits for players before captains fill
	// its empty seats.
	Lobby = 10 * time.Second
	// TimeLimit ends a match by scoring, this long after it starts.
	TimeLimit = 9 * time.Minute
)

// storeGame names live matches in the store.
const storeGame = "tidebreakers-live"

// codeLetters are the letters of match codes; codes are CodeLength long.
const (
	codeLetters = "ABCDEFGHJKLMNPQRSTUVWXYZ"
	CodeLength  = 4
)

// Server runs live matches over a store.
type Server struct {
	store play.Store
	clock play.Clock
}

// NewServer keeps matches in store and tells the time with clock.
func NewServer(store play.Store, clock play.Clock) *Server {
	return &Server{store: store, clock: clock}
}

// seat is one seat of a match: a captain's name, or a player's name and
// the hash of its token (empty until someone joins it).
type seat struct {
	Name    string `json:"name"`
	Captain string `json:"captain,omitempty"`
	Token   []byte `json:"token,omitempty"` // SHA-256 of the seat's token
}

// record is a match as the store keeps it.
type record struct {
	Code    string                  `json:"code"`
	Players int                     `json:"players"`
	Filler  string                  `json:"filler"` // the captain that fills empty seats
	Seats   []seat                  `json:"seats"`
	Created int64                   `json:"created"` // unix milliseconds
	Started int64                   `json:"started,omitempty"`
	State   []byte                  `json:"state,omitempty"` // the engine's state once started
	Log     []tidebreakers.LogEntry `json:"log"`
	version uint64
	match   *engine.State
}

func (r *record) joined(i int) bool { return r.Seats[i].Captain != "" || r.Seats[i].Token != nil }

func (r *record) full() bool {
	for i := range r.Seats {
		if !r.joined(i) {
			return false
		}
	}
	return true
}

// Create opens a match of players seats; the creator, called name, holds
// seat 0. bots of the other seats, from seat 1, are the captain's at once;
// captain also fills the seats still empty when the lobby closes.
func (s *Server) Create(ctx context.Context, players int, name string, bots int, captain string) (*Joined, error) {
	switch {
	case players < engine.MinPlayers || players > engine.MaxPlayers:
		return nil, play.Errorf(play.CodeInvalidRequest, "players must be %d to %d, not %d", engine.MinPlayers, engine.MaxPlayers, players)
	case bots < 0 || bots > players-1:
		return nil, play.Errorf(play.CodeInvalidRequest, "bots must be 0 to %d, the seats besides yours", players-1)
	case !slices.Contains(captains.Names(), captain):
		return nil, play.Errorf(play.CodeInvalidRequest, "captain must be one of %v, not %q", captains.Names(), captain)
	}
	token, hash := newToken()
	r := &record{Players: players, Filler: captain, Seats: make([]seat, players), Created: s.clock().UnixMilli(), Log: []tidebreakers.LogEntry{}}
	r.Seats[0] = seat{Name: playerName(name, 0), Token: hash}
	for i := 1; i <= bots; i++ {
		r.Seats[i] = seat{Name: captain, Captain: captain}
	}
	if err := s.advance(r); err != nil {
		return nil, err
	}
	for range 20 {
		r.Code = newCode()
		data, _ := json.Marshal(r)
		_, err := s.store.Save(ctx, storeGame, r.Code, data, 0, s.clock().Add(play.Retention))
		var pe *play.Error
		if errors.As(err, &pe) && pe.Code == play.CodeConflict {
			continue // the code is taken: draw another
		}
		if err != nil {
			return nil, err
		}
		return &Joined{Code: r.Code, Seat: 0, Token: token}, nil
	}
	return nil, errors.New("live: no free match code after 20 draws")
}

// Joined is what create and join answer: the match, the seat, and the
// seat's secret token.
type Joined struct {
	Code  string `json:"code"`
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

// Join takes the first empty seat of a match in its lobby.
func (s *Server) Join(ctx context.Context, code, name string) (*Joined, error) {
	var out *Joined
	err := s.update(ctx, code, func(r *record) error {
		if r.Started != 0 {
			return play.Errorf(play.CodeMatchFull, "match %s has started; every seat is taken", code)
		}
		for i := range r.Seats {
			if !r.joined(i) {
				token, hash := newToken()
				r.Seats[i] = seat{Name: playerName(name, i), Token: hash}
				out = &Joined{Code: code, Seat: i, Token: token}
				return nil
			}
		}
		return play.Errorf(play.CodeMatchFull, "match %s has no empty seat", code)
	})
	return out, err
}

// Get answers the public state of a match, after playing what is due.
func (s *Server) Get(ctx context.Context, code string) (*State, error) {
	var out *State
	err := s.update(ctx, code, func(r *record) error {
		out = r.public()
		return nil
	})
	return out, err
}

// Act applies the action of the seat whose token is given, then plays
// what is due, and answers the public state.
func (s *Server) Act(ctx context.Context, code, token string, a engine.Action) (*State, error) {
	var out *State
	err := s.update(ctx, code, func(r *record) error {
		seat, ok := r.seatOf(token)
		switch {
		case !ok:
			return play.Errorf(play.CodeForbidden, "that token holds no seat of match %s", code)
		case r.match == nil:
			return play.Errorf(play.CodeNotYourTurn, "match %s is still in its lobby", code)
		case r.match.Over():
			return play.Errorf(play.CodeMatchOver, "match %s is over", code)
		case r.match.Turn() != seat:
			return play.Errorf(play.CodeNotYourTurn, "it is seat %d's turn, not yours (seat %d)", r.match.Turn(), seat)
		}
		if err := r.match.Apply(seat, a); err != nil {
			return play.Errorf(play.CodeIllegalMove, "%v", err)
		}
		r.keep()
		if err := s.advance(r); err != nil {
			return err
		}
		out = r.public()
		return nil
	})
	return out, err
}

// update loads a match, plays what is due, applies f, and saves it if it
// changed, retrying on a lost race.
func (s *Server) update(ctx context.Context, code string, f func(*record) error) error {
	for range 10 {
		data, version, err := s.store.Load(ctx, storeGame, code)
		if err != nil {
			return err
		}
		r := &record{}
		if err := json.Unmarshal(data, r); err != nil {
			return fmt.Errorf("live: match %s: %w", code, err)
		}
		r.version = version
		if r.State != nil {
			r.match = &engine.State{}
			if err := r.match.UnmarshalBinary(r.State); err != nil {
				return fmt.Errorf("live: match %s: %w", code, err)
			}
		}
		if err := s.advance(r); err != nil {
			return err
		}
		if err := f(r); err != nil {
			return err
		}
		next, _ := json.Marshal(r)
		if string(next) == string(data) {
			return nil
		}
		_, err = s.store.Save(ctx, storeGame, code, next, version, s.clock().Add(play.Retention))
		var pe *play.Error
		if errors.As(err, &pe) && pe.Code == play.CodeConflict {
			continue
		}
		return err
	}
	return play.Errorf(play.CodeConflict, "match %s is busy; try again", code)
}

// advance plays what is due at the clock's time: the lobby closing (its
// empty seats go to captains), the captains' turns, and the time limit.
func (s *Server) advance(r *record) error {
	now := s.clock().UnixMilli()
	if r.Started == 0 && (r.full() || now >= r.Created+Lobby.Milliseconds()) {
		for i := range r.Seats {
			if !r.joined(i) {
				r.Seats[i] = seat{Name: r.Filler, Captain: r.Filler}
			}
		}
		var b [8]byte
		rand.Read(b[:])
		m, err := engine.New(binary.LittleEndian.Uint64(b[:])&play.MaxSeed, r.Players)
		if err != nil {
			return err
		}
		r.match, r.Started = m, now
		r.keep()
	}
	if r.match == nil {
		return nil
	}
	for !r.match.Over() {
		if now >= r.Started+TimeLimit.Milliseconds() {
			r.match.Finish(engine.TimeLimit)
			r.keep()
			break
		}
		bot := r.Seats[r.match.Turn()].Captain
		if bot == "" {
			break
		}
		policy, _ := captains.Named(bot)
		rs := r.match.BotStream()
		if err := r.match.Apply(r.match.Turn(), policy(r.match, &rs)); err != nil {
			return fmt.Errorf("live: captain %s refused: %w", bot, err)
		}
		r.keep()
	}
	return nil
}

// keep records the match's state and the log entries its last change
// added.
func (r *record) keep() {
	r.State, _ = r.match.MarshalBinary()
	for _, e := range r.match.Recorded() {
		r.Log = append(r.Log, tidebreakers.LogEntryOf(e))
	}
}

// seatOf finds the seat a token holds, comparing hashes in constant time.
func (r *record) seatOf(token string) (int, bool) {
	h := sha256.Sum256([]byte(token))
	found := -1
	for i, st := range r.Seats {
		if st.Token != nil && subtle.ConstantTimeCompare(st.Token, h[:]) == 1 {
			found = i
		}
	}
	return found, found >= 0
}

// newToken makes a seat token (256 random bits, base64url) and the hash
// the store keeps of it.
func newToken() (string, []byte) {
	var b [32]byte
	rand.Read(b[:])
	tok := base64.RawURLEncoding.EncodeToString(b[:])
	h := sha256.Sum256([]byte(tok))
	return tok, h[:]
}

// newCode draws a match code, each letter uniform over codeLetters.
func newCode() string {
	out := make([]byte, 0, CodeLength)
	var b [1]byte
	for len(out) < CodeLength {
		rand.Read(b[:])
		if limit := 256 - 256%len(codeLetters); int(b[0]) < limit {
			out = append(out, codeLetters[int(b[0])%len(codeLetters)])
		}
	}
	return string(out)
}

func playerName(name string, seat int) string {
	if name == "" {
		return fmt.Sprintf("Player %d", seat+1)
	}
	return name
}
