package tidebreakers_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"slices"
	"testing"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/conformance/conformancetest"
	"github.com/agentgames/bundle/engines/rng"
	engine "github.com/agentgames/bundle/engines/tidebreakers"
	"github.com/agentgames/bundle/engines/tidebreakers/captains"
	"github.com/agentgames/bundle/games/tidebreakers"
)

var update = flag.Bool("update", false, "rewrite golden/tidebreakers from the current implementation")

const goldenDir = "../../golden/tidebreakers"

// goldenCase is one golden match: a seed, the count of captains, the
// built-in captains, and the captain policy that plays the caller's seat.
type goldenCase struct {
	seed     uint64
	players  int
	opponent string
	caller   string // a captain's name, or one of callers
	refusals bool   // also send refused actions along the way
	full     bool   // keep every answer, for review
	covers   []string
}

func (c goldenCase) name() string {
	return fmt.Sprintf("p%d-%s-seed%03d-%s", c.players, c.opponent, c.seed, c.caller)
}

// TestGolden plays every golden case through the play core in process (no
// HTTP) and compares each with its file in golden/tidebreakers; -update
// rewrites them instead.
func TestGolden(t *testing.T) {
	t.Parallel()
	ref := conformancetest.Reference(t)
	seen := map[string]bool{}
	for _, c := range goldenCases {
		gc := conformance.Case{Game: "tidebreakers", Name: c.name(), Full: c.full,
			Query: map[string]string{"seed": fmt.Sprint(c.seed), "players": fmt.Sprint(c.players), "opponent": c.opponent}}
		conformancetest.Check(t, ref, goldenDir, &gc, policy(t, c), covers, *update)
		for _, want := range c.covers {
			if !slices.Contains(gc.Covers, want) {
				t.Errorf("%s claims %s but shows %v", gc.Name, want, gc.Covers)
			}
		}
		for _, cv := range gc.Covers {
			seen[cv] = true
		}
	}
	conformancetest.Require(t, seen, "conquest", "last_standing", "round_cap_islands", "round_cap_strength", "win", "loss", "draw", "elimination",
		"shared_first_without_you", "shared_first_with_you",
		"players_2", "players_3", "players_4", "refusal:invalid_action", "refusal:illegal_action", "refusal:game_over")
}

