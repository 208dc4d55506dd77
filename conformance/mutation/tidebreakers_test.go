package mutation

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/rules/tidebreakers"
)

// TestTidebreakersMutants: the Tidebreakers referee catches every broken
// Tidebreakers. Each mutant rewrites an answer as an engine with that bug
// would write it: the view, the events, the log, the result and the score
// agree with one another, so only the rules tell (the observation text is
// left as served: no check reads its wording).
func TestTidebreakersMutants(t *testing.T) {
	t.Parallel()
	mustCatch(t, "tidebreakers", tidebreakersMutants())
}

// TestTidebreakersRefereeCatchesEveryMutant: the rules level alone, its
// stateless-loop referee, fails every Tidebreakers mutant too, whatever
// the protocol level catches first.
func TestTidebreakersRefereeCatchesEveryMutant(t *testing.T) {
	t.Parallel()
	all := tidebreakers.Referee(seeds)
	var referee []check.Check
	for _, c := range all {
		if strings.Contains(c.Name, "-agent-seed") {
			referee = append(referee, c)
		}
	}
	for _, m := range tidebreakersMutants() {
		t.Run(m.Name, func(t *testing.T) {
			t.Parallel()
			ref, err := firstFailure(m.target(t), referee)
			if err == nil {
				t.Fatalf("the Tidebreakers referee passes the mutant %q", m.Name)
			}
			t.Logf("caught by %s: %v", ref, err)
		})
	}
}

// tidebreakersMutants are the broken Tidebreakers servers.
func tidebreakersMutants() []Mutant {
	return []Mutant{
		{Name: "supply adds one too many", Wrap: tidebreakersProxy(Edit{Answer: tidebreakersSupplyPlusOne})},
		{Name: "repelled garrison loses one less", Wrap: tidebreakersProxy(Edit{Answer: tidebreakersRepelledOneLess})},
		{Name: "capture leaves the whole expedition", Wrap: tidebreakersProxy(Edit{Answer: tidebreakersCaptureKeepsSend})},
		{Name: "captured island keeps its holder", Wrap: tidebreakersCaptureKeepsHolder()},
		{Name: "rounds counted from seat 0, not the opener", Wrap: tidebreakersProxy(Edit{Answer: tidebreakersRoundFromSeatZero})},
		{Name: "supply grows a round early", Wrap: tidebreakersProxy(Edit{Answer: tidebreakersSupplyEarly})},
		{Name: "conquest declared at 12 islands", Wrap: tidebreakersProxy(Edit{Answer: tidebreakersConquestAtTwelve})},
		{Name: "the cap ranks strength before islands", Wrap: tidebreakersProxy(Edit{Answer: tidebreakersCapByStrength})},
		{Name: "eliminated captain stays in", Wrap: tidebreakersProxy(Edit{Answer: tidebreakersNoElimination})},
		{Name: "score counts your strength", Wrap: tidebreakersProxy(Edit{Answer: tidebreakersScoreIsStrength})},
		{Name: "refused over-supply places what was left", Wrap: refusalPlays("tidebreakers", tidebreakersOverSupplyPlaces)},
	}
}

// tidebreakersProxy is Proxy on the Tidebreakers loop alone: the live
// matches go straight to the server, not one at a time through the edit.
func tidebreakersProxy(e Edit) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		p := Proxy(e)(h)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !strings.HasPrefix(r.URL.Path, "/api/games/tidebreakers/") {
				h.ServeHTTP(w, r)
				return
			}
			p.ServeHTTP(w, r)
		})
	}
}

// tidebreakersEnvelope is the view, islands and events of an envelope; ok
// is false for a refusal or an error.
func tidebreakersEnvelope(a map[string]any) (view map[string]any, islands []map[string]any, events []map[string]any, ok bool) {
	if a == nil || a["ok"] != true {
		return nil, nil, nil, false
	}
	view = jsonObject(a["view"])
	list := jsonList(view["islands"])
	if len(list) != 25 {
		return nil, nil, nil, false
	}
	for _, is := range list {
		islands = append(islands, jsonObject(is))
	}
	for _, e := range jsonList(a["events"]) {
		events = append(events, jsonObject(e))
	}
	return view, islands, events, true
}

