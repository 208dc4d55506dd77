// Package bolt keeps matches in one file on disk with bbolt, for the local
// server: matches survive a restart and nothing needs installing. bbolt is
// pure Go (the bundle builds without cgo), keeps the whole store in one
// file, and its serializable read-write transactions make conditional
// writes a read and a write in one transaction.
//
// A match is stored under its ref in a bucket named after its game, as
// its version (8 bytes, big endian) followed by its state.
package bolt

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"time"

	bbolt "go.etcd.io/bbolt"

	"github.com/agentgames/bundle/play"
)

// Store is a play.Store in a bbolt file.
type Store struct {
	db *bbolt.DB
}

// Open opens (or creates) the store at path, creating its folder. Only one
// process may hold it: a second Open waits up to a second, then fails.
func Open(path string) (*Store, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	db, err := bbolt.Open(path, 0o600, &bbolt.Options{Timeout: time.Second})
	if err != nil {
		return nil, fmt.Errorf("opening the match store %s: %w", path, err)
	}
	return &Store{db: db}, nil
}

// Close closes the file.
func (s *Store) Close() error { return s.db.Close() }

// Load answers a match and its version.
func (s *Store) Load(_ context.Context, game, ref string) ([]byte, uint64, error) {
	var state []byte
	var version uint64
	err := s.db.View(func(tx *bbolt.Tx) error {
		var v []byte
		if b := tx.Bucket([]byte(game)); b != nil {
			v = b.Get([]byte(ref))
		}
		if len(v) < 8 {
			return play.Errorf(play.CodeNoMatch, "no %s match is called %q", game, ref)
		}
		version, state = binary.BigEndian.Uint64(v), append([]byte(nil), v[8:]...)
		return nil
	})
	return state, version, err
}

// Save creates a match (under a new random ref when ref is empty), or
// writes an existing one if it is still at version. Concurrent saves share
// one transaction and one sync to disk (bbolt's Batch); a save that fails
// is run again alone, so it can neither apply twice nor hide a conflict.
func (s *Store) Save(_ context.Context, game, ref string, state []byte, version uint64) (string, error) {
	if ref == "" {
		var b [12]byte
		rand.Read(b[:])
		ref = hex.EncodeToString(b[:])
	}
	err := s.db.Batch(func(tx *bbolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists([]byte(game))
		if err != nil {
			return err
		}
		var have uint64
		if v := b.Get([]byte(ref)); len(v) >= 8 {
			have = binary.BigEndian.Uint64(v)
		}
		if have != version {
			return play.Errorf(play.CodeConflict, "the %s match %s changed since it was loaded; load it again", game, ref)
		}
		v := binary.BigEndian.AppendUint64(make([]byte, 0, 8+len(state)), version+1)
		return b.Put([]byte(ref), append(v, state...))
	})
	return ref, err
}
