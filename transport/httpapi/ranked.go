package httpapi

import "net/http"

// ranked answers the ledger of a ranked match: GET
// /api/games/{slug}/ranked/{id}, its actions so far and, once it is over,
// its seed, score and result, for anyone to replay and check.
func (s *Server) ranked(w http.ResponseWriter, r *http.Request) error {
	if err := noQuery(r); err != nil {
		return err
	}
	rec, err := s.svc.Ranked(r.Context(), r.PathValue("slug"), r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, rec)
	return nil
}
