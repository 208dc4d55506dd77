package httpapi

import (
	"context"
	"net/http"
	"slices"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/wire"
)

// Live is a live match service (package games/tidebreakers/live): it
// answers one request of the card's match API. op is create, join, get,
// supply, attack or pass; code names the match (empty for create); body is
// the request's JSON (nil for get).
type Live interface {
	Serve(ctx context.Context, op, code string, body []byte) (any, error)
}

// liveOps are the actions a match's path may name.
var liveOps = []string{"join", "supply", "attack", "pass"}

// ServeLive routes the card's match API to l:
//
//	POST /api/matches                  create
//	POST /api/matches/{code}/join      join
//	GET  /api/matches/{code}           the public state
//	POST /api/matches/{code}/supply    supply, attack, pass
func (s *Server) ServeLive(l Live) {
	s.handle("POST /api/matches", func(w http.ResponseWriter, r *http.Request) error {
		return s.live(w, r, l, "create", "")
	})
	s.handle("GET /api/matches/{code}", func(w http.ResponseWriter, r *http.Request) error {
		return s.live(w, r, l, "get", r.PathValue("code"))
	})
	s.handle("POST /api/matches/{code}/{op}", func(w http.ResponseWriter, r *http.Request) error {
		op := r.PathValue("op")
		if !slices.Contains(liveOps, op) {
			return play.Errorf(play.CodeNotFound, "a match takes join, supply, attack or pass, not %s", wire.Quote(op))
		}
		return s.live(w, r, l, op, r.PathValue("code"))
	})
}

func (s *Server) live(w http.ResponseWriter, r *http.Request, l Live, op, code string) error {
	var body []byte
	var err error
	if op == "get" {
		err = noQuery(r)
	} else {
		body, err = ReadBody(w, r, MaxBody)
	}
	if err != nil {
		return err
	}
	answer, err := l.Serve(r.Context(), op, code, body)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, answer)
	return nil
}
