// Package bolt keeps matches in one file on disk with bbolt, for the local
// server: matches survive a restart and nothing needs installing. bbolt is
// pure Go (the bundle builds without cgo), keeps the whole store in one
// file, and its serializable read-write transactions make conditional
// writes a read and a write in one transaction.
//
// A match is stored under its ref in a bucket named after its game, as
// its version and its expiry (8 bytes each, big endian, unix seconds, 0
// for none) followed by its state. An entry past its expiry loads as none;
// Sweep, which Open runs, deletes them, as DynamoDB's TTL does on AWS.
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
	"github.com/agentgames/bundle/play/wire"
)

// header is the version and the expiry before each state.
const header = 16

// Store is a play.Store in a bbolt file.
type Store struct {
	db    *bbolt.DB
	clock func() time.Time
}

// Open opens (or creates) the store at path, creating its folder, and
// sweeps it; clock tells which entries have expired. Only one process may hold the file: a
// second Open waits up to a second, then fails.
func Open(path string, clock func() time.Time) (*Store, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	db, err := bbolt.Open(path, 0o600, &bbolt.Options{Timeout: time.Second})
	if err != nil {
		return nil, fmt.Errorf("opening the match store %s: %w", path, err)
	}
	s := &Store{db: db, clock: clock}
	if _, err := s.Sweep(); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// Sweep deletes the entries past their expiry and answers how many it
// deleted.
func (s *Store) Sweep() (int, error) {
	now := s.clock().Unix()
	deleted := 0
	err := s.db.Update(func(tx *bbolt.Tx) error {
		return tx.ForEach(func(_ []byte, b *bbolt.Bucket) error {
			var old [][]byte
			b.ForEach(func(k, v []byte) error {
				if len(v) < header || expired(v, now) {
					old = append(old, append([]byte(nil), k...))
				}
				return nil
			})
			for _, k := range old {
				if err := b.Delete(k); err != nil {
					return err
				}
			}
			deleted += len(old)
			return nil
		})
	})
	return deleted, err
}

// expired reports whether the entry v is past its expiry at now.
func expired(v []byte, now int64) bool {
	at := int64(binary.BigEndian.Uint64(v[8:]))
	return at != 0 && now >= at
}

// live answers the entry under ref in b, nil if there is none or it has
// expired at now.
func live(b *bbolt.Bucket, ref string, now int64) []byte {
	if b == nil {
		return nil
	}
	if v := b.Get([]byte(ref)); len(v) >= header && !expired(v, now) {
		return v
	}
	return nil
}

// Close closes the file.
func (s *Store) Close() error { return s.db.Close() }

// Load answers a match and its version.
func (s *Store) Load(_ context.Context, game, ref string) ([]byte, uint64, error) {
	var state []byte
	var version uint64
	now := s.clock().Unix()
	err := s.db.View(func(tx *bbolt.Tx) error {
		v := live(tx.Bucket([]byte(game)), ref, now)
		if v == nil {
			return play.Errorf(play.CodeNoMatch, "no %s match is called %s", game, wire.Quote(ref))
		}
		version, state = binary.BigEndian.Uint64(v), append([]byte(nil), v[header:]...)
		return nil
	})
	return state, version, err
}

// LoadMany answers the states of refs, nil for a ref no match has, in one
// read transaction.
func (s *Store) LoadMany(_ context.Context, game string, refs []string) ([][]byte, error) {
	out := make([][]byte, len(refs))
	now := s.clock().Unix()
	err := s.db.View(func(tx *bbolt.Tx) error {
		b := tx.Bucket([]byte(game))
		for i, ref := range refs {
			if v := live(b, ref, now); v != nil {
				out[i] = append([]byte{}, v[header:]...)
			}
		}
		return nil
	})
	return out, err
}

// Save creates a match (under a new random ref when ref is empty, or in
// the place of an expired one), or writes an existing one if it is still
// at version. Concurrent saves share one transaction and one sync to disk
// (bbolt's Batch); a save that fails is run again alone, so it can neither
// apply twice nor hide a conflict.
func (s *Store) Save(_ context.Context, game, ref string, state []byte, version uint64, expires time.Time) (string, error) {
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
		if v := live(b, ref, s.clock().Unix()); v != nil {
			have = binary.BigEndian.Uint64(v)
		}
		if have != version {
			return play.Errorf(play.CodeConflict, "the %s match %s changed since it was loaded; load it again", game, ref)
		}
		v := binary.BigEndian.AppendUint64(make([]byte, 0, header+len(state)), version+1)
		var at uint64
		if !expires.IsZero() {
			at = uint64(max(expires.Unix(), 1))
		}
		v = binary.BigEndian.AppendUint64(v, at)
		return b.Put([]byte(ref), append(v, state...))
	})
	return ref, err
}
