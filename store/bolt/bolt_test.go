package bolt_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/bolt"
	"github.com/agentgames/bundle/store/storetest"
)

func open(t *testing.T, path string) *bolt.Store {
	t.Helper()
	s, err := bolt.Open(path, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T, clock func() time.Time) play.Store {
		s, err := bolt.Open(filepath.Join(t.TempDir(), "data", "matches.db"), clock)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

// TestMatchesSurviveARestart: a match saved before the file is closed
// loads after it is opened again, at its version.
func TestMatchesSurviveARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "matches.db")
	s := open(t, path)
	ref, err := s.Save(context.Background(), "g", "", []byte("kept"), 0, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	s = open(t, path)
	defer s.Close()
	if state, v, err := s.Load(context.Background(), "g", ref); err != nil || string(state) != "kept" || v != 1 {
		t.Errorf("after a restart: %q %d %v", state, v, err)
	}
}

// TestOldMatchesAreSwept: an entry past its expiry is deleted when the
// store is opened (or swept); one not yet expired stays.
func TestOldMatchesAreSwept(t *testing.T) {
	path := filepath.Join(t.TempDir(), "matches.db")
	now := time.Unix(1_800_000_000, 0)
	clock := func() time.Time { return now }
	s, err := bolt.Open(path, clock)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	old, _ := s.Save(ctx, "g", "", []byte("old"), 0, now.Add(play.Retention))
	now = now.Add(play.Retention / 2)
	recent, _ := s.Save(ctx, "g", "", []byte("recent"), 0, now.Add(play.Retention))
	s.Close()
	now = now.Add(play.Retention/2 + time.Second)
	s, err = bolt.Open(path, clock)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, _, err := s.Load(ctx, "g", old); err == nil {
		t.Error("a match past its retention was kept")
	}
	if state, _, err := s.Load(ctx, "g", recent); err != nil || string(state) != "recent" {
		t.Errorf("a recent match: %q %v", state, err)
	}
}
