package play_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/agentgames/bundle/engines"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/wire"
	"github.com/agentgames/bundle/store/memory"
)

// tally is a toy game for the core: three seats sum numbers for a few
// rounds. In "together" mode every seat acts at once; in "turns" mode the
// bots (seats 1 and 2) move first, then the caller. Each bot plays its own
// seat number. The state records every move and the clock's time.
type tally struct{}

func (tally) Info() play.Info {
	return play.Info{Slug: "tally", Options: []play.Option{{Name: "mode", Values: []string{"together", "turns", "stuck"}}}}
}

func (tally) Spec() play.Spec { return play.Spec{Slug: "tally"} }

func (tally) New(seed uint64, options map[string]string) (play.Match, error) {
	return &tallyMatch{Mode: options["mode"], Seed: seed, Rounds: 3}, nil
}

func (tally) Decode(state []byte) (play.Match, error) {
	var m tallyMatch
	return &m, json.Unmarshal(state, &m)
}

type tallyMatch struct {
	Mode   string
	Seed   uint64
	Rounds int
	Turn   int
	Moves  []string
	Now    []int64
}

func (m *tallyMatch) MarshalBinary() ([]byte, error) { return json.Marshal(m) }

func (m *tallyMatch) Phase() play.Phase {
	switch {
	case m.Mode == "stuck":
		return play.Phase{ToAct: []play.Seat{1}}
	case len(m.Moves) >= 3*m.Rounds:
		return play.Phase{Over: true}
	case m.Mode == "together":
		return play.Phase{ToAct: []play.Seat{0, 1, 2}}
	}
	return play.Phase{ToAct: []play.Seat{play.Seat(2 - m.Turn%3)}}
}

func (m *tallyMatch) BotMove(s play.Seat) (json.RawMessage, bool) {
	if s == play.Caller {
		return nil, false
	}
	return json.RawMessage(`{"n":` + strconv.Itoa(int(s)) + `}`), true
}

func (m *tallyMatch) Act(moves []play.Move, now time.Time) ([]any, error) {
	if m.Phase().Over {
		return nil, play.AsError(&engines.Illegal{Code: engines.CodeGameOver, Reason: "over"})
	}
	var done []string
	for _, mv := range moves {
		o, err := wire.ReadObject(mv.Action, "action")
		if err != nil {
			return nil, &play.Error{Code: play.CodeInvalidAction, Message: err.Error()}
		}
		n, err := o.Int("n", 0, 9)
		if err != nil {
			return nil, &play.Error{Code: play.CodeInvalidAction, Message: err.Error()}
		}
		if n == 7 {
			return nil, &play.Error{Code: "unlisted_code", Message: "seven"}
		}
		done = append(done, fmt.Sprintf("%d:%d", mv.Seat, n))
	}
	m.Moves = append(m.Moves, done...)
	m.Now = append(m.Now, now.Unix())
	m.Turn++
	return []any{done}, nil
}

func (m *tallyMatch) View(play.Seat) play.Presentation {
	p := play.Presentation{View: m, GameOver: m.Phase().Over, LegalActions: []string{}}
	return p
}

func service(t *testing.T) (*play.Service, *memory.Store) {
	t.Helper()
	store := &memory.Store{}
	clock := func() time.Time { return time.Unix(1_700_000_000, 0) }
	return play.NewService(store, clock, tally{}), store
}

func view(t *testing.T, env *play.Envelope) *tallyMatch {
	t.Helper()
	return env.View.(*tallyMatch)
}

func seed(n uint64) *uint64 { return &n }

// TestSimultaneousMoves: the caller's move and every bot's move of the
// same moment reach the match in one Act.
func TestSimultaneousMoves(t *testing.T) {
	svc, _ := service(t)
	ctx := context.Background()
	env, err := svc.Init(ctx, "tally", seed(1), map[string]string{"mode": "together"})
	if err != nil {
		t.Fatal(err)
	}
	a, err := svc.Act(ctx, "tally", env.State, json.RawMessage(`{"n":5}`))
	if err != nil {
		t.Fatal(err)
	}
	env = a.(*play.Envelope)
	if got := view(t, env).Moves; !slices.Equal(got, []string{"0:5", "1:1", "2:2"}) {
		t.Errorf("moves %v", got)
	}
	if len(env.Events) != 1 {
		t.Errorf("events %v", env.Events)
	}
	if got := view(t, env).Now; !slices.Equal(got, []int64{1_700_000_000}) {
		t.Errorf("the match read the time %v, not the service clock's", got)
	}
}

// TestBotsPlayUntilTheCallerActs: bots that act before the caller move at
// init and after each caller's move, and their events join the answer.
func TestBotsPlayUntilTheCallerActs(t *testing.T) {
	svc, _ := service(t)
	ctx := context.Background()
	env, err := svc.Init(ctx, "tally", seed(1), map[string]string{"mode": "turns"})
	if err != nil {
		t.Fatal(err)
	}
	if got := view(t, env).Moves; !slices.Equal(got, []string{"2:2", "1:1"}) {
		t.Errorf("after init: %v", got)
	}
	a, err := svc.Act(ctx, "tally", env.State, json.RawMessage(`{"n":4}`))
	if err != nil {
		t.Fatal(err)
	}
	env = a.(*play.Envelope)
	if got := view(t, env).Moves; !slices.Equal(got, []string{"2:2", "1:1", "0:4", "2:2", "1:1"}) || len(env.Events) != 3 {
		t.Errorf("after the caller's move: %v, events %v", got, env.Events)
	}
	if _, err := svc.Init(ctx, "tally", seed(1), map[string]string{"mode": "stuck"}); err == nil {
		t.Error("bots that never let the caller act must end in an error")
	}
}

