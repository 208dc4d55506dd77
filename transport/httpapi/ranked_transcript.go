package httpapi

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"strconv"

	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/wire"
)

// rankedTranscript answers GET
// /api/games/{slug}/ranked/{id}/transcript?from=N: a page of the ranked
// match's transcript (see play.RankedTranscript), in the golden files'
// format with every answer kept as the player's client records it and
// its digest, named by the match's id. Its query is
// the match's options, and its seed once the page ends the match or the
// match's tokens have expired. When the ledger holds more steps, a Link
// header names the next page.
func (s *Server) rankedTranscript(w http.ResponseWriter, r *http.Request) error {
	from, err := transcriptFrom(r)
	if err != nil {
		return err
	}
	slug := r.PathValue("slug")
	t, err := s.svc.RankedTranscript(r.Context(), slug, r.PathValue("id"), from)
	if err != nil {
		return err
	}
	c := golden.Case{Format: golden.Format, Game: t.Game, Name: t.ID, Covers: []string{}, Query: map[string]string{}, Full: true}
	maps.Copy(c.Query, t.Options)
	if t.Seed != nil {
		c.Query["seed"] = strconv.FormatUint(*t.Seed, 10)
	}
	for _, st := range t.Steps {
		answer, digest, err := recorded(st.Answer)
		if err != nil {
			return err
		}
		c.Steps = append(c.Steps, golden.Step{Action: st.Action, Digest: digest, Answer: answer})
	}
	if t.More {
		next := "/api/games/" + slug + "/ranked/" + t.ID + "/transcript?from=" + strconv.Itoa(t.From+len(t.Steps))
		w.Header().Set("Link", "<"+next+`>; rel="next"`)
		w.Header().Add("Access-Control-Expose-Headers", "Link")
	}
	writeJSON(w, http.StatusOK, &c)
	return nil
}

// transcriptFrom reads a transcript request's one query parameter, from:
// the step its page begins at, 0 (the init) when absent.
func transcriptFrom(r *http.Request) (int, error) {
	return wholeQuery(r, "from", play.MaxRankedSteps, 0)
}

// wholeQuery reads a request whose query may hold one parameter, name,
// a whole number from 0 to most, in its one spelling: absent when it is
// missing. Any other parameter is refused.
func wholeQuery(r *http.Request, name string, most, absent int) (int, error) {
	q, err := query(r.URL.RawQuery)
	if err != nil {
		return 0, err
	}
	v, ok := q[name]
	delete(q, name)
	if len(q) > 0 {
		return 0, play.Errorf(play.CodeInvalidRequest, "%s %s takes only the query parameter %s, not %s", r.Method, wire.Quote(r.URL.Path), name, wire.Quote(slices.Sorted(maps.Keys(q))[0]))
	}
	if !ok {
		return absent, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > most || strconv.Itoa(n) != v {
		return 0, play.Errorf(play.CodeInvalidRequest, "%s must be a whole number from 0 to %d, not %s", name, most, wire.Quote(v))
	}
	return n, nil
}

// recorded is what golden.Recorded and golden.Digest answer for an
// envelope as play writes it, made in one pass over its bytes (see
// golden.CanonicalObjectWithout) rather than by decoding every value into
// interfaces, which took 15 ms for a late 100x100 Tron answer. An
// envelope has no private field but its token and spec, so its digest is
// that of the answer kept.
func recorded(answer []byte) (json.RawMessage, string, error) {
	kept, err := golden.CanonicalObjectWithout(answer, "state", "stateToken", "spec")
	if err != nil {
		return nil, "", err
	}
	sum := sha256.Sum256(kept)
	return kept, hex.EncodeToString(sum[:8]), nil
}
