package mutation

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/agentgames/bundle/conformance"
)

// TestProtocolMutants: the protocol level catches, for every game, the
// broken servers any game's loop can be: each mutant breaks one promise
// of the envelope, the refusals, the 4xx answers or the contract, as a
// real implementation's bug would.
func TestProtocolMutants(t *testing.T) {
	t.Parallel()
	for _, game := range conformance.Slugs() {
		t.Run(game, func(t *testing.T) {
			t.Parallel()
			mutants := []Mutant{
				{Name: "tampered token repaired with the last good one", Wrap: protocolTokenRepaired(game)},
				{Name: "token used twice refused as a replay", Wrap: protocolReplayRefused(game)},
				{Name: "refusal answers the state of a legal move played instead", Wrap: refusalPlays(game, protocolFirstLegal)},
				{Name: "refusal answered 400 with an error", Wrap: Proxy(Edit{Answer: protocolRefusalAs400(game)})},
				{Name: "malformed body answered 500", Wrap: Proxy(Edit{Answer: protocolMalformedAs(game, http.StatusInternalServerError)})},
				{Name: "malformed body answered 200 as a refused action", Wrap: Proxy(Edit{Answer: protocolMalformedAs(game, http.StatusOK)})},
				{Name: "legalActions left out once the match is over (omitempty)", Wrap: Proxy(Edit{Answer: protocolNoLegalActionsAtEnd(game)})},
				{Name: "answers sent as text/plain", Wrap: protocolTextPlain(game)},
				{Name: "a repeated key read as its last value", Wrap: Proxy(Edit{Request: protocolLastKeyWins(game)})},
				{Name: "unknown fields of the request ignored", Wrap: Proxy(Edit{Request: protocolUnknownIgnored(game)})},
				{Name: "a wrong method answered 404", Wrap: Proxy(Edit{Answer: protocolMethodAs404(game)})},
				{Name: "a 405 without its Allow header", Wrap: protocolNoAllow},
				{Name: "bodies up to 1 MiB read", Wrap: Proxy(Edit{Request: protocolLargeBodies(game)})},
				{Name: "bodies over 16 KiB refused", Wrap: protocolSmallBodies(game)},
				{Name: "HEAD init refused", Wrap: protocolNoHead(game)},
				{Name: "answer=text and answer=view answered in the default shape", Wrap: Proxy(Edit{Request: protocolShapeIgnored(game)})},
				{Name: "a spent ranked token answered as if it played again", Wrap: protocolRankedReplayed(game)},
			}
			mustCatch(t, game, mutants)
		})
	}
}

// protocolNoAllow: a server whose 405 answers do not say which methods
// the path takes.
func protocolNoAllow(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		for k, v := range rec.Header() {
			if k != "Allow" {
				w.Header()[k] = v
			}
		}
		w.WriteHeader(rec.Code)
		w.Write(rec.Body.Bytes())
	})
}

// protocolAction reports whether r is game's action request.
func protocolAction(game string, r *http.Request) bool {
	return r.Method == http.MethodPost && r.URL.Path == "/api/games/"+game+"/action"
}

// protocolLoop reports whether r is one of game's loop requests.
func protocolLoop(game string, r *http.Request) bool {
	return strings.HasPrefix(r.URL.Path, "/api/games/"+game+"/")
}

// protocolTokenRepaired: a server that, given a token it cannot open,
// plays on from the last good token of the game it issued (a session
// fallback), so tampered and foreign tokens are accepted.
func protocolTokenRepaired(game string) func(http.Handler) http.Handler {
	issued, last := map[string]bool{}, ""
	return Proxy(Edit{
		Request: func(r *http.Request, body []byte) []byte {
			var req map[string]any
			if !protocolAction(game, r) || last == "" || json.Unmarshal(body, &req) != nil {
				return body
			}
			changed := false
			for _, k := range []string{"state", "stateToken"} {
				if s, ok := req[k].(string); ok && s != "" && !issued[s] {
					req[k], changed = last, true
				}
			}
			if !changed {
				return body
			}
			out, _ := json.Marshal(req)
			return out
		},
		Answer: func(r *http.Request, _ []byte, status *int, a map[string]any) bool {
			if s, ok := a["state"].(string); ok && *status == http.StatusOK && protocolLoop(game, r) {
				issued[s], last = true, s
			}
			return false
		},
	})
}

