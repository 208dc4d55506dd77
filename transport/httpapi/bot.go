package httpapi

import (
	"net/http"

	"github.com/agentgames/bundle/play"
)

// MaxMessage is the largest arena message read: a full 100x100 Tron board
// written as the arena writes it is about 80 KB.
const MaxMessage = 256 << 10

// bot answers an outside arena's message with the game's bot, as a bot of
// that arena: POST /api/bots/{slug} with the message as its body, or GET
// with ?message=<json> as Bolosseum calls. Every other query parameter is
// an option of the bot, given once.
func (s *Server) bot(w http.ResponseWriter, r *http.Request) error {
	options, err := query(r.URL.RawQuery)
	if err != nil {
		return err
	}
	var message []byte
	if r.Method == http.MethodGet {
		m, ok := options["message"]
		if !ok {
			return play.Errorf(play.CodeInvalidRequest, "GET %s takes the arena's message as ?message=<json>; or POST it as the body", r.URL.Path)
		}
		if len(m) > MaxMessage {
			return play.Errorf(play.CodeBodyTooLarge, "the message exceeds %d bytes", MaxMessage)
		}
		message = []byte(m)
	} else {
		if _, ok := options["message"]; ok {
			return play.Errorf(play.CodeInvalidRequest, "POST takes the message as the body, not as ?message=")
		}
		if message, err = ReadBody(w, r, MaxMessage); err != nil {
			return err
		}
	}
	delete(options, "message")
	answer, err := s.svc.Answer(r.PathValue("slug"), message, options)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, answer)
	return nil
}
