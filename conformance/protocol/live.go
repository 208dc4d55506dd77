package protocol

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"reflect"
	"slices"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/livewire"
)

// liveCorner and liveNeighbours are the starting islands of 2 captains by
// seat, as this bundle places them, and two neighbours of each.
var (
	liveCorner     = [2]int{0, 24}
	liveNeighbours = [2][2]int{{1, 5}, {23, 19}}
)

// liveClient sends one check's requests and places its failures.
type liveClient struct {
	ctx    context.Context
	t      check.Target
	match  string
	step   int
	action json.RawMessage
	seats  map[string]int // token -> seat, to name tokens in failures
	code   string         // the match of the check, once created
	// g is the game checked, and base where its match API's paths start.
	g    *liveGame
	base string
	// acts are the game's (liveGame.acts).
	acts func(c *liveClient, token string, seat int) []liveAct
	// corner is the starting island of each of 2 Tidebreakers seats, and
	// neighbours two of its neighbours: this bundle's, or under the cards'
	// profile those the opening state shows (the card says only "the
	// corners").
	corner     [2]int
	neighbours [2][2]int
}

// card reports whether the check holds the implementation to the card
// only (check.Card): any 2xx, any 4xx, no contract, the card's fields.
func (c *liveClient) card() bool { return c.t.Profile == check.Card }

func (c *liveClient) fail(path, rule, want, got string) *check.Failure {
	return &check.Failure{Match: c.match, Step: c.at(), Action: c.action, Path: path, Rule: rule, Want: want, Got: got}
}

// at is the step of the last request: 0 for the create, n for the n-th
// request after it; -1 outside a match.
func (c *liveClient) at() int {
	if c.code == "" {
		return -1
	}
	return c.step
}

// send makes one request (route names its operation in openapi.yaml)
// and validates the answer against the contract.
func (c *liveClient) send(method, path, route string, body any) (*check.Reply, error) {
	if method == "POST" {
		c.step++
		shown := map[string]any{"call": "POST " + path}
		if m, ok := body.(map[string]any); ok {
			for k, v := range m {
				shown[k] = v
			}
			if tok, ok := m["token"].(string); ok {
				shown["token"] = "<a token of no seat>"
				if s, ok := c.seats[tok]; ok {
					shown["token"] = fmt.Sprintf("<seat %d's token>", s)
				}
			}
		} else if b, ok := body.([]byte); ok {
			shown["body"] = check.Brief(string(b), 80)
		}
		c.action, _ = json.Marshal(shown)
	}
	r, err := c.t.JSON(c.ctx, method, path, body)
	if err != nil {
		return nil, err
	}
	if c.card() {
		return r, nil // the contract is this bundle's
	}
	d, f := contractOf()
	if f == nil {
		f = d.validate(method, route, r)
	}
	if f != nil {
		f.Match, f.Step, f.Action = c.match, c.at(), c.action
		return nil, f
	}
	return r, nil
}

// ok requires a 200 answer and decodes it into v.
func (c *liveClient) ok(r *check.Reply, v any, rule string) error {
	if !c.t.Success(r.Status, 200) {
		return c.fail("status", rule, c.t.StatusText(200), fmt.Sprintf("%d %s", r.Status, check.Brief(string(r.Body), 200)))
	}
	var err error
	if st, ok := v.(*livewire.State); ok {
		err = livewire.Decode(r.Body, st, c.card())
	} else {
		err = json.Unmarshal(r.Body, v)
	}
	if err != nil {
		return c.fail("body", rule, "the documented JSON", err.Error())
	}
	return nil
}

// create opens a match; extra adds fields to {players}.
func (c *liveClient) create(players int, extra map[string]any) (*livewire.Joined, error) {
	body := map[string]any{"players": players}
	for k, v := range extra {
		body[k] = v
	}
	c.step, c.code, c.match = -1, "", fmt.Sprintf("live match being created (%d seats)", players)
	r, err := c.send("POST", c.base, c.base, body)
	if err != nil {
		return nil, err
	}
	if r.Status == http.StatusNotFound && c.g.optional != "" {
		return nil, &check.Skip{Reason: "POST " + c.base + " answers 404: the server offers no " + c.g.optional}
	}
	var j livewire.Joined
	if err := c.ok(r, &j, "POST "+c.base+" with {players: 2-4, name} creates a match"); err != nil {
		return nil, err
	}
	c.code = j.Code
	c.match = fmt.Sprintf("live match %s (%d seats)", j.Code, players)
	switch {
	case c.card() && j.Code == "":
		return nil, c.fail("code", "a create answers the match's code", "a code", `""`)
	case !c.card() && !livewire.CodePattern.MatchString(j.Code):
		return nil, c.fail("code", "a match code is capital letters and digits, 4 (the card's) to 32 of them", "^[0-9A-Z]{4,32}$", fmt.Sprintf("%q", j.Code))
	case c.card() && (j.Seat < 0 || j.Seat >= players):
		return nil, c.fail("seat", "the creator holds a seat of the match", fmt.Sprintf("0..%d", players-1), fmt.Sprint(j.Seat))
	case !c.card() && j.Seat != 0:
		return nil, c.fail("seat", "the creator holds seat 0", "0", fmt.Sprint(j.Seat))
	case j.Token == "":
		return nil, c.fail("token", "the creator gets its seat's token", "a token", `""`)
	}
	c.seats[j.Token] = j.Seat
	return &j, nil
}

