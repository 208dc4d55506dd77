package rules

// Brinebell's referee. It plays matches over the stateless loop with a
// random agent (random legal actions from legalActions, random advance
// ticks within actionRanges) and an edge agent (a greedy dispatcher that
// mixes in refused actions of every code, extreme ticks 1/2/89/90 and 90.0,
// orders to a ferry's own dock or destination, queue changes, and probes
// before the start and after the end), on every seed, plus one run on a
// seed the server picks, replayed from the seed its last answer reports.
// Each request sends the token as stateToken or state at random. Every
// answer is judged from the answer before and the action alone, by
// re-deriving the documented rules tick by tick (brinebell_sim.go): the
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
// every plan must satisfy (brinebell_arrivals.go).
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

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/conformance/check"
)

// brinebellClockCap is the clock after which the agents bank, so a match
// stays short.
const brinebellClockCap = 4200

// brinebellAgent chooses the next action of a match.
type brinebellAgent struct {
	name string
	next func(r *brinebellReferee) brinebellMove
}

// brinebellMove is an action to send: its bytes and, when it is in the
// grammar, what it says (nil for one the grammar refuses).
type brinebellMove struct {
	raw json.RawMessage
	act *brinebellAction
}

// brinebellAgents are the agents every seed is played by.
var brinebellAgents = []brinebellAgent{
	{name: "random", next: brinebellRandomMove},
	{name: "edge", next: brinebellEdgeMove},
}

// Brinebell is Brinebell's referee, its rules checks: every agent on every seed,
// and a run on a seed the server picks, replayed from the seed it reports.
func Brinebell(seeds int) []check.Check {
	var cs []check.Check
	for i := range seeds {
		seed := int64(i)*7919 + 11
		for _, ag := range brinebellAgents {
			cs = append(cs, check.Check{Game: "brinebell", Level: check.Rules, Name: fmt.Sprintf("%s-seed%d", ag.name, seed),
				Run: func(ctx context.Context, t check.Target) error {
					_, err := brinebellPlay(ctx, t, &seed, uint64(seed), ag)
					return err
				}})
		}
	}
	return append(cs, check.Check{Game: "brinebell", Level: check.Rules, Name: "sealed-seed-replay", Run: brinebellSealed})
}

// brinebellReferee plays one match and judges every answer.
type brinebellReferee struct {
	ctx    context.Context
	loop   *client.HTTP
	match  string
	step   int
	token  string
	seed   *int64 // the seed chosen, nil when the server picks
	sim    *brinebellSim
	arr    *brinebellArrivals
	rng    *rand.Rand
	last   *brinebellAnswer
	played []brinebellMove // accepted actions, for a replay
}

// brinebellOpen opens a match on seed (nil: the server picks) and judges
// its init; name names the agent.
func brinebellOpen(ctx context.Context, t check.Target, seed *int64, agentSeed uint64, name string) (*brinebellReferee, error) {
	r := &brinebellReferee{ctx: ctx, loop: t.Loop(), seed: seed, sim: brinebellNewRun(), arr: brinebellNewArrivals(),
		rng: rand.New(rand.NewPCG(agentSeed, 0x6272696e65))}
	r.match = name + " agent, seed picked by the server"
	query := map[string]string{}
	if seed != nil {
		r.match = fmt.Sprintf("seed %d, %s agent", *seed, name)
		query["seed"] = fmt.Sprint(*seed)
	}
	return r, r.init(query)
}

// brinebellPlay plays a match of agent ag to its end (the edge agent then
// probes it thrice), and answers the referee that judged it.
func brinebellPlay(ctx context.Context, t check.Target, seed *int64, agentSeed uint64, ag brinebellAgent) (*brinebellReferee, error) {
	r, err := brinebellOpen(ctx, t, seed, agentSeed, ag.name)
	if err != nil {
		return nil, err
	}
	for probes := 0; ; {
		if r.sim.finished {
			if ag.name != "edge" || probes == 3 {
				return r, nil
			}
			probes++
		}
		if err := r.send(ag.next(r)); err != nil {
			return nil, err
		}
	}
}

// fail is a failure at the current step.
func (r *brinebellReferee) fail(action json.RawMessage, path, rule, want, got, detail string) error {
	return &check.Failure{Match: r.match, Step: r.step, Action: action, Path: path, Rule: rule, Want: want, Got: got, Detail: detail}
}

