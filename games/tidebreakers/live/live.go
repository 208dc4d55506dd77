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
	"fmt"
	"slices"
	"time"

	engine "github.com/agentgames/bundle/engines/tidebreakers"
	"github.com/agentgames/bundle/engines/tidebreakers/captains"
	"github.com/agentgames/bundle/games/tidebreakers"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/wire"
)

// Timing of a match, from the card.
const (
	// Lobby is how long a match waits for players before captains fill
	// its empty seats.
	Lobby = 10 * time.Second
	// TimeLimit ends a match by scoring, this long after it starts.
	TimeLimit = 9 * time.Minute
)

// How long a match is kept: Unplayed after its creation while nobody has
// joined it (besides its creator) and nobody has acted in it, so that
// matches created and left cost little; play.Retention after its last
// write once it has been played.
const Unplayed = time.Hour

// storeGame names live matches in the store.
const storeGame = "tidebreakers-live"

// Match codes are CodeLength symbols of Crockford's base 32 (digits and
// capitals without I, L, O and U, which read like others): 50 random
// bits, so that nobody can fill the space of codes nor find matches by
// trying codes. Codes are read without regard to case.
const (
	codeSymbols = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
	CodeLength  = 10
	// maxCode bounds the length of a code read from a request; older
	// servers gave out shorter codes.
	maxCode = 32
)

// codeDraws is how many codes Create draws before it gives up: with 2^50
// codes, a second draw is already a sign of trouble.
const codeDraws = 8

// DefaultCreatesPerMinute is how many matches one client may create in a
// minute unless the server is told otherwise (WithCreateLimit).
const DefaultCreatesPerMinute = 60

// Server runs live matches over a store.
type Server struct {
	store   play.Store
	clock   play.Clock
	creates *play.Quota
}

// NewServer keeps matches in store and tells the time with clock. It
// limits creation to DefaultCreatesPerMinute matches a client.
func NewServer(store play.Store, clock play.Clock) *Server {
	return (&Server{store: store, clock: clock}).WithCreateLimit(DefaultCreatesPerMinute)
}

// WithCreateLimit lets one client (see play.ClientOf) create at most
// perMinute matches in a minute; 0 sets no limit.
func (s *Server) WithCreateLimit(perMinute int) *Server {
	s.creates = &play.Quota{Store: s.store, Clock: s.clock, Kind: "live-create", What: "matches created", Limit: perMinute, Window: time.Minute}
	return s
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
	// Played: someone besides the creator has joined, or a player has
	// acted; the match is then kept play.Retention after its last write,
	// and Unplayed after its creation until then.
	Played  bool `json:"played,omitempty"`
	version uint64
	match   *engine.State
}

