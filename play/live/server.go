package live

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/wire"
)

// DefaultCreatesPerMinute is how many matches one client may create in a
// minute unless the server is told otherwise (WithCreateLimit).
const DefaultCreatesPerMinute = 60

// Server runs one game's live matches over a store.
type Server struct {
	game    *Game
	rules   Rules
	store   play.Store
	clock   play.Clock
	seeds   play.Seeds // the deals' seeds
	creates *play.Quota
	kept    *cache // the matches last read or written, decoded
	rater   Rater  // told of every match that ends; nil for none
	names   Names  // agents' names no other seat may take; nil for none
	// botNames are the folded names of the bots (see botNames).
	botNames []string
}

// NewServer keeps g's matches in store and tells the time with clock.
// It limits creation to DefaultCreatesPerMinute matches a client.
func NewServer(g *Game, store play.Store, clock play.Clock) *Server {
	return (&Server{game: g, rules: g.Rules, store: store, clock: clock, seeds: play.RandomSeeds, botNames: botNames(g.Rules),
		kept: newCache(DefaultKept)}).WithCreateLimit(DefaultCreatesPerMinute)
}

// WithKept has the server keep up to n matches decoded between requests
// (see cache.go) instead of DefaultKept; 0 keeps none, so that every
// request decodes its match from the store.
func (s *Server) WithKept(n int) *Server {
	s.kept = newCache(n)
	return s
}

// Game is the game the server plays.
func (s *Server) Game() *Game { return s.game }

// Now is the time on the server's clock.
func (s *Server) Now() time.Time { return s.clock() }

// WithSeeds has the server deal its matches from the seeds seeds draws
// instead of play.RandomSeeds: a test's, so that a live match replays
// seed by seed.
func (s *Server) WithSeeds(seeds play.Seeds) *Server {
	s.seeds = seeds
	return s
}

// WithCreateLimit lets one client (see play.ClientOf) create at most
// perMinute matches in a minute; 0 sets no limit.
func (s *Server) WithCreateLimit(perMinute int) *Server {
	s.creates = &play.Quota{Store: s.store, Clock: s.clock, Kind: "live-create", What: "matches created", Limit: perMinute, Window: time.Minute}
	return s
}