// init opens the match and checks the documented new run.
func (r *brinebellReferee) init(query map[string]string) error {
	status, body, err := r.loop.Init(r.ctx, "brinebell", query)
	if err != nil {
		return r.fail(nil, "", "the implementation answers", "an answer", err.Error(), "")
	}
	if status != 200 {
		return r.fail(nil, "status", "init answers HTTP 200", "200", fmt.Sprint(status), check.Brief(string(body), 300))
	}
	a, err := brinebellDecode(body)
	if err != nil {
		return r.fail(nil, "", "the answer has the documented form", "a Brinebell envelope", err.Error(), check.Brief(string(body), 300))
	}
	if !a.OK {
		return r.fail(nil, "ok", "init is accepted", "true", "false", a.Code+": "+a.Reason)
	}
	return r.envelope(nil, a, "")
}

// send plays one move and judges the answer.
func (r *brinebellReferee) send(m brinebellMove) error {
	r.step++
	field := "stateToken"
	if r.rng.IntN(2) == 0 {
		field = "state"
	}
	status, body, err := r.loop.Act(r.ctx, "brinebell", field, r.token, m.raw)
	if err != nil {
		return r.fail(m.raw, "", "the implementation answers", "an answer", err.Error(), "")
	}
	if status != 200 {
		return r.fail(m.raw, "status", "an action answers HTTP 200, accepted or refused", "200", fmt.Sprint(status), check.Brief(string(body), 300))
	}
	a, err := brinebellDecode(body)
	if err != nil {
		return r.fail(m.raw, "", "the answer has the documented form", "a Brinebell envelope or refusal", err.Error(), check.Brief(string(body), 300))
	}
	code := "invalid_action"
	if m.act != nil {
		code = r.sim.refusal(*m.act)
	}
	if code != "" {
		return r.refused(m.raw, a, code)
	}
	if !a.OK {
		return r.fail(m.raw, "ok", "a legal action is accepted", "true", "false", a.Code+": "+a.Reason)
	}
	before := r.sim.clock
	switch m.act.Type {
	case "advance":
		if a.View == nil {
			return r.fail(m.raw, "view", "an accepted answer has a view", "a view", "none", "")
		}
		if err := r.advance(*m.act.Ticks, a.View); err != nil {
			return r.placed(m.raw, err)
		}
	default:
		r.sim.act(*m.act)
	}
	r.played = append(r.played, m)
	return r.envelope(m.raw, a, fmt.Sprintf("from tick %d", before))
}

// placed turns a fault into a failure at this step.
func (r *brinebellReferee) placed(action json.RawMessage, err error) error {
	if f, ok := err.(*brinebellFault); ok {
		return r.fail(action, f.Path, f.Rule, f.Want, f.Got, "")
	}
	return err
}