// covers names what a match shows, read from its answers: how it ended
// (a round cap decided by islands or by strength), its outcome for the
// caller, a 1st place shared by others while the caller places below, or
// shared by the caller while another places below, its count of captains,
// an elimination, and the refusals it met.
func covers(answers []json.RawMessage) []string {
	var out []string
	add := func(c string) {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	for _, answer := range answers {
		var a struct {
			OK     bool
			Code   string
			Result *tidebreakers.Result
			View   tidebreakers.View
		}
		json.Unmarshal(answer, &a)
		if !a.OK {
			add("refusal:" + a.Code)
			continue
		}
		add(fmt.Sprintf("players_%d", a.View.Players))
		for _, e := range a.View.Log {
			if e.Kind == "eliminated" {
				add("elimination")
			}
		}
		if r := a.Result; r != nil {
			add(r.Ending)
			add(r.Outcome)
			if r.Winner == nil && r.Places[0] > 1 {
				add("shared_first_without_you")
			}
			if r.Winner == nil && slices.Max(r.Places) > 1 && r.Places[0] == 1 {
				add("shared_first_with_you")
			}
			if r.Ending == "round_cap" && r.Winner != nil {
				best, tied := r.Islands[*r.Winner], false
				for p, n := range r.Islands {
					tied = tied || (p != *r.Winner && n == best)
				}
				if tied {
					add("round_cap_strength")
				} else {
					add("round_cap_islands")
				}
			}
		}
	}
	return out
}

// policy plays the caller's seat. It follows the match in its own engine,
// applying its own actions and the captains' actions the events report,
// and chooses with a captain policy from that public state. With refusals
// it sends, at its first turn, an action outside the grammar, an attack
// during the supply phase and a supply on an island it does not hold; and
// one more action after the end.
func policy(t testing.TB, c goldenCase) conformancetest.Policy {
	s, err := engine.New(c.seed, c.players)
	if err != nil {
		t.Fatal(err)
	}
	choose, ok := callers[c.caller]
	if !ok {
		choose, ok = captains.Named(c.caller)
	}
	if !ok {
		t.Fatalf("no captain %q", c.caller)
	}
	rs := rng.New(c.seed, 99)
	script := []string{}
	if c.refusals {
		script = []string{`{"type":"supply","tile":25,"amount":1}`, `{"type":"attack","from":0,"to":1,"send":1}`, `{"type":"supply","tile":12,"amount":1}`, `{"type":"pass","seat":0}`}
	}
	sentAfter := false
	var pending *engine.Action
	return func(step int, a *client.Answer) (json.RawMessage, bool) {
		if step > 1000 {
			t.Fatalf("%s: no end after %d steps; last answer %.400s", c.name(), step, a.Body)
		}
		var env struct {
			Events []json.RawMessage `json:"events"`
		}
		json.Unmarshal(a.Body, &env)
		if a.OK {
			if pending != nil {
				if err := s.Apply(0, *pending); err != nil {
					t.Fatalf("policy engine out of step: %v", err)
				}
			}
			own := 1 // an action's first event is the caller's own
			if step == 0 {
				own = 0
			}
			for _, e := range env.Events[min(len(env.Events), own):] {
				replay(t, s, e)
			}
		}
		pending = nil
		if a.GameOver {
			if c.refusals && !sentAfter {
				sentAfter = true
				return json.RawMessage(`{"type":"pass"}`), false
			}
			return nil, true
		}
		if len(script) > 0 {
			next := script[0]
			script = script[1:]
			return json.RawMessage(next), false
		}
		act := choose(s, &rs)
		pending = &act
		return wire(act), false
	}
}

// replay applies one captain's action, as an event reports it.
func replay(t testing.TB, s *engine.State, raw json.RawMessage) {
	var e tidebreakers.Event
	json.Unmarshal(raw, &e)
	a := engine.Action{Kind: engine.Pass}
	switch e.Type {
	case "supply":
		a = engine.Action{Kind: engine.Supply, Tile: *e.Tile, Amount: *e.Amount}
	case "attack":
		a = engine.Action{Kind: engine.Attack, From: *e.From, To: *e.To, Send: *e.Send}
	}
	if err := s.Apply(e.Seat, a); err != nil {
		t.Fatalf("a captain's reported action does not replay: %s: %v", raw, err)
	}
}

func wire(a engine.Action) json.RawMessage {
	switch a.Kind {
	case engine.Supply:
		return json.RawMessage(fmt.Sprintf(`{"type":"supply","tile":%d,"amount":%d}`, a.Tile, a.Amount))
	case engine.Attack:
		return json.RawMessage(fmt.Sprintf(`{"type":"attack","from":%d,"to":%d,"send":%d}`, a.From, a.To, a.Send))
	}
	return json.RawMessage(`{"type":"pass"}`)
}

// callers are the caller's policies besides the built-in captains.
var callers = map[string]captains.Policy{"idle": idle, "reckless": reckless, "hunter": hunter, "stalker": stalker, "thin": thin, "twin": twin}

// twin plays seat 0 exactly as the strong captain would hold it, drawing
// from the decision's stream as the built-in captains do.
func twin(s *engine.State, _ *rng.Stream) engine.Action {
	rs := s.BotStream()
	return captains.Strong(s, &rs)
}

// thin places its supply one at a time on its weakest island, then throws
// its strongest island at the rivals as kamikaze does: a caller whose
// islands all stay weak, soon wiped out.
func thin(s *engine.State, rs *rng.Stream) engine.Action {
	if s.Phase() == engine.Supplying {
		a := idle(s, rs)
		a.Amount = 1
		return a
	}
	return kamikaze(s, rs)
}

// stalker plays as the strong captain, but once it holds four islands it
// takes a wild island only to come nearer a rival; otherwise it takes a
// rival's island (the largest surplus) or passes. It ends matches by
// elimination rather than conquest.
func stalker(s *engine.State, rs *rng.Stream) engine.Action {
	a := captains.Strong(s, rs)
	me := s.Turn()
	if n, _ := s.Count(me); a.Kind != engine.Attack || n < 4 {
		return a
	}
	best, score := engine.Action{Kind: engine.Pass}, 0
	for _, e := range s.Expeditions() {
		t := s.Island(e.To)
		if e.MaxSend <= t.Strength {
			continue
		}
		v := 100 + e.MaxSend - t.Strength
		if t.Owner == engine.Wild {
			if rivalDistance(s, me, e.To) >= rivalDistance(s, me, e.From) {
				continue
			}
			v = 50 - rivalDistance(s, me, e.To)
		}
		if v > score {
			best, score = engine.Action{Kind: engine.Attack, From: e.From, To: e.To, Send: e.MaxSend}, v
		}
	}
	return best
}

// kamikaze supplies its strongest island and always sends all but one from
// it to the neighbour nearest a rival island, capturing or not: a caller
// that throws itself at its rivals.
func kamikaze(s *engine.State, rs *rng.Stream) engine.Action {
	if s.Phase() == engine.Supplying {
		return reckless(s, rs)
	}
	me := s.Turn()
	held := s.Held(me)
	from := held[0]
	for _, i := range held {
		if s.Island(i).Strength > s.Island(from).Strength {
			from = i
		}
	}
	best, bestDist := engine.Action{Kind: engine.Pass}, 99
	for _, e := range s.Expeditions() {
		if e.From != from {
			continue
		}
		if d := rivalDistance(s, me, e.To); d < bestDist {
			best, bestDist = engine.Action{Kind: engine.Attack, From: e.From, To: e.To, Send: e.MaxSend}, d
		}
	}
	return best
}

// rivalDistance is the distance from island i to the nearest island of a
// rival of me.
func rivalDistance(s *engine.State, me, i int) int {
	best := 99
	for j := range engine.Islands {
		if o := s.Island(j).Owner; o != me && o != engine.Wild {
			best = min(best, abs(i/engine.Size-j/engine.Size)+abs(i%engine.Size-j%engine.Size))
		}
	}
	return best
}

// hunter goes for its rivals' islands and takes a wild island only on its
// way to them: supply on the held island nearest a rival island (the
// strongest breaks ties), then the capture of a rival island with the
// largest surplus, else the capture of the wild island nearest a rival,
// else a pass.
func hunter(s *engine.State, _ *rng.Stream) engine.Action {
	me := s.Turn()
	dist := func(i int) int { return rivalDistance(s, me, i) }
	if s.Phase() == engine.Supplying {
		held := s.Held(me)
		pick := held[0]
		for _, i := range held {
			if d, dp := dist(i), dist(pick); d < dp || d == dp && s.Island(i).Strength > s.Island(pick).Strength {
				pick = i
			}
		}
		return engine.Action{Kind: engine.Supply, Tile: pick, Amount: s.SupplyLeft()}
	}
	best, score := engine.Action{Kind: engine.Pass}, -1
	for _, e := range s.Expeditions() {
		target := s.Island(e.To)
		if e.MaxSend <= target.Strength {
			continue
		}
		v := 100 + e.MaxSend - target.Strength
		if target.Owner == engine.Wild {
			if dist(e.To) >= dist(e.From) {
				continue
			}
			v = 50 - dist(e.To)
		}
		if v > score {
			best, score = engine.Action{Kind: engine.Attack, From: e.From, To: e.To, Send: e.MaxSend}, v
		}
	}
	return best
}

func abs(x int) int { return max(x, -x) }

// reckless supplies its strongest island and always sends all but one from
// it to the first island it does not hold: a caller that spends itself.
func reckless(s *engine.State, _ *rng.Stream) engine.Action {
	held := s.Held(s.Turn())
	strong := held[0]
	for _, i := range held {
		if s.Island(i).Strength > s.Island(strong).Strength {
			strong = i
		}
	}
	if s.Phase() == engine.Supplying {
		return engine.Action{Kind: engine.Supply, Tile: strong, Amount: s.SupplyLeft()}
	}
	for _, e := range s.Expeditions() {
		if e.From == strong {
			return engine.Action{Kind: engine.Attack, From: e.From, To: e.To, Send: e.MaxSend}
		}
	}
	return engine.Action{Kind: engine.Pass}
}

// idle supplies its weakest island and always passes: a caller that is
// soon overrun.
func idle(s *engine.State, _ *rng.Stream) engine.Action {
	if s.Phase() == engine.Supplying {
		held := s.Held(s.Turn())
		weak := held[0]
		for _, i := range held {
			if s.Island(i).Strength < s.Island(weak).Strength {
				weak = i
			}
		}
		return engine.Action{Kind: engine.Supply, Tile: weak, Amount: s.SupplyLeft()}
	}
	return engine.Action{Kind: engine.Pass}
}

// TestGoldenFilesAreAllCases: no stray golden file outlives its case.
func TestGoldenFilesAreAllCases(t *testing.T) {
	t.Parallel()
	var names []string
	for _, c := range goldenCases {
		names = append(names, c.name())
	}
	if err := conformancetest.CheckCases(goldenDir, names); err != nil {
		t.Error(err)
	}
}
