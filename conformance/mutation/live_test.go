package mutation

import (
	"bytes"
	"cmp"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/conformance/check"
)

// TestLiveMutants: the live match checks catch every broken live match
// server. Each mutant is the real server with one bug of the kind a live
// server could have: in who may act, in what a join hands out, in the
// supply and combat the public state shows (every field of the answer
// agreeing with the bug), in a refusal that changes the match, or in the
// lobby's clock.
func TestLiveMutants(t *testing.T) {
	t.Parallel()
	mustCatch(t, "tidebreakers", liveMutants(t))
}

// TestLiveMutantsUnderTheCard: the cards' profile catches every live
// mutant too, since each breaks a rule the card fixes, but the tie that
// captures: that mutant lies only in an action's answer, which the card
// does not fix (the cards' profile reads the state by GET, where it
// tells the truth).
func TestLiveMutantsUnderTheCard(t *testing.T) {
	t.Parallel()
	cs, err := conformance.Checks(conformance.Options{Games: []string{"tidebreakers"}, Levels: []string{check.Protocol, check.Rules},
		Seeds: seeds, Only: "live/", Profile: check.Card})
	if err != nil {
		t.Fatal(err)
	}
	slices.SortStableFunc(cs, func(a, b check.Check) int { return cmp.Compare(a.Wait, b.Wait) }) // the lobby's wait last, as checks has it
	mutants := slices.DeleteFunc(liveMutants(t), func(m Mutant) bool { return m.Name == "a tie captures the island" })
	mustCatchWith(t, "tidebreakers", mutants, cs)
}

// liveMutants are the live match server's mutants.
func liveMutants(t *testing.T) []Mutant {
	return []Mutant{
		// First, so that its 10 seconds in the lobby overlap the others.
		{Name: "the lobby counts minutes, not seconds", Clock: func(now func() time.Time) func() time.Time {
			start := now()
			return func() time.Time { return start.Add(now().Sub(start) / 60) }
		}},
		{Name: "join hands out the creator's token", Wrap: liveMutant(liveJoinGivesCreatorToken)},
		{Name: "any seat may act on another's turn", Wrap: liveMutant(liveActsOutOfTurn)},
		{Name: "a token of another match is accepted", Wrap: liveMutant(liveForeignTokenAccepted)},
		{Name: "supply_left shows the turn's supply, not what is left", Wrap: Proxy(Edit{Answer: liveSupplyLeftIsTurnSupply})},
		{Name: "a tie captures the island", Wrap: Proxy(Edit{Answer: liveTieCaptures})},
		{Name: "a refused over-supply places what was left", Wrap: liveMutant(liveOverSupplyPlaces)},
	}
}

// liveSeats remembers every seat token the server handed out: its match
// and seat.
type liveSeats struct {
	mu     sync.Mutex
	tokens map[string]liveHeld
	byCode map[string]map[int]string
}

type liveHeld struct {
	code string
	seat int
}

func (s *liveSeats) keep(code string, seat int, token string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tokens[token] = liveHeld{code, seat}
	if s.byCode[code] == nil {
		s.byCode[code] = map[int]string{}
	}
	s.byCode[code][seat] = token
}

// liveCall is one request of the live API as a mutant sees it: the match
// code and op of its path (op "create" or "get" where it has none), and
// its JSON body.
type liveCall struct {
	code, op string
	body     map[string]any
	inner    http.Handler
	seats    *liveSeats
}

// liveState is a match's public state as the real server answers it.
func (c *liveCall) state() map[string]any {
	rec := httptest.NewRecorder()
	c.inner.ServeHTTP(rec, httptest.NewRequest("GET", "/api/matches/"+c.code, nil))
	var s map[string]any
	json.Unmarshal(rec.Body.Bytes(), &s)
	return s
}

// turnToken is the token of the seat to act in c's match, if known.
func (c *liveCall) turnToken() (string, bool) {
	turn, ok := c.state()["turn"].(float64)
	if !ok {
		return "", false
	}
	c.seats.mu.Lock()
	defer c.seats.mu.Unlock()
	tok, ok := c.seats.byCode[c.code][int(turn)]
	return tok, ok
}

// liveBug changes one live request before the real server serves it
// (returning the body to send), and may change its answer.
type liveBug struct {
	request func(c *liveCall) map[string]any
	answer  func(c *liveCall, status *int, answer map[string]any) bool
}

// liveMutant puts a bug in front of the real server, keeping track of
// the tokens it hands out.
func liveMutant(bug liveBug) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		seats := &liveSeats{tokens: map[string]liveHeld{}, byCode: map[string]map[int]string{}}
		calls := map[*http.Request]*liveCall{}
		return Proxy(Edit{
			Request: func(r *http.Request, body []byte) []byte {
				c := liveCallOf(r, body, h, seats)
				if c == nil {
					return body
				}
				calls[r] = c
				if bug.request != nil {
					if b := bug.request(c); b != nil {
						out, _ := json.Marshal(b)
						return out
					}
				}
				return body
			},
			Answer: func(r *http.Request, body []byte, status *int, answer map[string]any) bool {
				c := calls[r]
				delete(calls, r)
				if c == nil || answer == nil {
					return false
				}
				changed := bug.answer != nil && *status == 200 && bug.answer(c, status, answer)
				if tok, ok := answer["token"].(string); ok && *status == 200 {
					code, _ := answer["code"].(string)
					if code == "" {
						code = c.code
					}
					if seat := jsonInt(answer["seat"]); seat >= 0 {
						seats.keep(code, seat, tok)
					}
				}
				return changed
			},
		})(h)
	}
}

