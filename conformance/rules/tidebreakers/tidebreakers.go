// Package tidebreakers is Tidebreakers' referee at the rules level: the
// stateless loop's (tidebreakers.go: /api/games/tidebreakers/init and /action,
// the agent in seat 0 against built-in captains) and the live match API's
// (live.go), judging both on one model of the rules (model.go).
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
package tidebreakers

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/rules"
)

// captainNames are the built-in captains init takes.
var captainNames = []string{"sample", "strong", "random"}

// Referee is Tidebreakers' referee, its rules checks: per seed, one
// match of each agent (random, adversarial, conqueror), 2 to 4 captains as
// the seed goes and a kind of captains for each agent, so that every
// pairing of the two comes up within 9 seeds; then the live match API's.
func Referee(seeds int) []check.Check {
	var out []check.Check
	for s := range seeds {
		for k, agent := range []string{"random", "adversarial", "conqueror"} {
			players := 2 + s%3
			opponent := captainNames[(s+s/3+k)%3]
			seed := uint64(s)
			out = append(out, check.Check{
				Game:  "tidebreakers",
				Level: check.Rules,
				Name:  fmt.Sprintf("%s-agent-seed%d-%dp-%s", agent, seed, players, opponent),
				Run: func(ctx context.Context, t check.Target) error {
					return play(ctx, t, seed, players, opponent, agent)
				},
				BundleOnly: rules.LoopOpen,
			})
		}
	}
	return append(out, liveChecks(seeds)...)
}

// match is one match the referee plays and judges.
type match struct {
	*rules.Match
	players  int
	opponent string
	game     *game
	last     *answer // the game's fields of the last accepted answer
	rng      *rand.Rand
}

// trace heads the events as the referee replayed them, for a failure's
// detail.
func trace(notes []string) []string {
	if len(notes) == 0 {
		return nil
	}
	return append([]string{"events as the rules play them:"}, notes...)
}

// judge replays the events of an answer on g, a copy of the account,
// from the first (the agent's own action, if any), and compares the
// answer with it.
func (m *match) judge(e *rules.Envelope, a *answer, g *game, mine *action) error {
	evs := a.Events
	var notes []string
	if mine != nil {
		if len(evs) == 0 || evs[0].Seat != 0 || actionKey(action{Type: evs[0].Type, Tile: evs[0].Tile, Amount: evs[0].Amount, From: evs[0].From, To: evs[0].To, Send: evs[0].Send}) != actionKey(*mine) {
			got := "no event"
			if len(evs) > 0 {
				got = eventText(evs[0])
			}
			return m.Fail("events[0]", "events lists every action taken in the call, yours first", "seat 0 "+actionKey(*mine), got)
		}
	}
	for i, ev := range evs {
		path := fmt.Sprintf("events[%d]", i)
		if mine == nil && ev.Seat == 0 {
			return m.FailAll([]*check.Failure{rules.Broke(path+".seat", "init lists only the captains' turns before your first", "a captain's seat", 0)}, notes...)
		}
		if f := g.policy(m.opponent, ev, path); f != nil {
			return m.FailAll([]*check.Failure{f}, append(notes, g.boardText())...)
		}
		note, f := g.apply(ev, path)
		if f != nil {
			return m.FailAll([]*check.Failure{f}, notes...)
		}
		notes = append(notes, path+": "+note)
	}
	if g.phase != overPhase && g.turn != 0 {
		return m.FailAll([]*check.Failure{rules.Broke("events", "the captains reply until it is your turn again or the match is over", fmt.Sprintf("seat %d to play on", g.turn), "the answer stops")}, notes...)
	}
	if fs := g.compare(e, a, m.players, m.opponent); len(fs) > 0 {
		return m.FailAll(fs, trace(notes)...)
	}
	return nil
}

// start deals the match (twice: the same seed deals the same match) and
// checks the opening and the captains' turns before seat 0's.
func (m *match) start(query map[string]string) error {
	var a answer
	e, err := m.Open(query, &a)
	if err != nil {
		return err
	}
	if a.View == nil {
		return m.Fail("view", "every answer carries the view", "an object", "absent")
	}
	if o := a.View.Opener; o < 0 || o >= m.players {
		return m.Fail("view.opener", "the opener is one of the seats", fmt.Sprintf("0..%d", m.players-1), o)
	}
	g := opening(m.players, a.View.Opener)
	if err := m.judge(e, &a, g, nil); err != nil {
		return err
	}
	m.game, m.last = g, &a
	return nil
}

// act sends a legal action and judges the answer.
func (m *match) act(act action) error {
	raw, _ := json.Marshal(act)
	var a answer
	e, err := m.Play(raw, &a)
	if err != nil {
		return err
	}
	g := m.game.clone()
	if err := m.judge(e, &a, g, &act); err != nil {
		return err
	}
	m.game, m.last = g, &a
	return nil
}

// play plays one match with the agent and judges every answer.
func play(ctx context.Context, t check.Target, seed uint64, players int, opponent, agent string) error {
	name := fmt.Sprintf("seed %d, %s agent, %d captains, %s", seed, agent, players, opponent)
	m := &match{
		Match:    rules.NewMatch(ctx, t, "tidebreakers", name),
		players:  players,
		opponent: opponent,
		rng:      rand.New(rand.NewPCG(seed, uint64(len(agent)))), // the agents' names differ in length: a stream each
	}
	// The defaults (2 captains, sample) are asked for by leaving the
	// options out.
	query := map[string]string{"seed": strconv.FormatUint(seed, 10)}
	if players != 2 || opponent != "sample" {
		query["players"], query["opponent"] = strconv.Itoa(players), opponent
	}
	if err := m.start(query); err != nil {
		return err
	}
	// A match lasts at most 60 rounds of at most 7 actions for the agent;
	// refusals come on top.
	for m.game.phase != overPhase {
		if m.Step > 4*maxRounds*(maxSupply+1) {
			return m.Fail("view.round", "every match ends by round 60", "the end", "round "+strconv.Itoa(m.game.round))
		}
		var err error
		switch {
		case agent == "adversarial" && m.rng.IntN(10) < 3:
			raw, code := m.illegal()
			err = m.Refuse(json.RawMessage(raw), code)
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
	return m.AfterEnd(json.RawMessage(`{"type":"pass"}`))
}
