package tidebreakers

// This file compares an answer of the Tidebreakers loop with the
// referee's account: the view, the score, legalActions and actionRanges,
// the result, and that the observation text is there.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/rules"
)

// actionKey writes an action comparably, whatever the order
// of its fields.
func actionKey(a action) string {
	switch a.Type {
	case "supply":
		return fmt.Sprintf("supply tile=%s amount=%s", intText(a.Tile), intText(a.Amount))
	case "attack":
		return fmt.Sprintf("attack from=%s to=%s send=%s", intText(a.From), intText(a.To), intText(a.Send))
	}
	return a.Type
}

// rangeKey writes a range comparably.
func rangeKey(r actionRange) string {
	from := "-"
	if r.From != nil {
		from = strconv.Itoa(*r.From)
	}
	return fmt.Sprintf("%s %s from=%s %d..%d", r.Type, r.Field, from, r.Min, r.Max)
}

// compare lists where the answer differs from the account.
func (g *game) compare(e *rules.Envelope, a *answer, players int, opponent string) []*check.Failure {
	var out []*check.Failure
	diff := func(path, rule string, want, got any) {
		if w, gt := fmt.Sprint(want), fmt.Sprint(got); w != gt {
			out = append(out, rules.Broke(path, rule, w, gt))
		}
	}
	over := g.phase == overPhase
	v := a.View
	if v == nil {
		return []*check.Failure{rules.Broke("view", "every answer carries the view", "an object", "absent")}
	}
	diff("view.players", "the match has the captains init asked for", players, v.Players)
	diff("view.you", "the agent holds seat 0", 0, v.You)
	diff("view.opponent", "every other seat is the captain init asked for", opponent, v.Opponent)
	diff("view.opener", "the opener is drawn once, at init", g.opener, v.Opener)
	diff("view.rounds", "matches are capped at 60 rounds", maxRounds, v.Rounds)
	diff("view.round", "a round is one turn of every captain still in, counted from the opener", g.round, v.Round)
	diff("view.supply", "supply is 3 a turn in rounds 1-10, 4 in 11-20, 5 in 21-30 and 6 from round 31", supplyIn(g.round), v.Supply)
	diff("view.phase", "a turn is supply, then the expedition once none is left; over at the end", g.phase, v.Phase)
	if over {
		diff("view.turn", "no one is to act once the match is over", "null", seatText(ptrOr(v.Turn, -1)))
	} else {
		diff("view.turn", "every answer is the agent's turn again, or the end", "0", intText(v.Turn))
		diff("view.supplyLeft", "a turn starts with the round's supply and each supply spends its amount", g.left, v.SupplyLeft)
	}
	if len(v.Islands) != islands {
		out = append(out, rules.Broke("view.islands", "the grid has 25 islands", islands, len(v.Islands)))
	} else {
		for i, is := range v.Islands {
			p := fmt.Sprintf("view.islands[%d]", i)
			diff(p+".tile", "islands are listed by number", i, is.Tile)
			diff(p+".row", "island row*5 + col", i/size, is.Row)
			diff(p+".col", "island row*5 + col", i%size, is.Col)
			diff(p+".owner", "an island changes holder only when an expedition sends more than its garrison", seatText(g.owner(i)), seatText(ptrOr(is.Owner, -1)))
			diff(p+".strength", "strength changes only by supply (+amount) and expeditions (the sender loses send; a capture leaves send-garrison, a repelled one garrison-send)", g.strength(i), is.Strength)
		}
	}
	if len(v.Captains) != players {
		out = append(out, rules.Broke("view.captains", "one entry per captain", players, len(v.Captains)))
	} else {
		for p, c := range v.Captains {
			path := fmt.Sprintf("view.captains[%d]", p)
			n, s := g.count(p), g.total[p]
			name := opponent
			if p == 0 {
				name = "you"
			}
			diff(path+".seat", "captains are listed by seat", p, c.Seat)
			diff(path+".name", "seat 0 is you, the others the captains init asked for", name, c.Name)
			diff(path+".islands", "a captain's islands are those it holds", n, c.Islands)
			diff(path+".strength", "a captain's strength is the sum over the islands it holds", s, c.Strength)
			diff(path+".out", "a captain is out once it has lost its last island", n == 0, c.Out)
		}
	}
	var want, got []string
	for _, e := range g.log[max(0, len(g.log)-logKept):] {
		want = append(want, e.String())
	}
	for _, l := range v.Log {
		got = append(got, entryOf(l).String())
	}
	for i := range max(len(want), len(got)) {
		w, gt := entryAt(want, i), entryAt(got, i)
		if w != gt {
			out = append(out, rules.Broke(fmt.Sprintf("view.log[%d]", i), "the log records every capture, repelled expedition, elimination and the end, oldest first; the view keeps the last 8", w, gt))
			break
		}
	}
	diff("score", "score is the number of islands you hold", g.count(0), intText(e.Score))
	diff("gameOver", "gameOver says whether the match has ended", over, e.GameOver)
	diff("turn", "every answer is your turn again (you) or the finished match (over)", map[bool]string{false: "you", true: "over"}[over], e.Turn)
	wantActions, wantRanges := g.legal()
	var gotActions, gotRanges []string
	for _, x := range a.LegalActions {
		gotActions = append(gotActions, actionKey(x))
	}
	for _, r := range a.ActionRanges {
		gotRanges = append(gotRanges, rangeKey(r))
	}
	if f := rules.SetBreak("legalActions", "legalActions lists one supply of all that is left per island you hold; then a pass and, per route, an expedition of all but one", wantActions, gotActions); f != nil {
		out = append(out, f)
	}
	if f := rules.SetBreak("actionRanges", "actionRanges gives the supply amount 1..left, and per island that can send the send 1..strength-1", wantRanges, gotRanges); f != nil {
		out = append(out, f)
	}
	if strings.TrimSpace(e.Observation) == "" {
		out = append(out, rules.Broke("observation", "every answer carries the observation text (its wording is the implementation's own)", "a text", `""`))
	}
	return append(out, g.compareResult(a, over)...)
}