// liveCallOf reads a request of the live API, or nil for any other.
func liveCallOf(r *http.Request, body []byte, h http.Handler, seats *liveSeats) *liveCall {
	rest, ok := strings.CutPrefix(r.URL.Path, "/api/matches")
	if !ok {
		return nil
	}
	c := &liveCall{op: "create", inner: h, seats: seats}
	if rest != "" {
		parts := strings.Split(strings.TrimPrefix(rest, "/"), "/")
		c.code, c.op = parts[0], "get"
		if len(parts) > 1 {
			c.op = parts[1]
		}
	}
	json.Unmarshal(body, &c.body)
	return c
}

// liveJoinGivesCreatorToken: a join answers the token of seat 0 (the
// tokens are mixed up), so the joined player acts as the creator.
var liveJoinGivesCreatorToken = liveBug{answer: func(c *liveCall, _ *int, a map[string]any) bool {
	if c.op != "join" {
		return false
	}
	c.seats.mu.Lock()
	defer c.seats.mu.Unlock()
	tok, ok := c.seats.byCode[c.code][0]
	if ok {
		a["token"] = tok
	}
	return ok
}}

// liveActsOutOfTurn: the server forgets to compare the token's seat with
// the turn: any seat of the match acts as the seat to act.
var liveActsOutOfTurn = liveBug{request: liveActsAsTurn(true)}

// liveForeignTokenAccepted: the server accepts any token it ever handed
// out, of any match, as the seat to act.
var liveForeignTokenAccepted = liveBug{request: liveActsAsTurn(false)}

// liveActsAsTurn has an action sent with a token the server handed out,
// of the same match or of another as sameMatch says, act as the seat to
// act.
func liveActsAsTurn(sameMatch bool) func(c *liveCall) map[string]any {
	return func(c *liveCall) map[string]any {
		tok, _ := c.body["token"].(string)
		c.seats.mu.Lock()
		held, ok := c.seats.tokens[tok]
		c.seats.mu.Unlock()
		if !liveActs(c.op) || !ok || (held.code == c.code) != sameMatch {
			return nil
		}
		if turn, ok := c.turnToken(); ok {
			c.body["token"] = turn
			return c.body
		}
		return nil
	}
}

// liveOverSupplyPlaces: a supply of more than is left is refused, but
// only after placing what was left.
var liveOverSupplyPlaces = liveBug{request: func(c *liveCall) map[string]any {
	amount, _ := c.body["amount"].(float64)
	s := c.state()
	left, _ := s["supply_left"].(float64)
	if c.op != "supply" || s["phase"] != "supply" || amount <= left {
		return nil
	}
	placed := map[string]any{"token": c.body["token"], "tile": c.body["tile"], "amount": left}
	b, _ := json.Marshal(placed)
	c.inner.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("POST", "/api/matches/"+c.code+"/supply", bytes.NewReader(b)))
	return nil
}}

func liveActs(op string) bool { return op == "supply" || op == "attack" || op == "pass" }

// liveIsState reports whether an answer of /api/matches is a started
// match's public state.
func liveIsState(r *http.Request, a map[string]any) bool {
	_, tiles := a["tiles"].([]any)
	return strings.HasPrefix(r.URL.Path, "/api/matches/") && tiles && a["phase"] != "lobby"
}

// liveSupplyLeftIsTurnSupply: the public state shows the supply a turn
// gives in the round (3, then +1 every 10 rounds) instead of what is left
// of it.
func liveSupplyLeftIsTurnSupply(r *http.Request, _ []byte, status *int, a map[string]any) bool {
	if *status != 200 || !liveIsState(r, a) || a["phase"] != "supply" {
		return false
	}
	round := jsonInt(a["round"])
	a["supply_left"] = jsonNumber(3 + min(3, (round-1)/10))
	return true
}

// liveTieCaptures: an expedition that sends exactly the garrison takes
// the island with 0 left (sent >= garrison captures), in the tiles, the
// counts and the log alike.
func liveTieCaptures(r *http.Request, body []byte, status *int, a map[string]any) bool {
	var sent struct{ From, To, Send int }
	if *status != 200 || !liveIsState(r, a) || !strings.HasSuffix(r.URL.Path, "/attack") || json.Unmarshal(body, &sent) != nil {
		return false
	}
	log, _ := a["log"].([]any)
	for i := len(log) - 1; i >= 0; i-- {
		e := log[i].(map[string]any)
		if e["kind"] != "repelled" && e["kind"] != "captured" || jsonInt(e["from"]) != sent.From || jsonInt(e["to"]) != sent.To {
			continue
		}
		if e["kind"] != "repelled" || jsonInt(e["after"]) != 0 || jsonInt(e["sent"]) != sent.Send {
			return false
		}
		to, seat := jsonInt(e["to"]), jsonInt(e["seat"])
		tile := a["tiles"].([]any)[to].(map[string]any)
		if tile["owner"] != nil {
			counts := a["tile_counts"].([]any)
			owner := jsonInt(tile["owner"])
			counts[owner] = jsonNumber(jsonInt(counts[owner]) - 1)
		}
		e["kind"], tile["owner"] = "captured", jsonNumber(seat)
		counts := a["tile_counts"].([]any)
		counts[seat] = jsonNumber(jsonInt(counts[seat]) + 1)
		return true
	}
	return false
}
