package play

import (
	"context"
	"encoding/json"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/agentgames/bundle/play/wire"
)

// AgentRef is the agent a request plays for, as the edge that checked its
// key says (see package play/agents).
type AgentRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Platform: the bundle played for it, a bot of the arena it calls
	// (package play/arena), not an agent calling with its own key.
	Platform bool `json:"platform,omitempty"`
}

type agentKey struct{}

// WithAgent is ctx with the agent its request plays for.
func WithAgent(ctx context.Context, a AgentRef) context.Context {
	return context.WithValue(ctx, agentKey{}, a)
}

// AgentOf is the agent ctx's request plays for; ok is false for an
// anonymous request.
func AgentOf(ctx context.Context) (a AgentRef, ok bool) {
	a, ok = ctx.Value(agentKey{}).(AgentRef)
	return a, ok
}

// RankedRun is a ranked match started by an agent: its id, its game, the
// board its options put it on (see Info.Board), its agent, and when its
// tokens stop playing.
type RankedRun struct {
	ID       string
	Game     string
	Board    string
	Agent    AgentRef
	Deadline time.Time
}

// Credits counts ranked runs for the agents that start them (package
// play/boards): a run counts from its start, so that abandoning it never
// pays, and Finish puts its end in its place.
type Credits interface {
	// Open counts run, just started, as unfinished: it may refuse the run
	// (an agent with too many unfinished runs), and the match is then not
	// given to its agent.
	Open(ctx context.Context, run RankedRun) error
	// Finish counts run's end: the score and the result (the game's, as
	// JSON) of the answer that ended it.
	Finish(ctx context.Context, run RankedRun, score int, result json.RawMessage) error
}

// WithCredits has the service count the ranked runs agents start.
func (s *Service) WithCredits(c Credits) *Service {
	s.credits = c
	return s
}

// Board is the board a ranked match of options goes on: the options the
// game names in Boards, each as name=value, its default value when
// absent, joined by commas in the order Boards lists them ("" for a game
// with one board). boarded is false when a value is not one of the
// option's BoardValues: the match plays on no board.
func (i Info) Board(options map[string]string) (board string, boarded bool) {
	var parts []string
	boarded = true
	for _, name := range i.Boards {
		v, ok := options[name]
		if !ok {
			if j := slices.IndexFunc(i.Options, func(o Option) bool { return o.Name == name }); j >= 0 {
				v = i.Options[j].DefaultValue()
			}
		}
		if values, ok := i.BoardValues[name]; ok && !slices.Contains(values, v) {
			boarded = false
		}
		parts = append(parts, name+"="+v)
	}
	return strings.Join(parts, ","), boarded
}

// DefaultValue is the value an absent option takes: Default, else the
// first of Values.
func (o Option) DefaultValue() string {
	if o.Default != "" || len(o.Values) == 0 {
		return o.Default
	}
	return o.Values[0]
}

// finishRun counts the end of the ranked match head describes, if an
// agent started it; a failure is logged, never answered: the action is
// spent, and the board counts the run from its start until its agent's
// next run on the board finds it over.
func (s *Service) finishRun(ctx context.Context, id string, head *ledgerHead, p Presentation) {
	if s.credits == nil || head == nil || head.Agent == nil {
		return
	}
	var result json.RawMessage
	if p.Result != nil {
		result, _ = json.Marshal(p.Result)
	}
	run := RankedRun{ID: id, Game: head.Game, Board: head.Board, Agent: *head.Agent, Deadline: head.deadline()}
	if err := s.credits.Finish(ctx, run, p.Score, result); err != nil {
		slog.Error("counting a ranked run's end", "id", id, "agent", run.Agent.ID, "err", err)
	}
}

// RankedLast reads the ranked match id of game slug from its ledger: the
// score at its last accepted step (0 before any), whether that step ended
// it, and its result then. A match the store does not hold answers
// CodeNoMatch.
func (s *Service) RankedLast(ctx context.Context, slug, id string) (score int, over bool, result json.RawMessage, err error) {
	_, rid, _, err := s.openLedger(ctx, slug, id)
	if err != nil {
		return 0, false, nil, err
	}
	steps, err := s.ledgerSteps(ctx, rid, 1, MaxRankedSteps)
	if err != nil || len(steps) == 0 {
		return 0, false, nil, err
	}
	last := steps[len(steps)-1]
	return last.Score, last.Over, last.Result, nil
}

// BoardOf reads the query of a board's page: the options the game names
// in Boards, each once, values as init takes them (absent ones take their
// defaults). It answers the board (see Board).
func (i Info) BoardOf(query map[string]string) (string, error) {
	for name := range query {
		if !slices.Contains(i.Boards, name) {
			return "", Errorf(CodeInvalidRequest, "a %s board is read by %s, not %s", i.Slug, boardNames(i.Boards), wire.Quote(name))
		}
	}
	if err := checkOptions(i, query); err != nil {
		return "", err
	}
	board, boarded := i.Board(query)
	if !boarded {
		return "", Errorf(CodeInvalidRequest, "%s keeps no board of %s: only %s make one", i.Slug, board, i.boardedValues())
	}
	return board, nil
}

// boardedValues says which values of the options make a board.
func (i Info) boardedValues() string {
	var parts []string
	for _, name := range i.Boards {
		if values, ok := i.BoardValues[name]; ok {
			parts = append(parts, name+" "+strings.Join(values, ", "))
		}
	}
	return strings.Join(parts, "; ")
}

// boardNames lists the options of a board for a message.
func boardNames(names []string) string {
	if len(names) == 0 {
		return "no query parameters (it has one board)"
	}
	return strings.Join(names, ", ")
}