// tidebreakersRecount makes an answer agree with its view's islands: the
// captains' islands and strength, the score and the result's counts.
func tidebreakersRecount(a map[string]any) {
	view, islands, _, ok := tidebreakersEnvelope(a)
	if !ok {
		return
	}
	captains := jsonList(view["captains"])
	counts, strengths := make([]int, len(captains)), make([]int, len(captains))
	for _, is := range islands {
		if o := jsonInt(is["owner"]); o >= 0 {
			counts[o]++
			strengths[o] += jsonInt(is["strength"])
		}
	}
	for p, c := range captains {
		jsonObject(c)["islands"] = jsonNumber(counts[p])
		jsonObject(c)["strength"] = jsonNumber(strengths[p])
	}
	a["score"] = jsonNumber(counts[0])
	if r := jsonObject(a["result"]); r != nil {
		var is, st []any
		for p := range captains {
			is, st = append(is, jsonNumber(counts[p])), append(st, jsonNumber(strengths[p]))
		}
		r["islands"], r["strength"] = is, st
	}
}

// tidebreakersLogAfter rewrites the after of the view's newest log entry
// of kind from the event to after.
func tidebreakersLogAfter(a map[string]any, ev map[string]any, kind string, after int) {
	view := a["view"].(map[string]any)
	log := view["log"].([]any)
	for i := len(log) - 1; i >= 0; i-- {
		e := log[i].(map[string]any)
		if e["kind"] == kind && jsonInt(e["from"]) == jsonInt(ev["from"]) && jsonInt(e["to"]) == jsonInt(ev["to"]) &&
			jsonInt(e["sent"]) == jsonInt(ev["send"]) && jsonInt(e["after"]) == jsonInt(ev["after"]) {
			e["after"] = jsonNumber(after)
			break
		}
	}
}

// tidebreakersSupplyPlusOne: every supply puts one more on its island
// than its amount.
func tidebreakersSupplyPlusOne(_ *http.Request, _ []byte, _ *int, a map[string]any) bool {
	_, islands, events, ok := tidebreakersEnvelope(a)
	changed := false
	for _, ev := range events {
		if ok && ev["type"] == "supply" {
			is := islands[jsonInt(ev["tile"])]
			is["strength"] = jsonNumber(jsonInt(is["strength"]) + 1)
			changed = true
		}
	}
	if changed {
		tidebreakersRecount(a)
	}
	return changed
}

// tidebreakersRepelledOneLess: a repelled expedition takes send-1 from the
// garrison.
func tidebreakersRepelledOneLess(_ *http.Request, _ []byte, _ *int, a map[string]any) bool {
	return tidebreakersCombat(a, "repelled", func(ev map[string]any) int { return jsonInt(ev["after"]) + 1 })
}

// tidebreakersCaptureKeepsSend: a capture leaves the whole expedition on
// the island instead of send - garrison.
func tidebreakersCaptureKeepsSend(_ *http.Request, _ []byte, _ *int, a map[string]any) bool {
	return tidebreakersCombat(a, "captured", func(ev map[string]any) int { return jsonInt(ev["send"]) })
}

// tidebreakersCombat rewrites the garrison every expedition of result kind
// leaves, in the event, the island and the log.
func tidebreakersCombat(a map[string]any, kind string, after func(ev map[string]any) int) bool {
	_, islands, events, ok := tidebreakersEnvelope(a)
	changed := false
	for _, ev := range events {
		if !ok || ev["result"] != kind {
			continue
		}
		n := after(ev)
		if n == jsonInt(ev["after"]) {
			continue
		}
		tidebreakersLogAfter(a, ev, kind, n)
		is := islands[jsonInt(ev["to"])]
		is["strength"] = jsonNumber(jsonInt(is["strength"]) - jsonInt(ev["after"]) + n)
		ev["after"] = jsonNumber(n)
		changed = true
	}
	if changed {
		tidebreakersRecount(a)
	}
	return changed
}

