package play

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/agentgames/bundle/engines"
	"github.com/agentgames/bundle/play/wire"
)

// MaxSeed is the largest seed: every seed is exact as a JSON number in any
// language (2^53 - 1).
const MaxSeed = 1<<53 - 1

// maxBotRounds bounds how many rounds bots play between two callers' moves:
// past it the service answers an internal error instead of looping.
const maxBotRounds = 10000

// Service runs the loop for a set of games over one store.
type Service struct {
	store  Store
	ledger Ledger // where ranked matches spend their tokens; nil offers none
	// credits counts the ranked runs agents start; nil counts none.
	credits Credits
	clock   Clock
	seeds   Seeds
	games   map[string]Game
	order   []Game
}

// NewService serves games, keeping matches in store and telling the time
// with clock.
func NewService(store Store, clock Clock, games ...Game) *Service {
	s := &Service{store: store, clock: clock, seeds: RandomSeeds, games: map[string]Game{}}
	for _, g := range games {
		s.games[g.Info().Slug] = g
		s.order = append(s.order, g)
	}
	return s
}

// WithSeeds has the service draw the seeds it picks from seeds instead
// of RandomSeeds (a test's, say).
func (s *Service) WithSeeds(seeds Seeds) *Service {
	s.seeds = seeds
	return s
}

// Games lists the served games in the order they were given.
func (s *Service) Games() []Game { return s.order }

// Game finds a game by slug.
func (s *Service) Game(slug string) (Game, error) {
	g, ok := s.games[slug]
	if !ok {
		return nil, Errorf(CodeUnknownGame, "no game is called %s; GET /api/games lists them", wire.Quote(slug))
	}
	return g, nil
}

// Answer has the bot of the game slug answer one message of its arena's
// protocol (see Answerer).
func (s *Service) Answer(slug string, message []byte, options map[string]string) (any, error) {
	g, err := s.Game(slug)
	if err != nil {
		return nil, err
	}
	a, ok := g.(Answerer)
	if !ok {
		return nil, Errorf(CodeNotFound, "%s has no bot endpoint for an outside arena", slug)
	}
	return a.Answer(message, options)
}

// Init starts a match with the given options, and lets the bots that act
// before the caller play (their moves are the answer's events). A nil seed
// has the server pick one, which stays private until the match is over.
// The option ranked=true asks for a ranked match (see RankedOption).
func (s *Service) Init(ctx context.Context, slug string, seed *uint64, options map[string]string) (*Envelope, error) {
	g, err := s.Game(slug)
	if err != nil {
		return nil, err
	}
	options = maps.Clone(options)
	yes, err := serviceOption(options, RankedOption, []string{"false", "true"})
	if err != nil {
		return nil, err
	}
	ranked := yes == 1
	sh, err := serviceOption(options, AnswerOption, shapes)
	if err != nil {
		return nil, err
	}
	if ranked && seed != nil {
		return nil, Errorf(CodeInvalidRequest, "a ranked match's seed is the server's, sealed until the end: send %s=true without a seed", RankedOption)
	}
	if err := checkOptions(g.Info(), options); err != nil {
		return nil, err
	}
	rec := record{shape: shape(sh)}
	switch {
	case seed == nil:
		rec.seed, rec.picked = s.seeds(), true
	case *seed > MaxSeed:
		return nil, Errorf(CodeInvalidRequest, "seed must be a whole number from 0 to %d", uint64(MaxSeed))
	default:
		rec.seed = *seed
	}
	m, err := g.New(rec.seed, options)
	if err != nil {
		return nil, err
	}
	events, err := s.playBots(m, nil)
	if err != nil {
		return nil, err
	}
	if ranked {
		board, boarded := g.Info().Board(options)
		if err := s.startRanked(ctx, slug, board, boarded, options, &rec); err != nil {
			return nil, err
		}
	}
	ref, err := s.save(ctx, g, "", &rec, m, 0)
	if err != nil {
		return nil, err
	}
	env := s.envelope(g, m.View(Caller), ref, &rec)
	if !rec.picked {
		env.Seed = &rec.seed
	}
	spec := g.Spec()
	env.Spec, env.Events = &spec, events
	rec.shape.cut(env)
	return env, nil
}

