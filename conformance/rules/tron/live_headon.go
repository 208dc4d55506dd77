package tron

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/livewire"
)

// liveBase is where the live Tron match API's paths start.
const liveBase = "/api/games/tron/matches"

// liveHeadOn is the rules level's check of a live Tron match's rounds
// where they are the hardest to get right: three players' cycles on a
// 12x12 grid, two of them at an even distance steered along a path to
// enter its middle cell in the same round, the third into a wall or back
// into its own trail at once; every round judged as the rules make it
// (Next): the third out (after which its move answers not_your_turn, the
// match going on), then the two out in their head-on meeting, the match
// over, the places shared by the two, and a move after the end answered
// match_over. What each answer looks like is the protocol level's to
// judge; here only what the rules make of the moves.
func liveHeadOn() check.Check {
	return check.Check{Game: "tron", Level: check.Rules, Name: "live/head-on", BundleOnly: LiveOpen,
		Run: func(ctx context.Context, t check.Target) error { return headOn(&liveClient{ctx: ctx, t: t, step: -1}) }}
}

// liveClient plays one live Tron match, holding every seat's token, and
// places its failures.
type liveClient struct {
	ctx    context.Context
	t      check.Target
	code   string
	tokens []string // by seat
	step   int
	sent   json.RawMessage
}

func (c *liveClient) fail(path, rule, want, got string) *check.Failure {
	return &check.Failure{Match: fmt.Sprintf("live Tron match %s (3 cycles, 12x12)", c.code), Step: c.step, Action: c.sent, Path: path, Rule: rule, Want: want, Got: got}
}

// post sends body to path after the match's code ("" for the create).
func (c *liveClient) post(op string, body map[string]any) (*check.Reply, error) {
	path := liveBase
	if c.code != "" {
		path += "/" + c.code + "/" + op
	}
	c.step++
	shown := map[string]any{"call": "POST " + path}
	for k, v := range body {
		shown[k] = v
	}
	if tok, ok := body["token"].(string); ok {
		shown["token"] = fmt.Sprintf("<seat %d's token>", slices.Index(c.tokens, tok))
	}
	c.sent, _ = json.Marshal(shown)
	return c.t.JSON(c.ctx, http.MethodPost, path, body)
}

// decode requires a 200 answer and reads it into v.
func (c *liveClient) decode(r *check.Reply, v any, rule string) error {
	if r.Status != http.StatusOK {
		return c.fail("status", rule, "200", fmt.Sprintf("%d %s", r.Status, check.Brief(string(r.Body), 200)))
	}
	if err := json.Unmarshal(r.Body, v); err != nil {
		return c.fail("body", rule, "the documented JSON", err.Error())
	}
	return nil
}

// seat creates the match (i 0) or joins its seat i.
func (c *liveClient) seat(i int) error {
	body := map[string]any{"name": fmt.Sprintf("rider %d", i)}
	if i == 0 {
		body = map[string]any{"players": 3, "width": 12, "height": 12, "name": "rider 0"}
	}
	r, err := c.post("join", body)
	if err != nil {
		return err
	}
	if i == 0 && r.Status == http.StatusNotFound {
		return &check.Skip{Reason: "POST " + liveBase + " answers 404: the server offers no live Tron matches"}
	}
	var j livewire.Joined
	if err := c.decode(r, &j, "a create or join of a live Tron match answers its seat's token"); err != nil {
		return err
	}
	if i == 0 {
		c.code = j.Code
	}
	c.tokens = append(c.tokens, j.Token)
	return nil
}

// get reads the match's public state.
func (c *liveClient) get() (*livewire.TronState, error) {
	r, err := c.t.JSON(c.ctx, http.MethodGet, liveBase+"/"+c.code, nil)
	if err != nil {
		return nil, err
	}
	var s livewire.TronState
	return &s, c.decode(r, &s, "GET "+liveBase+"/{code} answers the public state")
}

// refused requires seat's move refused with code (status 409).
func (c *liveClient) refused(seat int, code, rule string) error {
	r, err := c.post("move", map[string]any{"token": c.tokens[seat], "dir": "x+"})
	if err != nil {
		return err
	}
	var e livewire.Error
	if r.Status != http.StatusConflict || json.Unmarshal(r.Body, &e) != nil || e.Error.Code != code {
		return c.fail("error.code", rule, "409 "+code, fmt.Sprintf("%d %s", r.Status, check.Brief(string(r.Body), 200)))
	}
	return nil
}

// headOn plays liveHeadOn's match.
func headOn(c *liveClient) error {
	for i := range 3 {
		if err := c.seat(i); err != nil {
			return err
		}
	}
	s, err := c.get()
	if err != nil {
		return err
	}
	if s.Phase != "playing" || len(s.Seats) != 3 || slices.ContainsFunc(s.Seats, func(t livewire.TronSeat) bool { return len(t.Trail) != 1 }) {
		return c.fail("phase", "a match whose seats are all taken starts at once, a cycle of one cell a seat", "playing, 3 cycles of 1 cell", livewire.Show(s))
	}
	m, ok := meeting(s)
	if !ok {
		return c.fail("seats", "cycles start in cells of their own, inside the grid", "three cells two of which a path joins", livewire.Show(s.Seats))
	}
	refused := false
	for r := 1; r <= len(m.path)/2; r++ {
		moves := map[int]string{m.a: dirOf(m.path[r-1], m.path[r]), m.b: dirOf(m.path[len(m.path)-r], m.path[len(m.path)-1-r])}
		switch {
		case s.Seats[m.third].Alive && r == 1:
			moves[m.third] = m.ray
		case s.Seats[m.third].Alive:
			moves[m.third] = Directions[slices.Index(Directions, m.ray)^1] // back into its trail
		case !refused:
			if err := c.refused(m.third, "not_your_turn", "a cycle that is out has no move to make"); err != nil {
				return err
			}
			refused = true
		}
		for _, p := range slices.Sorted(maps.Keys(moves)) {
			r, err := c.post("move", map[string]any{"token": c.tokens[p], "dir": moves[p]})
			if err != nil {
				return err
			}
			if r.Status != http.StatusOK {
				return c.fail("status", "a living cycle's first move of a round is taken", "200", fmt.Sprintf("%d %s", r.Status, check.Brief(string(r.Body), 200)))
			}
		}
		got, err := c.get()
		if err != nil {
			return err
		}
		want := Next(s, moves)
		if !want.Over {
			want.Deadline = got.Deadline // the protocol level judges it
		}
		if d := check.DiffOf("", want, got); d != nil {
			return c.fail(d.Path, fmt.Sprintf("once every living cycle has moved (%s) the round resolves as the rules make it: each survivor's trail grows by the cell it enters, head first; "+
				"a cycle entering a wall, any trail, or a cell another enters too is out, its trail gone, and logged; under two alive, the match is over with places, one round's dead sharing one",
				MovesText(moves)), d.Want, d.Got)
		}
		s = got
	}
	for _, p := range []int{m.a, m.third} {
		if err := c.refused(p, "match_over", "no move is taken once the match is over"); err != nil {
			return err
		}
	}
	return nil
}
