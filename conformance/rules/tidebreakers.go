package rules

// This file is Tidebreakers' referee for the stateless loop
// (/api/games/tidebreakers/init and /action: the agent in seat 0 against
// built-in captains).
//
// Every match starts from the documented opening (corners by the count of
// captains, strength 4 on each, 2 on every wild island) and the opener the
// view names; from then on the referee keeps its own account of the match
// and replays every event of every answer on it by the rules of
// docs/tidebreakers.md: the seat to act (turns in seat order from the
// opener, skipping captains that are out), supply (3 a turn, +1 every 10
// rounds, at most 6; spent by each supply; the expedition only once none is
// left), legality of every captain's action, combat (a capture leaves
// send-garrison, a repelled expedition garrison-send, the sender loses
// send), captures, eliminations, the win checks after each expedition (13
// islands first, then the last captain standing), rounds and the cap at the
// end of round 60 (most islands, then strength, a tie on both a draw). After
// the events the answer must be the agent's turn again or the end, and
// everything it shows must be what the account says: the board, the
// captains, round, supply, phase, the last 8 log entries, score, result
// (with every seat's place, by islands then strength, ties shared, and
// seat 0's outcome from its place: a seat below captains sharing 1st place
// loses), legalActions and actionRanges, and that the observation text is
// there.
// Each answer's events must name the agent's action first. The built-in
// captains are held to what the docs pin of their policy: sample supplies
// all its supply on one of its weakest border islands and attacks, all but
// one, exactly when some route captures with at least 2 to spare, on a
// route of the largest surplus; strong supplies all at once and sends
// either the smallest capturing expedition or all but one. Refused actions (the adversarial agent's illegal and malformed
// actions, and any action after the end) must answer ok:false with the
// documented code, the same token and the same legal actions, and change
// nothing: the match goes on from the same account. An init repeated with
// the same seed and options must deal the same match.
//
// What the API does not let a referee check:
//   - the opening seat: the seed draws it from the documented generator,
//     which this level does not know; it checks only that the opener stays
//     the same and that the captains before seat 0 played in order.
//   - which of several equally good choices a captain takes (ties are
//     broken by the generator), which island or send the random captain
//     draws, and whether strong's choice is the best of its search: its
//     valuation (a search over every route and a greedy reply of every
//     rival) is the captain's policy, not a rule, and reimplementing it
//     would copy the implementation instead of judging it.
//   - whether the token carries the match honestly: it is sealed, so the
//     referee judges it only by the answers it leads to (a refusal must
//     give it back unchanged).
//   - the log entries that fell off the view's last 8.
//   - the observation text: its wording is each implementation's own (the
//     golden level compares it only with -exact), so it is only required
//     to be there.
//   - the live server's 9-minute limit (time_limit): the stateless loop
//     has no clock.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/conformance/check"
)

// tidebreakersCaptainNames are the built-in captains init takes.
var tidebreakersCaptainNames = []string{"sample", "strong", "random"}

// Tidebreakers is Tidebreakers' referee, its rules checks: per seed, one match
// of each agent (random, adversarial, conqueror), 2 to 4 captains as the
// seed goes and a kind of captains for each agent, so that every pairing
// of the two comes up within 9 seeds; then the live match API's.
func Tidebreakers(seeds int) []check.Check {
	var out []check.Check
	for s := range seeds {
		for k, agent := range []string{"random", "adversarial", "conqueror"} {
			players := 2 + s%3
			opponent := tidebreakersCaptainNames[(s+s/3+k)%3]
			seed := uint64(s)
			out = append(out, check.Check{
				Game:  "tidebreakers",
				Level: check.Rules,
				Name:  fmt.Sprintf("%s-agent-seed%d-%dp-%s", agent, seed, players, opponent),
				Run: func(ctx context.Context, t check.Target) error {
					return tidebreakersPlay(ctx, t, seed, players, opponent, agent)
				},
			})
		}
	}
	return append(out, liveChecks(seeds)...)
}

// tidebreakersMatch is one match the referee plays and judges.
type tidebreakersMatch struct {
	ctx      context.Context
	sess     *client.Session
	label    string
	query    map[string]string
	players  int
	opponent string
	step     int
	sent     json.RawMessage
	game     *tidebreakersGame
	last     *tidebreakersAnswer
	rng      *rand.Rand
}

// fail places a break in the match.
func (m *tidebreakersMatch) fail(b tidebreakersBreak, detail string) *check.Failure {
	return &check.Failure{Match: m.label, Step: m.step, Action: m.sent, Path: b.path, Rule: b.rule, Want: b.want, Got: b.got, Detail: detail}
}

// failAll places the first of several breaks, listing them all, then the
// extra lines.
func (m *tidebreakersMatch) failAll(bs []tidebreakersBreak, extra ...string) *check.Failure {
	var d []string
	if len(bs) > 1 {
		for _, b := range bs[:min(len(bs), 12)] {
			d = append(d, fmt.Sprintf("%s: want %s, got %s", b.path, b.want, b.got))
		}
	}
	return m.fail(bs[0], strings.Join(append(d, extra...), "\n"))
}

