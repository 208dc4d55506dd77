package protocol

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"

	"github.com/agentgames/bundle/conformance/check"
)

// This file holds the checks of requests the server cannot act on, each
// of which must earn the documented 4xx status and code (openapi.yaml's
// ErrorCode, docs/<game>.md), and of requests it must read the same way
// whatever their form.

// requestCheck is a check that starts from the fixed match's init.
func requestCheck(spec Spec, name string, run func(w *walk, init *answer) error) check.Check {
	game := spec.Slug
	query, match := fixedMatch(spec)
	return check.Check{Game: game, Level: check.Protocol, Name: name, Run: func(ctx context.Context, t check.Target) error {
		w, err := newWalk(ctx, t, spec, name+" (token of "+match+")")
		if err != nil {
			return err
		}
		a, err := w.init(query)
		if err != nil {
			return err
		}
		w.at(1, a.head.LegalActions[0])
		return run(w, a)
	}}
}

// tokenCodes are the codes of a token the server cannot open.
var tokenCodes = []string{"token_malformed", "token_format", "token_unknown_key", "token_forged"}

// tokensCheck: a missing token is missing_state; a state that is no text,
// or has characters no token has, token_malformed; a truncated token, or
// one with a character added or a bit flipped anywhere, a token code
// (token_forged when altered in its middle); another game's token
// token_forged. Each is a 400.
func tokensCheck(spec Spec) check.Check {
	return requestCheck(spec, "tokens", func(w *walk, a *answer) error {
		action, token := a.head.LegalActions[0], a.token()
		reject := func(body []byte, codes ...string) error {
			return w.reject(http.MethodPost, w.actionRoute(), w.actionRoute(), nil, body, http.StatusBadRequest, codes...)
		}
		withState := func(state any) []byte {
			b, _ := json.Marshal(map[string]any{"state": state, "action": action})
			return b
		}
		noState, _ := json.Marshal(map[string]any{"action": action})
		if err := reject(noState, "missing_state"); err != nil {
			return err
		}
		for _, at := range []int{0, len(token) / 4, len(token) / 2, 3 * len(token) / 4, len(token) - 1} {
			codes := tokenCodes
			if at == len(token)/2 {
				codes = []string{"token_forged"}
			}
			if err := reject(withState(flipBit(token, at)), codes...); err != nil {
				return withDetail(err, fmt.Sprintf("the token with a bit flipped in character %d of %d", at, len(token)))
			}
		}
		for _, bad := range []any{5, "not a token!"} {
			if err := reject(withState(bad), "token_malformed"); err != nil {
				return withDetail(err, "state "+brief(bad))
			}
		}
		if err := reject(withState(token+"="), tokenCodes...); err != nil {
			return withDetail(err, "the token with a base64 padding character added")
		}
		for _, n := range []int{len(token) / 2, len(token) - 1} {
			if err := reject(withState(token[:n]), tokenCodes...); err != nil {
				return withDetail(err, fmt.Sprintf("the token cut to %d of its %d characters", n, len(token)))
			}
		}
		other, err := w.otherGame()
		if err != nil || other == nil {
			return err // nil: the server serves no other game to take a token of
		}
		o, err := other.init("seed=5")
		if err != nil {
			return err
		}
		if err := reject(withState(o.token()), "token_forged"); err != nil {
			return withDetail(err, "a token of "+other.game+", made for another game")
		}
		return nil
	})
}

// flipBit flips the high bit of the base64url character at i (a bit every
// base64url character carries, the last included).
func flipBit(token string, i int) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	j := strings.IndexByte(alphabet, token[i])
	if j < 0 {
		return token[:i] + "A" + token[i+1:]
	}
	return token[:i] + string(alphabet[j^32]) + token[i+1:]
}

// otherGame is the walk on another game the server lists in GET
// /api/games (the first in its order), whose tokens w's game must refuse;
// nil when it lists no other. Only the slug and the routes are used, so
// the suite need not know the game.
func (w *walk) otherGame() (*walk, error) {
	r, err := w.send(http.MethodGet, "/api/games", "/api/games", nil, nil)
	if err != nil {
		return nil, err
	}
	if err := w.expectStatus(r, http.StatusOK, "GET /api/games answers the index"); err != nil {
		return nil, err
	}
	served, err := check.Served(r.Body)
	if err != nil {
		return nil, w.fail("games", "GET /api/games answers the index", "an index of games", err.Error())
	}
	for _, slug := range served {
		if slug != w.game && slug != "" {
			ow := *w
			ow.game, ow.spec = slug, Spec{Slug: slug}
			return &ow, nil
		}
	}
	return nil, nil
}

