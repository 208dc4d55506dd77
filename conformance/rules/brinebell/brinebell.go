// Package brinebell is Brinebell's referee at the rules level. It plays matches over the stateless loop with a
// random agent (random legal actions from legalActions, random advance
// ticks within actionRanges) and an edge agent (a greedy dispatcher that
// mixes in refused actions of every code, extreme ticks 1/2/89/90 and 90.0,
// orders to a ferry's own dock or destination, queue changes, and probes
// before the start and after the end), on every seed, plus one run on a
// seed the server picks, replayed from the seed its last answer reports.
// Each request sends the token as stateToken or state at random. Every
// answer is judged from the answer before and the action alone, by
// re-deriving the documented rules tick by tick (sim.go): the
// clock; ferry crossings (54/84 ticks), committed routes and 24-tick
// services with the exchange on their first tick; orders (fresh service,
// setting out, replacing or clearing the queue); delivery before boarding,
// boarding in line order within four seats (a cart takes two and is
// skipped, with an event, when one seat is left); patience drains (2
// waiting, 1 riding, never below 0) and departures at 0; every deliver,
// exchange and milestone score, the multiplier and streak, the score; the
// five-departure end and an advance stopping on it; retirement after 60
// ticks; the events and their order; legalActions, actionRanges, result,
// turn, gameOver; refusals (their code, the token returned unchanged as
// both fields, legal actions unchanged). Arrivals are judged for what
// every plan must satisfy (arrivals.go).
//
// What the API does not let a referee check, and why:
//   - Which passenger appears when, where, bound where, of which kind: the
//     plan is drawn from the seed and hidden by design, and the referee
//     does not know the generator (the golden level checks it). It checks
//     instead consecutive ids in order of appearance, a spawn tick the
//     advance ran, an open origin and another destination among the
//     block's plan docks, maximum (and so starting) patience by tier and
//     kind, one courier and one cart in a complete block and travellers
//     elsewhere, at most one same-tick pair a block, the caps (6 a dock,
//     24 in all), at most three in a row from one dock, each batch's
//     interval range, deferrals only on ticks when no open dock had room,
//     and the unlocks on the tick their batch is first due.
//   - The overflow order and a passenger's planned origin: an overflow
//     event names the dock used, never the one planned, and the order is
//     drawn from the seed; the referee checks only that some other open
//     dock was full at that moment.
//   - Events that retired during an advance of more than 60 ticks: an
//     unlock whose event is out of sight is accepted as having happened
//     out of sight (no earlier than its batch could be due), and the
//     deferral checks around it count the dock as closed (lenient).
//   - A gap longer than a batch's interval range whose deferral ticks were
//     all congested is accepted: the interval drawn is hidden.
//   - The observation text: its wording is not documented, so the referee
//     requires only that it is there.
//   - The seed a server picked, until the run ends; then the replay checks
//     it.
package brinebell

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/rules"
)

// clockCap is the clock after which the agents bank, so a match
// stays short.
const clockCap = 4200

// agent chooses the next action of a match.
type agent struct {
	name string
	next func(r *referee) move
}

// move is an action to send: its bytes and, when it is in the
// grammar, what it says (nil for one the grammar refuses).
type move struct {
	raw json.RawMessage
	act *action
}

// agents are the agents every seed is played by.
var agents = []agent{
	{name: "random", next: randomMove},
	{name: "edge", next: edgeMove},
}

// Referee is Brinebell's referee, its rules checks: every agent on every seed,
// and a run on a seed the server picks, replayed from the seed it reports.
func Referee(seeds int) []check.Check {
	var cs []check.Check
	for i := range seeds {
		seed := uint64(i)*7919 + 11
		for _, ag := range agents {
			cs = append(cs, check.Check{Game: "brinebell", Level: check.Rules, Name: fmt.Sprintf("%s-seed%d", ag.name, seed),
				Run: func(ctx context.Context, t check.Target) error {
					_, err := play(ctx, t, &seed, seed, ag)
					return err
				}, BundleOnly: rules.LoopOpen})
		}
	}
	return append(cs, check.Check{Game: "brinebell", Level: check.Rules, Name: "sealed-seed-replay", Run: sealed, BundleOnly: rules.LoopOpen})
}

