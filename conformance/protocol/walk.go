package protocol

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"slices"
	"strings"

	"github.com/agentgames/bundle/conformance/check"
)

// This file holds how a check talks to the implementation: a walk sends
// requests within one match (or outside any), holds every answer to the
// contract, and places each failure at its match, step and action.

// walk is one check's conversation with the implementation.
type walk struct {
	ctx      context.Context
	t        check.Target
	contract *contractDoc
	game     string // the game's slug
	spec     Spec
	match    string          // the match, for people: "seed 7, random agent"
	step     int             // 0 the init, n the n-th action, -1 outside a match
	action   json.RawMessage // the action of step, if any
}

// newWalk starts a walk outside any match.
func newWalk(ctx context.Context, t check.Target, spec Spec, match string) (*walk, error) {
	d, f := contractOf()
	if f != nil {
		f.Match = match
		return nil, f
	}
	return &walk{ctx: ctx, t: t, contract: d, game: spec.Slug, spec: spec, match: match, step: -1}, nil
}

// at places the walk at a step and the action sent there.
func (w *walk) at(step int, action json.RawMessage) {
	w.step, w.action = step, action
}

// fail is a failure at the walk's place.
func (w *walk) fail(path, rule, want, got string) *check.Failure {
	return &check.Failure{Match: w.match, Step: w.step, Action: w.action, Path: path, Rule: rule, Want: want, Got: got}
}

// place puts a failure made elsewhere at the walk's place.
func (w *walk) place(f *check.Failure) *check.Failure {
	f.Match, f.Step, f.Action = w.match, w.step, w.action
	return f
}

// send sends one request to the documented route (a path of openapi.yaml;
// "" for none) and holds the answer to the contract. A nil body sends
// none.
func (w *walk) send(method, path, route string, header http.Header, body []byte) (*check.Reply, error) {
	r, err := w.t.Do(w.ctx, method, path, header, body)
	if err != nil {
		return nil, w.fail("", "the request "+method+" "+path+" failed", "an answer", err.Error())
	}
	if w.card() {
		return r, nil // the contract is this bundle's
	}
	if f := w.contract.validate(method, route, r); f != nil {
		f.Rule = method + " " + check.Brief(path, 60) + ": " + f.Rule
		if f.Path == "body" {
			f.Detail = strings.TrimSpace(f.Detail + "\n" + check.Brief(string(r.Body), 400))
		}
		return nil, w.place(f)
	}
	return r, nil
}

// card reports whether the walk holds the implementation to the cards
// only (check.Card): no contract, no codes, no extensions.
func (w *walk) card() bool { return w.t.Profile == check.Card }

// initRoute and actionRoute are the game's two paths in openapi.yaml.
func (w *walk) initRoute() string   { return "/api/games/" + w.game + "/init" }
func (w *walk) actionRoute() string { return "/api/games/" + w.game + "/action" }

// answer is one 200 answer of the loop, decoded into the documented
// envelope's fields (an accepted action's or a refusal's).
type answer struct {
	body   map[string]any   // the whole answer, numbers as json.Number
	listed []map[string]any // head.LegalActions decoded, once asked for (listedActions)
	head   struct {
		OK           bool              `json:"ok"`
		State        string            `json:"state"`
		StateToken   string            `json:"stateToken"`
		Seed         *json.Number      `json:"seed"`
		Observation  string            `json:"observation"`
		LegalActions []json.RawMessage `json:"legalActions"`
		ActionRanges []actionRange     `json:"actionRanges"`
		Spec         *struct {
			Slug string `json:"slug"`
		} `json:"spec"`
		GameOver bool            `json:"gameOver"`
		Result   json.RawMessage `json:"result"`
		Turn     string          `json:"turn"`
		Code     string          `json:"code"`
		Reason   string          `json:"reason"`
		View     json.RawMessage `json:"view"`
		Events   json.RawMessage `json:"events"`
	}
}

// actionRange is one entry of actionRanges: the whole numbers field of the
// listed actions of type (from island from, when given) may also take.
type actionRange struct {
	Type  string `json:"type"`
	Field string `json:"field"`
	From  *int   `json:"from"`
	Min   int64  `json:"min"`
	Max   int64  `json:"max"`
}

// token is the state to send next: state, else stateToken.
func (a *answer) token() string { return cmp.Or(a.head.State, a.head.StateToken) }

