package mutation

import (
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestTinrailMutants: the Tinrail referee catches every broken Tinrail.
// Each mutant rewrites the answers as an engine with that bug would write
// them: the view, the events and the result agree with one another, so
// only the rules can tell (the observation text is left as served: no
// check reads its wording).
func TestTinrailMutants(t *testing.T) {
	t.Parallel()
	mutants := []Mutant{
		{Name: "ride one tile short", Wrap: Proxy(Edit{Answer: tinrailRideShort})},
		{Name: "tilesSurvived counts the eliminating placement", Wrap: Proxy(Edit{Answer: tinrailSurvivedTooMany})},
		{Name: "drawn tile never joins the hand", Wrap: Proxy(Edit{Answer: tinrailNoRefill})},
		{Name: "rotation read one quarter turn on", Wrap: Proxy(Edit{Request: tinrailRotationOn})},
		{Name: "legal actions skip the last tile's rotation 3", Wrap: Proxy(Edit{Answer: tinrailLegalShort})},
		{Name: "score rounded to nearest against Easy", Wrap: Proxy(Edit{Answer: tinrailScoreRounded})},
		{Name: "G-Bot's draw leaves the pile count", Wrap: Proxy(Edit{Answer: tinrailPileKept})},
		{Name: "tileIndex out of range clamped into the hand", Wrap: Proxy(Edit{Request: tinrailClamp})},
		{Name: "rotations turned counter-clockwise", Wrap: Proxy(Edit{Answer: tinrailCounterClockwise})},
		{Name: "head-on meeting missed", Wrap: Proxy(Edit{Answer: tinrailHeadOnMissed})},
	}
	mustCatch(t, "tinrail", mutants)
}

// tinrailAccepted reports whether an answer is an accepted Tinrail answer
// (of an action, when action is set).
func tinrailAccepted(r *http.Request, a map[string]any, action bool) bool {
	return accepted("tinrail", r, a) && (!action || strings.HasSuffix(r.URL.Path, "/action"))
}

// tinrailRideShort: a ride loop that tests for an empty cell one step too
// late stops the engine in the last tile it crossed.
func tinrailRideShort(r *http.Request, _ []byte, _ *int, a map[string]any) bool {
	if !tinrailAccepted(r, a, true) {
		return false
	}
	events := jsonList(a["events"])
	if len(events) == 0 {
		return false
	}
	view := jsonObject(a["view"])
	board := tinrailPartnerBoard(view)
	changed := false
	for _, x := range jsonList(jsonObject(events[len(events)-1])["rides"]) {
		ride := jsonObject(x)
		if ride["to"] == nil || ride["eliminated"] == true || jsonInt(ride["tiles"]) < 2 {
			continue
		}
		from := jsonObject(ride["from"])
		c, p := jsonInt(from["cell"]), jsonInt(from["port"])
		for {
			q := board[c][p]
			next := tinrailNext(c, q)
			if board[next] == nil {
				break
			}
			c, p = next, q^5
		}
		ride["to"] = map[string]any{"cell": c, "port": p}
		ride["tiles"] = jsonInt(ride["tiles"]) - 1
		engine := jsonObject(view[ride["engine"].(string)])
		engine["cell"], engine["row"], engine["col"], engine["port"] = c, c/6, c%6, p
		changed = true
	}
	return changed
}

// tinrailPartnerBoard reads the view's board as partner tables, nil for
// an empty cell.
func tinrailPartnerBoard(view map[string]any) map[int][]int {
	out := map[int][]int{}
	for _, x := range jsonList(view["board"]) {
		tile := jsonObject(x)
		partner := make([]int, 8)
		for _, s := range jsonList(tile["strands"]) {
			pair := jsonList(s)
			a, b := jsonInt(pair[0]), jsonInt(pair[1])
			partner[a], partner[b] = b, a
		}
		out[jsonInt(tile["cell"])] = partner
	}
	return out
}

// tinrailNext is the cell across the edge of port p of cell c (the rides
// this mutant shortens never leave the table).
func tinrailNext(c, p int) int {
	return c + [4]int{-6, 1, 6, -1}[p/2]
}

// tinrailSurvivedTooMany: tilesSurvived is counted before the elimination
// is settled, so the placement that put your engine out counts too.
func tinrailSurvivedTooMany(r *http.Request, _ []byte, _ *int, a map[string]any) bool {
	if !tinrailAccepted(r, a, true) || a["gameOver"] != true {
		return false
	}
	view := jsonObject(a["view"])
	if jsonObject(view["you"])["onTable"] == true {
		return false
	}
	survived := jsonInt(view["placements"])
	view["tilesSurvived"] = survived
	result := jsonObject(a["result"])
	result["tilesSurvived"] = survived
	tinrailRescore(a, func(total int) int { return total * 6 / 10 })
	return true
}

// tinrailRescore recomputes the score from the result, rounding the Easy
// multiplier with round.
func tinrailRescore(a map[string]any, round func(total int) int) {
	result := jsonObject(a["result"])
	s := jsonInt(result["tilesSurvived"])
	total := map[string]int{"win": 100 + 5*s, "draw": 50 + 2*s, "loss": 2 * s}[result["outcome"].(string)]
	if result["multiplier"] == "0.6" {
		total = round(total)
	}
	result["score"], a["score"] = total, total
}

// tinrailNoRefill: the drawn tile leaves the pile but never reaches your
// hand.
func tinrailNoRefill(r *http.Request, _ []byte, _ *int, a map[string]any) bool {
	if !tinrailAccepted(r, a, true) || a["gameOver"] == true {
		return false
	}
	view := jsonObject(a["view"])
	hand := jsonList(view["hand"])
	if len(hand) != 3 {
		return false
	}
	view["hand"] = hand[:2]
	a["legalActions"] = tinrailLegal(2, 4)
	return true
}

// tinrailLegal lists tileIndex 0..tiles-1 at rotations 0..rotations-1 of
// the last tile (4 for the others).
func tinrailLegal(tiles, rotations int) []any {
	out := []any{}
	for i := range tiles {
		for r := range 4 {
			if i < tiles-1 || r < rotations {
				out = append(out, map[string]any{"type": "place", "tileIndex": i, "rotation": r})
			}
		}
	}
	return out
}

// tinrailRotationOn: rotation is read as one quarter turn more than sent.
func tinrailRotationOn(r *http.Request, body []byte) []byte {
	return tinrailEditAction(r, body, tinrailRotationRe, func(rot int) int {
		if rot < 0 || rot > 3 {
			return rot
		}
		return (rot + 1) % 4
	})
}

// tinrailClamp: an out-of-range tileIndex is clamped into 0..2 instead of
// refused.
func tinrailClamp(r *http.Request, body []byte) []byte {
	return tinrailEditAction(r, body, tinrailIndexRe, func(i int) int { return min(max(i, 0), 2) })
}

var (
	tinrailRotationRe = regexp.MustCompile(`("rotation"\s*:\s*)(-?\d+)`)
	tinrailIndexRe    = regexp.MustCompile(`("tileIndex"\s*:\s*)(-?\d+)`)
)

// tinrailEditAction rewrites, in the body of a Tinrail action request as
// it was sent, the whole part of the number the pattern finds, as a
// parser that reads the field wrongly would see it; a malformed body stays
// malformed.
func tinrailEditAction(r *http.Request, body []byte, re *regexp.Regexp, edit func(int) int) []byte {
	if r.URL.Path != "/api/games/tinrail/action" {
		return body
	}
	return re.ReplaceAllFunc(body, func(m []byte) []byte {
		parts := re.FindSubmatch(m)
		n, err := strconv.Atoi(string(parts[2]))
		if err != nil {
			return m
		}
		return append(append([]byte(nil), parts[1]...), strconv.Itoa(edit(n))...)
	})
}

// tinrailLegalShort: the legal-action loop stops one rotation early on the
// last tile of the hand.
func tinrailLegalShort(r *http.Request, _ []byte, _ *int, a map[string]any) bool {
	if !strings.HasPrefix(r.URL.Path, "/api/games/tinrail/") || a == nil {
		return false
	}
	legal := jsonList(a["legalActions"])
	if len(legal) == 0 {
		return false
	}
	a["legalActions"] = tinrailLegal(len(legal)/4, 3)
	return true
}

// tinrailScoreRounded: the Easy multiplier rounds to the nearest point
// instead of down.
func tinrailScoreRounded(r *http.Request, _ []byte, _ *int, a map[string]any) bool {
	if !tinrailAccepted(r, a, true) || a["gameOver"] != true || jsonObject(a["result"])["multiplier"] != "0.6" {
		return false
	}
	tinrailRescore(a, func(total int) int { return (total*6 + 5) / 10 })
	return true
}

// tinrailPileKept: G-Bot's draw is taken from a copy of the pile, so the
// pile count stays where your draw left it.
func tinrailPileKept(r *http.Request, _ []byte, _ *int, a map[string]any) bool {
	if !tinrailAccepted(r, a, true) || a["gameOver"] == true || len(jsonList(a["events"])) != 2 {
		return false
	}
	view := jsonObject(a["view"])
	pile := jsonInt(view["pile"])
	if pile == 0 {
		return false
	}
	view["pile"] = pile + 1
	return true
}

// tinrailCounterClockwise: the view turns strands counter-clockwise, so
// rotations 1 and 3 trade places, on the board and in the hand.
func tinrailCounterClockwise(r *http.Request, _ []byte, _ *int, a map[string]any) bool {
	if !tinrailAccepted(r, a, false) {
		return false
	}
	view := jsonObject(a["view"])
	changed := false
	for _, x := range jsonList(view["board"]) {
		tile := jsonObject(x)
		rot := jsonInt(tile["rotation"])
		if rot%2 == 1 {
			var strands []any
			for _, s := range jsonList(tile["strands"]) {
				pair := jsonList(s)
				p, q := (jsonInt(pair[0])+4)%8, (jsonInt(pair[1])+4)%8
				strands = append(strands, []any{min(p, q), max(p, q)})
			}
			tile["strands"] = tinrailSortStrands(strands)
			changed = true
		}
	}
	for _, x := range jsonList(view["hand"]) {
		rots := jsonList(jsonObject(x)["rotations"])
		rots[1], rots[3] = rots[3], rots[1]
		changed = true
	}
	return changed
}

// tinrailSortStrands orders strands by their lower port.
func tinrailSortStrands(strands []any) []any {
	out := make([]any, 0, len(strands))
	for p := range 8 {
		for _, s := range strands {
			if jsonInt(s.([]any)[0]) == p {
				out = append(out, s)
			}
		}
	}
	return out
}

// tinrailHeadOnMissed: the head-on test never fires; the engines, which
// then both ride off the table, end the match as both_off_table.
func tinrailHeadOnMissed(r *http.Request, _ []byte, _ *int, a map[string]any) bool {
	if !tinrailAccepted(r, a, true) || jsonObject(a["result"])["ending"] != "head_on" {
		return false
	}
	for _, x := range jsonList(a["events"]) {
		jsonObject(x)["headOn"] = false
	}
	jsonObject(a["result"])["ending"] = "both_off_table"
	return true
}
