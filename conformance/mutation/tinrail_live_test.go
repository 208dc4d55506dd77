package mutation

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/conformance/check"
)

// TestTinrailLiveMutants: each broken live Tinrail server fails the live
// check named with it, and the real one passes them all. Each mutant is
// the real server with one bug of the kind a live game with private hands
// could have: a hand shown to the public or to the other seat, the card's
// deal or score departed from, a placement off its turn let through.
func TestTinrailLiveMutants(t *testing.T) {
	t.Parallel()
	cs, err := conformance.Checks(conformance.Options{Games: []string{"tinrail"}, Levels: []string{check.Protocol}, Only: "live/"})
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) < 4 {
		t.Fatalf("tinrail has %d live checks", len(cs))
	}
	for _, c := range cs {
		if err := c.Run(context.Background(), Mutant{}.target(t)); err != nil {
			t.Errorf("the real server fails %s: %v", c.Ref(), err)
		}
	}
	for _, m := range []struct {
		Mutant
		by string
	}{
		{Mutant{Name: "the public state lists the seats' hands", Wrap: tinrailEdit(tinrailPublicHands)}, "deal"},
		{Mutant{Name: "the transcript lists the placer's hand", Wrap: tinrailEdit(tinrailTranscriptHand)}, "hidden-hands"},
		{Mutant{Name: "seat 1 starts at cell 3 by port 1", Wrap: tinrailEdit(tinrailSeatOnePort)}, "deal"},
		{Mutant{Name: "a seat's view lists placements off its turn", Wrap: tinrailEdit(tinrailPlacementsOffTurn)}, "deal"},
		{Mutant{Name: "scores are multiplied by 0.6, as against Easy", Wrap: tinrailEdit(tinrailEasyMultiplier)}, "end"},
		{Mutant{Name: "a placement off its turn answers 200", Wrap: tinrailEdit(tinrailOffTurnAccepted)}, "turns"},
	} {
		t.Run(m.Name, func(t *testing.T) {
			t.Parallel()
			i := slices.IndexFunc(cs, func(c check.Check) bool { return c.Name == "live/"+m.by })
			if i < 0 {
				t.Fatalf("tinrail has no check live/%s", m.by)
			}
			err := cs[i].Run(context.Background(), m.target(t))
			var f *check.Failure
			if !errors.As(err, &f) {
				t.Fatalf("%s does not catch the mutant %q: %v", cs[i].Ref(), m.Name, err)
			}
			t.Logf("caught by %s: %v", cs[i].Ref(), f)
		})
	}
}

// tinrailEdit is a proxy that edits the answers of the live Tinrail API.
func tinrailEdit(edit func(r *http.Request, status *int, answer map[string]any) bool) func(http.Handler) http.Handler {
	return Proxy(Edit{Answer: func(r *http.Request, _ []byte, status *int, answer map[string]any) bool {
		return strings.HasPrefix(r.URL.Path, "/api/games/tinrail/matches") && edit(r, status, answer)
	}})
}

// handTile is a hand tile as a view lists it.
var handTile = map[string]any{"tileIndex": 0, "tile": 7, "rotations": []any{}}

// tinrailPublicHands: the public state lists each seat's tiles.
func tinrailPublicHands(r *http.Request, _ *int, a map[string]any) bool {
	if r.Method != http.MethodGet || strings.HasSuffix(r.URL.Path, "/transcript") || a["seats"] == nil {
		return false
	}
	a["hands"] = []any{[]any{handTile}, []any{handTile}}
	return true
}

// tinrailTranscriptHand: a transcript's frames carry the hand of the seat
// that placed.
func tinrailTranscriptHand(r *http.Request, _ *int, a map[string]any) bool {
	if !strings.HasSuffix(r.URL.Path, "/transcript") || a["steps"] == nil {
		return false
	}
	for _, s := range a["steps"].([]any) {
		if step, ok := s.(map[string]any); ok {
			step["hand"] = []any{handTile}
		}
	}
	return true
}

// tinrailSeatOnePort: seat 1's engine waits at port 1 of cell 3 before
// the first placement.
func tinrailSeatOnePort(_ *http.Request, _ *int, a map[string]any) bool {
	seats, _ := a["seats"].([]any)
	if len(seats) != 2 || a["placements"] != json.Number("0") {
		return false
	}
	e, _ := seats[1].(map[string]any)["engine"].(map[string]any)
	if e == nil {
		return false
	}
	e["port"] = json.Number("1")
	return true
}

// tinrailPlacementsOffTurn: a seat's view lists placements when it is the
// other seat's turn.
func tinrailPlacementsOffTurn(_ *http.Request, _ *int, a map[string]any) bool {
	if _, view := a["you"]; !view || a["turn"] == nil || a["turn"] == a["you"] {
		return false
	}
	a["legalActions"] = []any{map[string]any{"type": "place", "tileIndex": 0, "rotation": 0}}
	return true
}

// tinrailEasyMultiplier: a finished match's scores are the card's times
// 0.6, rounded down, as against Easy in the stateless game.
func tinrailEasyMultiplier(_ *http.Request, _ *int, a map[string]any) bool {
	scores, _ := a["scores"].([]any)
	for i, s := range scores {
		n, _ := s.(json.Number).Int64()
		scores[i] = json.Number(strconv.FormatInt(n*6/10, 10))
	}
	return len(scores) > 0
}

// tinrailOffTurnAccepted: a placement refused as not_your_turn answers 200
// with the view, as if it had been played.
func tinrailOffTurnAccepted(r *http.Request, status *int, a map[string]any) bool {
	e, _ := a["error"].(map[string]any)
	if !strings.HasSuffix(r.URL.Path, "/place") || e == nil || e["code"] != "not_your_turn" {
		return false
	}
	*status = http.StatusOK
	delete(a, "error")
	a["you"], a["hand"], a["legalActions"] = json.Number("1"), []any{}, []any{}
	return true
}
