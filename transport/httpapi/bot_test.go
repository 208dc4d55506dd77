package httpapi_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/agentgames/bundle/internal/testserver"
	"github.com/agentgames/bundle/transport/httpapi"
)

// turn is a play-turn as the arena's PHP sends it.
const turn = `{"game-id":"1680","action":"play-turn","game":"tron","board":[[[10,10],[10,11]],[[50,50]]],"player-index":0,"players":2}`

// TestBotEndpoint: the arena's messages reach Tron's bot by POST and by
// Bolosseum's GET ?message=, and both answer the card's replies; the
// answers are the contract's.
func TestBotEndpoint(t *testing.T) {
	t.Parallel()
	h := testserver.New(t)
	init := `{"game-id":"1679","action":"init","game":"tron","board":"","players":4,"player-index":2}`
	tests := []struct {
		name, method, target, body, want string
	}{
		{"init by POST", "POST", "/api/bots/tron", init, `{"name":"agentgames-wise"}`},
		{"init by GET", "GET", "/api/bots/tron?message=" + url.QueryEscape(init), "", `{"name":"agentgames-wise"}`},
		{"play-turn by POST", "POST", "/api/bots/tron", turn, `{"play":"x+"}`},
		{"play-turn by GET", "GET", "/api/bots/tron?message=" + url.QueryEscape(turn), "", `{"play":"x+"}`},
		{"on a configured grid", "POST", "/api/bots/tron?width=60&height=52", turn, `{"play":"x+"}`},
	}
	for _, tt := range tests {
		e := do(t, h, tt.method, tt.target, tt.body)
		if e.Status != 200 || strings.TrimSpace(string(e.Body)) != tt.want {
			t.Errorf("%s: %d %s, want 200 %s", tt.name, e.Status, e.Body, tt.want)
		}
	}
}

// TestBotEndpointRefuses: what the bot cannot read is a listed error.
func TestBotEndpointRefuses(t *testing.T) {
	t.Parallel()
	h := testserver.New(t)
	huge := `{"action":"init","players":2,"player-index":0,"game":"` + strings.Repeat("a", httpapi.MaxMessage) + `"}`
	tests := []struct {
		name, method, target, body string
		status                     int
		code                       string
	}{
		{"not JSON", "POST", "/api/bots/tron", `{"action"`, 400, "bad_json"},
		{"empty body", "POST", "/api/bots/tron", ``, 400, "bad_json"},
		{"GET without a message", "GET", "/api/bots/tron", "", 400, "invalid_request"},
		{"message twice", "GET", "/api/bots/tron?message=1&message=2", "", 400, "invalid_request"},
		{"message in a POST's query", "POST", "/api/bots/tron?message=" + url.QueryEscape(turn), turn, 400, "invalid_request"},
		{"unknown option", "POST", "/api/bots/tron?depth=9", turn, 400, "invalid_request"},
		{"grid too small for the board", "POST", "/api/bots/tron?width=20", turn, 400, "invalid_request"},
		{"too large", "POST", "/api/bots/tron", huge, 413, "body_too_large"},
		{"too large by GET", "GET", "/api/bots/tron?message=" + url.QueryEscape(huge), "", 413, "body_too_large"},
		{"a game without a bot endpoint", "POST", "/api/bots/tinrail", turn, 404, "not_found"},
		{"an unknown game", "POST", "/api/bots/chess", turn, 404, "unknown_game"},
		{"wrong method", "PUT", "/api/bots/tron", turn, 405, "method_not_allowed"},
	}
	for _, tt := range tests {
		e := do(t, h, tt.method, tt.target, tt.body)
		if e.Status != tt.status || e.Code(t) != tt.code {
			t.Errorf("%s: %d %s, want %d %s", tt.name, e.Status, e.Body, tt.status, tt.code)
		}
	}
}
