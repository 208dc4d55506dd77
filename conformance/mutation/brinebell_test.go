package mutation

import (
	"bytes"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	engine "github.com/agentgames/bundle/engines/brinebell"
	gb "github.com/agentgames/bundle/games/brinebell"
)

// TestBrinebellMutants: the Brinebell referee catches every broken
// Brinebell. A mutant that rewrites answers rewrites them as an engine
// with that bug would write them: the view, the score and the result agree
// with one another, so only the rules can tell (the observation text is
// left as served: no check reads its wording).
func TestBrinebellMutants(t *testing.T) {
	t.Parallel()
	mutants := []Mutant{
		{Name: "crossing one tick short", Wrap: brinebellViewMutant(brinebellCrossingShort)},
		{Name: "a fifth passenger boards a full ferry", Wrap: brinebellViewMutant(brinebellFifthSeat)},
		{Name: "the line boards last come, first served", Wrap: brinebellViewMutant(brinebellLastComeFirst)},
		{Name: "waiting patience drains 3 a tick", Wrap: brinebellViewMutant(brinebellDrainThree)},
		{Name: "carts get a traveller's patience", Wrap: brinebellViewMutant(brinebellCartPatience)},
		{Name: "every delivery of an exchange earns the 40, not every extra one", Wrap: brinebellViewMutant(brinebellFortyEach)},
		{Name: "a departure leaves the streak", Wrap: brinebellViewMutant(brinebellStreakKept)},
		{Name: "a departed passenger stays in line", Wrap: brinebellViewMutant(brinebellStaysInLine)},
		{Name: "advance runs one tick fewer than asked", Wrap: Proxy(Edit{Request: brinebellTickShort})},
		{Name: "a refused action still runs a tick", Wrap: refusalPlays("brinebell", brinebellRefusalTicks)},
		{Name: "the seed reported at the end is not the run's", Wrap: Proxy(Edit{Answer: brinebellSeedOff})},
	}
	mustCatch(t, "brinebell", mutants)
}

// brinebellCall is one accepted answer a view mutant edits.
type brinebellCall struct {
	// prev is the server's view of the answer before (the one whose token
	// the request carried), nil for an init.
	prev *gb.View
	// view is this answer's view, to edit.
	view *gb.View
	// carry is what the mutant keeps along a run (an extra score), handed
	// from the request's token to the answer's.
	carry int
}

// brinebellViewMutant rewrites accepted Brinebell answers with edit; when
// edit changes the view, the score, gameOver and the result are made to
// agree with it.
func brinebellViewMutant(edit func(c *brinebellCall) bool) func(http.Handler) http.Handler {
	real := map[string]gb.View{}
	carry := map[string]int{}
	return Proxy(Edit{Answer: func(r *http.Request, body []byte, _ *int, a map[string]any) bool {
		if !accepted("brinebell", r, a) {
			return false
		}
		var server, v gb.View
		if jsonRecode(a["view"], &server) != nil || jsonRecode(a["view"], &v) != nil {
			return false
		}
		token := requestToken(body)
		c := &brinebellCall{view: &v, carry: carry[token]}
		if p, ok := real[token]; ok && token != "" {
			c.prev = &p
		}
		next, _ := a["state"].(string)
		real[next] = server
		changed := edit(c)
		carry[next] = c.carry
		if changed {
			a["view"] = v
			a["score"] = v.Score
			a["gameOver"] = v.Finished
			if res, ok := a["result"].(map[string]any); ok {
				res["score"], res["deliveries"], res["departures"], res["clock"] = v.Score, v.Deliveries, v.Departures, v.Clock
			}
		}
		return changed
	}})
}

// brinebellPassengers indexes a view's passengers by id.
func brinebellPassengers(v *gb.View) map[int]*gb.Passenger {
	out := map[int]*gb.Passenger{}
	for i := range v.Passengers {
		out[v.Passengers[i].ID] = &v.Passengers[i]
	}
	return out
}

// brinebellCrossingShort: crossings are timed one tick short (53 and 83),
// so a sailing ferry shows a tick less left.
func brinebellCrossingShort(c *brinebellCall) bool {
	changed := false
	for i := range c.view.Ferries {
		if f := &c.view.Ferries[i]; f.Mode == "sailing" && f.TicksLeft > 1 {
			f.TicksLeft--
			changed = true
		}
	}
	return changed
}

// brinebellFifthSeat: a ferry full after this step's exchange still
// takes the next one-seat passenger in line (five seats).
func brinebellFifthSeat(c *brinebellCall) bool {
	v := c.view
	if c.prev == nil {
		return false
	}
	pass := brinebellPassengers(v)
	for fi := range v.Ferries {
		f := &v.Ferries[fi]
		exchanged := v.Clock - (engine.ServiceTicks - 1 - f.TicksLeft)
		if f.Mode != "service" || f.ExchangePending || exchanged <= c.prev.Clock || f.SeatsFree != 0 {
			continue
		}
		line := v.Docks[f.Dock].Waiting
		for i, id := range line {
			p := pass[id]
			if p.SpawnTick > exchanged || p.Kind == "cart" {
				continue
			}
			p.Status, p.Ferry = "riding", &fi
			v.Docks[f.Dock].Waiting = slices.Delete(slices.Clone(line), i, i+1)
			f.Riders = append(f.Riders, id)
			slices.Sort(f.Riders)
			at := len(v.Events)
			for j, e := range v.Events {
				if e.Tick == exchanged && e.Ferry != nil && *e.Ferry == fi && e.Kind != "sail" {
					at = j + 1
				}
			}
			board := gb.Event{Tick: exchanged, Kind: "board", Passenger: &p.ID, Ferry: &fi, Dock: f.Dock}
			v.Events = slices.Insert(v.Events, at, board)
			return true
		}
	}
	return false
}

