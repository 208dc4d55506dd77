package httpapi

import (
	"cmp"
	"context"
	"net/http"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/arena"
)

// ServeArena routes the arena's API to a (package play/arena), for every
// game it holds:
//
//	GET    /api/arena                                the games, and each one's paths
//	GET    /api/arena/{game}/bots                    the bots registered
//	POST   /api/arena/{game}/bots                    register a bot {name, url, description?}: key
//	GET    /api/arena/{game}/bots/{id}               a bot (its owner's view with its key)
//	POST   /api/arena/{game}/bots/{id}/{op}          verify, pause or resume it: its owner's key
//	DELETE /api/arena/{game}/bots/{id}               delete it: its owner's key
//	GET    /api/arena/{game}/fights                  the latest fights
//	POST   /api/arena/{game}/fights                  launch a fight {entrants, options?}
//	GET    /api/arena/{game}/fights/{code}           a fight
//	GET    /api/arena/{game}/ladder?seats=N          the ladder of fights of N seats
//	POST   /api/arena/{game}/trials                  try a bot before registering it {url, options?}: key
func (s *Server) ServeArena(a *arena.Arena) {
	s.handle("GET /api/arena", func(w http.ResponseWriter, r *http.Request) error {
		if err := noQuery(r); err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, a.Index())
		return nil
	})
	s.handle("GET /api/arena/{game}/bots", func(w http.ResponseWriter, r *http.Request) error {
		if err := noQuery(r); err != nil {
			return err
		}
		roster, err := a.Roster(r.Context(), r.PathValue("game"))
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, roster)
		return nil
	})
	s.handle("POST /api/arena/{game}/bots", func(w http.ResponseWriter, r *http.Request) error {
		ctx, body, err := s.arenaRequest(w, r, true)
		if err != nil {
			return err
		}
		reg, err := arena.ReadRegistration(body)
		if err != nil {
			return err
		}
		out, err := a.Register(ctx, r.PathValue("game"), *reg)
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusCreated, out)
		return nil
	})
	s.handle("GET /api/arena/{game}/bots/{id}", func(w http.ResponseWriter, r *http.Request) error {
		ctx, err := s.agentOf(r)
		if err == nil {
			err = noQuery(r)
		}
		if err != nil {
			return err
		}
		b, err := a.Bot(ctx, r.PathValue("game"), r.PathValue("id"))
		if err != nil {
			return err
		}
		if me, ok := play.AgentOf(ctx); ok && me.ID == b.Owner.ID {
			writeJSON(w, http.StatusOK, b.Mine())
			return nil
		}
		writeJSON(w, http.StatusOK, b.Info())
		return nil
	})
	ops := map[string]func(context.Context, string, string) (*arena.Bot, error){"verify": a.Verify, "pause": a.Pause, "resume": a.Resume}
	for op, do := range ops {
		s.handle("POST /api/arena/{game}/bots/{id}/"+op, func(w http.ResponseWriter, r *http.Request) error {
			ctx, body, err := s.arenaRequest(w, r, true)
			if err == nil {
				err = arena.ReadNothing(body)
			}
			if err != nil {
				return err
			}
			b, err := do(ctx, r.PathValue("game"), r.PathValue("id"))
			if err != nil {
				return err
			}
			writeJSON(w, http.StatusOK, b.Mine())
			return nil
		})
	}
	s.handle("DELETE /api/arena/{game}/bots/{id}", func(w http.ResponseWriter, r *http.Request) error {
		ctx, _, err := s.arenaRequest(w, r, false)
		if err != nil {
			return err
		}
		if err := a.Delete(ctx, r.PathValue("game"), r.PathValue("id")); err != nil {
			return err
		}
		w.WriteHeader(http.StatusNoContent)
		return nil
	})
	s.handle("GET /api/arena/{game}/fights", func(w http.ResponseWriter, r *http.Request) error {
		if err := noQuery(r); err != nil {
			return err
		}
		recent, err := a.Recent(r.Context(), r.PathValue("game"))
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, recent)
		return nil
	})
	s.handle("POST /api/arena/{game}/fights", func(w http.ResponseWriter, r *http.Request) error {
		ctx, body, err := s.arenaRequest(w, r, true)
		if err != nil {
			return err
		}
		entrants, options, err := arena.ReadLaunch(body)
		if err != nil {
			return err
		}
		f, err := a.Launch(ctx, r.PathValue("game"), entrants, options)
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusCreated, a.Info(f))
		return nil
	})
	s.handle("GET /api/arena/{game}/fights/{code}", func(w http.ResponseWriter, r *http.Request) error {
		if err := noQuery(r); err != nil {
			return err
		}
		f, err := a.Fight(r.Context(), r.PathValue("code"))
		if err != nil || f.Game != r.PathValue("game") {
			return cmp.Or[error](err, play.Errorf(play.CodeNoMatch, "no fight of %s has the code %q", r.PathValue("game"), r.PathValue("code")))
		}
		writeJSON(w, http.StatusOK, a.Info(f))
		return nil
	})
	s.handle("POST /api/arena/{game}/trials", func(w http.ResponseWriter, r *http.Request) error {
		ctx, body, err := s.arenaRequest(w, r, true)
		if err != nil {
			return err
		}
		url, options, err := arena.ReadTrial(body)
		if err != nil {
			return err
		}
		report, err := a.Trial(ctx, r.PathValue("game"), url, options)
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, report)
		return nil
	})
	s.handle("GET /api/arena/{game}/ladder", func(w http.ResponseWriter, r *http.Request) error {
		seats, err := wholeQuery(r, "seats", 8, 2) // the game bounds them further
		if err != nil {
			return err
		}
		l, err := a.LadderInfo(r.Context(), r.PathValue("game"), seats)
		if err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, l)
		return nil
	})
}

// ServeArenaPage serves the arena's page, /arena/, and says in llms.txt
// and on the front page how to use the arena of games: on a server that
// runs the arena's API (ServeArena) or behind the same address as one
// (the catalog function on AWS, whose API the live function runs).
func (s *Server) ServeArenaPage(games []string) {
	s.arenaGames = games
	s.ServePage("arena")
}

// arenaRequest reads what an arena request that changes something
// carries: the agent its key names (refused when it names none in use),
// and its body (with a body).
func (s *Server) arenaRequest(w http.ResponseWriter, r *http.Request, body bool) (context.Context, []byte, error) {
	ctx, err := s.agentOf(r)
	if err == nil {
		err = noQuery(r)
	}
	if err != nil || !body {
		return ctx, nil, err
	}
	b, err := ReadBody(w, r, MaxBody)
	return ctx, b, err
}
