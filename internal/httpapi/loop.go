package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"

	"github.com/agentgames/bundle/internal/play"
	"github.com/getkin/kin-openapi/routers"
)

// MaxBody is the largest request body read.
const MaxBody = 64 << 10

// init starts a match: GET /api/games/{slug}/init?seed=N&...options.
func (s *Server) init(w http.ResponseWriter, r *http.Request) error {
	slug := r.PathValue("slug")
	if _, err := s.svc.Game(slug); err != nil {
		return err
	}
	route, err := s.route(http.MethodGet, "/api/games/"+slug+"/init")
	if err != nil {
		return err
	}
	if v := validate(r, route, nil, nil); v != nil {
		return play.Errorf(play.CodeInvalidRequest, "%s", v.reason)
	}
	var seed *uint64
	if text := r.URL.Query().Get("seed"); text != "" {
		n, err := strconv.ParseUint(text, 10, 64)
		if err != nil {
			return play.Errorf(play.CodeInvalidRequest, "seed must be an integer from 0 to %d", uint64(play.MaxSeed))
		}
		seed = &n
	}
	env, err := s.svc.Init(slug, seed, r.URL.Query())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, env)
	return nil
}

// actionRequest is the body of an action: the state under either name, and
// the action.
type actionRequest struct {
	State      *string         `json:"state"`
	StateToken *string         `json:"stateToken"`
	Action     json.RawMessage `json:"action"`
}

// action applies one action: POST /api/games/{slug}/action.
func (s *Server) action(w http.ResponseWriter, r *http.Request) error {
	slug := r.PathValue("slug")
	if _, err := s.svc.Game(slug); err != nil {
		return err
	}
	route, err := s.route(http.MethodPost, "/api/games/"+slug+"/action")
	if err != nil {
		return err
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		return play.Errorf(play.CodeBodyTooLarge, "the body exceeds %d bytes", MaxBody)
	case err != nil:
		return play.Errorf(play.CodeBadJSON, "the body could not be read: %v", err)
	}
	var req actionRequest
	if trimmed := bytes.TrimSpace(body); len(trimmed) == 0 || trimmed[0] != '{' || json.Unmarshal(body, &req) != nil {
		return play.Errorf(play.CodeBadJSON, "the body must be a JSON object {\"state\": ..., \"action\": {...}}")
	}
	token, err := stateToken(&req)
	if err != nil {
		return err
	}
	if v := validate(r, route, nil, body); v != nil {
		switch {
		case len(v.field) > 0 && v.field[0] == "action" && req.Action != nil:
			refusal, err := s.svc.Refuse(slug, token, play.CodeInvalidAction, v.reason)
			if err != nil {
				return err
			}
			writeJSON(w, http.StatusOK, refusal)
			return nil
		case len(v.field) > 0 && (v.field[0] == "state" || v.field[0] == "stateToken"):
			return play.Errorf(play.CodeTokenMalformed, "%s", v.reason)
		}
		return play.Errorf(play.CodeInvalidRequest, "%s", v.reason)
	}
	answer, err := s.svc.Act(slug, token, req.Action)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, answer)
	return nil
}

// stateToken picks the token from "state" or "stateToken".
func stateToken(req *actionRequest) (string, error) {
	switch {
	case req.State != nil && req.StateToken != nil && *req.State != *req.StateToken:
		return "", play.Errorf(play.CodeInvalidRequest, "state and stateToken differ; send the token once, under either name")
	case req.State != nil && *req.State != "":
		return *req.State, nil
	case req.StateToken != nil && *req.StateToken != "":
		return *req.StateToken, nil
	}
	return "", play.Errorf(play.CodeMissingState, "send the token from the previous answer as \"state\" (or \"stateToken\") with the action")
}

// route finds the contract's operation for a served game's path. A game
// missing from the contract is a server fault.
func (s *Server) route(method, path string) (*routers.Route, error) {
	route, ok := s.contract.Route(method, path)
	if !ok {
		return nil, errors.New("the OpenAPI contract has no " + method + " " + path)
	}
	return route, nil
}