// decodeAnswer reads a 200 answer the contract has passed.
func (w *walk) decodeAnswer(r *check.Reply) (*answer, error) {
	a := &answer{}
	d := json.NewDecoder(bytes.NewReader(r.Body))
	d.UseNumber()
	if err := d.Decode(&a.body); err != nil || a.body == nil {
		return nil, w.fail("body", "the answer is not a JSON object", "an envelope", check.Brief(string(r.Body), 80))
	}
	if err := json.Unmarshal(r.Body, &a.head); err != nil {
		return nil, w.fail("body", "the answer's envelope does not decode", "the documented fields", err.Error())
	}
	return a, nil
}

// expectStatus fails an answer whose status is not want.
func (w *walk) expectStatus(r *check.Reply, want int, rule string) error {
	if r.Status != want {
		return w.fail("HTTP status", rule, fmt.Sprint(want), fmt.Sprintf("%d %s", r.Status, check.Brief(string(bytes.TrimSpace(r.Body)), 120)))
	}
	return nil
}

// init starts a match: GET init with query, which must answer 200 and an
// envelope at the start of a match.
func (w *walk) init(query string) (*answer, error) {
	w.at(0, nil)
	path := w.initRoute()
	if query != "" {
		path += "?" + query
	}
	r, err := w.send(http.MethodGet, path, w.initRoute(), nil, nil)
	if err != nil {
		return nil, err
	}
	if err := w.expectStatus(r, http.StatusOK, "init must answer 200 with the new match"); err != nil {
		return nil, err
	}
	a, err := w.decodeAnswer(r)
	if err != nil {
		return nil, err
	}
	return a, w.envelope(a, nil)
}

// post sends an action request body with the default header.
func (w *walk) post(body []byte, header http.Header) (*check.Reply, error) {
	return w.send(http.MethodPost, w.actionRoute(), w.actionRoute(), header, body)
}

// actionBody is {field: token, "action": action}.
func actionBody(field, token string, action json.RawMessage) []byte {
	b, _ := json.Marshal(map[string]any{field: token, "action": action})
	return b
}

// act sends action with token as "state" at the walk's next step; the
// answer must be 200 (an accepted action or a refusal).
func (w *walk) act(token string, action json.RawMessage) (*answer, error) {
	r, err := w.post(actionBody("state", token, action), nil)
	if err != nil {
		return nil, err
	}
	if err := w.expectStatus(r, http.StatusOK, "an action request the server can read answers 200, accepted or refused (ok false)"); err != nil {
		return nil, err
	}
	return w.decodeAnswer(r)
}

// reject sends a request the server cannot act on: it must answer status
// with { error: { code, message } } and a code among codes.
func (w *walk) reject(method, path, route string, header http.Header, body []byte, status int, codes ...string) error {
	r, err := w.send(method, path, route, header, body)
	if err != nil {
		return err
	}
	var e struct {
		Error struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	json.Unmarshal(r.Body, &e)
	want := strings.Join(codes, " or ")
	if r.Status != status {
		return w.fail("HTTP status", "a request the server cannot act on answers "+fmt.Sprint(status)+" "+want,
			fmt.Sprint(status), fmt.Sprintf("%d %s", r.Status, check.Brief(string(bytes.TrimSpace(r.Body)), 120)))
	}
	if !slices.Contains(codes, e.Error.Code) {
		return w.fail("error.code", "the documented code of this request", want, fmt.Sprintf("%q (%s)", e.Error.Code, check.Brief(e.Error.Message, 80)))
	}
	if strings.TrimSpace(e.Error.Message) == "" {
		return w.fail("error.message", "an error says what is wrong", "a message", `""`)
	}
	return nil
}

// sameAnswer fails when two answers differ other than in their tokens
// (and, with ignore, other top-level fields).
func (w *walk) sameAnswer(want, got *answer, rule string, ignore ...string) error {
	a, b := withoutKeys(want.body, ignore...), withoutKeys(got.body, ignore...)
	if reflect.DeepEqual(a, b) {
		return nil
	}
	d := check.Diff(a, b)
	return w.fail(d.Path, rule, d.Want, d.Got)
}

// withoutKeys is m without the state tokens and the keys named.
func withoutKeys(m map[string]any, keys ...string) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		if k != "state" && k != "stateToken" && !slices.Contains(keys, k) {
			out[k] = v
		}
	}
	return out
}

// brief is v as short JSON.
func brief(v any) string {
	b, _ := json.Marshal(v)
	return check.Brief(string(b), 80)
}
