package protocol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/agentgames/bundle/conformance/check"
)

// This file holds what the docs promise of every envelope and every
// refusal, beyond the contract's schemas: the fields that must agree with
// each other, and the refusal's unchanged state.

// envelope checks an accepted answer (sent is the action it answers, nil
// for an init): ok true, a token (Brinebell's under both names, the same),
// an observation, gameOver, turn "over", a result and an empty legalActions
// all together; spec naming the game on init, which opens a match; events
// on an action's answer where the game documents them.
func (w *walk) envelope(a *answer, sent json.RawMessage) error {
	h := &a.head
	if w.card() {
		return w.cardEnvelope(a, sent)
	}
	if !h.OK {
		return w.fail("ok", "an accepted action answers ok true", "true", fmt.Sprintf("false (%s: %s)", h.Code, h.Reason))
	}
	if a.token() == "" {
		return w.fail("state", "every envelope carries the state token to send next", "a token", `""`)
	}
	if w.game == "brinebell" && h.State != h.StateToken {
		return w.fail("stateToken", "Brinebell's answers carry the token as state and stateToken, the same", showToken(h.State), showToken(h.StateToken))
	}
	if strings.TrimSpace(h.Observation) == "" {
		return w.fail("observation", "every envelope carries the observation text", "a text", `""`)
	}
	over := h.Turn == "over"
	result := len(h.Result) > 0 && !bytes.Equal(h.Result, []byte("null"))
	switch {
	case h.GameOver != over:
		return w.fail("turn", `turn is "over" exactly when gameOver is true`, fmt.Sprintf("over=%v", h.GameOver), fmt.Sprintf("%q", h.Turn))
	case h.GameOver != result:
		return w.fail("result", "result is null while the match is open and set once it is over", fmt.Sprintf("set=%v", h.GameOver), string(h.Result))
	case h.GameOver != (len(h.LegalActions) == 0):
		return w.fail("legalActions", "legalActions lists every legal action: none once the match is over, some while it is open",
			fmt.Sprintf("empty=%v", h.GameOver), fmt.Sprintf("%d actions", len(h.LegalActions)))
	}
	if sent == nil {
		if h.Spec == nil || h.Spec.Slug != w.game {
			got := "absent"
			if h.Spec != nil {
				got = fmt.Sprintf("%q", h.Spec.Slug)
			}
			return w.fail("spec.slug", "init carries spec, the game's self-description", fmt.Sprintf("%q", w.game), got)
		}
		if h.GameOver {
			return w.fail("gameOver", "init starts a match at your turn", "false", "true")
		}
		return nil
	}
	if w.spec.events && len(h.Events) == 0 {
		return w.fail("events", "an action's answer lists what it caused in events", "events", "absent")
	}
	return nil
}

// refusal checks a refused action's answer against the answer before it
// (prev) and the token sent: ok false, a documented code (want, when
// given), a reason, the same legalActions and gameOver, and the token
// unchanged.
func (w *walk) refusal(a, prev *answer, sent string, want ...string) error {
	h := &a.head
	if h.OK {
		return w.fail("ok", "an action outside the grammar or against the rules is refused with ok false", "false"+wantCodes(want), "true")
	}
	if w.card() {
		return w.cardRefusal(a, prev)
	}
	if len(want) > 0 && !slices.Contains(want, h.Code) {
		return w.fail("code", "the documented refusal code", strings.Join(want, " or "), fmt.Sprintf("%q (%s)", h.Code, h.Reason))
	}
	if strings.TrimSpace(h.Reason) == "" {
		return w.fail("reason", "a refusal says why", "a reason", `""`)
	}
	for _, f := range []struct{ name, got string }{{"state", h.State}, {"stateToken", h.StateToken}} {
		if f.got == "" && (f.name == "state" || w.game != "brinebell") {
			continue // the contract requires what must be there
		}
		if f.got != sent {
			return w.fail(f.name, "a refusal changes nothing: it answers the token sent, unchanged", showToken(sent), showToken(f.got))
		}
	}
	if h.GameOver != prev.head.GameOver {
		return w.fail("gameOver", "a refusal changes nothing", fmt.Sprint(prev.head.GameOver), fmt.Sprint(h.GameOver))
	}
	if !sameJSON(prev.body["legalActions"], a.body["legalActions"]) {
		d := check.Diff(prev.body["legalActions"], a.body["legalActions"])
		return w.fail("legalActions"+strings.TrimPrefix(d.Path, "(answer)"), "a refusal answers the legal actions of the state it leaves unchanged", d.Want, d.Got)
	}
	return nil
}

// cardEnvelope is envelope under the cards' profile: the common API's
// { state, observation, legalActions, spec, score, gameOver } (the token
// as state or stateToken), not refused, and no legal action once over.
func (w *walk) cardEnvelope(a *answer, sent json.RawMessage) error {
	h := &a.head
	for _, f := range []string{"observation", "legalActions", "score", "gameOver"} {
		if _, ok := a.body[f]; !ok {
			return w.fail(f, "every envelope carries state, observation, legalActions, spec, score and gameOver", "present", "absent")
		}
	}
	switch {
	case a.body["ok"] == false:
		return w.fail("ok", "an accepted action is not refused", "true or absent", fmt.Sprintf("false (%s)", h.Reason))
	case a.token() == "":
		return w.fail("state", "every envelope carries the state token to send next", "a token", `""`)
	case h.GameOver && len(h.LegalActions) > 0:
		return w.fail("legalActions", "no action is legal once the match is over", "none", fmt.Sprintf("%d actions", len(h.LegalActions)))
	case sent == nil && h.Spec == nil:
		return w.fail("spec", "init carries spec, the game's self-description", "an object", "absent")
	case sent == nil && h.GameOver:
		return w.fail("gameOver", "init starts a match at your turn", "false", "true")
	}
	return nil
}

// cardRefusal is refusal under the cards' profile: HTTP 200 with
// { ok: false, reason, legalActions }, the legal actions of the state it
// leaves unchanged. (A token it carries need not be the one sent: the
// match checks send the next action with it and require the answer the
// token sent would have had.)
func (w *walk) cardRefusal(a, prev *answer) error {
	h := &a.head
	if a.body["ok"] != false {
		return w.fail("ok", "an illegal action answers ok false", "false", brief(a.body["ok"]))
	}
	if strings.TrimSpace(h.Reason) == "" {
		return w.fail("reason", "a refusal says why", "a reason", `""`)
	}
	if !sameJSON(prev.body["legalActions"], a.body["legalActions"]) {
		d := check.Diff(prev.body["legalActions"], a.body["legalActions"])
		return w.fail("legalActions"+strings.TrimPrefix(d.Path, "(answer)"), "a refusal answers the legal actions of the state it leaves unchanged", d.Want, d.Got)
	}
	return nil
}

func wantCodes(want []string) string {
	if len(want) == 0 {
		return ""
	}
	return " (" + strings.Join(want, " or ") + ")"
}

// sameJSON reports whether two decoded JSON values are equal.
func sameJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// showToken shows a token briefly: its length and both ends.
func showToken(token string) string {
	if len(token) <= 16 {
		return fmt.Sprintf("%q", token)
	}
	return fmt.Sprintf("%q (%d chars)", token[:8]+"..."+token[len(token)-8:], len(token))
}
