package liveapi_test

import (
	"context"
	"errors"
	"net/http/httptest"
	"testing"

	"github.com/agentgames/bundle/client/liveapi"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestClient: the live client creates a match, reads it, acts in it and
// reads a seat's view, on any live game's base; the server's refusal is
// an *APIError with its status and code.
func TestClient(t *testing.T) {
	srv := httptest.NewServer(testserver.WithLive(t, nil))
	defer srv.Close()
	ctx := context.Background()
	l := liveapi.New(srv.URL, "/api/games/tinrail/matches")
	j, err := l.Create(ctx, map[string]any{"players": 2, "bots": 1})
	if err != nil || j.Code == "" || j.Token == "" {
		t.Fatalf("create: %+v %v", j, err)
	}
	var v struct {
		You          int
		LegalActions []struct{ TileIndex, Rotation int }
	}
	if err := l.Act(ctx, j.Code, "view", map[string]string{"token": j.Token}, &v); err != nil || len(v.LegalActions) != 12 {
		t.Fatalf("view: %+v %v", v, err)
	}
	var placed struct{ Placements int }
	if err := l.Act(ctx, j.Code, "place", map[string]any{"token": j.Token, "tileIndex": 0, "rotation": 0}, &placed); err != nil || placed.Placements < 1 {
		t.Fatalf("place: %+v %v", placed, err)
	}
	var st struct{ Code string }
	if err := l.State(ctx, j.Code, &st); err != nil || st.Code != j.Code {
		t.Fatalf("state: %+v %v", st, err)
	}
	var refused *liveapi.APIError
	if err := l.Act(ctx, j.Code, "view", map[string]string{"token": "guess"}, &v); !errors.As(err, &refused) || refused.Status != 403 || refused.Code != "forbidden" {
		t.Errorf("a guessed token: %v", err)
	}
	if _, err := liveapi.New(srv.URL, "/api/games/tron/matches").Join(ctx, "0000000000", ""); !errors.As(err, &refused) || refused.Code != "no_match" {
		t.Errorf("a join of no match: %v", err)
	}
}
