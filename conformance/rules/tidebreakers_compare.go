package rules

// This file compares an answer of the Tidebreakers loop with the
// referee's account: the view, the score, legalActions and actionRanges,
// the result, and that the observation text is there.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// tidebreakersEntryOf reads a view's log entry the way the referee keeps
// them; a captured or repelled entry missing a number reads as -1 there.
func tidebreakersEntryOf(l tidebreakersLogEntry) tidebreakersEntry {
	v := func(p *int) int {
		if p == nil {
			return -1
		}
		return *p
	}
	e := tidebreakersEntry{round: l.Round, kind: l.Kind, seat: v(l.Seat), ending: l.Ending}
	if l.Kind == "captured" || l.Kind == "repelled" {
		e.from, e.to, e.sent, e.before, e.after = v(l.From), v(l.To), v(l.Sent), v(l.Before), v(l.After)
	}
	if l.Kind != "ended" {
		e.ending = ""
	}
	return e
}

// tidebreakersActionKey writes an action comparably, whatever the order
// of its fields.
func tidebreakersActionKey(a tidebreakersAction) string {
	switch a.Type {
	case "supply":
		return fmt.Sprintf("supply tile=%s amount=%s", tidebreakersIntText(a.Tile), tidebreakersIntText(a.Amount))
	case "attack":
		return fmt.Sprintf("attack from=%s to=%s send=%s", tidebreakersIntText(a.From), tidebreakersIntText(a.To), tidebreakersIntText(a.Send))
	}
	return a.Type
}

// tidebreakersRangeKey writes a range comparably.
func tidebreakersRangeKey(r tidebreakersRange) string {
	from := "-"
	if r.From != nil {
		from = strconv.Itoa(*r.From)
	}
	return fmt.Sprintf("%s %s from=%s %d..%d", r.Type, r.Field, from, r.Min, r.Max)
}

// tidebreakersSameSet reports whether two lists hold the same items, in any
// order, and says what differs.
func tidebreakersSameSet(want, got []string) (bool, string) {
	w, g := slices.Sorted(slices.Values(want)), slices.Sorted(slices.Values(got))
	if slices.Equal(w, g) {
		return true, ""
	}
	var missing, extra []string
	for _, x := range w {
		if !slices.Contains(g, x) {
			missing = append(missing, x)
		}
	}
	for _, x := range g {
		if !slices.Contains(w, x) {
			extra = append(extra, x)
		}
	}
	return false, fmt.Sprintf("missing: %v\nnot legal or repeated: %v", missing, extra)
}

