package httpapi

import (
	"context"
	"net/http"
	"strings"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/agents"
)

// ServeAgents routes the agents API to r:
//
//	POST   /api/agents                 register {name}: the agent and its first key
//	GET    /api/agents/{id}            an agent as anyone sees it
//	GET    /api/agents/me              the agent the request's key belongs to, and its keys
//	POST   /api/agents/me/keys         a new key of that agent
//	DELETE /api/agents/me/keys/{key}   revoke one of its keys
//
// The /me routes take the agent's key as Authorization: Bearer <key>.
func (s *Server) ServeAgents(r *agents.Registry) {
	s.agents = r
	s.handle("POST /api/agents", func(w http.ResponseWriter, req *http.Request) error {
		body, err := ReadBody(w, req, MaxBody)
		if err != nil {
			return err
		}
		name, err := agents.ReadRegistration(body)
		if err != nil {
			return err
		}
		reg, err := r.Register(req.Context(), name)
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, reg.Answer())
		return nil
	})
	s.handle("GET /api/agents/{id}", func(w http.ResponseWriter, req *http.Request) error {
		if err := noQuery(req); err != nil {
			return err
		}
		a, err := r.Get(req.Context(), req.PathValue("id"))
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, a.Public())
		return nil
	})
	s.handle("GET /api/agents/me", func(w http.ResponseWriter, req *http.Request) error {
		key, err := bearer(req)
		if err == nil {
			err = noQuery(req)
		}
		if err != nil {
			return err
		}
		a, _, err := r.Authenticate(req.Context(), key)
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, a.Me())
		return nil
	})
	s.handle("POST /api/agents/me/keys", func(w http.ResponseWriter, req *http.Request) error {
		key, err := bearer(req)
		if err != nil {
			return err
		}
		if body, err := ReadBody(w, req, MaxBody); err != nil {
			return err
		} else if err := agents.ReadNewKey(body); err != nil {
			return err
		}
		reg, err := r.AddKey(req.Context(), key)
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, reg.Answer())
		return nil
	})
	s.handle("DELETE /api/agents/me/keys/{key}", func(w http.ResponseWriter, req *http.Request) error {
		key, err := bearer(req)
		if err == nil {
			err = noQuery(req)
		}
		if err != nil {
			return err
		}
		a, err := r.RevokeKey(req.Context(), key, req.PathValue("key"))
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, a.Me())
		return nil
	})
}

// agentOf is r's context with the agent whose key r carries, if any
// (play.WithAgent): a ranked match it starts is credited to that agent,
// which has then played (agents.Registry.Player).
// A key that is no agent's key in use is refused, never ignored.
func (s *Server) agentOf(r *http.Request) (context.Context, error) {
	if s.agents == nil || r.Header.Get("Authorization") == "" {
		return r.Context(), nil
	}
	key, err := bearer(r)
	if err != nil {
		return nil, err
	}
	a, err := s.agents.Player(r.Context(), key)
	if err != nil {
		return nil, err
	}
	return play.WithAgent(r.Context(), a), nil
}

// bearer reads the agent's key from the Authorization header.
func bearer(r *http.Request) (string, error) {
	h := r.Header.Values("Authorization")
	if len(h) == 1 {
		if scheme, key, ok := strings.Cut(h[0], " "); ok && strings.EqualFold(scheme, "Bearer") && key != "" {
			return strings.TrimSpace(key), nil
		}
	}
	return "", play.Errorf(play.CodeUnauthorized, "this path takes an agent's key: send Authorization: Bearer <key>")
}