// checkOptions refuses an option the game does not read, or a value it
// does not take.
func checkOptions(info Info, options map[string]string) error {
	for name, value := range options {
		i := slices.IndexFunc(info.Options, func(o Option) bool { return o.Name == name })
		if i < 0 {
			names := []string{"seed", RankedOption, AnswerOption}
			for _, o := range info.Options {
				names = append(names, o.Name)
			}
			return Errorf(CodeInvalidRequest, "%s has no option %s; its options are %s", info.Slug, wire.Quote(name), strings.Join(names, ", "))
		}
		o := info.Options[i]
		if o.Values == nil {
			if n, err := strconv.Atoi(value); err != nil || n < o.Min || n > o.Max || strconv.Itoa(n) != value {
				return Errorf(CodeInvalidRequest, "option %s must be a whole number from %d to %d, not %s", name, o.Min, o.Max, wire.Quote(value))
			}
			continue
		}
		if !slices.Contains(o.Values, value) {
			return Errorf(CodeInvalidRequest, "option %s must be one of %s, not %s", name, strings.Join(o.Values, ", "), wire.Quote(value))
		}
	}
	return nil
}

// Act applies the caller's action to the match ref names, with the moves
// of the bots acting at the same moment, then lets the bots play until the
// caller must act again or the match ends. A refused action answers a
// *Refusal carrying the same ref.
func (s *Service) Act(ctx context.Context, slug, ref string, action json.RawMessage) (Answer, error) {
	g, m, rec, version, err := s.load(ctx, slug, ref)
	if err != nil {
		return nil, err
	}
	var head *ledgerHead
	if rec.ranked != nil {
		if head, err = s.checkRanked(ctx, slug, rec.ranked); err != nil {
			return nil, err
		}
	}
	phase := m.Phase()
	if !phase.Over && !phase.Acts(Caller) {
		return nil, fmt.Errorf("%s: the caller's seat is not to act in %v", slug, phase.ToAct)
	}
	moves := append(make([]Move, 0, 1+len(phase.ToAct)), Move{Seat: Caller, Action: action})
	if !phase.Over {
		if moves, err = botMoves(m, phase, moves); err != nil {
			return nil, err
		}
	}
	events, err := m.Act(moves, s.clock())
	if err != nil {
		var pe *Error
		switch {
		case !errors.As(err, &pe):
			return nil, err
		case !Listed(pe.Code):
			return nil, fmt.Errorf("%s answered the unlisted code %q: %s", slug, pe.Code, pe.Message)
		case pe.Kind() == KindRefusal:
			return s.refusal(g, m, ref, pe, rec), nil
		}
		return nil, err
	}
	if events, err = s.playBots(m, events); err != nil {
		return nil, err
	}
	p := m.View(Caller)
	if rec.ranked != nil {
		if err := s.spend(ctx, rec.ranked, action, p); err != nil {
			return nil, err
		}
		if p.GameOver {
			s.finishRun(ctx, rankedID(rec.ranked.id), head, p)
		}
	}
	next, err := s.save(ctx, g, ref, rec, m, version)
	if err != nil {
		return nil, err
	}
	env := s.envelope(g, p, next, rec)
	env.Events = events
	rec.shape.cut(env)
	return env, nil
}

// Observe answers the match ref names as its last accepted answer showed
// it, without its events: what the caller's seat sees, the legal actions,
// the score and the state to act with. It reveals nothing that answer did
// not, and changes nothing (a ranked match's ledger included).
func (s *Service) Observe(ctx context.Context, slug, ref string) (*Envelope, error) {
	g, m, rec, _, err := s.load(ctx, slug, ref)
	if err != nil {
		return nil, err
	}
	env := s.envelope(g, m.View(Caller), ref, rec)
	rec.shape.cut(env)
	return env, nil
}

