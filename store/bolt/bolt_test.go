package bolt_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/bolt"
	"github.com/agentgames/bundle/store/storetest"
)

func open(t *testing.T, path string) *bolt.Store {
	t.Helper()
	s, err := bolt.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) play.Store {
		s := open(t, filepath.Join(t.TempDir(), "data", "matches.db"))
		t.Cleanup(func() { s.Close() })
		return s
	})
}

// TestMatchesSurviveARestart: a match saved before the file is closed
// loads after it is opened again, at its version.
func TestMatchesSurviveARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "matches.db")
	s := open(t, path)
	ref, err := s.Save(context.Background(), "g", "", []byte("kept"), 0)
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
