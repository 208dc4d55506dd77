package httpapi

import (
	"context"
	"net/http"
	"slices"
	"strings"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/wire"
)

// Live is a game's live match service (games/tidebreakers/live,
// games/tron/live): Serve answers one request of its match API, whose
// paths start with Base. op is create, get, or one of Ops that a path
// names (join, and the game's actions); code names the match (empty for
// create); body is the request's JSON (nil for get).
type Live interface {
	Base() string
	Ops() []string
	Serve(ctx context.Context, op, code string, body []byte) (any, error)
}

// ServeLive routes a game's live match API to l:
//
//	POST Base                create
//	GET  Base/{code}         the public state
//	POST Base/{code}/{op}    join, or an action: one of Ops
func (s *Server) ServeLive(l Live) {
	base, ops := l.Base(), l.Ops()
	s.handle("POST "+base, func(w http.ResponseWriter, r *http.Request) error {
		return s.live(w, r, l, "create", "")
	})
	s.handle("GET "+base+"/{code}", func(w http.ResponseWriter, r *http.Request) error {
		return s.live(w, r, l, "get", r.PathValue("code"))
	})
	s.handle("POST "+base+"/{code}/{op}", func(w http.ResponseWriter, r *http.Request) error {
		op := r.PathValue("op")
		if !slices.Contains(ops, op) {
			return play.Errorf(play.CodeNotFound, "a match takes %s, not %s", strings.Join(ops, ", "), wire.Quote(op))
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