// compare lists where the answer differs from the account.
func (g *tidebreakersGame) compare(a *tidebreakersAnswer, players int, opponent string) []tidebreakersBreak {
	var out []tidebreakersBreak
	diff := func(path, rule string, want, got any) {
		w, gt := fmt.Sprint(want), fmt.Sprint(got)
		if w != gt {
			out = append(out, tidebreakersBreak{path: path, rule: rule, want: w, got: gt})
		}
	}
	over := g.phase == "over"
	v := a.View
	if v == nil {
		return []tidebreakersBreak{{path: "view", rule: "every answer carries the view", want: "an object", got: "absent"}}
	}
	diff("view.players", "the match has the captains init asked for", players, v.Players)
	diff("view.you", "the agent holds seat 0", 0, v.You)
	diff("view.opponent", "every other seat is the captain init asked for", opponent, v.Opponent)
	diff("view.opener", "the opener is drawn once, at init", g.opener, v.Opener)
	diff("view.rounds", "matches are capped at 60 rounds", tidebreakersMaxRounds, v.Rounds)
	diff("view.round", "a round is one turn of every captain still in, counted from the opener", g.round, v.Round)
	diff("view.supply", "supply is 3 a turn in rounds 1-10, 4 in 11-20, 5 in 21-30 and 6 from round 31", tidebreakersSupplyIn(g.round), v.Supply)
	diff("view.phase", "a turn is supply, then the expedition once none is left; over at the end", g.phase, v.Phase)
	if over {
		diff("view.turn", "no one is to act once the match is over", "null", tidebreakersSeatText(tidebreakersPtrOr(v.Turn, -1)))
	} else {
		diff("view.turn", "every answer is the agent's turn again, or the end", "0", tidebreakersIntText(v.Turn))
		diff("view.supplyLeft", "a turn starts with the round's supply and each supply spends its amount", g.supplyLeft, v.SupplyLeft)
	}
	if len(v.Islands) != tidebreakersIslands {
		out = append(out, tidebreakersBreak{path: "view.islands", rule: "the grid has 25 islands", want: "25", got: strconv.Itoa(len(v.Islands))})
	} else {
		for i, is := range v.Islands {
			p := fmt.Sprintf("view.islands[%d]", i)
			diff(p+".tile", "islands are listed by number", i, is.Tile)
			diff(p+".row", "island row*5 + col", i/tidebreakersSize, is.Row)
			diff(p+".col", "island row*5 + col", i%tidebreakersSize, is.Col)
			diff(p+".owner", "an island changes holder only when an expedition sends more than its garrison", tidebreakersSeatText(g.owner[i]), tidebreakersSeatText(tidebreakersPtrOr(is.Owner, -1)))
			diff(p+".strength", "strength changes only by supply (+amount) and expeditions (the sender loses send; a capture leaves send-garrison, a repelled one garrison-send)", g.strength[i], is.Strength)
		}
	}
	if len(v.Captains) != players {
		out = append(out, tidebreakersBreak{path: "view.captains", rule: "one entry per captain", want: strconv.Itoa(players), got: strconv.Itoa(len(v.Captains))})
	} else {
		for p, c := range v.Captains {
			path := fmt.Sprintf("view.captains[%d]", p)
			n, s := g.count(p)
			name := opponent
			if p == 0 {
				name = "you"
			}
			diff(path+".seat", "captains are listed by seat", p, c.Seat)
			diff(path+".name", "seat 0 is you, the others the captains init asked for", name, c.Name)
			diff(path+".islands", "a captain's islands are those it holds", n, c.Islands)
			diff(path+".strength", "a captain's strength is the sum over the islands it holds", s, c.Strength)
			diff(path+".out", "a captain is out once it has lost its last island", g.out[p], c.Out)
		}
	}
	var want, got []string
	for _, e := range g.log {
		want = append(want, e.String())
	}
	for _, l := range v.Log {
		got = append(got, tidebreakersEntryOf(l).String())
	}
	for i := range max(len(want), len(got)) {
		w, gt := tidebreakersEntryAt(want, i), tidebreakersEntryAt(got, i)
		if w != gt {
			out = append(out, tidebreakersBreak{path: fmt.Sprintf("view.log[%d]", i), rule: "the log records every capture, repelled expedition, elimination and the end, oldest first; the view keeps the last 8", want: w, got: gt})
			break
		}
	}
	mine, _ := g.count(0)
	diff("score", "score is the number of islands you hold", mine, tidebreakersIntText(a.Score))
	diff("gameOver", "gameOver says whether the match has ended", over, a.GameOver)
	diff("turn", "every answer is your turn again (you) or the finished match (over)", map[bool]string{false: "you", true: "over"}[over], a.Turn)
	wantActions, wantRanges := g.legal()
	var gotActions, gotRanges []string
	for _, x := range a.LegalActions {
		gotActions = append(gotActions, tidebreakersActionKey(x))
	}
	for _, r := range a.ActionRanges {
		gotRanges = append(gotRanges, tidebreakersRangeKey(r))
	}
	if ok, d := tidebreakersSameSet(wantActions, gotActions); !ok {
		out = append(out, tidebreakersBreak{path: "legalActions", rule: "legalActions lists one supply of all that is left per island you hold; then a pass and, per route, an expedition of all but one", want: fmt.Sprint(len(wantActions)) + " actions", got: d})
	}
	if ok, d := tidebreakersSameSet(wantRanges, gotRanges); !ok {
		out = append(out, tidebreakersBreak{path: "actionRanges", rule: "actionRanges gives the supply amount 1..left, and per island that can send the send 1..strength-1", want: fmt.Sprint(wantRanges), got: d})
	}
	if strings.TrimSpace(a.Observation) == "" {
		out = append(out, tidebreakersBreak{path: "observation", rule: "every answer carries the observation text (its wording is the implementation's own)", want: "a text", got: `""`})
	}
	return append(out, g.compareResult(a, over)...)
}

// compareResult checks result: null while open, the scoring at the end.
func (g *tidebreakersGame) compareResult(a *tidebreakersAnswer, over bool) []tidebreakersBreak {
	r := a.Result
	switch {
	case !over && r == nil:
		return nil
	case !over:
		return []tidebreakersBreak{{path: "result", rule: "result is null while the match is open", want: "null", got: r.Ending}}
	case r == nil:
		return []tidebreakersBreak{{path: "result", rule: "the answer that ends the match gives its result", want: g.ending, got: "null"}}
	}
	var out []tidebreakersBreak
	diff := func(path, rule string, want, got any) {
		if w, gt := fmt.Sprint(want), fmt.Sprint(got); w != gt {
			out = append(out, tidebreakersBreak{path: path, rule: rule, want: w, got: gt})
		}
	}
	var islands, strength []int
	for p := range g.players {
		n, s := g.count(p)
		islands, strength = append(islands, n), append(strength, s)
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
	diff("result.winner", "the conqueror, the last standing, or most islands then most strength; null for a tie on both", tidebreakersSeatText(g.winner), tidebreakersSeatText(tidebreakersPtrOr(r.Winner, -1)))
	diff("result.places", "every seat's place: most islands, then most strength, first, whatever the ending; seats tied on both share a place (1, 1, 3)", places, r.Places)
	diff("result.outcome", "from seat 0's place: win 1st alone, draw 1st shared, loss below 1st (also when others share 1st)", outcome, r.Outcome)
	diff("result.round", "the round the match ended in", g.round, r.Round)
	diff("result.islands", "every captain's islands at the end", islands, r.Islands)
	diff("result.strength", "every captain's strength at the end", strength, r.Strength)
	return out
}

func tidebreakersEntryAt(entries []string, i int) string {
	if i < len(entries) {
		return entries[i]
	}
	return "no entry"
}