// join takes a seat of the check's match and requires the given one (a
// seat not taken yet, under the cards' profile: which one a join takes
// is this bundle's choice).
func (c *liveClient) join(name string, seat int) (*livewire.Joined, error) {
	r, err := c.send("POST", c.base+"/"+c.code+"/join", c.base+"/{code}/join", map[string]any{"name": name})
	if err != nil {
		return nil, err
	}
	var j livewire.Joined
	if err := c.ok(r, &j, "a join of a match in its lobby answers {seat, token}"); err != nil {
		return nil, err
	}
	if c.card() && slices.Contains(slices.Collect(maps.Values(c.seats)), j.Seat) {
		return nil, c.fail("seat", "a join takes an empty seat", "a seat not taken", fmt.Sprint(j.Seat))
	} else if !c.card() && j.Seat != seat {
		return nil, c.fail("seat", "a join takes the first empty seat", fmt.Sprint(seat), fmt.Sprint(j.Seat))
	}
	if _, taken := c.seats[j.Token]; taken || j.Token == "" {
		return nil, c.fail("token", "every seat gets its own secret token", "a new token", "a token already handed out (or none)")
	}
	c.seats[j.Token] = seat
	return &j, nil
}

// get reads the public state of the check's Tidebreakers match.
func (c *liveClient) get() (*livewire.State, error) {
	r, err := c.send("GET", c.base+"/"+c.code, c.base+"/{code}", nil)
	if err != nil {
		return nil, err
	}
	var s livewire.State
	return &s, c.ok(r, &s, "GET /api/matches/{code} answers the public state")
}

// act sends supply, attack or pass and decodes the public state it
// answers.
func (c *liveClient) act(op string, body map[string]any) (*livewire.State, error) {
	r, err := c.send("POST", c.base+"/"+c.code+"/"+op, c.base+"/{code}/"+op, body)
	if err != nil {
		return nil, err
	}
	if c.card() { // the card does not say what an action answers
		if !c.t.Success(r.Status, 200) {
			return nil, c.fail("status", "a legal action of the seat to act succeeds", "2xx", fmt.Sprintf("%d %s", r.Status, check.Brief(string(r.Body), 200)))
		}
		return c.get()
	}
	var s livewire.State
	return &s, c.ok(r, &s, "a legal action of the seat to act answers the public state")
}

// refused sends a request that must be refused with code, and requires
// the match (when there is one) unchanged.
func (c *liveClient) refused(path, route string, body any, code, rule string) error {
	var before any
	if c.code != "" {
		var err error
		if before, err = c.snapshot(); err != nil {
			return err
		}
	}
	r, err := c.send("POST", path, route, body)
	if err != nil {
		return err
	}
	if err := c.isError(r, code, rule); err != nil {
		return err
	}
	if before == nil {
		return nil
	}
	after, err := c.snapshot()
	if err != nil {
		return err
	}
	if !reflect.DeepEqual(before, after) {
		return c.fail("", "a refused request changes nothing ("+rule+")", livewire.Show(before), livewire.Show(after))
	}
	return nil
}

// snapshot is what of the check's match a refusal leaves unchanged: its
// public state, Tidebreakers' under the cards' profile as the card fixes
// it.
func (c *liveClient) snapshot() (any, error) {
	switch c.base {
	case tronBase:
		return c.tronGet()
	case tinrailBase:
		return c.tinrailGet()
	}
	s, err := c.get()
	if err != nil || !c.card() {
		return s, err
	}
	return s.Card(), nil
}

// isError requires the documented status and {error: {code, message}}.
func (c *liveClient) isError(r *check.Reply, code, rule string) error {
	if c.card() {
		if !c.t.Refusal(r.Status, livewire.Status[code]) {
			return c.fail("status", rule+": a 4xx answer", "4xx", fmt.Sprintf("%d %s", r.Status, check.Brief(string(r.Body), 200)))
		}
		return nil
	}
	var e livewire.Error
	if r.Status != livewire.Status[code] || json.Unmarshal(r.Body, &e) != nil || e.Error.Code != code || e.Error.Message == "" {
		return c.fail("error.code", rule+fmt.Sprintf(": %d {error: {code: %s, message}}", livewire.Status[code], code),
			fmt.Sprintf("%d %s", livewire.Status[code], code), fmt.Sprintf("%d %s", r.Status, check.Brief(string(r.Body), 200)))
	}
	return nil
}

// refuseAct is refused for an action of the check's match.
func (c *liveClient) refuseAct(op string, body any, code, rule string) error {
	return c.refused(c.base+"/"+c.code+"/"+op, c.base+"/{code}/"+op, body, code, rule)
}

// refuseJoin is refused for a join of the check's match.
func (c *liveClient) refuseJoin(body any, code, rule string) error {
	return c.refused(c.base+"/"+c.code+"/join", c.base+"/{code}/join", body, code, rule)
}

// expect compares fields of a state with what the rules give; under the
// cards' profile only the fields the card fixes (a whole state as the
// card fixes it).
func (c *liveClient) expect(rule string, pairs ...any) error {
	for i := 0; i+2 < len(pairs); i += 3 {
		path, want, got := pairs[i].(string), pairs[i+1], pairs[i+2]
		if c.card() {
			if !livewire.CardFixes(path) {
				continue
			}
			if w, ok := want.(*livewire.State); ok {
				want, got = w.Card(), got.(*livewire.State).Card()
			}
		}
		if !reflect.DeepEqual(want, got) {
			if d := check.DiffOf(path, want, got); d != nil {
				return c.fail(d.Path, rule, d.Want, d.Got)
			}
			return c.fail(path, rule, livewire.Show(want), livewire.Show(got))
		}
	}
	return nil
}

// started reports whether s is a match under way or over, not in its
// lobby: round 1 or later, with its 25 islands (and, under the bundle's
// profile, its phase no longer lobby).
func (c *liveClient) started(s *livewire.State) bool {
	return s.Round >= 1 && len(s.Tiles) == 25 && (c.card() || s.Phase != "lobby")
}
