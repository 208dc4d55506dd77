package live_test

import (
	"context"
	"encoding/json"
	"maps"
	"slices"
	"testing"
	"time"

	"github.com/agentgames/bundle/games/tidebreakers/live"
	core "github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/store/memory"
)

// TestStoredForm: a match is stored in the form the live server has
// always written (the files of servers already running hold matches in
// it): the record's keys, a seat's keys, and the log's entries as the
// public state shows them; its table's state follows its JSON (see
// play/live's StoredParts), where it was once in it.
func TestStoredForm(t *testing.T) {
	ctx := context.Background()
	store := &memory.Store{}
	s := live.NewServer(store, time.Now).WithCreateLimit(0)
	j, err := s.Serve(ctx, "create", "", []byte(`{"players":2,"bots":1,"name":"me"}`), core.Whole)
	if err != nil {
		t.Fatal(err)
	}
	code := j.(*live.Joined).Code
	m, err := s.Read(ctx, code)
	if err != nil {
		t.Fatal(err)
	}
	st := live.Public(m)
	data, _, err := store.Load(ctx, "tidebreakers-live", code)
	if err != nil {
		t.Fatal(err)
	}
	head, state, err := core.StoredParts(data)
	if err != nil || state == nil {
		t.Fatalf("the stored match's parts: JSON %s, state %x, %v", head, state, err)
	}
	var rec map[string]json.RawMessage
	if err := json.Unmarshal(head, &rec); err != nil {
		t.Fatal(err)
	}
	want := []string{"code", "created", "filler", "log", "players", "seats", "started"}
	if got := slices.Sorted(maps.Keys(rec)); !slices.Equal(got, want) {
		t.Errorf("stored keys %v, want %v", got, want)
	}
	var seats []map[string]json.RawMessage
	json.Unmarshal(rec["seats"], &seats)
	if len(seats) != 2 || !slices.Equal(slices.Sorted(maps.Keys(seats[0])), []string{"name", "token"}) ||
		!slices.Equal(slices.Sorted(maps.Keys(seats[1])), []string{"captain", "name"}) {
		t.Errorf("stored seats %s", rec["seats"])
	}
	shown, _ := json.Marshal(st.Log)
	if string(rec["log"]) != string(shown) {
		t.Errorf("stored log %s, shown %s", rec["log"], shown)
	}
}