// Joined is what create and join answer: the match, the seat, and the
// seat's secret token.
type Joined struct {
	Code  string `json:"code"`
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

// Create opens a match of players seats; the creator, called name, holds
// seat 0. bots of the other seats, from seat 1, are policy's at once;
// policy, one of the Rules' Policies (the default when empty), also fills
// the seats still empty when the lobby closes. A client past its creation limit is refused with
// play.CodeRateLimited.
func (s *Server) Create(ctx context.Context, players int, name string, bots int, policy string) (*Joined, error) {
	return s.CreateSetup(ctx, Setup{Players: players, Name: name, Bots: bots, Policy: policy})
}

// Setup is a match to create: as Create's arguments, and for a game that
// plays in rounds how long a round waits for its seats' moves
// (DefaultRound when 0; the facade bounds it).
type Setup struct {
	Players int
	Name    string
	Bots    int
	Policy  string
	Round   time.Duration
	// Options are the game's options for the match (the grid's size,
	// say), checked by the facade.
	Options map[string]string
}

// CreateSetup is Create with every setting of the match.
func (s *Server) CreateSetup(ctx context.Context, setup Setup) (*Joined, error) {
	players, name, bots, policy := setup.Players, setup.Name, setup.Bots, setup.Policy
	if policy == "" {
		policy = s.rules.Policies()[0]
	}
	least, most := s.rules.Seats()
	switch {
	case players < least || players > most:
		return nil, play.Errorf(play.CodeInvalidRequest, "players must be %d to %d, not %d", least, most, players)
	case bots < 0 || bots > players-1:
		return nil, play.Errorf(play.CodeInvalidRequest, "bots must be 0 to %d, the seats besides yours", players-1)
	case !slices.Contains(s.rules.Policies(), policy):
		return nil, play.Errorf(play.CodeInvalidRequest, "the bots must be one of %v, not %s", s.rules.Policies(), wire.Quote(policy))
	}
	name, err := s.seatName(ctx, name)
	if err != nil {
		return nil, err
	}
	if err := s.creates.Take(ctx); err != nil {
		return nil, err
	}
	token, hash := newToken()
	m := &Match{Players: players, Filler: policy, Seats: make([]Seat, players), Created: s.clock().UnixMilli(), Log: []json.RawMessage{},
		RoundMillis: setup.Round.Milliseconds(), Options: setup.Options}
	m.Seats[0] = newSeat(ctx, name, 0, hash)
	for i := 1; i <= bots; i++ {
		m.Seats[i] = Seat{Name: policy, Bot: policy}
	}
	if err := s.start(ctx, m); err != nil {
		return nil, err
	}
	return &Joined{Code: m.Code, Seat: 0, Token: token}, nil
}

// start plays what is due in the new match m and saves it under a code
// nobody has, which it sets.
func (s *Server) start(ctx context.Context, m *Match) error {
	if err := s.advance(m); err != nil {
		return err
	}
	for range codeDraws {
		m.Code = newCode()
		data, err := m.encode(0)
		if err != nil {
			return err
		}
		_, err = s.store.Save(ctx, s.rules.Kind(), m.Code, data, 0, m.expires(s.clock()))
		if play.IsCode(err, play.CodeConflict) {
			continue // the code is taken: draw another
		}
		return err
	}
	return &play.Error{Code: play.CodeUnavailable, RetryAfter: time.Second,
		Message: fmt.Sprintf("no free match code after %d draws; try again", codeDraws)}
}

// Join takes the first empty seat of a match in its lobby.
func (s *Server) Join(ctx context.Context, code, name string) (*Joined, error) {
	name, err := s.seatName(ctx, name)
	if err != nil {
		return nil, err
	}
	var out *Joined
	err = s.Update(ctx, code, func(m *Match) error {
		if m.Table != nil {
			return play.Errorf(play.CodeMatchFull, "match %s has started; every seat is taken", m.Code)
		}
		if a, ok := play.AgentOf(ctx); ok && slices.ContainsFunc(m.Seats, func(st Seat) bool { return st.Agent != nil && st.Agent.ID == a.ID }) {
			return play.Errorf(play.CodeAlreadySeated, "agent %s holds a seat of match %s already: an agent plays one seat of a match", a.ID, m.Code)
		}
		for i := range m.Seats {
			if !m.Joined(i) {
				token, hash := newToken()
				m.Seats[i] = newSeat(ctx, name, i, hash)
				m.Played = true
				out = &Joined{Code: m.Code, Seat: i, Token: token}
				return nil
			}
		}
		return play.Errorf(play.CodeMatchFull, "match %s has no empty seat", m.Code)
	})
	return out, err
}

// View answers a match after playing what is due, and the seat token
// holds in it (forbidden when it holds none), from one read.
func (s *Server) View(ctx context.Context, code, token string) (*Match, int, error) {
	m, err := s.Read(ctx, code)
	if err != nil {
		return nil, -1, err
	}
	seat, ok := m.SeatOf(token)
	if !ok {
		return nil, -1, play.Errorf(play.CodeForbidden, "that token holds no seat of match %s", m.Code)
	}
	return m, seat, nil
}

// Update loads a match, plays what is due, applies f (which reads the
// match, or changes it as Act and Join do), then plays what the
// change made due (the bots' turns it hands on) and saves the match if it
// changed, conditional on the version it read; a lost race plays the
// request again, as play.Retry's policy says. When Update answers nil, the match
// f was last given is the one saved: read the answer from it then. A code
// that cannot be one is no match, without a read of the store.
func (s *Server) Update(ctx context.Context, code string, f func(*Match) error) error {
	code, ok := canonicalCode(code)
	if !ok {
		return play.Errorf(play.CodeNoMatch, "no match has the code %s: a code is %d letters and digits", wire.Quote(code), CodeLength)
	}
	return play.Retry(ctx, fmt.Sprintf("match %s is busy; try again", code), func() (bool, error) {
		data, version, err := s.store.Load(ctx, s.rules.Kind(), code)
		if err != nil {
			return false, err
		}
		m := s.kept.get(code, data, version)
		if m == nil {
			if m, err = s.decode(ctx, code, data); err != nil {
				return false, err
			}
		}
		m.version = version
		wasOver := m.Table != nil && m.Table.Phase().Over
		if err := s.advance(m); err != nil {
			return false, err
		}
		if err := f(m); err != nil {
			return false, err
		}
		if err := s.advance(m); err != nil {
			return false, err
		}
		if !wasOver && m.Table != nil && m.Table.Phase().Over && s.rated(m) {
			m.Unrated = true // this write ends the match: no other will
		}
		next, err := m.encode(len(data))
		if err != nil {
			return false, err
		}
		if string(next) != string(data) {
			expires := m.expires(s.clock())
			if next, err = s.withChunks(ctx, m, expires, next); err != nil {
				return false, err
			}
			_, err = s.store.Save(ctx, s.rules.Kind(), code, next, version, expires)
			if play.IsCode(err, play.CodeConflict) {
				return true, nil
			}
			if err != nil {
				return false, err
			}
			data, version = next, version+1
		}
		if m.Unrated && s.rated(m) {
			data, version = s.rate(ctx, m, data, version)
		}
		s.kept.put(code, data, version, m)
		return false, nil
	})
}

// withChunks stores the chunks m's table has sealed (see storeChunks) before
// m, encoded as next, is saved to expire at expires, and answers m as it
// then is.
func (s *Server) withChunks(ctx context.Context, m *Match, expires time.Time, next []byte) ([]byte, error) {
	chunks, until := m.Chunks, m.ChunksExpire
	if err := s.storeChunks(ctx, m, expires); err != nil {
		return nil, err
	}
	if m.Chunks == chunks && m.ChunksExpire == until {
		return next, nil
	}
	return m.encode(len(next))
}

// decode reads a match as the store keeps it, and the chunks the store
// keeps of its record.
func (s *Server) decode(ctx context.Context, code string, data []byte) (*Match, error) {
	m, err := decodeMatch(data)
	if err != nil {
		return nil, fmt.Errorf("live: match %s: %w", code, err)
	}
	if m.State != nil {
		chunks, err := s.loadChunks(ctx, m)
		if err != nil {
			return nil, err
		}
		if m.Table, err = s.rules.Restore(m.State, chunks); err != nil {
			return nil, fmt.Errorf("live: match %s: %w", code, err)
		}
	}
	return m, nil
}

// Read answers a match after playing what is due.
func (s *Server) Read(ctx context.Context, code string) (*Match, error) {
	var last *Match
	err := s.Update(ctx, code, func(m *Match) error { last = m; return nil })
	return last, err
}

// maxBotMoves bounds the bots' moves one request plays: past it the
// request fails instead of looping.
const maxBotMoves = 100000

// advance plays what is due at the clock's time: the lobby closing (its
// empty seats go to the filler's bots, and the table is dealt from a
// seed nobody sees), the game's clock rules, and the bots' moves until a
// player is to act or the match is over.
func (s *Server) advance(m *Match) error {
	now := s.clock()
	if m.Table == nil && (m.full() || now.UnixMilli() >= m.Created+s.rules.Lobby().Milliseconds()) {
		for i := range m.Seats {
			if !m.Joined(i) {
				m.Seats[i] = Seat{Name: m.Filler, Bot: m.Filler}
			}
		}
		t, err := s.rules.Start(s.seeds(), m.Players, m.Options)
		if err != nil {
			return err
		}
		m.Table, m.Started = t, now.UnixMilli()
		m.keep()
	}
	if m.Table == nil {
		return nil
	}
	if m.Table.Due(time.UnixMilli(m.Started), now) {
		m.keep()
	}
	if s.rules.Rounds() {
		return s.rounds(m, now)
	}
	for range maxBotMoves { // the clock rule has had its say: now stands still within a request
		p := m.Table.Phase()
		if p.Over || len(p.ToAct) != 1 || m.Seats[p.ToAct[0]].Bot == "" {
			return nil
		}
		seat, bot := p.ToAct[0], m.Seats[p.ToAct[0]].Bot
		move, err := m.Table.BotMove(seat, bot)
		if err == nil {
			err = m.Table.Play([]play.Move{{Seat: seat, Action: move}})
		}
		if err != nil {
			return fmt.Errorf("live: bot %s refused: %w", bot, err)
		}
		m.keep()
	}
	return fmt.Errorf("live: match %s: bots still playing after %d moves", m.Code, maxBotMoves)
}