// protocolReplayRefused: a server that refuses a token once an action has
// been played from it (replay protection), though the docs promise any
// earlier state replays.
func protocolReplayRefused(game string) func(http.Handler) http.Handler {
	used := map[string]bool{}
	return Proxy(Edit{Answer: func(r *http.Request, body []byte, status *int, a map[string]any) bool {
		token := requestToken(body)
		if !protocolAction(game, r) || *status != http.StatusOK || token == "" {
			return false
		}
		if !used[token] {
			used[token] = a["ok"] == true
			return false
		}
		*status = http.StatusBadRequest
		clear(a)
		a["error"] = map[string]any{"code": "token_forged", "message": "this state was already played"}
		return true
	}})
}

// refusalPlays is a server that applies an action before it validates
// it: when it refuses one of game's actions, the refusal answers the
// token of the action instead picks from the request and the refusal
// (nil for none), played from the token sent.
func refusalPlays(game string, instead func(request []byte, refusal map[string]any) any) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		return Proxy(Edit{Answer: func(r *http.Request, body []byte, _ *int, a map[string]any) bool {
			if !protocolAction(game, r) || a == nil || a["ok"] != false {
				return false
			}
			action := instead(body, a)
			if action == nil {
				return false
			}
			played := serveJSON(h, r.URL.Path, map[string]any{"state": requestToken(body), "action": action})
			moved, _ := played["state"].(string)
			if played["ok"] != true || moved == "" {
				return false
			}
			for _, k := range []string{"state", "stateToken"} {
				if _, ok := a[k]; ok {
					a[k] = moved
				}
			}
			return true
		}})(h)
	}
}

// protocolFirstLegal is the first legal action a refusal lists, nil for
// none.
func protocolFirstLegal(_ []byte, refusal map[string]any) any {
	if legal := jsonList(refusal["legalActions"]); len(legal) > 0 {
		return legal[0]
	}
	return nil
}

// protocolRefusalAs400: a refused action answered as an error, 400
// { error: { code, message } }, rather than 200 ok false.
func protocolRefusalAs400(game string) func(*http.Request, []byte, *int, map[string]any) bool {
	return func(r *http.Request, _ []byte, status *int, a map[string]any) bool {
		if !protocolAction(game, r) || a["ok"] != false {
			return false
		}
		code, reason := a["code"], a["reason"]
		clear(a)
		a["error"] = map[string]any{"code": code, "message": reason}
		*status = http.StatusBadRequest
		return true
	}
}

// protocolMalformedAs: a body that is not JSON answered with status: 500
// internal (the decoder's error escapes), or 200 as a refused action.
func protocolMalformedAs(game string, status int) func(*http.Request, []byte, *int, map[string]any) bool {
	return func(r *http.Request, _ []byte, st *int, a map[string]any) bool {
		e, _ := a["error"].(map[string]any)
		if !protocolAction(game, r) || e["code"] != "bad_json" {
			return false
		}
		*st = status
		if status == http.StatusOK {
			clear(a)
			a["ok"], a["code"], a["reason"], a["legalActions"], a["gameOver"] = false, "invalid_action", e["message"], []any{}, false
			return true
		}
		e["code"] = "internal"
		return true
	}
}

// protocolNoLegalActionsAtEnd: legalActions written with omitempty, so the
// field goes missing once the match is over and the list is empty.
func protocolNoLegalActionsAtEnd(game string) func(*http.Request, []byte, *int, map[string]any) bool {
	return func(r *http.Request, _ []byte, _ *int, a map[string]any) bool {
		if l, ok := a["legalActions"].([]any); !protocolLoop(game, r) || !ok || len(l) > 0 {
			return false
		}
		delete(a, "legalActions")
		return true
	}
}

// protocolTextPlain: the loop's JSON answers written before their
// Content-Type is set, so that net/http sniffs them as text/plain.
func protocolTextPlain(game string) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !protocolLoop(game, r) {
				h.ServeHTTP(w, r)
				return
			}
			h.ServeHTTP(protocolSniffed{w}, r)
		})
	}
}

// protocolSniffed rewrites a JSON Content-Type as net/http's sniffing
// would have set it.
type protocolSniffed struct{ http.ResponseWriter }

