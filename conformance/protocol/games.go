package protocol

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/agentgames/bundle/conformance/check"
)

// This file holds what the protocol level knows of each game, all of it
// from the documented wire format (docs/<game>.md, openapi.yaml): its init
// options, the option values it refuses, actions outside its grammar, a
// sample of actions inside it, and the code a grammar action that is not
// legal now is refused with.

// Spec is one game as the protocol level sees it. The suite's registry
// (conformance.Games) holds one a game.
type Spec struct {
	// Slug names the game in its routes.
	Slug string
	// options are init queries (seed aside) the game accepts, one a
	// match; each option is echoed in the view under its name.
	options []string
	// defaults are the view's values of the options when none is given.
	defaults map[string]any
	// badOptions are init queries refused with invalid_request, besides
	// the seed's and the unknown parameters every game refuses.
	badOptions []string
	// invalid are actions outside the grammar: refused invalid_action.
	invalid []string
	// events says that an accepted action's answer carries events.
	events bool
	// grammar is a sample of actions inside the grammar, for the answer a.
	grammar func(a *answer) []json.RawMessage
	// live are the checks of the game's live matches (their lobby and
	// moves); nil for a game without.
	live func() []check.Check
	// notLegal is the code a grammar action that is not legal now is
	// refused with, while the match is open.
	notLegal func(a *answer, action json.RawMessage) string
}

var (
	// Brinebell is Brinebell as the protocol level sees it.
	Brinebell = Spec{
		Slug:       "brinebell",
		options:    []string{""},
		defaults:   map[string]any{},
		badOptions: []string{"opponent=easy", "players=2"},
		invalid: []string{
			`{"type":"advance","ticks":0}`, `{"type":"advance","ticks":91}`, `{"type":"advance"}`,
			`{"type":"advance","ticks":1.5}`, `{"type":"order","ferry":2,"dock":0}`, `{"type":"order","ferry":0,"dock":5}`,
			`{"type":"order","ferry":0}`, `{"type":"start","x":1}`, `{"type":"bank","ticks":1}`, `{"type":"Start"}`,
			`{"Type":"start"}`, `{"type":"order","ferry":"0","dock":0}`,
		},
		grammar: func(*answer) []json.RawMessage {
			out := rawActions(`{"type":"start"}`, `{"type":"bank"}`, `{"type":"advance","ticks":1}`, `{"type":"advance","ticks":90}`)
			for f := range 2 {
				for d := range 5 {
					out = append(out, rawAction(`{"type":"order","ferry":%d,"dock":%d}`, f, d))
				}
			}
			return out
		},
		notLegal: func(a *answer, action json.RawMessage) string {
			var v struct {
				Started bool `json:"started"`
			}
			json.Unmarshal(a.head.View, &v)
			switch {
			case !v.Started && actionType(action) != "start":
				return "not_started"
			case v.Started && actionType(action) == "start":
				return "already_started"
			}
			return "illegal_action"
		},
	}
	// Tidebreakers is Tidebreakers as the protocol level sees it.
	Tidebreakers = Spec{
		Slug:       "tidebreakers",
		live:       liveChecks,
		options:    []string{"players=2&opponent=sample", "players=3&opponent=strong", "players=4&opponent=random"},
		defaults:   map[string]any{"players": json.Number("2"), "opponent": "sample"},
		badOptions: []string{"players=1", "players=5", "players=two", "players=", "players=3.0", "opponent=easy", "opponent=Sample", "width=10"},
		invalid: []string{
			`{"type":"supply","tile":0,"amount":0}`, `{"type":"supply","tile":0,"amount":7}`, `{"type":"supply","tile":25,"amount":1}`,
			`{"type":"supply","tile":-1,"amount":1}`, `{"type":"supply","tile":0}`, `{"type":"attack","from":0,"to":1,"send":0}`,
			`{"type":"attack","from":0,"to":1,"send":16384}`, `{"type":"attack","from":0,"send":1}`, `{"type":"pass","x":1}`,
			`{"type":"Pass"}`, `{"Type":"pass"}`, `{"type":"supply","tile":"0","amount":1}`,
		},
		events: true,
		grammar: func(*answer) []json.RawMessage {
			out := rawActions(`{"type":"pass"}`)
			for t := range 25 {
				out = append(out, rawAction(`{"type":"supply","tile":%d,"amount":1}`, t))
				for _, to := range []int{t - 5, t - 1, t + 1, t + 5} {
					if to >= 0 && to < 25 {
						out = append(out, rawAction(`{"type":"attack","from":%d,"to":%d,"send":1}`, t, to))
					}
				}
			}
			return out
		},
		notLegal: func(*answer, json.RawMessage) string { return "illegal_action" },
	}
	// Tinrail is Tinrail as the protocol level sees it.
	Tinrail = Spec{
		Slug:       "tinrail",
		live:       tinrailLiveChecks,
		options:    []string{"opponent=wise", "opponent=easy"},
		defaults:   map[string]any{"opponent": "wise"},
		badOptions: []string{"opponent=hard", "opponent=", "opponent=Wise", "opponent=easy&opponent=wise", "players=2"},
		invalid: []string{
			`{"type":"place","tileIndex":3,"rotation":0}`, `{"type":"place","tileIndex":0,"rotation":4}`,
			`{"type":"place","tileIndex":-1,"rotation":0}`, `{"type":"place","tileIndex":0.5,"rotation":0}`,
			`{"type":"place","tileIndex":"0","rotation":0}`, `{"type":"place","tileIndex":0}`,
			`{"type":"place","tileIndex":0,"rotation":0,"x":1}`, `{"Type":"place","tileIndex":0,"rotation":0}`,
			`{"type":"Place","tileIndex":0,"rotation":0}`,
			// a whole number is read from at most 32 characters
			`{"type":"place","tileIndex":0.000000000000000000000000000000000,"rotation":0}`,
		},
		events: true,
		grammar: func(*answer) []json.RawMessage {
			var out []json.RawMessage
			for i := range 3 {
				for r := range 4 {
					out = append(out, rawAction(`{"type":"place","tileIndex":%d,"rotation":%d}`, i, r))
				}
			}
			return out
		},
		notLegal: func(*answer, json.RawMessage) string { return "illegal_action" },
	}
	// Tron is Tron as the protocol level sees it.
	Tron = Spec{
		Slug:     "tron",
		live:     tronLiveChecks,
		options:  []string{"players=2&width=12&height=9&opponent=easy", "players=3&width=5&height=7&opponent=wise", "players=4&width=20&height=20&opponent=easy"},
		defaults: map[string]any{"players": json.Number("2"), "width": json.Number("100"), "height": json.Number("100"), "opponent": "easy"},
		badOptions: []string{"players=1", "players=5", "players=3.0", "width=4", "width=101", "height=4", "height=101", "width=ten",
			"width=10.5", "opponent=sample", "opponent="},
		invalid: []string{
			`{"type":"move","dir":"z+"}`, `{"type":"move","dir":"X+"}`, `{"type":"move"}`, `{"type":"move","dir":"x+","x":1}`,
			`{"type":"turn","dir":"x+"}`, `{"type":"move","dir":1}`, `{"Type":"move","dir":"x+"}`,
		},
		events: true,
		grammar: func(*answer) []json.RawMessage {
			return rawActions(`{"type":"move","dir":"x+"}`, `{"type":"move","dir":"x-"}`, `{"type":"move","dir":"y+"}`, `{"type":"move","dir":"y-"}`)
		},
		notLegal: func(*answer, json.RawMessage) string { return "illegal_action" },
	}
)