// advance runs n ticks (fewer when the run finishes) with the arrivals v
// shows.
func (r *brinebellReferee) advance(n int, v *brinebellView) error {
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

// refused checks a refusal: its code, and nothing changed.
func (r *brinebellReferee) refused(action json.RawMessage, a *brinebellAnswer, code string) error {
	legal, ranges := r.sim.legal()
	switch {
	case a.OK:
		return r.fail(action, "ok", "an action the rules refuse is refused", "false ("+code+")", "true", "")
	case a.Code != code:
		return r.fail(action, "code", "a refusal carries the documented code", code, a.Code, a.Reason)
	case a.Reason == "":
		return r.fail(action, "reason", "a refusal says why", "a reason", `""`, "")
	case a.State != r.token || a.StateToken != r.token:
		return r.fail(action, "state", "a refused action changes nothing: the token comes back unchanged, as state and stateToken",
			check.Brief(r.token, 24), check.Brief(a.State, 24)+" / "+check.Brief(a.StateToken, 24), "")
	case a.GameOver != r.sim.finished:
		return r.fail(action, "gameOver", "a refusal reports whether the run is over", fmt.Sprint(r.sim.finished), fmt.Sprint(a.GameOver), "")
	case !brinebellSameActions(legal, a.LegalActions):
		return r.fail(action, "legalActions", "a refusal lists the legal actions, unchanged", check.Show(legal), check.Show(a.LegalActions), "")
	case !brinebellSameRanges(ranges, a.ActionRanges):
		return r.fail(action, "actionRanges", "actionRanges gives advance's ticks while advance is legal", check.Show(ranges), check.Show(a.ActionRanges), "")
	}
	return nil
}

// envelope checks an accepted answer against the referee's run.
func (r *brinebellReferee) envelope(action json.RawMessage, a *brinebellAnswer, from string) error {
	s := r.sim
	fail := func(path, rule, want, got string) error { return r.fail(action, path, rule, want, got, "") }
	if a.View == nil {
		return fail("view", "an accepted answer has a view", "a view", "none")
	}
	if err := r.compareView(action, s.view(), *a.View, from); err != nil {
		return err
	}
	legal, ranges := s.legal()
	turn := "you"
	if s.finished {
		turn = "over"
	}
	result, hasResult := a.Raw["result"]
	switch {
	case a.State == "" || a.State != a.StateToken:
		return fail("stateToken", "an answer carries its token as state and stateToken, the same value", check.Brief(a.State, 24), check.Brief(a.StateToken, 24))
	case strings.TrimSpace(a.Observation) == "":
		return fail("observation", "an answer says the view in sentences", "a text", `""`)
	case a.Score != s.score:
		return fail("score", "score is the points earned so far (view.score)", fmt.Sprint(s.score), fmt.Sprint(a.Score))
	case a.GameOver != s.finished:
		return fail("gameOver", "gameOver tells whether the run is over", fmt.Sprint(s.finished), fmt.Sprint(a.GameOver))
	case a.Turn != turn:
		return fail("turn", "turn is you while the run goes on, over after", turn, a.Turn)
	case !hasResult:
		return fail("result", "result is always present: null until the run ends", "present", "missing")
	case !s.finished && result != nil:
		return fail("result", "result is null until the run ends", "null", check.Show(result))
	case s.finished && check.DiffOf("", s.result(), a.Result) != nil:
		return fail("result", "result reports the reason, score, deliveries, departures and clock of the end", check.Show(s.result()), check.Show(a.Result))
	case !brinebellSameActions(legal, a.LegalActions):
		return fail("legalActions", "legalActions lists every legal action: start; or advance (ticks 30), bank and an order per present ferry and open dock; or none",
			check.Show(legal), check.Show(a.LegalActions))
	case !brinebellSameRanges(ranges, a.ActionRanges):
		return fail("actionRanges", "actionRanges gives advance's ticks (1..90) while advance is legal", check.Show(ranges), check.Show(a.ActionRanges))
	}
	seed, hasSeed := a.Raw["seed"]
	switch {
	case action == nil && r.seed != nil && (!hasSeed || fmt.Sprint(seed) != fmt.Sprint(*r.seed)):
		return fail("seed", "a seed the caller chose is echoed on init", fmt.Sprint(*r.seed), fmt.Sprint(seed))
	case action == nil && r.seed == nil && hasSeed:
		return fail("seed", "a seed the server picked stays sealed until the run ends", "no seed", fmt.Sprint(seed))
	case action != nil && hasSeed && (r.seed != nil || !s.finished):
		return fail("seed", "the seed is sealed: reported only on the answer that ends a run whose seed the server picked", "no seed", fmt.Sprint(seed))
	case r.seed == nil && s.finished && (!hasSeed || a.Seed == nil):
		return fail("seed", "the answer that ends a run whose seed the server picked reports the seed", "a seed", "none")
	}
	r.token, r.last = a.State, a
	return nil
}

// compareView compares the view the rules call for with the one shown,
// section by section, so a failure names the first rule broken.
func (r *brinebellReferee) compareView(action json.RawMessage, want, got brinebellView, from string) error {
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
			if ids, gids := brinebellIDs(want.Passengers), brinebellIDs(got.Passengers); !slices.Equal(ids, gids) {
				path, w, g = "view.passengers[].id", check.Show(ids), check.Show(gids)
			} else if i, ok := brinebellIndex(path, sec.path); ok {
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
			if er := brinebellEventRules[kind]; er != "" {
				rule = er
			}
		}
		return r.fail(action, path, rule, w, g, r.stepEvents(want, got, from))
	}
	return nil
}

// brinebellEventRules says which rule makes each kind of event.
var brinebellEventRules = map[string]string{
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

// brinebellIndex reads the list index right after root in path.
func brinebellIndex(path, root string) (int, bool) {
	var i int
	_, err := fmt.Sscanf(strings.TrimPrefix(path, root), "[%d]", &i)
	return i, err == nil
}

// stepEvents lists the events the step should have made and the ones
// shown, for a failure's detail.
func (r *brinebellReferee) stepEvents(want, got brinebellView, from string) string {
	var b strings.Builder
	if from != "" {
		fmt.Fprintf(&b, "the step ran %s to tick %d\n", from, want.Clock)
	}
	lines := func(name string, es []brinebellEvent) {
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
