package httpapi

import (
	"errors"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/wire"
)

// MaxBody is the largest request body read.
const MaxBody = 64 << 10

// init starts a match: GET /api/games/{slug}/init?seed=N&...options.
func (s *Server) init(w http.ResponseWriter, r *http.Request) error {
	slug := r.PathValue("slug")
	if _, err := s.svc.Game(slug); err != nil {
		return err
	}
	seed, options, err := InitQuery(r.URL.RawQuery)
	if err != nil {
		return err
	}
	ctx, err := s.agentOf(r)
	if err != nil {
		return err
	}
	env, err := s.svc.Init(ctx, slug, seed, options)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, env)
	return nil
}

// InitQuery reads the seed and the options. Each parameter may appear once;
// the service refuses options the game does not read.
func InitQuery(raw string) (*uint64, map[string]string, error) {
	options, err := query(raw)
	if err != nil {
		return nil, nil, err
	}
	v, ok := options["seed"]
	if !ok {
		return nil, options, nil
	}
	delete(options, "seed")
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil || n > play.MaxSeed {
		return nil, nil, play.Errorf(play.CodeInvalidRequest, "seed must be a whole number from 0 to %d, not %s", uint64(play.MaxSeed), wire.Quote(v))
	}
	return &n, options, nil
}

// query reads a query's parameters, each of which may appear once.
func query(raw string) (map[string]string, error) {
	q, err := url.ParseQuery(raw)
	if err != nil {
		return nil, play.Errorf(play.CodeInvalidRequest, "the query is not valid URL encoding: %v", err)
	}
	out := make(map[string]string, len(q))
	for name, values := range q {
		if len(values) > 1 {
			return nil, play.Errorf(play.CodeInvalidRequest, "query parameter %s appears %d times; send it once", wire.Quote(name), len(values))
		}
		out[name] = values[0]
	}
	return out, nil
}

// noQuery refuses a query on a path that takes none, so that an option
// the caller believes in is not silently ignored.
func noQuery(r *http.Request) error {
	q, err := query(r.URL.RawQuery)
	if err != nil || len(q) == 0 {
		return err
	}
	return play.Errorf(play.CodeInvalidRequest, "%s %s takes no query parameters, not %s", r.Method, wire.Quote(r.URL.Path), wire.Quote(slices.Sorted(maps.Keys(q))[0]))
}

// action applies one action: POST /api/games/{slug}/action with
// {"state": ..., "action": {...}} ("stateToken" may stand for "state").
func (s *Server) action(w http.ResponseWriter, r *http.Request) error {
	slug := r.PathValue("slug")
	if _, err := s.svc.Game(slug); err != nil {
		return err
	}
	body, err := ReadBody(w, r, MaxBody)
	if err != nil {
		return err
	}
	token, action, err := actionBody(body)
	if err != nil {
		return err
	}
	answer, err := s.svc.Act(r.Context(), slug, token, action)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, answer)
	return nil
}

// ReadBody reads a request's body as every route does, at most limit
// bytes (MaxBody, or less where a route's bodies are known to be small):
// body_too_large past them. A body whose length the request gives within
// the limit is read into a buffer of that length (net/http's reader ends
// it there); any other through a reader that stops at the limit.
func ReadBody(w http.ResponseWriter, r *http.Request, limit int) ([]byte, error) {
	if n := r.ContentLength; n >= 0 && n <= int64(limit) {
		body := make([]byte, n)
		if _, err := io.ReadFull(r.Body, body); err != nil {
			return nil, play.Errorf(play.CodeBadJSON, "the body could not be read: %v", err)
		}
		return body, nil
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, int64(limit)))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		return nil, play.Errorf(play.CodeBodyTooLarge, "the body exceeds %d bytes", limit)
	case err != nil:
		return nil, play.Errorf(play.CodeBadJSON, "the body could not be read: %v", err)
	}
	return body, nil
}

// actionBody reads an action request strictly: one JSON object with
// exactly the keys state, stateToken and action (each at most once, names
// matched exactly), the token in base64url. It answers the token and the
// action's JSON text, which the game parses.
func actionBody(body []byte) (string, []byte, error) {
	o, err := wire.ReadObject(body, "")
	if err != nil {
		return "", nil, play.Errorf(play.CodeBadJSON, "the body must be one JSON object {\"state\": ..., \"action\": {...}}: %v", err)
	}
	if err := o.Only("an action request", "state", "stateToken", "action"); err != nil {
		return "", nil, play.Errorf(play.CodeInvalidRequest, "%v", err)
	}
	var token string
	for _, name := range []string{"state", "stateToken"} {
		if !o.Has(name) {
			continue
		}
		t, err := o.String(name)
		switch {
		case err != nil:
			return "", nil, play.Errorf(play.CodeTokenMalformed, "%s must be a string: the token from the last answer, not %s", name, wire.Brief(o.Raw(name)))
		case t == "":
			continue // an empty token is no token: missing_state
		case !isToken(t):
			return "", nil, play.Errorf(play.CodeTokenMalformed, "%s must be the token from the last answer, unchanged: base64url (letters, digits, - and _)", name)
		}
		if token != "" && t != token {
			return "", nil, play.Errorf(play.CodeInvalidRequest, "state and stateToken differ; send the token once, under either name")
		}
		token = t
	}
	action := o.Raw("action")
	if action == nil {
		return "", nil, play.Errorf(play.CodeInvalidRequest, "the request has no \"action\"")
	}
	return token, action, nil
}

// isToken reports whether t is a non-empty base64url text, the contract's
// StateToken pattern.
func isToken(t string) bool {
	for i := 0; i < len(t); i++ {
		if !base64url[t[i]] {
			return false
		}
	}
	return t != ""
}

// base64url marks the bytes of the base64url alphabet.
var base64url = func() (set [256]bool) {
	for _, c := range "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_" {
		set[c] = true
	}
	return set
}()