// tidebreakersCaptureKeepsHolder: a capture sets the garrison but leaves
// the island with the holder it had before the answer. The mutant keeps
// each answer's holders by its token, to know them.
func tidebreakersCaptureKeepsHolder() func(http.Handler) http.Handler {
	holders := map[string][]any{}
	return tidebreakersProxy(Edit{Answer: func(r *http.Request, body []byte, _ *int, a map[string]any) bool {
		view, islands, events, ok := tidebreakersEnvelope(a)
		if !ok {
			return false
		}
		before := holders[requestToken(body)]
		if r.Method == http.MethodGet {
			players := jsonInt(view["players"])
			before = make([]any, 25)
			for seat, c := range map[int][]int{2: {0, 24}, 3: {0, 4, 24}, 4: {0, 4, 24, 20}}[players] {
				before[c] = jsonNumber(seat)
			}
		}
		changed := false
		for _, ev := range events {
			if ev["result"] == "captured" && before != nil {
				islands[jsonInt(ev["to"])]["owner"] = before[jsonInt(ev["to"])]
				changed = true
			}
		}
		if changed {
			tidebreakersRecount(a)
		}
		now := make([]any, 25)
		for i, is := range islands {
			now[i] = is["owner"]
		}
		holders[a["state"].(string)] = now
		return changed
	}})
}

// tidebreakersRoundFromSeatZero: rounds start when the turn passes seat
// 0, not the opener, so at seat 0's turn the round is one more whenever
// another seat opened.
func tidebreakersRoundFromSeatZero(_ *http.Request, _ []byte, _ *int, a map[string]any) bool {
	view, _, _, ok := tidebreakersEnvelope(a)
	if !ok || jsonInt(view["opener"]) == 0 || a["gameOver"] == true {
		return false
	}
	round := jsonInt(view["round"]) + 1
	view["round"], view["supply"] = jsonNumber(round), jsonNumber(3+min(3, (round-1)/10))
	tidebreakersRecount(a)
	return true
}

// tidebreakersSupplyEarly: supply steps up in rounds 10, 20 and 30
// instead of 11, 21 and 31 ((round)/10 for (round-1)/10): the view, the
// supply left, legalActions and actionRanges all offer one more.
func tidebreakersSupplyEarly(_ *http.Request, _ []byte, _ *int, a map[string]any) bool {
	view, _, _, ok := tidebreakersEnvelope(a)
	round := jsonInt(view["round"])
	if !ok || a["gameOver"] == true || round%10 != 0 || round > 30 {
		return false
	}
	supply := jsonInt(view["supply"])
	view["supply"] = jsonNumber(supply + 1)
	if view["phase"] == "supply" && jsonInt(view["supplyLeft"]) == supply {
		view["supplyLeft"] = jsonNumber(supply + 1)
		legal, _ := a["legalActions"].([]any)
		for _, la := range legal {
			la.(map[string]any)["amount"] = jsonNumber(supply + 1)
		}
		ranges, _ := a["actionRanges"].([]any)
		for _, r := range ranges {
			r.(map[string]any)["max"] = jsonNumber(supply + 1)
		}
	}
	tidebreakersRecount(a)
	return true
}

// tidebreakersConquestAtTwelve: the conquest check counts 12 islands as
// enough: a capture that leaves its captain 12 islands, the last action
// of an answer, ends the match.
func tidebreakersConquestAtTwelve(_ *http.Request, _ []byte, _ *int, a map[string]any) bool {
	view, _, events, ok := tidebreakersEnvelope(a)
	if !ok || a["gameOver"] == true || len(events) == 0 {
		return false
	}
	last := events[len(events)-1]
	seat := jsonInt(last["seat"])
	if last["result"] != "captured" || jsonInt(view["captains"].([]any)[seat].(map[string]any)["islands"]) != 12 {
		return false
	}
	last["ended"] = "conquest"
	round := jsonInt(view["round"])
	log := append(view["log"].([]any), map[string]any{"round": jsonNumber(round), "kind": "ended", "seat": jsonNumber(seat), "ending": "conquest"})
	view["log"] = log[max(0, len(log)-8):]
	view["turn"], view["phase"], view["supplyLeft"] = nil, "over", jsonNumber(0)
	a["gameOver"], a["turn"], a["legalActions"] = true, "over", []any{}
	delete(a, "actionRanges")
	a["result"] = map[string]any{"outcome": tidebreakersOutcome(seat), "ending": "conquest", "winner": jsonNumber(seat), "round": jsonNumber(round)}
	tidebreakersRecount(a)
	return true
}

