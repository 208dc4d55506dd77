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
//	GET /api/games/{slug}/board?<options>  one board, whole
//	GET /api/agents/{id}/boards            an agent's entries on every board
//	GET /api/games/{slug}/ratings?players=N&offset&limit a page of a live game's ratings
func (s *Server) ServeBoards(b *boards.Boards, raters map[string]*boards.Rater) {
	for slug, r := range raters {
		s.handle("GET /api/games/"+slug+"/ratings", func(w http.ResponseWriter, req *http.Request) error {
			q, err := query(req.URL.RawQuery)
			if err != nil {
				return err
			}
			offset, limit, err := page(q)
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
				return play.Errorf(play.CodeInvalidRequest, "GET %s reads only the query parameters players, offset and limit, not %s", req.URL.Path, wire.Quote(name))
			}
			out, err := r.Ratings(req.Context(), players, offset, limit)
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
		offset, limit, err := page(q)
		if err != nil {
			return err
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
		}{slug, append([]string{}, g.Info().Boards...), len(list), offset, []item{}}
		for _, board := range boards.Paged(list, offset, limit) {
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
		offset, limit, err := page(q)
		if err != nil {
			return err
		}
		board, err := g.Info().BoardOf(q)
		if err != nil {
			return err
		}
		out, err := b.Read(r.Context(), slug, board)
		if err != nil {
			return err
		}
		out.Page(offset, limit)
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

// page reads and removes a board's offset and limit from q.
func page(q map[string]string) (offset, limit int, err error) {
	limit = boards.DefaultLimit
	for _, p := range []struct {
		name   string
		v      *int
		lo, hi int
	}{{"offset", &offset, 0, boards.MaxOffset}, {"limit", &limit, 1, boards.MaxLimit}} {
		s, ok := q[p.name]
		if !ok {
			continue
		}
		delete(q, p.name)
		n, err := strconv.Atoi(s)
		if err != nil || n < p.lo || n > p.hi || strconv.Itoa(n) != s {
			return 0, 0, play.Errorf(play.CodeInvalidRequest, "%s must be a whole number from %d to %d, not %s", p.name, p.lo, p.hi, wire.Quote(s))
		}
		*p.v = n
	}
	return offset, limit, nil
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
