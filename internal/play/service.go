package play

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"

	"github.com/agentgames/bundle/engines"
	"github.com/agentgames/bundle/internal/seal"
)

// MaxSeed is the largest seed: every seed is exact as a JSON number in any
// language (2^53 - 1).
const MaxSeed = 1<<53 - 1

// Answer is what init and action answer: an *Envelope, or a *Refusal.
type Answer interface {
	// Token is the state token the answer carries.
	Token() string
}

// Envelope is an accepted init or action: the next state token and what the
// agent sees.
type Envelope struct {
	OK         bool   `json:"ok"`
	State      string `json:"state"`
	StateToken string `json:"stateToken,omitempty"`
	// Seed is the match's seed, on init only.
	Seed         *uint64 `json:"seed,omitempty"`
	Observation  string  `json:"observation,omitempty"`
	LegalActions any     `json:"legalActions"`
	// Spec documents the game, on init only.
	Spec     any    `json:"spec,omitempty"`
	Score    *int   `json:"score,omitempty"`
	GameOver bool   `json:"gameOver"`
	Result   any    `json:"result"`
	Turn     string `json:"turn,omitempty"`
	View     any    `json:"view,omitempty"`
	// Events says what the action caused, on actions only.
	Events any `json:"events,omitempty"`
}

// Token is the state token the envelope carries.
func (e *Envelope) Token() string { return e.State }

// Refusal is a refused action: why, what is legal, and the unchanged state.
type Refusal struct {
	OK           bool   `json:"ok"`
	Code         string `json:"code"`
	Reason       string `json:"reason"`
	LegalActions any    `json:"legalActions"`
	GameOver     bool   `json:"gameOver"`
	State        string `json:"state"`
	StateToken   string `json:"stateToken,omitempty"`
}

// Token is the unchanged state token.
func (r *Refusal) Token() string { return r.State }

// Service answers the loop for a set of games.
type Service struct {
	keys  *seal.Keyring
	games map[string]Game
	order []Game
}

// NewService serves the given games, sealing state with keys.
func NewService(keys *seal.Keyring, games ...Game) *Service {
	s := &Service{keys: keys, games: map[string]Game{}}
	for _, g := range games {
		s.games[g.Info().Slug] = g
		s.order = append(s.order, g)
	}
	return s
}

// Games lists the served games in the order they were given.
func (s *Service) Games() []Game { return s.order }

// Game finds a game by slug.
func (s *Service) Game(slug string) (Game, error) {
	g, ok := s.games[slug]
	if !ok {
		return nil, Errorf(CodeUnknownGame, "no game is called %q; GET /api/games lists them", slug)
	}
	return g, nil
}

// Init starts a match. A nil seed picks one at random and reports it.
func (s *Service) Init(slug string, seed *uint64, options url.Values) (*Envelope, error) {
	g, err := s.Game(slug)
	if err != nil {
		return nil, err
	}
	if seed == nil {
		var b [8]byte
		rand.Read(b[:])
		picked := binary.LittleEndian.Uint64(b[:]) & MaxSeed
		seed = &picked
	}
	if *seed > MaxSeed {
		return nil, Errorf(CodeInvalidRequest, "seed must be an integer from 0 to %d", uint64(MaxSeed))
	}
	m, err := g.New(*seed, options)
	if err != nil {
		return nil, err
	}
	env, err := s.envelope(g, m)
	if err != nil {
		return nil, err
	}
	env.Seed, env.Spec = seed, g.Spec()
	return env, nil
}

// Act applies an action to the match a token carries. A refused action
// answers a *Refusal carrying the same token.
func (s *Service) Act(slug, token string, action json.RawMessage) (Answer, error) {
	g, m, err := s.open(slug, token)
	if err != nil {
		return nil, err
	}
	events, err := m.Act(action)
	var ill *engines.Illegal
	if errors.As(err, &ill) {
		return s.refusal(g, m, token, ill.Code, ill.Reason), nil
	}
	if err != nil {
		return nil, err
	}
	env, err := s.envelope(g, m)
	if err != nil {
		return nil, err
	}
	env.Events = events
	return env, nil
}

// Refuse answers an action refused before it reached the game (for not
// matching the action grammar): the match the token carries is unchanged.
func (s *Service) Refuse(slug, token, code, reason string) (*Refusal, error) {
	g, m, err := s.open(slug, token)
	if err != nil {
		return nil, err
	}
	return s.refusal(g, m, token, code, reason), nil
}

func (s *Service) refusal(g Game, m Match, token, code, reason string) *Refusal {
	p := m.Present()
	r := &Refusal{Code: code, Reason: reason, LegalActions: p.LegalActions, GameOver: p.GameOver, State: token}
	if g.Info().EchoStateToken {
		r.StateToken = token
	}
	return r
}

// open restores the match a token carries.
func (s *Service) open(slug, token string) (Game, Match, error) {
	g, err := s.Game(slug)
	if err != nil {
		return nil, nil, err
	}
	if token == "" {
		return nil, nil, Errorf(CodeMissingState, "send the state token from the previous answer as \"state\" (or \"stateToken\"); GET /api/games/%s/init starts a match", slug)
	}
	state, err := s.keys.Open(slug, token)
	if err != nil {
		return nil, nil, tokenError(err)
	}
	m, err := g.Decode(state)
	if err != nil {
		// Authentic but unreadable: written by an incompatible version.
		return nil, nil, Errorf(CodeTokenFormat, "the state token holds a state this server cannot read: %v", err)
	}
	return g, m, nil
}

func tokenError(err error) error {
	code := CodeTokenForged
	switch {
	case errors.Is(err, seal.ErrMalformed):
		code = CodeTokenMalformed
	case errors.Is(err, seal.ErrFormat):
		code = CodeTokenFormat
	case errors.Is(err, seal.ErrUnknownKey):
		code = CodeTokenUnknownKey
	}
	return &Error{Code: code, Message: err.Error()}
}

func (s *Service) envelope(g Game, m Match) (*Envelope, error) {
	state, err := m.MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("encoding %s state: %w", g.Info().Slug, err)
	}
	p := m.Present()
	env := &Envelope{
		OK:           true,
		Observation:  p.Observation,
		LegalActions: p.LegalActions,
		Score:        &p.Score,
		GameOver:     p.GameOver,
		Result:       p.Result,
		Turn:         p.Turn,
		View:         p.View,
	}
	env.State = s.keys.Seal(g.Info().Slug, state)
	if g.Info().EchoStateToken {
		env.StateToken = env.State
	}
	return env, nil
}