// commonInvalid are actions outside every game's grammar.
var commonInvalid = []string{`"x"`, `null`, `[]`, `5`, `{}`, `{"type":"nosuch"}`}

// commonBadOptions are init queries every game refuses with invalid_request:
// a seed that is no whole number from 0 to 2^53-1, a parameter sent twice,
// an unknown parameter (names match exactly).
var commonBadOptions = []string{"seed=-1", "seed=abc", "seed=1.5", "seed=", "seed=9007199254740992", "seed=1&seed=2",
	"seed=1&seed=1", "nosuch=1", "Seed=1"}

// invalidActions are game's actions outside its grammar.
func (g Spec) invalidActions() []json.RawMessage {
	return rawActions(slices.Concat(commonInvalid, g.invalid)...)
}

func rawActions(texts ...string) []json.RawMessage {
	out := make([]json.RawMessage, len(texts))
	for i, t := range texts {
		out[i] = json.RawMessage(t)
	}
	return out
}

func rawAction(format string, args ...any) json.RawMessage {
	return json.RawMessage(fmt.Sprintf(format, args...))
}

// actionType is an action's type, "" when it has none.
func actionType(action json.RawMessage) string {
	var v struct {
		Type string `json:"type"`
	}
	json.Unmarshal(action, &v)
	return v.Type
}

// legal reports whether action is legal in a: listed as is, or listed with
// other values in fields whose ranges actionRanges gives and action's
// values lie within.
func legal(a *answer, action json.RawMessage) bool {
	var act map[string]any
	if json.Unmarshal(action, &act) != nil {
		return false
	}
	for _, listed := range a.listedActions() {
		if sameKeys(listed, act) && sameBut(a, listed, act) {
			return true
		}
	}
	return false
}

// listedActions are a's legal actions decoded (nil for one that is no
// object), decoded once: the match checks ask of every grammar action
// whether it is legal.
func (a *answer) listedActions() []map[string]any {
	if a.listed == nil {
		a.listed = make([]map[string]any, len(a.head.LegalActions))
		for i, l := range a.head.LegalActions {
			json.Unmarshal(l, &a.listed[i])
		}
	}
	return a.listed
}

// sameKeys reports whether two objects have the same keys.
func sameKeys(a, b map[string]any) bool {
	if a == nil || len(a) != len(b) {
		return false
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			return false
		}
	}
	return true
}

// sameBut reports whether act is listed but for ranged fields within range.
func sameBut(a *answer, listed, act map[string]any) bool {
	for k, v := range listed {
		if v == act[k] {
			continue
		}
		n, ok := act[k].(float64)
		if !ok || !inRange(a, listed, k, n) {
			return false
		}
	}
	return true
}

// inRange reports whether field of the listed action may take n.
func inRange(a *answer, listed map[string]any, field string, n float64) bool {
	for _, r := range a.head.ActionRanges {
		if r.Type != listed["type"] || r.Field != field {
			continue
		}
		if r.From != nil && listed["from"] != float64(*r.From) {
			continue
		}
		if n == float64(int64(n)) && int64(n) >= r.Min && int64(n) <= r.Max {
			return true
		}
	}
	return false
}
