package protocol

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"regexp"

	"github.com/agentgames/bundle/conformance/check"
)

// This file holds the checks of what this bundle adds to the cards, each
// named "(bundle extension)" so that an implementation of the cards alone
// can tell them from the cards' own: the answer shapes (answer=text and
// answer=view) and ranked play (ranked=true).

// shapesCheck: a match started with answer=text answers what the default
// shape does without view and events, and a match started with
// answer=view without the observation; each sends its token once, as
// state, at init and at the first action.
func shapesCheck(spec Spec) check.Check {
	query, _ := fixedMatch(spec)
	return requestCheck(spec, "answer shapes (bundle extension)", func(w *walk, both *answer) error {
		action := both.head.LegalActions[0]
		bothNext, err := w.act(both.token(), action)
		if err != nil {
			return err
		}
		for _, shape := range []struct {
			answer          string
			left, mustCarry []string
		}{
			{"text", []string{"view", "events", "stateToken"}, []string{"observation"}},
			{"view", []string{"observation", "stateToken"}, []string{"view"}},
		} {
			w.at(0, nil)
			r, err := w.send(http.MethodGet, w.initRoute()+"?"+query+"&answer="+shape.answer, w.initRoute(), nil, nil)
			if err != nil {
				return err
			}
			if err := w.expectStatus(r, http.StatusOK, "init with answer="+shape.answer+" starts the match"); err != nil {
				return err
			}
			a, err := w.decodeAnswer(r)
			if err != nil {
				return err
			}
			if err := w.shaped(a, both, shape.answer, shape.left, shape.mustCarry); err != nil {
				return err
			}
			w.at(1, action)
			next, err := w.act(a.token(), action)
			if err != nil {
				return err
			}
			if err := w.shaped(next, bothNext, shape.answer, shape.left, shape.mustCarry); err != nil {
				return err
			}
		}
		return nil
	})
}

// shaped checks an answer of shape answer against the default shape's
// answer at the same step: the same but for the members the shape leaves
// out, which it must not carry, and with those it must carry.
func (w *walk) shaped(got, want *answer, answer string, left, mustCarry []string) error {
	rule := "answer=" + answer + " answers the default shape's answer without " + fmt.Sprint(left)
	for _, k := range left {
		if _, ok := got.body[k]; ok {
			return w.fail(k, rule, "absent", brief(got.body[k]))
		}
	}
	for _, k := range append(mustCarry, "state") {
		if _, ok := got.body[k]; !ok {
			return w.fail(k, rule, "present", "absent")
		}
	}
	return w.sameAnswer(want, got, rule, left...)
}

// rankedID is a ranked match's id as answers give it.
var rankedID = regexp.MustCompile(`^[0-9a-f]{32}$`)

// rankedCheck: init with ranked=true starts a match on a seed the server
// keeps hidden, every answer naming the match by its id; a token plays one
// action, and sent again answers 409 token_spent. A server that refuses
// ranked=true as documented for one with no store (400 invalid_request)
// is skipped: it offers no ranked play.
func rankedCheck(spec Spec) check.Check {
	query := spec.options[0]
	if query != "" {
		query += "&"
	}
	query += "ranked=true"
	name := "ranked tokens play once (bundle extension)"
	return check.Check{Game: spec.Slug, Level: check.Protocol, Name: name, Run: func(ctx context.Context, t check.Target) error {
		w, err := newWalk(ctx, t, spec, name+" (init?"+query+")")
		if err != nil {
			return err
		}
		w.at(0, nil)
		r, err := w.send(http.MethodGet, w.initRoute()+"?"+query, w.initRoute(), nil, nil)
		if err != nil {
			return err
		}
		if r.Status == http.StatusBadRequest && bytes.Contains(r.Body, []byte(`"invalid_request"`)) {
			// A server with no store refuses ranked play, as documented.
			return &check.Skip{Reason: "the server refuses ranked=true with 400 invalid_request: it offers no ranked play"}
		}
		if err := w.expectStatus(r, http.StatusOK, "init must answer 200 with the new match"); err != nil {
			return err
		}
		a, err := w.decodeAnswer(r)
		if err != nil {
			return err
		}
		if err := w.envelope(a, nil); err != nil {
			return err
		}
		id := func(a *answer, step string) error {
			if id, _ := a.body["ranked"].(string); !rankedID.MatchString(id) {
				return w.fail("ranked", step+" of a ranked match names it by its id", "32 hex digits", brief(a.body["ranked"]))
			}
			return nil
		}
		if err := id(a, "init"); err != nil {
			return err
		}
		if a.head.Seed != nil {
			return w.fail("seed", "a ranked match's seed stays hidden until it is over", "absent", a.head.Seed.String())
		}
		action, token := a.head.LegalActions[0], a.token()
		w.at(1, action)
		next, err := w.act(token, action)
		if err != nil {
			return err
		}
		if err := w.envelope(next, action); err != nil {
			return err
		}
		if err := id(next, "an action's answer"); err != nil {
			return err
		}
		return withDetail(w.reject(http.MethodPost, w.actionRoute(), w.actionRoute(), nil, actionBody("state", token, action), http.StatusConflict, "token_spent"),
			"the token of init sent again with the action it played")
	}}
}
