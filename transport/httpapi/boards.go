package httpapi

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/boards"
	"github.com/agentgames/bundle/play/wire"
)

// ServeBoards routes the boards of ranked runs to b:
//
//	GET /api/games/{slug}/boards?offset&limit the game's boards that have runs
//	GET /api/games/{slug}/board?<options>&offset|after&limit a page of one board
//	GET /api/agents/{id}/boards            an agent's entries on every board
//	GET /api/games/{slug}/ratings?players=N&offset|after&limit a page of a live game's ratings
func (s *Server) ServeBoards(b *boards.Boards, raters map[string]*boards.Rater) {
	for slug, r := range raters {
		s.handle("GET /api/games/"+slug+"/ratings", func(w http.ResponseWriter, req *http.Request) error {
			q, err := query(req.URL.RawQuery)
			if err != nil {
				return err
			}
			p, err := page(q)
			if err != nil {
				return err
			}
			players := boards.DefaultSeats
			if v, ok := q["players"]; ok {
				delete(q, "players")
				if players, err = strconv.Atoi(v); err != nil || players < boards.MinSeats || players > boards.MaxSeats || strconv.Itoa(players) != v {
					return play.Errorf(play.CodeInvalidRequest, "players must be %d to %d, not %s", boards.MinSeats, boards.MaxSeats, wire.Quote(v))
				}
			}
			for name := range q {
				return play.Errorf(play.CodeInvalidRequest, "GET %s reads only the query parameters players, offset, after and limit, not %s", req.URL.Path, wire.Quote(name))
			}
			out, err := r.Ratings(req.Context(), players, p)
			if err != nil {
				return err
			}
			writeJSON(w, http.StatusOK, out)
			return nil
		})
	}
	s.handle("GET /api/games/{slug}/boards", func(w http.ResponseWriter, r *http.Request) error {
		slug := r.PathValue("slug")
		g, err := s.svc.Game(slug)
		if err != nil {
			return err
		}
		q, err := query(r.URL.RawQuery)
		if err != nil {
			return err
		}
		p, err := page(q)
		if err != nil {
			return err
		}
		if p.After != "" {
			return play.Errorf(play.CodeInvalidRequest, "GET %s pages by offset, not after: a game has at most %d boards", r.URL.Path, boards.MaxIndexed)
		}
		for name := range q {
			return play.Errorf(play.CodeInvalidRequest, "GET %s reads only the query parameters offset and limit, not %s", r.URL.Path, wire.Quote(name))
		}
		list, err := b.Boards(r.Context(), slug)
		if err != nil {
			return err
		}
		type item struct {
			Board   string            `json:"board"`
			Options map[string]string `json:"options"`
		}
		out := struct {
			Game    string   `json:"game"`
			Options []string `json:"options"`
			Listed  int      `json:"listed"`
			Offset  int      `json:"offset"`
			Boards  []item   `json:"boards"`
		}{slug, append([]string{}, g.Info().Boards...), len(list), p.Offset, []item{}}
		for _, board := range boards.Paged(list, p.Offset, p.Limit) {
			out.Boards = append(out.Boards, item{board, boardOptions(board)})
		}
		writeJSON(w, http.StatusOK, out)
		return nil
	})
	s.handle("GET /api/games/{slug}/board", func(w http.ResponseWriter, r *http.Request) error {
		slug := r.PathValue("slug")
		g, err := s.svc.Game(slug)
		if err != nil {
			return err
		}
		q, err := query(r.URL.RawQuery)
		if err != nil {
			return err
		}
		p, err := page(q)
		if err != nil {
			return err
		}
		board, err := g.Info().BoardOf(q)
		if err != nil {
			return err
		}
		out, err := b.Read(r.Context(), slug, board, p)
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, out)
		return nil
	})
	s.handle("GET /api/agents/{id}/boards", func(w http.ResponseWriter, r *http.Request) error {
		if err := noQuery(r); err != nil {
			return err
		}
		if s.agents != nil {
			if _, err := s.agents.Get(r.Context(), r.PathValue("id")); err != nil {
				return err
			}
		}
		out, err := b.Agent(r.Context(), r.PathValue("id"))
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, out)
		return nil
	})
}

// page reads and removes a board's offset or after, and limit, from q.
func page(q map[string]string) (boards.Page, error) {
	p := boards.FirstPage
	_, offset := q["offset"]
	for _, n := range []struct {
		name   string
		v      *int
		lo, hi int
	}{{"offset", &p.Offset, 0, boards.MaxOffset}, {"limit", &p.Limit, 1, boards.MaxLimit}} {
		s, ok := q[n.name]
		if !ok {
			continue
		}
		delete(q, n.name)
		v, err := strconv.Atoi(s)
		if err != nil || v < n.lo || v > n.hi || strconv.Itoa(v) != s {
			return p, play.Errorf(play.CodeInvalidRequest, "%s must be a whole number from %d to %d, not %s%s", n.name, n.lo, n.hi, wire.Quote(s), pastOffset(n.name))
		}
		*n.v = v
	}
	after, ok := q["after"]
	delete(q, "after")
	switch {
	case !ok:
	case after == "" || len(after) > boards.MaxAfter:
		return p, play.Errorf(play.CodeInvalidRequest, "after must be the next of an earlier page, as it answered it, not %s", wire.Quote(after))
	default:
		if offset {
			return p, play.Errorf(play.CodeInvalidRequest, "a page starts from an offset or after a line, not both: send offset or after")
		}
		p.After = after
	}
	return p, nil
}

// pastOffset tells a request whose offset is out of bounds how to read
// further.
func pastOffset(name string) string {
	if name != "offset" {
		return ""
	}
	return "; read further with after, each page's next"
}

// boardOptions reads a board's key back into its options.
func boardOptions(board string) map[string]string {
	out := map[string]string{}
	for _, kv := range strings.Split(board, ",") {
		if k, v, ok := strings.Cut(kv, "="); ok {
			out[k] = v
		}
	}
	return out
}