// referee plays one match and judges every answer.
type referee struct {
	*rules.Match
	seed   *uint64 // the seed chosen, nil when the server picks
	sim    *sim
	arr    *arrivals
	rng    *rand.Rand
	last   *answer // the game's fields of the last accepted answer
	played []move  // accepted actions, for a replay
}

// open opens a match on seed (nil: the server picks) and judges its
// init; name names the agent.
func open(ctx context.Context, t check.Target, seed *uint64, agentSeed uint64, name string) (*referee, error) {
	r := &referee{seed: seed, sim: newRun(), arr: newArrivals(), rng: rand.New(rand.NewPCG(agentSeed, 0x6272696e65))}
	match := name + " agent, seed picked by the server"
	query := map[string]string{}
	if seed != nil {
		match = fmt.Sprintf("seed %d, %s agent", *seed, name)
		query["seed"] = fmt.Sprint(*seed)
	}
	r.Match = rules.NewMatch(ctx, t, "brinebell", match)
	var a answer
	e, err := r.Open(query, &a)
	if err != nil {
		return nil, err
	}
	return r, r.envelope(e, &a, "")
}

// play plays a match of agent ag to its end (the edge agent then probes
// it thrice) and once more after it, and answers the referee that judged
// it.
func play(ctx context.Context, t check.Target, seed *uint64, agentSeed uint64, ag agent) (*referee, error) {
	r, err := open(ctx, t, seed, agentSeed, ag.name)
	if err != nil {
		return nil, err
	}
	for probes := 0; ; {
		if r.sim.finished {
			if ag.name != "edge" || probes == 3 {
				return r, r.AfterEnd(advanceBy(listedTicks).raw)
			}
			probes++
		}
		if err := r.send(ag.next(r)); err != nil {
			return nil, err
		}
	}
}

// send plays one move, the token sent as state or stateToken at random,
// and judges the answer.
func (r *referee) send(m move) error {
	r.Field = "stateToken"
	if r.rng.IntN(2) == 0 {
		r.Field = "state"
	}
	code := "invalid_action"
	if m.act != nil {
		code = r.sim.refusal(*m.act)
	}
	if code != "" {
		return r.Refuse(m.raw, code)
	}
	var a answer
	e, err := r.Play(m.raw, &a)
	if err != nil {
		return err
	}
	before := r.sim.clock
	switch m.act.Type {
	case "advance":
		if a.View == nil {
			return r.Fail("view", "an accepted answer has a view", "a view", "none")
		}
		if err := r.advance(*m.act.Ticks, a.View); err != nil {
			return r.placed(err)
		}
	default:
		r.sim.act(*m.act)
	}
	r.played = append(r.played, m)
	return r.envelope(e, &a, fmt.Sprintf("from tick %d", before))
}

// placed places a broken rule found in a transition at this step.
func (r *referee) placed(err error) error {
	if f, ok := err.(*check.Failure); ok {
		return r.Place(f)
	}
	return err
}

// advance runs n ticks (fewer when the run finishes) with the arrivals v
// shows.
func (r *referee) advance(n int, v *view) error {
	if err := r.arr.prepare(r.sim, v); err != nil {
		return err
	}
	place := func(t int) error { return r.arr.place(r.sim, t) }
	for i := 0; i < n && !r.sim.finished; i++ {
		if err := r.sim.tick(place); err != nil {
			return err
		}
	}
	return r.arr.finish(r.sim)
}