// tidebreakersTrace heads the events as the referee replayed them, for a
// failure's detail.
func tidebreakersTrace(trace []string) []string {
	if len(trace) == 0 {
		return nil
	}
	return append([]string{"events as the rules play them:"}, trace...)
}

// decode reads an answer of the loop.
func (m *tidebreakersMatch) decode(ans *client.Answer, err error) (*tidebreakersAnswer, error) {
	if err != nil {
		var he *client.HTTPError
		if errors.As(err, &he) {
			return nil, m.fail(tidebreakersBreak{path: "status", rule: "the loop answers HTTP 200 to a well-formed request", want: "200", got: strconv.Itoa(he.Status)}, check.Brief(string(he.Body), 300))
		}
		return nil, m.fail(tidebreakersBreak{path: "body", rule: "a request to the loop gets a JSON answer", want: "an answer", got: err.Error()}, "")
	}
	var a tidebreakersAnswer
	if err := json.Unmarshal(ans.Body, &a); err != nil {
		return nil, m.fail(tidebreakersBreak{path: "body", rule: "the answer is the documented JSON", want: "an envelope", got: err.Error()}, check.Brief(string(ans.Body), 300))
	}
	return &a, nil
}

// judge replays the events of an answer on a copy of the account, from
// first (the agent's own action, if any), and compares the answer.
func (m *tidebreakersMatch) judge(a *tidebreakersAnswer, g *tidebreakersGame, mine *tidebreakersAction) error {
	evs := a.Events
	var trace []string
	if mine != nil {
		if len(evs) == 0 || evs[0].Seat != 0 || tidebreakersActionKey(tidebreakersAction{Type: evs[0].Type, Tile: evs[0].Tile, Amount: evs[0].Amount, From: evs[0].From, To: evs[0].To, Send: evs[0].Send}) != tidebreakersActionKey(*mine) {
			got := "no event"
			if len(evs) > 0 {
				got = tidebreakersEventText(evs[0])
			}
			return m.fail(tidebreakersBreak{path: "events[0]", rule: "events lists every action taken in the call, yours first", want: "seat 0 " + tidebreakersActionKey(*mine), got: got}, "")
		}
	}
	for i, ev := range evs {
		path := fmt.Sprintf("events[%d]", i)
		if mine == nil && ev.Seat == 0 {
			return m.fail(tidebreakersBreak{path: path + ".seat", rule: "init lists only the captains' turns before your first", want: "a captain's seat", got: "0"}, strings.Join(trace, "\n"))
		}
		if b := g.policy(m.opponent, ev, path); b != nil {
			return m.fail(*b, strings.Join(append(trace, g.boardText()), "\n"))
		}
		note, b := g.apply(ev, path)
		if b != nil {
			return m.fail(*b, strings.Join(trace, "\n"))
		}
		trace = append(trace, path+": "+note)
	}
	if g.phase != "over" && g.turn != 0 {
		return m.fail(tidebreakersBreak{path: "events", rule: "the captains reply until it is your turn again or the match is over", want: fmt.Sprintf("seat %d to play on", g.turn), got: "the answer stops"}, strings.Join(trace, "\n"))
	}
	if bs := g.compare(a, m.players, m.opponent); len(bs) > 0 {
		return m.failAll(bs, tidebreakersTrace(trace)...)
	}
	return nil
}

// start deals the match, checks the opening and the captains before seat
// 0, and that the same seed deals the same match again.
func (m *tidebreakersMatch) start(t check.Target) error {
	loop := t.Loop()
	deal := func() (*client.Session, *tidebreakersAnswer, error) {
		s, err := client.Start(m.ctx, loop, "tidebreakers", m.query)
		var first *client.Answer
		if s != nil {
			first = s.Last
		}
		a, err := m.decode(first, err)
		return s, a, err
	}
	s, a, err := deal()
	if err != nil {
		return err
	}
	m.sess = s
	if !a.OK || a.View == nil {
		return m.fail(tidebreakersBreak{path: "ok", rule: "init deals a match", want: "ok:true with a view", got: fmt.Sprintf("ok:%v %s", a.OK, a.Code)}, a.Reason)
	}
	if o := a.View.Opener; o < 0 || o >= m.players {
		return m.fail(tidebreakersBreak{path: "view.opener", rule: "the opener is one of the seats", want: fmt.Sprintf("0..%d", m.players-1), got: strconv.Itoa(o)}, "")
	}
	g := tidebreakersOpening(m.players, a.View.Opener)
	if err := m.judge(a, g, nil); err != nil {
		return err
	}
	_, b, err := deal()
	if err != nil {
		return err
	}
	dealt, _ := json.Marshal([]any{a.View, a.Events})
	redealt, _ := json.Marshal([]any{b.View, b.Events})
	if string(dealt) != string(redealt) {
		return m.fail(tidebreakersBreak{path: "view", rule: "the same seed and options deal the same match", want: check.Brief(string(dealt), 200), got: check.Brief(string(redealt), 200)}, "")
	}
	m.game, m.last = g, a
	return nil
}

