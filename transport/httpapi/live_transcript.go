package httpapi

import (
	"net/http"
	"strconv"

	"github.com/agentgames/bundle/golden"
)

// liveTranscript answers GET Base/{code}/transcript?from=N: a page of the
// live match's transcript (see live.Server.Transcript) in the transcript
// format, compact, named by the match's code: step i of the page is frame
// from+i, its action the change (null for the deal) and its answer
// {"ok": true, "gameOver", "view"}, the view the match's public state as
// GET Base/{code} answered it then. When the match has more frames, a
// Link header names the next page.
func (s *Server) liveTranscript(w http.ResponseWriter, r *http.Request, l Live) error {
	from, err := transcriptFrom(r)
	if err != nil {
		return err
	}
	t, err := l.Transcript(r.Context(), r.PathValue("code"), from)
	if err != nil {
		return err
	}
	c := golden.Case{Format: golden.Format, Game: t.Game, Name: t.Code, Covers: []string{"live"}, Query: map[string]string{}, Full: true, Steps: []golden.Step{}}
	for _, f := range t.Frames {
		// The view is the core's JSON already: the answer is written
		// around it, not encoded again.
		body := make([]byte, 0, len(f.Public)+40)
		body = append(body, `{"ok":true,"gameOver":`...)
		body = strconv.AppendBool(body, f.Over)
		body = append(append(append(body, `,"view":`...), f.Public...), '}')
		answer, digest, err := recorded(body)
		if err != nil {
			return err
		}
		c.Steps = append(c.Steps, golden.Step{Action: f.Change, Digest: digest, Answer: answer})
	}
	if t.More {
		w.Header().Set("Link", "<"+l.Base()+"/"+t.Code+"/transcript?from="+strconv.Itoa(from+len(t.Frames))+`>; rel="next"`)
		w.Header().Add("Access-Control-Expose-Headers", "Link")
	}
	writeJSON(w, http.StatusOK, c.Compact(golden.Checkpoint))
	return nil
}