// malformedCheck: a body that is not one JSON object, or repeats a key, or
// nests deeper than 32, is bad_json; an unknown field (names match
// exactly) is invalid_request; a body over 64 KiB is a 413 body_too_large.
func malformedCheck(spec Spec) check.Check {
	return requestCheck(spec, "malformed requests", func(w *walk, a *answer) error {
		action, token := string(a.head.LegalActions[0]), a.token()
		good := `{"state":"` + token + `","action":` + action + `}`
		deep := strings.Repeat(`{"a":`, 40) + "1" + strings.Repeat("}", 40)
		dupAction := strings.Replace(action, `{`, `{"type":"x",`, 1)
		cases := []struct {
			name, body string
			status     int
			code       string
		}{
			{"a body cut short", good[:len(good)/2], 400, "bad_json"},
			{"an empty body", "", 400, "bad_json"},
			{"an array", "[" + good + "]", 400, "bad_json"},
			{"a string", `"x"`, 400, "bad_json"},
			{"null", "null", 400, "bad_json"},
			{"two objects", good + good, 400, "bad_json"},
			{"text after the object", good + " x", 400, "bad_json"},
			{"state twice", `{"state":"` + token + `","state":"` + token + `","action":` + action + `}`, 400, "bad_json"},
			{"a key twice in the action", `{"state":"` + token + `","action":` + dupAction + `}`, 400, "bad_json"},
			{"nesting 40 deep", `{"state":"` + token + `","action":` + deep + `}`, 400, "bad_json"},
			{"an unknown field", `{"state":"` + token + `","action":` + action + `,"x":1}`, 400, "invalid_request"},
			{"State for state", `{"State":"` + token + `","action":` + action + `}`, 400, "invalid_request"},
			{"a body over 64 KiB", `{"state":"` + token + `",` + strings.Repeat(" ", 64<<10) + `"action":` + action + `}`, 413, "body_too_large"},
		}
		for _, c := range cases {
			if err := w.reject(http.MethodPost, w.actionRoute(), w.actionRoute(), nil, []byte(c.body), c.status, c.code); err != nil {
				return withDetail(err, c.name+": "+check.Brief(c.body, 200))
			}
		}
		return nil
	})
}

// variantsCheck: a token plays again (states never expire), and the
// server reads a body the same way whatever its Content-Type says (or
// with none), with the token as stateToken, with its keys in another
// order, and with a whole number written 2.0: each answers as the plain
// request does, tokens aside.
func variantsCheck(spec Spec) check.Check {
	return requestCheck(spec, "request forms", func(w *walk, a *answer) error {
		action, token := a.head.LegalActions[0], a.token()
		want, err := w.act(token, action)
		if err != nil {
			return err
		}
		if err := w.envelope(want, action); err != nil {
			return err
		}
		replayed, err := w.act(token, action)
		if err != nil {
			return withDetail(err, "the same request a second time")
		}
		if err := w.sameAnswer(want, replayed, "any earlier state can be replayed: the same token and action answer the same"); err != nil {
			return err
		}
		type variant struct {
			name   string
			header http.Header
			body   []byte
		}
		variants := []variant{
			{"the token as stateToken", nil, actionBody("stateToken", token, action)},
			{"Content-Type text/plain", http.Header{"Content-Type": {"text/plain"}}, actionBody("state", token, action)},
			{"no Content-Type", http.Header{}, actionBody("state", token, action)},
			{"Content-Type application/x-www-form-urlencoded", http.Header{"Content-Type": {"application/x-www-form-urlencoded"}}, actionBody("state", token, action)},
			{"the action before the state", nil, []byte(`{"action":` + string(action) + `,"state":"` + token + `"}`)},
		}
		padded := actionBody("state", token, action)
		padded = slices.Concat(padded[:1], bytes.Repeat([]byte(" "), 63<<10-len(padded)), padded[1:])
		variants = append(variants, variant{"spaces filling the body to 63 KiB (the limit is 64 KiB)", nil, padded})
		if n := wholeNumber.FindIndex(action); n != nil {
			written := slices.Concat(action[:n[1]], []byte(".0"), action[n[1]:])
			variants = append(variants, variant{"a whole number written with .0", nil, actionBody("state", token, written)})
		}
		for _, v := range variants {
			r, err := w.post(v.body, v.header)
			if err != nil {
				return withDetail(err, v.name)
			}
			if err := w.expectStatus(r, http.StatusOK, "the server reads the request the same way with "+v.name); err != nil {
				return err
			}
			got, err := w.decodeAnswer(r)
			if err != nil {
				return err
			}
			if err := w.sameAnswer(want, got, "the server reads the request the same way with "+v.name); err != nil {
				return err
			}
		}
		return nil
	})
}

// wholeNumber finds the first whole number of an action's JSON text.
var wholeNumber = regexp.MustCompile(`:-?[0-9]+`)

// withDetail adds what was sent to a failure.
func withDetail(err error, detail string) error {
	if f, ok := err.(*check.Failure); ok {
		f.Detail = strings.TrimSpace(detail + "\n" + f.Detail)
	}
	return err
}