// compareResult checks result: null while open, the scoring at the end.
func (g *game) compareResult(a *answer, over bool) []*check.Failure {
	r := a.Result
	switch {
	case !over && r == nil:
		return nil
	case !over:
		return []*check.Failure{rules.Broke("result", "result is null while the match is open", "null", r.Ending)}
	case r == nil:
		return []*check.Failure{rules.Broke("result", "the answer that ends the match gives its result", g.ending, "null")}
	}
	var out []*check.Failure
	diff := func(path, rule string, want, got any) {
		if w, gt := fmt.Sprint(want), fmt.Sprint(got); w != gt {
			out = append(out, rules.Broke(path, rule, w, gt))
		}
	}
	held := make([]int, g.players)
	for p := range held {
		held[p] = g.count(p)
	}
	places := g.places()
	outcome := "loss"
	if places[0] == 1 {
		outcome = "win"
		if slices.Contains(places[1:], 1) {
			outcome = "draw"
		}
	}
	diff("result.ending", "13 islands (conquest), the last captain with islands (last_standing), or scoring after round 60 (round_cap)", g.ending, r.Ending)
	diff("result.winner", "the conqueror, the last standing, or most islands then most strength; null for a tie on both", seatText(g.winner), seatText(ptrOr(r.Winner, -1)))
	diff("result.places", "every seat's place: most islands, then most strength, first, whatever the ending; seats tied on both share a place (1, 1, 3)", places, r.Places)
	diff("result.outcome", "from seat 0's place: win 1st alone, draw 1st shared, loss below 1st (also when others share 1st)", outcome, r.Outcome)
	diff("result.round", "the round the match ended in", g.round, r.Round)
	diff("result.islands", "every captain's islands at the end", held, r.Islands)
	diff("result.strength", "every captain's strength at the end", g.total, r.Strength)
	return out
}

func entryAt(entries []string, i int) string {
	if i < len(entries) {
		return entries[i]
	}
	return "no entry"
}
