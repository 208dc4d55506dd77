package bolt_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
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

// TestDamageWhileOpen: when the file is damaged under an open store, a
// read that meets the damage answers store_damaged and logs the file,
// bucket and key, whether an entry fails its checksum or a page faults;
// other entries still load, a write to the damaged entry is refused, and
// a sweep leaves it.
func TestDamageWhileOpen(t *testing.T) {
	for _, tt := range []struct {
		name   string
		damage func(path string, state []byte) error
		writes bool // whether the store can still be written
	}{
		{"an entry's state", func(path string, state []byte) error {
			file, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			f, err := os.OpenFile(path, os.O_WRONLY, 0)
			if err != nil {
				return err
			}
			defer f.Close()
			for at := 0; ; at++ { // every copy: bbolt leaves old ones in free pages
				i := bytes.Index(file[at:], state)
				if i < 0 {
					return nil
				}
				at += i
				if _, err := f.WriteAt([]byte{state[0] ^ 1}, int64(at)); err != nil {
					return err
				}
			}
		}, true},
		{"the file truncated", func(path string, _ []byte) error { return os.Truncate(path, 8192) }, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var logs bytes.Buffer
			defer slog.SetDefault(slog.Default())
			slog.SetDefault(slog.New(slog.NewJSONHandler(&logs, nil)))
			path := filepath.Join(t.TempDir(), "matches.db")
			s := open(t, path)
			defer s.Close()
			ctx := context.Background()
			state := bytes.Repeat([]byte("the damaged one "), 10)
			for _, ref := range []string{"damaged", "sound"} {
				if _, err := s.Save(ctx, "g", ref, append([]byte(ref), state...), 0, time.Time{}); err != nil {
					t.Fatal(err)
				}
			}
			if err := tt.damage(path, append([]byte("damaged"), state...)); err != nil {
				t.Fatal(err)
			}
			if _, _, err := s.Load(ctx, "g", "damaged"); code(err) != play.CodeStoreDamaged {
				t.Errorf("Load: %v", err)
			}
			if _, err := s.LoadMany(ctx, "g", []string{"sound", "damaged"}); code(err) != play.CodeStoreDamaged {
				t.Errorf("LoadMany: %v", err)
			}
			var line struct{ Msg, File, Bucket, Key, Problem string }
			json.Unmarshal(bytes.SplitN(logs.Bytes(), []byte("\n"), 2)[0], &line)
			if line.Msg != "the match store is damaged" || line.File != path || line.Bucket != "g" || line.Key != "damaged" || line.Problem == "" {
				t.Errorf("logged %s", logs.Bytes())
			}
			if !tt.writes {
				return
			}
			if state, _, err := s.Load(ctx, "g", "sound"); err != nil || !bytes.HasPrefix(state, []byte("sound")) {
				t.Errorf("the sound entry: %q %v", state, err)
			}
			if _, err := s.Save(ctx, "g", "damaged", []byte("over it"), 1, time.Time{}); code(err) != play.CodeStoreDamaged {
				t.Errorf("Save: %v", err)
			}
			if n, err := s.Sweep(); n != 0 || err != nil {
				t.Errorf("Sweep: %d %v", n, err)
			}
			if _, _, err := s.Load(ctx, "g", "damaged"); code(err) != play.CodeStoreDamaged {
				t.Errorf("Load after the sweep: %v", err)
			}
		})
	}
}

// TestCommitStats: the store counts its commits, the saves they held and
// their time: 64 saves at once, each in some commit.
func TestCommitStats(t *testing.T) {
	s, err := bolt.Open(filepath.Join(t.TempDir(), "matches.db"), time.Now)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if st := s.CommitStats(); st != (bolt.CommitStats{}) {
		t.Fatalf("a store just opened: %+v", st)
	}
	const saves = 64
	done := make(chan error)
	for i := range saves {
		go func() {
			_, err := s.Save(context.Background(), "k", fmt.Sprint(i), []byte("x"), 0, time.Time{})
			done <- err
		}()
	}
	for range saves {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	st := s.CommitStats()
	if st.Writes != saves || st.Commits < 1 || st.Commits > saves || st.Time <= 0 {
		t.Fatalf("after %d saves at once: %+v", saves, st)
	}
}
