package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/agentgames/bundle/internal/arenatest"
)

// TestBotLevel tries a good Tron bot and one that answers no move of the
// game with the bot level: the first passes (exit 0), the second fails
// (exit 1) with its departure printed; a game the arena does not hold is
// a usage error (exit 2).
func TestBotLevel(t *testing.T) {
	t.Parallel()
	good := arenatest.Start(t, arenatest.Bot{Name: "good", Width: 12, Height: 12})
	var out bytes.Buffer
	if code := tryBot(&out, good.URL, []string{"tron"}, `{"width":12,"height":12}`); code != 0 || !strings.HasPrefix(out.String(), "ok   bot/tron:") {
		t.Fatalf("a good bot: exit %d\n%s", code, out.String())
	}
	bad := arenatest.Start(t, arenatest.Bot{Name: "bad", Kind: arenatest.WrongMove})
	out.Reset()
	if code := tryBot(&out, bad.URL, []string{"tron"}, ""); code != 1 || !strings.Contains(out.String(), "call 1 (fails a fight): its play is not a move of Tron") {
		t.Fatalf("a bot that plays no move: exit %d\n%s", code, out.String())
	}
	if code := tryBot(&out, bad.URL, []string{"chess"}, ""); code != 2 {
		t.Fatalf("an unknown game: exit %d", code)
	}
}