// TestRefusalChangesNothing: a refused move answers a Refusal with the same
// ref, and the stored match is unchanged.
func TestRefusalChangesNothing(t *testing.T) {
	svc, store := service(t)
	ctx := context.Background()
	env, _ := svc.Init(ctx, "tally", seed(1), map[string]string{"mode": "together"})
	before, v1, _ := store.Load(ctx, "tally", env.State)
	a, err := svc.Act(ctx, "tally", env.State, json.RawMessage(`{"n":10}`))
	r, ok := a.(*play.Refusal)
	if err != nil || !ok || r.Code != play.CodeInvalidAction || r.State != env.State || r.Reason != "action.n: must be a whole number from 0 to 9, not 10" {
		t.Fatalf("%#v %v", a, err)
	}
	after, v2, _ := store.Load(ctx, "tally", env.State)
	if string(before) != string(after) || v1 != v2 {
		t.Error("a refused move changed the match")
	}
	if _, err := svc.Act(ctx, "tally", env.State, json.RawMessage(`{"n":7}`)); err == nil || errors.As(err, new(*play.Error)) {
		t.Errorf("a refusal with an unlisted code must be a server fault, got %v", err)
	}
}

// TestLostRaceIsAConflict: two requests that load the same version of a
// stored match cannot both write it; the second gets a conflict.
func TestLostRaceIsAConflict(t *testing.T) {
	_, store := service(t)
	ctx := context.Background()
	ref, _ := store.Save(ctx, "tally", "", []byte("a"), 0, time.Time{})
	_, v, _ := store.Load(ctx, "tally", ref)
	if _, err := store.Save(ctx, "tally", ref, []byte("b"), v, time.Time{}); err != nil {
		t.Fatal(err)
	}
	_, err := store.Save(ctx, "tally", ref, []byte("c"), v, time.Time{})
	var pe *play.Error
	if !errors.As(err, &pe) || pe.Code != play.CodeConflict || pe.Kind() != play.KindConflict {
		t.Fatalf("second write: %v", err)
	}
	state, _, _ := store.Load(ctx, "tally", ref)
	if string(state) != "b" {
		t.Errorf("the lost write landed: %q", state)
	}
}

// TestSeedPrivacy: a picked seed is reported only once the match is over;
// a chosen one on init.
func TestSeedPrivacy(t *testing.T) {
	svc, _ := service(t)
	ctx := context.Background()
	env, _ := svc.Init(ctx, "tally", nil, map[string]string{"mode": "together"})
	if env.Seed != nil {
		t.Fatal("a picked seed is reported on init")
	}
	picked := view(t, env).Seed
	for !env.GameOver {
		a, err := svc.Act(ctx, "tally", env.State, json.RawMessage(`{"n":1}`))
		if err != nil {
			t.Fatal(err)
		}
		env = a.(*play.Envelope)
		if env.Seed != nil && !env.GameOver {
			t.Fatal("a picked seed is reported before the end")
		}
	}
	if env.Seed == nil || *env.Seed != picked {
		t.Errorf("the end reports seed %v, the match was dealt from %d", env.Seed, picked)
	}
	env, _ = svc.Init(ctx, "tally", seed(42), map[string]string{"mode": "together"})
	if env.Seed == nil || *env.Seed != 42 {
		t.Errorf("a chosen seed is not echoed: %v", env.Seed)
	}
	svc.WithSeeds(play.FixedSeeds(1234))
	if env, _ = svc.Init(ctx, "tally", nil, map[string]string{"mode": "together"}); env.Seed != nil || view(t, env).Seed != 1234 {
		t.Errorf("a seed the service's source picked: reported %v, dealt %d; want 1234 kept private", env.Seed, view(t, env).Seed)
	}
}

func TestInitRefusesBadOptions(t *testing.T) {
	svc, _ := service(t)
	for _, opts := range []map[string]string{{"mode": "alone"}, {"colour": "red"}, {"Mode": "turns"}} {
		_, err := svc.Init(context.Background(), "tally", seed(1), opts)
		var pe *play.Error
		if !errors.As(err, &pe) || pe.Code != play.CodeInvalidRequest {
			t.Errorf("%v: %v", opts, err)
		}
	}
	if _, err := svc.Init(context.Background(), "tally", seed(play.MaxSeed+1), nil); err == nil {
		t.Error("a seed past 2^53-1 is accepted")
	}
	if _, err := svc.Init(context.Background(), "chess", seed(1), nil); err == nil {
		t.Error("an unknown game is accepted")
	}
}

// TestEveryCodeHasAKind: the list of codes is the one place codes are
// described; each is listed once, with a kind and a meaning.
func TestEveryCodeHasAKind(t *testing.T) {
	seen := map[play.Code]bool{}
	for _, c := range play.Codes() {
		if seen[c.Code] || c.Kind == 0 || c.Doc == "" {
			t.Errorf("%+v", c)
		}
		seen[c.Code] = true
	}
	for _, c := range []string{engines.CodeIllegalAction, engines.CodeGameOver, engines.CodeNotStarted, engines.CodeAlreadyStarted} {
		if play.KindOf(play.Code(c)) != play.KindRefusal {
			t.Errorf("the engines' code %s is not a listed refusal", c)
		}
	}
}
