package arenatest

import (
	"bytes"
	"encoding/json"
	"net/http"
)

// Kind is how a bot misbehaves. Every kind but WrongChallenge answers init
// well and misbehaves on play-turn; WrongChallenge misbehaves on init.
type Kind int

// The kinds of bots.
const (
	// Good answers every message well.
	Good Kind = iota
	// Hanging never answers: it holds the request until the client gives
	// up (its context ends) or the server closes.
	Hanging
	// Redirecting answers 302 to every play-turn, its Location the URL
	// of a Good bot (Server.Redirect): the arena must not follow.
	Redirecting
	// Oversized answers a play-turn with 200 and its good reply padded
	// with white space, inside the object before "play", to
	// OversizedBytes: valid JSON that a bounded reader refuses.
	Oversized
	// WrongMove answers a play-turn with {"play": "sideways"}, not a
	// move of any game.
	WrongMove
	// NotJSON answers a play-turn with 200 and "<html>oops</html>".
	NotJSON
	// Status500 answers a play-turn with 500 and its good reply: a status
	// other than 200 fails even with a good body.
	Status500
	// Closing hijacks the connection of a play-turn and closes it without
	// answering.
	Closing
	// WrongChallenge answers init with a challenge other than its own.
	WrongChallenge
	// Chatty answers play-turn well, with members besides play (its
	// name and its thoughts), which the arena does not read.
	Chatty
)

// OversizedBytes is the length of an Oversized bot's reply: 1 MiB.
const OversizedBytes = 1 << 20

var kindNames = [...]string{"Good", "Hanging", "Redirecting", "Oversized", "WrongMove", "NotJSON", "Status500", "Closing", "WrongChallenge", "Chatty"}

// String is the kind's name in Go ("Good").
func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return "Kind(?)"
	}
	return kindNames[k]
}

// turn answers the play-turn m as the bot's kind does.
func (s *Server) turn(w http.ResponseWriter, r *http.Request, m *Message) {
	switch s.bot.Kind {
	case Hanging:
		select {
		case <-r.Context().Done():
		case <-s.done:
		}
		panic(http.ErrAbortHandler)
	case Redirecting:
		http.Redirect(w, r, s.Redirect.URL, http.StatusFound)
		return
	case WrongMove:
		reply(w, http.StatusOK, map[string]string{"play": "sideways"})
		return
	case NotJSON:
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte("<html>oops</html>"))
		return
	case Closing:
		conn, _, err := http.NewResponseController(w).Hijack()
		if err != nil {
			panic(http.ErrAbortHandler)
		}
		conn.Close()
		return
	}
	play, status, err := s.good(m)
	if err != nil {
		http.Error(w, err.Error(), status)
		return
	}
	answer := map[string]any{"play": play}
	if s.bot.Kind == Chatty {
		answer["name"], answer["thoughts"] = s.bot.Name, "none"
	}
	body, err := json.Marshal(answer)
	if err != nil || len(body) >= OversizedBytes {
		s.t.Errorf("arenatest: bot %q cannot write its play %v: %v", s.bot.Name, play, err)
		http.Error(w, "the bot cannot write its play", http.StatusInternalServerError)
		return
	}
	status = http.StatusOK
	switch s.bot.Kind {
	case Oversized:
		body = append(append([]byte("{"), bytes.Repeat([]byte(" "), OversizedBytes-len(body))...), body[1:]...)
	case Status500:
		status = http.StatusInternalServerError
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(body)
}