// load reads the match ref names: its game, the match, its record and
// the store's version of it.
func (s *Service) load(ctx context.Context, slug, ref string) (Game, Match, *record, uint64, error) {
	g, err := s.Game(slug)
	if err != nil {
		return nil, nil, nil, 0, err
	}
	if ref == "" {
		return nil, nil, nil, 0, Errorf(CodeMissingState, "send the state from the previous answer as \"state\" (or \"stateToken\") with the action; GET /api/games/%s/init starts a match", slug)
	}
	state, version, err := s.store.Load(ctx, slug, ref)
	if err != nil {
		return nil, nil, nil, 0, err
	}
	rec := &record{}
	if err := rec.unmarshal(state); err != nil {
		return nil, nil, nil, 0, Errorf(CodeTokenFormat, "the state holds a match this server cannot read: %v", err)
	}
	m, err := g.Decode(rec.state)
	if err != nil {
		// Authentic but unreadable: written by an incompatible version.
		return nil, nil, nil, 0, Errorf(CodeTokenFormat, "the state holds a match this server cannot read: %v", err)
	}
	return g, m, rec, version, nil
}

// botMoves adds the move of every bot that must act in phase.
func botMoves(m Match, phase Phase, moves []Move) ([]Move, error) {
	for _, seat := range phase.ToAct {
		if seat == Caller {
			continue
		}
		a, ok := m.BotMove(seat)
		if !ok {
			return nil, fmt.Errorf("seat %d must act and holds no bot", seat)
		}
		moves = append(moves, Move{Seat: seat, Action: a})
	}
	return moves, nil
}

// playBots plays rounds in which only bots act, until the caller must act
// or the match ends, and answers events with theirs added. A bot's refused
// move is a server fault.
func (s *Service) playBots(m Match, events []any) ([]any, error) {
	for range maxBotRounds {
		phase := m.Phase()
		if phase.Over || phase.Acts(Caller) {
			return events, nil
		}
		moves, err := botMoves(m, phase, nil)
		if err != nil {
			return nil, err
		}
		ev, err := m.Act(moves, s.clock())
		if err != nil {
			return nil, fmt.Errorf("a bot's move was refused: %w", err)
		}
		events = append(events, ev...)
	}
	return nil, fmt.Errorf("bots played %d rounds without the caller acting", maxBotRounds)
}

// AsError turns an engine's refusal into an *Error of kind KindRefusal, and
// passes any other error through.
func AsError(err error) error {
	var ill *engines.Illegal
	if errors.As(err, &ill) {
		return &Error{Code: Code(ill.Code), Message: ill.Reason}
	}
	return err
}

func (s *Service) save(ctx context.Context, g Game, ref string, rec *record, m Match, version uint64) (string, error) {
	state, err := m.MarshalBinary()
	if err != nil {
		return "", fmt.Errorf("encoding %s state: %w", g.Info().Slug, err)
	}
	rec.state = state
	// a store that keeps matches (the arena's runs) keeps each for
	// Retention after its last step; sealed tokens ignore it
	return s.store.Save(ctx, g.Info().Slug, ref, rec.marshal(), version, s.clock().Add(Retention))
}

func (s *Service) refusal(g Game, m Match, ref string, pe *Error, rec *record) *Refusal {
	p := m.View(Caller)
	r := &Refusal{Code: pe.Code, Reason: pe.Message, LegalActions: p.LegalActions, ActionRanges: p.ActionRanges, GameOver: p.GameOver, State: ref}
	if rec.ranked != nil {
		r.Ranked = rankedID(rec.ranked.id)
	}
	if g.Info().EchoStateToken && rec.shape == shapeBoth {
		r.StateToken = ref
	}
	return r
}

// envelope is what the caller's seat sees, p, as an accepted answer.
func (s *Service) envelope(g Game, p Presentation, ref string, rec *record) *Envelope {
	score := p.Score // not &p.Score, which would keep all of p
	env := &Envelope{
		OK:           true,
		State:        ref,
		Observation:  p.Observation,
		LegalActions: p.LegalActions,
		ActionRanges: p.ActionRanges,
		Score:        &score,
		GameOver:     p.GameOver,
		Result:       p.Result,
		Turn:         p.Turn,
		View:         p.View,
	}
	if g.Info().EchoStateToken {
		env.StateToken = ref
	}
	if p.GameOver && rec.picked {
		env.Seed = &rec.seed
	}
	if rec.ranked != nil {
		env.Ranked = rankedID(rec.ranked.id)
	}
	return env
}