// act sends a legal action and judges the answer.
func (m *tidebreakersMatch) act(action tidebreakersAction) error {
	m.step++
	m.sent, _ = json.Marshal(action)
	a, err := m.decode(m.sess.Act(m.ctx, m.sent))
	if err != nil {
		return err
	}
	if !a.OK {
		return m.fail(tidebreakersBreak{path: "ok", rule: "an action legalActions and actionRanges allow is legal", want: "ok:true", got: "ok:false " + a.Code}, a.Reason)
	}
	g := m.game.clone()
	if err := m.judge(a, g, &action); err != nil {
		return err
	}
	m.game, m.last = g, a
	return nil
}

// refuse sends an action the rules refuse with code and checks the refusal
// changes nothing.
func (m *tidebreakersMatch) refuse(raw, code string) error {
	m.step++
	m.sent = json.RawMessage(raw)
	token := m.sess.Last.Token
	a, err := m.decode(m.sess.Act(m.ctx, m.sent))
	if err != nil {
		return err
	}
	over := m.game.phase == "over"
	var bs []tidebreakersBreak
	diff := func(path, rule, want, got string) {
		if want != got {
			bs = append(bs, tidebreakersBreak{path: path, rule: rule, want: want, got: got})
		}
	}
	diff("ok", "an action not in the grammar, not legal now, or after the end is refused", "false", strconv.FormatBool(a.OK))
	if !a.OK {
		diff("code", "invalid_action outside the grammar, illegal_action when not legal now, game_over after the end", code, a.Code)
		if a.State != token {
			bs = append(bs, tidebreakersBreak{path: "state", rule: "a refusal gives back the token unchanged: it changes nothing", want: check.Brief(token, 60), got: check.Brief(a.State, 60)})
		}
		diff("gameOver", "a refusal says whether the match is over", strconv.FormatBool(over), strconv.FormatBool(a.GameOver))
		var want, got []string
		for _, x := range m.last.LegalActions {
			want = append(want, tidebreakersActionKey(x))
		}
		for _, x := range a.LegalActions {
			got = append(got, tidebreakersActionKey(x))
		}
		if ok, d := tidebreakersSameSet(want, got); !ok {
			bs = append(bs, tidebreakersBreak{path: "legalActions", rule: "a refusal lists the same legal actions: it changes nothing", want: fmt.Sprint(len(want)) + " actions", got: d})
		}
		want, got = nil, nil
		for _, r := range m.last.ActionRanges {
			want = append(want, tidebreakersRangeKey(r))
		}
		for _, r := range a.ActionRanges {
			got = append(got, tidebreakersRangeKey(r))
		}
		if ok, d := tidebreakersSameSet(want, got); !ok {
			bs = append(bs, tidebreakersBreak{path: "actionRanges", rule: "a refusal gives the same action ranges: it changes nothing", want: fmt.Sprint(want), got: d})
		}
	}
	if len(bs) > 0 {
		return m.failAll(bs, "reason: "+a.Reason)
	}
	return nil
}

// tidebreakersPlay plays one match with the agent and judges every answer.
func tidebreakersPlay(ctx context.Context, t check.Target, seed uint64, players int, opponent, agent string) error {
	m := &tidebreakersMatch{
		ctx:      ctx,
		label:    fmt.Sprintf("seed %d, %s agent, %d captains, %s", seed, agent, players, opponent),
		query:    map[string]string{"seed": strconv.FormatUint(seed, 10)},
		players:  players,
		opponent: opponent,
		rng:      rand.New(rand.NewPCG(seed, uint64(len(agent)))), // the agents' names differ in length: a stream each
	}
	// The defaults (2 captains, sample) are asked for by leaving the
	// options out.
	if players != 2 || opponent != "sample" {
		m.query["players"], m.query["opponent"] = strconv.Itoa(players), opponent
	}
	if err := m.start(t); err != nil {
		return err
	}
	// A match lasts at most 60 rounds of at most 7 actions for the agent;
	// refusals come on top.
	for m.game.phase != "over" {
		if m.step > 4*tidebreakersMaxRounds*(tidebreakersMaxSupply+1) {
			return m.fail(tidebreakersBreak{path: "view.round", rule: "every match ends by round 60", want: "the end", got: "round " + strconv.Itoa(m.game.round)}, "")
		}
		var err error
		switch {
		case agent == "adversarial" && m.rng.IntN(10) < 3:
			err = m.refuse(m.illegal())
		case agent == "adversarial":
			err = m.act(m.adversary())
		case agent == "conqueror":
			err = m.act(m.conqueror())
		default:
			err = m.act(m.random())
		}
		if err != nil {
			return err
		}
	}
	return m.refuse(`{"type":"pass"}`, "game_over")
}