func tidebreakersOutcome(winner int) string {
	switch winner {
	case 0:
		return "win"
	case -1:
		return "draw"
	}
	return "loss"
}

// tidebreakersCapByStrength: at the cap, the most strength wins, the most
// islands breaking a tie.
func tidebreakersCapByStrength(_ *http.Request, _ []byte, _ *int, a map[string]any) bool {
	r, ok := a["result"].(map[string]any)
	if !ok || r["ending"] != "round_cap" {
		return false
	}
	type rank struct{ strength, islands int }
	var ranks []rank
	for p := range r["islands"].([]any) {
		ranks = append(ranks, rank{jsonInt(r["strength"].([]any)[p]), jsonInt(r["islands"].([]any)[p])})
	}
	best := slices.MaxFunc(ranks, func(x, y rank) int {
		if x.strength != y.strength {
			return x.strength - y.strength
		}
		return x.islands - y.islands
	})
	winner := -1
	for p, x := range ranks {
		if x == best {
			if winner >= 0 {
				winner = -1
				break
			}
			winner = p
		}
	}
	old := jsonInt(r["winner"])
	if r["winner"] == nil {
		old = -1
	}
	if winner == old {
		return false
	}
	var seat any
	if winner >= 0 {
		seat = jsonNumber(winner)
	}
	r["winner"], r["outcome"] = seat, tidebreakersOutcome(winner)
	log := a["view"].(map[string]any)["log"].([]any)
	log[len(log)-1].(map[string]any)["seat"] = seat
	return true
}

// tidebreakersNoElimination: a captain that loses its last island is not
// marked out: no eliminated event, no log entry, out stays false.
func tidebreakersNoElimination(_ *http.Request, _ []byte, _ *int, a map[string]any) bool {
	view, _, events, ok := tidebreakersEnvelope(a)
	if !ok {
		return false
	}
	changed := false
	for _, ev := range events {
		if s, ok := ev["eliminated"]; ok {
			delete(ev, "eliminated")
			seat := jsonInt(s)
			view["captains"].([]any)[seat].(map[string]any)["out"] = false
			var log []any
			for _, e := range view["log"].([]any) {
				if e.(map[string]any)["kind"] != "eliminated" {
					log = append(log, e)
				}
			}
			view["log"] = log
			changed = true
		}
	}
	if changed {
		tidebreakersRecount(a)
	}
	return changed
}

// tidebreakersScoreIsStrength: score is your total strength, not your
// islands.
func tidebreakersScoreIsStrength(_ *http.Request, _ []byte, _ *int, a map[string]any) bool {
	view, _, _, ok := tidebreakersEnvelope(a)
	if !ok {
		return false
	}
	a["score"] = view["captains"].([]any)[0].(map[string]any)["strength"]
	return true
}

// tidebreakersOverSupplyPlaces: a supply of more than is left is refused,
// but the refusal's state has all that was left placed on the island.
func tidebreakersOverSupplyPlaces(request []byte, refusal map[string]any) any {
	var req struct {
		Action struct {
			Type   string `json:"type"`
			Tile   int    `json:"tile"`
			Amount int    `json:"amount"`
		} `json:"action"`
	}
	if json.Unmarshal(request, &req) != nil || req.Action.Type != "supply" || refusal["code"] != "illegal_action" {
		return nil
	}
	for _, x := range jsonList(refusal["actionRanges"]) {
		rg := jsonObject(x)
		if left := jsonInt(rg["max"]); rg["type"] == "supply" && req.Action.Amount > left {
			return map[string]any{"type": "supply", "tile": req.Action.Tile, "amount": left}
		}
	}
	return nil
}