func (s protocolSniffed) WriteHeader(status int) {
	if strings.HasPrefix(s.Header().Get("Content-Type"), "application/json") {
		s.Header().Set("Content-Type", "text/plain; charset=utf-8")
	}
	s.ResponseWriter.WriteHeader(status)
}

// protocolLastKeyWins: the body read with encoding/json's defaults, under
// which a repeated key keeps its last value.
func protocolLastKeyWins(game string) func(*http.Request, []byte) []byte {
	return func(r *http.Request, body []byte) []byte {
		var v map[string]any
		if !protocolAction(game, r) || json.Unmarshal(body, &v) != nil {
			return body
		}
		out, _ := json.Marshal(v)
		return out
	}
}

// protocolUnknownIgnored: the request read into a struct with
// encoding/json's defaults, which skip unknown fields.
func protocolUnknownIgnored(game string) func(*http.Request, []byte) []byte {
	return func(r *http.Request, body []byte) []byte {
		var v map[string]json.RawMessage
		if !protocolAction(game, r) || json.Unmarshal(body, &v) != nil {
			return body
		}
		known := map[string]json.RawMessage{}
		for k, val := range v {
			if k == "state" || k == "stateToken" || k == "action" {
				known[k] = val
			}
		}
		if len(known) == len(v) {
			return body
		}
		out, _ := json.Marshal(known)
		return out
	}
}

// protocolMethodAs404: a router that does not tell a wrong method from a
// wrong path, answering 404 not_found for both.
func protocolMethodAs404(game string) func(*http.Request, []byte, *int, map[string]any) bool {
	return func(r *http.Request, _ []byte, status *int, a map[string]any) bool {
		e, _ := a["error"].(map[string]any)
		if !protocolLoop(game, r) || *status != http.StatusMethodNotAllowed || e == nil {
			return false
		}
		*status, e["code"] = http.StatusNotFound, "not_found"
		return true
	}
}

// protocolLargeBodies: a server whose body limit is 1 MiB rather than the
// documented 64 KiB (the body reaches the real one without its padding).
func protocolLargeBodies(game string) func(*http.Request, []byte) []byte {
	return func(r *http.Request, body []byte) []byte {
		var out bytes.Buffer
		if !protocolAction(game, r) || len(body) <= 64<<10 || len(body) > 1<<20 || json.Compact(&out, body) != nil {
			return body
		}
		return out.Bytes()
	}
}

// protocolSmallBodies: a server whose body limit is 16 KiB rather than the
// documented 64 KiB.
func protocolSmallBodies(game string) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if protocolAction(game, r) && r.ContentLength > 16<<10 {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusRequestEntityTooLarge)
				io.WriteString(w, `{"error":{"code":"body_too_large","message":"the body exceeds 16 KiB"}}`)
				return
			}
			h.ServeHTTP(w, r)
		})
	}
}

// protocolNoHead: a server whose init takes GET alone, refusing HEAD.
func protocolNoHead(game string) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodHead && protocolLoop(game, r) {
				w.Header().Set("Allow", "GET")
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusMethodNotAllowed)
				return
			}
			h.ServeHTTP(w, r)
		})
	}
}

// protocolShapeIgnored: a server that reads answer= but always answers
// the default shape.
func protocolShapeIgnored(game string) func(*http.Request, []byte) []byte {
	return func(r *http.Request, body []byte) []byte {
		if protocolLoop(game, r) && r.URL.Query().Has("answer") {
			q := r.URL.Query()
			q.Del("answer")
			r.URL.RawQuery = q.Encode()
		}
		return body
	}
}

// protocolRankedReplayed: a server that answers a spent ranked token sent
// again with the answer it gave the first time, as if it played again.
func protocolRankedReplayed(game string) func(http.Handler) http.Handler {
	return func(h http.Handler) http.Handler {
		var mu sync.Mutex
		answered := map[string][]byte{}
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(body))
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, r)
			mu.Lock()
			defer mu.Unlock()
			if protocolAction(game, r) && rec.Code == http.StatusConflict && answered[string(body)] != nil {
				w.Header().Set("Content-Type", "application/json")
				w.Write(answered[string(body)])
				return
			}
			if protocolAction(game, r) && rec.Code == http.StatusOK {
				answered[string(body)] = rec.Body.Bytes()
			}
			for k, v := range rec.Header() {
				w.Header()[k] = v
			}
			w.WriteHeader(rec.Code)
			w.Write(rec.Body.Bytes())
		})
	}
}