// envelope checks an accepted answer against the referee's run.
func (r *referee) envelope(e *rules.Envelope, a *answer, from string) error {
	s := r.sim
	if a.View == nil {
		return r.Fail("view", "an accepted answer has a view", "a view", "none")
	}
	if err := r.compareView(s.view(), *a.View, from); err != nil {
		return err
	}
	legal, ranges := s.legal()
	turn := "you"
	if s.finished {
		turn = "over"
	}
	switch result := string(e.Result); {
	case e.StateToken != e.State:
		return r.Fail("stateToken", "an answer carries its token as state and stateToken, the same value", check.Brief(e.State, 24), check.Brief(e.StateToken, 24))
	case strings.TrimSpace(e.Observation) == "":
		return r.Fail("observation", "an answer says the view in sentences", "a text", `""`)
	case e.Score == nil || *e.Score != s.score:
		return r.Fail("score", "score is the points earned so far (view.score)", s.score, rules.OrNone(e.Score))
	case e.GameOver != s.finished:
		return r.Fail("gameOver", "gameOver tells whether the run is over", s.finished, e.GameOver)
	case e.Turn != turn:
		return r.Fail("turn", "turn is you while the run goes on, over after", turn, e.Turn)
	case result == "":
		return r.Fail("result", "result is always present: null until the run ends", "present", "missing")
	case !s.finished && result != "null":
		return r.Fail("result", "result is null until the run ends", "null", result)
	case s.finished && check.DiffOf("", s.result(), a.Result) != nil:
		return r.Fail("result", "result reports the reason, score, deliveries, departures and clock of the end", check.Show(s.result()), check.Show(a.Result))
	}
	if f := sameSet("legalActions", "legalActions lists every legal action: start; or advance (ticks 30), bank and an order per present ferry and open dock; or none", legal, e.LegalActions); f != nil {
		return r.Place(f)
	}
	if f := sameSet("actionRanges", "actionRanges gives advance's ticks (1..90) while advance is legal", ranges, e.ActionRanges); f != nil {
		return r.Place(f)
	}
	init, sealed := r.Step == 0, r.seed == nil
	switch shown := e.Seed != nil; {
	case init && sealed && shown:
		return r.Fail("seed", "a seed the server picked stays sealed until the run ends", "no seed", *e.Seed)
	case !init && shown && (!sealed || !s.finished):
		return r.Fail("seed", "the seed is sealed: reported only on the answer that ends a run whose seed the server picked", "no seed", *e.Seed)
	case sealed && s.finished && !shown:
		return r.Fail("seed", "the answer that ends a run whose seed the server picked reports the seed", "a seed", "none")
	}
	r.last = a
	return nil
}

// sameSet holds a list as sent to the one the rules call for, as sets.
func sameSet[T any](path, rule string, want []T, got json.RawMessage) *check.Failure {
	raw, _ := json.Marshal(want)
	w, _ := rules.Keys(raw)
	g, err := rules.Keys(got)
	if err != nil {
		return rules.Broke(path, rule, "a list", err.Error())
	}
	return rules.SetBreak(path, rule, w, g)
}

// compareView compares the view the rules call for with the one shown,
// section by section, so a failure names the first rule broken.
func (r *referee) compareView(want, got view, from string) error {
	type section struct {
		path       string
		want, got  any
		rule       string
		byFieldEnd map[string]string
	}
	ferryRule := "ferries: a crossing takes 54 ticks between ring neighbours and 84 otherwise, a service 24 ticks with the exchange on its first tick; orders start a service, set out, or replace or clear the queue as documented"
	sections := []section{
		{"view.clock", want.Clock, got.Clock, "the clock goes up by one a tick; an advance runs its ticks, stopping on the tick the run finishes; other actions spend none", nil},
		{"view.started", want.Started, got.Started, "start starts the run", nil},
		{"view.ferries", want.Ferries, got.Ferries, ferryRule, map[string]string{
			"riders":    "boarding: the line boards in order while seats allow (4 seats, a cart takes two and is skipped when it does not fit); riders leave only at their destination",
			"seatsFree": "seatsFree is 4 less the seats taken (a cart takes two)",
		}},
		{"view.docks", want.Docks, got.Docks, "waiting lines: arrivals join the end, boarders and departures leave", map[string]string{
			"open": "Lantern and Windmill open when passenger 8's and 16's batches are due",
		}},
		{"view.passengers", want.Passengers, got.Passengers, "passengers: waiting, riding and resolved in the last 60 ticks, by id", map[string]string{
			"patience":     "patience drains 2 a tick while waiting and 1 while riding, never below 0",
			"status":       "a waiting passenger at 0 patience departs; a rider is delivered by its ferry's exchange at its destination; boarding as documented",
			"resolvedTick": "a passenger is resolved on the tick it is delivered or departs",
			"ferry":        "boarding: the line boards in order while seats allow",
		}},
		{"view.events", want.Events, got.Events, "events: the last 60 ticks of events, in the order the rules make them", nil},
		{"view.departures", want.Departures, got.Departures, "departures count waiting passengers who ran out of patience", nil},
		{"view.deliveries", want.Deliveries, got.Deliveries, "deliveries count passengers set down at their destination", nil},
		{"view.streak", want.Streak, got.Streak, "the streak grows by each delivery and drops to 0 at a departure", nil},
		{"view.multiplier", want.Multiplier, got.Multiplier, "the multiplier is min(3, 1 + streak/8)", nil},
		{"view.score", want.Score, got.Score, "scoring: multiplier x (sum of base and patience bonuses + 40 per extra delivery) an exchange, plus 300 per 20 deliveries", nil},
		{"view.finished", want.Finished, got.Finished, "the run finishes when banked or once five waiting passengers have departed", nil},
	}
	for _, sec := range sections {
		d := check.DiffOf(sec.path, sec.want, sec.got)
		if d == nil {
			continue
		}
		path, w, g := d.Path, d.Want, d.Got
		rule := sec.rule
		for field, fr := range sec.byFieldEnd {
			if strings.Contains(path, "."+field) {
				rule = fr
			}
		}
		switch sec.path {
		case "view.passengers":
			if ids, gids := idsOf(want.Passengers), idsOf(got.Passengers); !slices.Equal(ids, gids) {
				path, w, g = "view.passengers[].id", check.Show(ids), check.Show(gids)
			} else if i, ok := indexIn(path, sec.path); ok {
				path = strings.Replace(path, fmt.Sprintf("[%d]", i), fmt.Sprintf("[id=%d]", want.Passengers[i].ID), 1)
			}
		case "view.events":
			i := 0
			for i < len(want.Events) && i < len(got.Events) && check.DiffOf("", want.Events[i], got.Events[i]) == nil {
				i++
			}
			kind := ""
			path, w, g = fmt.Sprintf("view.events[%d]", i), "none", "none"
			if i < len(got.Events) {
				g, kind = got.Events[i].String(), got.Events[i].Kind
			}
			if i < len(want.Events) {
				w, kind = want.Events[i].String(), want.Events[i].Kind
			}
			if er := eventRules[kind]; er != "" {
				rule = er
			}
		}
		f := r.Fail(path, rule, w, g)
		f.Detail = r.stepEvents(want, got, from)
		return f
	}
	return nil
}

