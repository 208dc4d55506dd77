package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"sync"

	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/wire"
)

// goldenEntry is one case in GET /api/games/{slug}/golden.
type goldenEntry struct {
	Name   string            `json:"name"`
	Covers []string          `json:"covers"`
	Query  map[string]string `json:"query"`
	Steps  int               `json:"steps"`
}

// goldenList answers GET /api/games/{slug}/golden: the game's golden
// cases, the gallery the replay viewer shows.
func (s *Server) goldenList(w http.ResponseWriter, r *http.Request) error {
	cases, err := s.goldenCases(r)
	if err != nil {
		return err
	}
	out := make([]goldenEntry, len(cases))
	for i, c := range cases {
		out[i] = goldenEntry{Name: c.Name, Covers: c.Covers, Query: c.Query, Steps: len(c.Steps)}
	}
	writeJSON(w, http.StatusOK, map[string]any{"game": r.PathValue("slug"), "cases": out})
	return nil
}

// goldenCase answers GET /api/games/{slug}/golden/{name}: the case
// replayed on this server, every step's answer kept, in the golden files'
// format, compact (a whole answer every golden.Checkpoint steps, patches
// between): a transcript the replay viewer plays.
func (s *Server) goldenCase(w http.ResponseWriter, r *http.Request) error {
	cases, err := s.goldenCases(r)
	if err != nil {
		return err
	}
	name := r.PathValue("name")
	i := slices.IndexFunc(cases, func(c golden.Case) bool { return c.Name == name })
	if i < 0 {
		return play.Errorf(play.CodeNotFound, "%s has no golden case %s; GET /api/games/%s/golden lists them", r.PathValue("slug"), wire.Quote(name), r.PathValue("slug"))
	}
	v, _ := s.transcripts.LoadOrStore(cases[i].Ref(), &transcriptOnce{})
	body, err := v.(*transcriptOnce).get(func() ([]byte, error) {
		t, err := s.transcript(context.WithoutCancel(r.Context()), &cases[i])
		if err != nil {
			return nil, err
		}
		return json.Marshal(t.Compact(golden.Checkpoint))
	})
	if err != nil {
		return err
	}
	h := w.Header()
	h["Content-Type"] = contentTypeJSON
	h.Set("Cache-Control", "public, max-age=3600")
	w.WriteHeader(http.StatusOK)
	w.Write(body)
	return nil
}

// transcriptOnce is a golden case's transcript, made once: a case's
// answers are this build's, the same at every request, and the longest
// case's take half a second to replay, compact and encode. The cases are
// a fixed set, so the transcripts kept are bounded by them (17 MB
// compact for all 92).
type transcriptOnce struct {
	once sync.Once
	body []byte
	err  error
}

// get answers the transcript, made by make at the first call.
func (t *transcriptOnce) get(make func() ([]byte, error)) ([]byte, error) {
	t.once.Do(func() { t.body, t.err = make() })
	return t.body, t.err
}

// goldenCases are the golden cases of the game the path names.
func (s *Server) goldenCases(r *http.Request) ([]golden.Case, error) {
	if err := noQuery(r); err != nil {
		return nil, err
	}
	slug := r.PathValue("slug")
	if _, err := s.svc.Game(slug); err != nil {
		return nil, err
	}
	return golden.Load(golden.Files, slug)
}

// transcript plays a case's init and actions on this server's service,
// as an agent would over HTTP, and answers the case with every answer
// kept, without its state token and spec. Each step keeps the digest the
// golden file pins (a test holds the answers to it): computing digests,
// which canonicalise every answer, would cost the request ten times over.
func (s *Server) transcript(ctx context.Context, c *golden.Case) (*golden.Case, error) {
	q := url.Values{}
	for k, v := range c.Query {
		q.Set(k, v)
	}
	seed, options, err := InitQuery(q.Encode())
	if err != nil {
		return nil, err
	}
	t := *c
	t.Full, t.Steps = true, slices.Clone(c.Steps)
	var answer play.Answer
	for i, st := range c.Steps {
		if i == 0 {
			answer, err = s.svc.Init(ctx, c.Game, seed, options)
		} else {
			answer, err = s.svc.Act(ctx, c.Game, answer.Ref(), st.Action)
		}
		if err != nil {
			return nil, err
		}
		data, err := play.AppendJSON(nil, answer)
		if err != nil {
			return nil, err
		}
		if t.Steps[i].Answer, err = shown(data); err != nil {
			return nil, err
		}
	}
	return &t, nil
}

// shown is an answer without its state token and spec, its members
// otherwise as written.
func shown(answer []byte) (json.RawMessage, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(answer, &m); err != nil {
		return nil, err
	}
	delete(m, "state")
	delete(m, "stateToken")
	delete(m, "spec")
	return json.Marshal(m)
}