// brinebellLastComeFirst: the line boards newest first; when everyone in
// line fits, only the order of the board events shows it.
func brinebellLastComeFirst(c *brinebellCall) bool {
	v := c.view
	if c.prev == nil {
		return false
	}
	pass := brinebellPassengers(v)
	changed := false
	for t := c.prev.Clock + 1; t <= v.Clock; t++ {
		for fi := range v.Ferries {
			var at []int
			dock, skipped := -1, false
			for j, e := range v.Events {
				if e.Tick != t || e.Ferry == nil || *e.Ferry != fi {
					continue
				}
				switch e.Kind {
				case "board":
					at, dock = append(at, j), e.Dock
				case "skip":
					skipped = true
				}
			}
			if len(at) < 2 || skipped {
				continue
			}
			left := false
			for _, id := range v.Docks[dock].Waiting {
				left = left || pass[id].SpawnTick <= t
			}
			if left {
				continue
			}
			for i, j := 0, len(at)-1; i < j; i, j = i+1, j-1 {
				v.Events[at[i]], v.Events[at[j]] = v.Events[at[j]], v.Events[at[i]]
			}
			changed = true
		}
	}
	return changed
}

// brinebellDrainThree: waiting passengers lose 3 patience a tick, not 2.
func brinebellDrainThree(c *brinebellCall) bool {
	changed := false
	for i := range c.view.Passengers {
		p := &c.view.Passengers[i]
		if p.Status != "waiting" {
			continue
		}
		if drained := p.MaxPatience - p.Patience; drained > 0 {
			p.Patience = max(0, p.Patience-drained/2)
			changed = true
		}
	}
	return changed
}

// brinebellCartPatience: a cart starts with a traveller's patience, not
// five quarters of it.
func brinebellCartPatience(c *brinebellCall) bool {
	changed := false
	for i := range c.view.Passengers {
		p := &c.view.Passengers[i]
		if p.Kind != "cart" {
			continue
		}
		traveller := p.MaxPatience * 4 / 5
		p.Patience = max(0, p.Patience-(p.MaxPatience-traveller))
		p.MaxPatience = traveller
		changed = true
	}
	return changed
}

// brinebellFortyEach: an exchange adds 40 for every delivery, the first
// too, inside the multiplier; the extra is carried along the run.
func brinebellFortyEach(c *brinebellCall) bool {
	v := c.view
	if c.prev != nil {
		for i := range v.Events {
			if e := &v.Events[i]; e.Kind == "exchange" && e.Tick > c.prev.Clock {
				e.Points += 40 * e.Multiplier
				c.carry += 40 * e.Multiplier
			}
		}
	}
	v.Score += c.carry
	return c.carry > 0
}

// brinebellStreakKept: a departure does not reset the streak, so the
// streak counts every delivery.
func brinebellStreakKept(c *brinebellCall) bool {
	v := c.view
	if v.Streak == v.Deliveries {
		return false
	}
	v.Streak = v.Deliveries
	v.Multiplier = min(3, 1+v.Streak/8)
	return true
}

// brinebellStaysInLine: a passenger who departs is not taken out of its
// dock's line.
func brinebellStaysInLine(c *brinebellCall) bool {
	changed := false
	for _, p := range c.view.Passengers {
		if p.Status == "departed" {
			d := &c.view.Docks[p.Origin]
			d.Waiting = append(d.Waiting, p.ID)
			slices.Sort(d.Waiting)
			changed = true
		}
	}
	return changed
}

// brinebellTickShort: an advance of n ticks runs n-1 (the loop starts at
// one).
func brinebellTickShort(r *http.Request, body []byte) []byte {
	if !strings.HasSuffix(r.URL.Path, "/api/games/brinebell/action") {
		return body
	}
	var req map[string]any
	d := json.NewDecoder(bytes.NewReader(body))
	d.UseNumber()
	if d.Decode(&req) != nil {
		return body
	}
	act := jsonObject(req["action"])
	n := jsonInt(act["ticks"])
	if act["type"] != "advance" || n < 2 || n > 90 {
		return body
	}
	act["ticks"] = n - 1
	out, _ := json.Marshal(req)
	return out
}

// brinebellSeedOff: the answer that ends a run whose seed the server
// picked reports a seed one off the run's.
func brinebellSeedOff(r *http.Request, _ []byte, _ *int, a map[string]any) bool {
	seed, _ := a["seed"].(json.Number)
	n, err := strconv.ParseUint(string(seed), 10, 64)
	if r.Method != http.MethodPost || !strings.HasPrefix(r.URL.Path, "/api/games/brinebell/") || err != nil {
		return false
	}
	a["seed"] = n + 1
	return true
}

// brinebellRefusalTicks: an action the rules refuse still runs a tick
// before it is refused, and the refusal carries the new token.
func brinebellRefusalTicks(_ []byte, refusal map[string]any) any {
	switch refusal["code"] {
	case "invalid_action", "illegal_action", "already_started":
		return map[string]any{"type": "advance", "ticks": 1}
	}
	return nil
}