// eventRules says which rule makes each kind of event.
var eventRules = map[string]string{
	"deliver":    "scoring: a delivery is worth its base (100, 160, 180) plus 40 if patience*3 >= max*2, else 20 if patience*3 >= max",
	"exchange":   "scoring: an exchange delivers its ferry's riders bound there and scores min(3, 1 + streak/8) x (their sum + 40 per delivery after the first)",
	"milestone":  "scoring: 300 for every multiple of 20 the delivery count passes, outside the multiplier",
	"board":      "boarding: the line boards in order (spawn tick, then id) while seats allow (4 seats, a cart takes two)",
	"skip":       "boarding: a cart left behind while exactly one seat is free is skipped, and the next one tried",
	"departure":  "a waiting passenger whose patience reaches 0 departs (2 a tick waiting, 1 riding)",
	"sail":       "ferries: an order to an idle ferry elsewhere sets out at once; a service ends by taking its queued route",
	"arrive":     "ferries: a crossing takes 54 ticks between ring neighbours and 84 otherwise, then a 24-tick service begins",
	"service":    "ferries: start, or an order to an idle ferry's own dock, begins a fresh service",
	"spawn":      "arrivals: a new passenger appears on its spawn tick at its origin",
	"overflow":   "arrivals: an overflow event follows the spawn of a passenger placed away from its planned origin",
	"dock_open":  "unlocks: Lantern and Windmill open when passenger 8's and 16's batches are first due",
	"ferry_join": "unlocks: Ferry B joins, idle at Lantern, when passenger 24's batch is first due",
}

// indexIn reads the list index right after root in path.
func indexIn(path, root string) (int, bool) {
	var i int
	_, err := fmt.Sscanf(strings.TrimPrefix(path, root), "[%d]", &i)
	return i, err == nil
}

// stepEvents lists the events the step should have made and the ones
// shown, for a failure's detail.
func (r *referee) stepEvents(want, got view, from string) string {
	var b strings.Builder
	if from != "" {
		fmt.Fprintf(&b, "the step ran %s to tick %d\n", from, want.Clock)
	}
	lines := func(name string, es []event) {
		l := make([]string, len(es))
		for i, e := range es {
			l[i] = e.String()
		}
		fmt.Fprintf(&b, "%s: %s\n", name, check.Brief(strings.Join(l, "; "), 1500))
	}
	lines("events wanted", want.Events)
	lines("events shown", got.Events)
	return b.String()
}