// expires is when the store may drop the match, written at now.
func (r *record) expires(now time.Time) time.Time {
	if r.Played {
		return now.Add(play.Retention)
	}
	return time.UnixMilli(r.Created).Add(Unplayed)
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

// MinPlayers and MaxPlayers bound a live match's seats.
const (
	MinPlayers = engine.MinPlayers
	MaxPlayers = engine.MaxPlayers
)

// Captains are the kinds of captain that may fill a live match's seats,
// the default first.
func Captains() []string { return captains.Names() }

// Create opens a match of players seats; the creator, called name, holds
// seat 0. bots of the other seats, from seat 1, are the captain's at once;
// captain also fills the seats still empty when the lobby closes. A
// client past its creation limit is refused with play.CodeRateLimited.
func (s *Server) Create(ctx context.Context, players int, name string, bots int, captain string) (*Joined, error) {
	switch {
	case players < engine.MinPlayers || players > engine.MaxPlayers:
		return nil, play.Errorf(play.CodeInvalidRequest, "players must be %d to %d, not %d", engine.MinPlayers, engine.MaxPlayers, players)
	case bots < 0 || bots > players-1:
		return nil, play.Errorf(play.CodeInvalidRequest, "bots must be 0 to %d, the seats besides yours", players-1)
	case !slices.Contains(captains.Names(), captain):
		return nil, play.Errorf(play.CodeInvalidRequest, "captain must be one of %v, not %s", captains.Names(), wire.Quote(captain))
	}
	if err := s.creates.Take(ctx); err != nil {
		return nil, err
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
	for range codeDraws {
		r.Code = newCode()
		data, _ := json.Marshal(r)
		_, err := s.store.Save(ctx, storeGame, r.Code, data, 0, r.expires(s.clock()))
		if play.IsCode(err, play.CodeConflict) {
			continue // the code is taken: draw another
		}
		if err != nil {
			return nil, err
		}
		return &Joined{Code: r.Code, Seat: 0, Token: token}, nil
	}
	return nil, &play.Error{Code: play.CodeUnavailable, RetryAfter: time.Second,
		Message: fmt.Sprintf("no free match code after %d draws; try again", codeDraws)}
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
			return play.Errorf(play.CodeMatchFull, "match %s has started; every seat is taken", r.Code)
		}
		for i := range r.Seats {
			if !r.joined(i) {
				token, hash := newToken()
				r.Seats[i] = seat{Name: playerName(name, i), Token: hash}
				r.Played = true
				out = &Joined{Code: r.Code, Seat: i, Token: token}
				return nil
			}
		}
		return play.Errorf(play.CodeMatchFull, "match %s has no empty seat", r.Code)
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
			return play.Errorf(play.CodeForbidden, "that token holds no seat of match %s", r.Code)
		case r.match == nil:
			return play.Errorf(play.CodeNotYourTurn, "match %s is still in its lobby", r.Code)
		case r.match.Over():
			return play.Errorf(play.CodeMatchOver, "match %s is over", r.Code)
		case r.match.Turn() != seat:
			return play.Errorf(play.CodeNotYourTurn, "it is seat %d's turn, not yours (seat %d)", r.match.Turn(), seat)
		}
		if err := r.match.Apply(seat, a); err != nil {
			return play.Errorf(play.CodeIllegalMove, "%v", err)
		}
		r.Played = true
		r.keep()
		if err := s.advance(r); err != nil {
			return err
		}
		out = r.public()
		return nil
	})
	return out, err
}

// Seat answers the seat a token holds in a match (forbidden when it holds
// none), after playing what is due, as Get does.
func (s *Server) Seat(ctx context.Context, code, token string) (int, error) {
	seat := -1
	err := s.update(ctx, code, func(r *record) error {
		var ok bool
		if seat, ok = r.seatOf(token); !ok {
			return play.Errorf(play.CodeForbidden, "that token holds no seat of match %s", r.Code)
		}
		return nil
	})
	return seat, err
}

// update loads a match, plays what is due, applies f, and saves it if it
// changed, retrying on a lost race. A code that cannot be one is no
// match, without a read of the store.
func (s *Server) update(ctx context.Context, code string, f func(*record) error) error {
	code, ok := canonicalCode(code)
	if !ok {
		return play.Errorf(play.CodeNoMatch, "no match has the code %s: a code is %d letters and digits", wire.Quote(code), CodeLength)
	}
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
		_, err = s.store.Save(ctx, storeGame, code, next, version, r.expires(s.clock()))
		if play.IsCode(err, play.CodeConflict) {
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

// newCode draws a match code, each symbol uniform over codeSymbols.
func newCode() string {
	var b [CodeLength]byte
	rand.Read(b[:])
	for i := range b {
		b[i] = codeSymbols[b[i]%byte(len(codeSymbols))] // 256 is a multiple of 32
	}
	return string(b[:])
}

// canonicalCode answers a code as the store keeps it (in capitals), and
// whether it can be a code at all: 1 to maxCode letters and digits.
func canonicalCode(code string) (string, bool) {
	if code == "" || len(code) > maxCode {
		return code, false
	}
	b := []byte(code)
	for i, c := range b {
		switch {
		case c >= 'a' && c <= 'z':
			b[i] = c - 'a' + 'A'
		case c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		default:
			return code, false
		}
	}
	return string(b), true
}

func playerName(name string, seat int) string {
	if name == "" {
		return fmt.Sprintf("Player %d", seat+1)
	}
	return name
}
