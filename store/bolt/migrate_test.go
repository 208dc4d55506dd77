package bolt_test

import (
	"context"
	"encoding/binary"
	"path/filepath"
	"testing"
	"time"

	bbolt "go.etcd.io/bbolt"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/bolt"
	"github.com/agentgames/bundle/store/storetest"
)

// oldEntry is an entry as the released server wrote it (format 1): its
// version and the unix second of its last write, then its state.
func oldEntry(version uint64, written time.Time, state string) []byte {
	v := binary.BigEndian.AppendUint64(nil, version)
	v = binary.BigEndian.AppendUint64(v, uint64(written.Unix()))
	return append(v, state...)
}

// TestMigration: a file the released server wrote opens with every entry
// at its version and state, expiring Retention after its last write; one
// past that already, or too short to be an entry, is gone. The file then
// records its format: it opens again as it is.
func TestMigration(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	path := filepath.Join(t.TempDir(), "matches.db")
	db, err := bbolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	old := map[string]map[string][]byte{
		"tidebreakers-live": {
			"ABCD": oldEntry(7, now.Add(-24*time.Hour), "a day old"),
			"EFGH": oldEntry(1, now.Add(-8*24*time.Hour), "eight days old"),
		},
		"ranked": {
			"0123": oldEntry(1, now.Add(-time.Hour), "an hour old"),
			"4567": []byte("short"),
		},
	}
	err = db.Update(func(tx *bbolt.Tx) error {
		for game, entries := range old {
			b, err := tx.CreateBucket([]byte(game))
			if err != nil {
				return err
			}
			for ref, v := range entries {
				if err := b.Put([]byte(ref), v); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()

	clock := &storetest.Clock{At: now}
	ctx := context.Background()
	for _, reopen := range []string{"migrated", "opened again"} {
		s, err := bolt.Open(path, clock.Now)
		if err != nil {
			t.Fatalf("%s: %v", reopen, err)
		}
		for _, tt := range []struct {
			game, ref, state string
			version          uint64
		}{
			{"tidebreakers-live", "ABCD", "a day old", 7},
			{"tidebreakers-live", "EFGH", "", 0},
			{"ranked", "0123", "an hour old", 1},
			{"ranked", "4567", "", 0},
		} {
			state, v, err := s.Load(ctx, tt.game, tt.ref)
			if tt.version == 0 && code(err) != play.CodeNoMatch || tt.version != 0 && (err != nil || string(state) != tt.state || v != tt.version) {
				t.Errorf("%s, %s/%s: %q %d %v", reopen, tt.game, tt.ref, state, v, err)
			}
		}
		s.Close()
	}

	s, err := bolt.Open(path, clock.Now)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	clock.Add(play.Retention - 24*time.Hour - time.Second)
	if _, _, err := s.Load(ctx, "tidebreakers-live", "ABCD"); err != nil {
		t.Errorf("a second before Retention after its last write: %v", err)
	}
	clock.Add(time.Second)
	if _, _, err := s.Load(ctx, "tidebreakers-live", "ABCD"); code(err) != play.CodeNoMatch {
		t.Errorf("Retention after its last write: %v", err)
	}
}
