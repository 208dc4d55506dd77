package httpapi

import (
	"context"
	"net/http"

	"github.com/agentgames/bundle/play/live"
)

// Live is a live game's match service (a play/live.Server of a game of
// games.Live): Serve answers one request of its match API, whose paths
// start with Base. op is create, get, or one of Ops that a path
// names (join, and the game's actions); code names the match (empty for
// create); body is the request's JSON (nil for get); since the round of
// the query's since, after which the answer shows what changed
// (live.Whole without one), which only a game whose Since reports true
// takes (see live.Delta). Transcript answers
// the page of a match's transcript that begins at frame from.
type Live interface {
	Base() string
	Ops() []string
	Serve(ctx context.Context, op, code string, body []byte, since int) (any, error)
	Since() bool
	Transcript(ctx context.Context, code string, from int) (*live.Transcript, error)
}

// ServeLiveGame serves what a live game shows whether or not this server
// plays its matches (the catalog function plays none): its page, and its
// section of llms.txt.
func (s *Server) ServeLiveGame(g *live.Game) {
	s.lives = append(s.lives, g)
	if g.Page != "" {
		s.ServePage(g.Page)
	}
}

// ServeLive routes a game's live match API to l:
//
//	POST Base                create
//	GET  Base/{code}         the public state (?since=R: what changed after round R)
//	POST Base/{code}/{op}    join, or an action: one of Ops (?since=R)
//	GET  Base/{code}/transcript?from=N   a page of its transcript
func (s *Server) ServeLive(l Live) {
	base, ops := l.Base(), l.Ops()
	s.handle("POST "+base, func(w http.ResponseWriter, r *http.Request) error {
		return s.live(w, r, l, "create", "")
	})
	s.handle("GET "+base+"/{code}", func(w http.ResponseWriter, r *http.Request) error {
		return s.live(w, r, l, "get", r.PathValue("code"))
	})
	s.handle("GET "+base+"/{code}/transcript", func(w http.ResponseWriter, r *http.Request) error {
		return s.liveTranscript(w, r, l)
	})
	for _, op := range ops {
		s.handle("POST "+base+"/{code}/"+op, func(w http.ResponseWriter, r *http.Request) error {
			return s.live(w, r, l, op, r.PathValue("code"))
		})
	}
}

func (s *Server) live(w http.ResponseWriter, r *http.Request, l Live, op, code string) error {
	since, err := liveSince(r, l.Since())
	if err != nil {
		return err
	}
	var body []byte
	if op != "get" {
		if body, err = ReadBody(w, r, MaxBody); err != nil {
			return err
		}
	}
	ctx := r.Context()
	if op == "create" || op == "join" {
		if ctx, err = s.agentOf(r); err != nil {
			return err
		}
	}
	answer, err := l.Serve(ctx, op, code, body, since)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, answer)
	return nil
}

// liveSince reads the one query parameter a live match request of a
// game that takes it may have, since (a whole number: the game says which
// requests take it): live.Whole without it.
func liveSince(r *http.Request, takes bool) (int, error) {
	if !takes {
		return live.Whole, noQuery(r)
	}
	return wholeQuery(r, "since", live.MaxSince, live.Whole)
}
