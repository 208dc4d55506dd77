// Package bolt keeps matches in one file on disk with bbolt, for the local
// server: matches survive a restart and nothing needs installing. bbolt is
// pure Go (the bundle builds without cgo), keeps the whole store in one
// file, and its serializable read-write transactions make conditional
// writes a read and a write in one transaction.
//
// A match is stored under its ref in a bucket named after its kind, as
// its version and its expiry (8 bytes each, big endian, unix seconds, 0
// for none) and a CRC-32C of the whole (bucket, key, version, expiry and
// state; 4 bytes), followed by its state. An entry past its expiry loads
// as none; Sweep, which Open runs, deletes them, as DynamoDB's TTL does on
// AWS. A bucket of its own records the file's format (Format). A file of
// format 1, which the released server wrote (no format record; a version
// and the time of the last write before each state), is migrated when it
// opens, in one transaction: each entry expires Retention after its last
// write, as it would have been swept then.
//
// bbolt checksums only its meta pages, and reads the rest of the file
// through memory it maps, trusting it: a damaged page can make it panic,
// fault (which kills the process), loop or allocate without bound, some
// of it in goroutines of its own. So Open checks the whole file before
// bbolt reads any of it, with plain reads that trust nothing, under the
// lock bbolt then takes with the file: that it is not empty, that both
// meta pages are sound and agree, that the file is a whole number of
// pages and reaches the last page they name, that the freelist and every
// page of every bucket lies within it, is of its type and is used once
// (every page is in use or free), that each page holds its elements, keys
// and values packed as bbolt writes them and zeros after (so a damaged
// count cannot drop entries unseen), that keys are in order, that no
// bucket or key is one this store never writes, and that every entry
// passes its checksum. bbolt's own check (Tx.Check) runs next. A file
// that fails any of it is refused with a *DamagedError that names the
// file, says what is wrong, and tells the operator to move it aside (to
// start with an empty store) or to restore a backup; a missing file is
// created.
//
// While the server runs, a Load, LoadMany or Save that meets an entry
// failing its checksum answers play.CodeStoreDamaged and logs the file,
// bucket and key with slog's default logger: never a wrong state, nor no
// match for an entry the file holds; Sweep leaves such an entry, and logs
// it. A Load or LoadMany that meets a page that faults or makes bbolt
// panic (the file changed under the server: cut short, written over, or a
// disk that fails to read it) answers the same.
package bolt

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"

	bbolt "go.etcd.io/bbolt"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/wire"
)

// Store is a play.Store in a bbolt file.
type Store struct {
	db     *bbolt.DB
	clock  func() time.Time
	path   string
	commit committer // the line of saves (commit.go)
}

// damage is an entry, or a read, that met damage in the file.
type damage struct {
	bucket, key, problem string
}

func (d *damage) Error() string { return d.where() + ": " + d.problem }

// where is the bucket, and the key if there is one.
func (d *damage) where() string {
	if d.key == "" {
		return d.bucket
	}
	return d.bucket + "/" + d.key
}

// log logs where the store met d.
func (s *Store) log(d *damage) {
	slog.Error("the match store is damaged", "file", s.path, "bucket", d.bucket, "key", d.key, "problem", d.problem)
}

// report turns err, if it is damage, into CodeStoreDamaged, and logs
// where.
func (s *Store) report(err error) error {
	if err == nil {
		return nil
	}
	var d *damage
	if !errors.As(err, &d) {
		return err
	}
	s.log(d)
	return play.Errorf(play.CodeStoreDamaged, "the server's store is damaged where this request reads (%s); the server logged where, and its operator must restore the store", d.where())
}

// view runs fn in a read transaction. A fault or a panic in it, which a
// file damaged under the server makes bbolt raise, answers damage to
// bucket (and key, if there is one).
func (s *Store) view(bucket, key string, fn func(*bbolt.Tx) error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		problem := fmt.Sprint("bbolt failed reading it: ", r)
		if f, ok := r.(interface{ Addr() uintptr }); ok {
			problem = fmt.Sprintf("reading it faulted at address %#x: the file is shorter than it was, or the disk failed to read it", f.Addr())
		}
		err = &damage{bucket, key, problem}
	}()
	return s.db.View(fn)
}

// get answers the live entry under ref in b, the bucket of kind, at now;
// ok is false if there is none or it has expired; damage if it fails its
// checksum.
func get(b *bbolt.Bucket, kind, ref []byte, now int64) (e entry, ok bool, err error) {
	if b == nil {
		return entry{}, false, nil
	}
	v := b.Get(ref)
	if v == nil {
		return entry{}, false, nil
	}
	e, ok = decode(kind, ref, v)
	if !ok {
		return entry{}, false, &damage{string(kind), string(ref), "the entry fails its checksum"}
	}
	return e, !e.expired(now), nil
}

// errNoneExpired rolls back a sweep that found nothing to delete, which
// then writes nothing.
var errNoneExpired = errors.New("no entry has expired")

// Sweep deletes the entries past their expiry and answers how many it
// deleted. It leaves an entry that fails its checksum, and logs it.
func (s *Store) Sweep() (int, error) {
	now := s.clock().Unix()
	deleted := 0
	err := s.db.Update(func(tx *bbolt.Tx) error {
		err := tx.ForEach(func(name []byte, b *bbolt.Bucket) error {
			if name[0] == metaBucket[0] {
				return nil
			}
			var old [][]byte
			b.ForEach(func(k, v []byte) error {
				e, ok := decode(name, k, v)
				if !ok {
					s.log(&damage{string(name), string(k), "the entry fails its checksum"})
				} else if e.expired(now) {
					old = append(old, k)
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
		if err == nil && deleted == 0 {
			return errNoneExpired
		}
		return err
	})
	if errors.Is(err, errNoneExpired) {
		return 0, nil
	}
	return deleted, err
}

// Close closes the file.
func (s *Store) Close() error {
	s.stopCommits()
	return s.db.Close()
}

// Load answers a match and its version.
func (s *Store) Load(_ context.Context, kind, ref string) ([]byte, uint64, error) {
	var state []byte
	var version uint64
	now := s.clock().Unix()
	err := s.view(kind, ref, func(tx *bbolt.Tx) error {
		name := []byte(kind)
		e, ok, err := get(tx.Bucket(name), name, []byte(ref), now)
		if err != nil {
			return err
		}
		if !ok {
			return play.Errorf(play.CodeNoMatch, "no %s entry is called %s", kind, wire.Quote(ref))
		}
		version, state = e.version, append([]byte(nil), e.state...)
		return nil
	})
	return state, version, s.report(err)
}

// LoadMany answers the states of refs, nil for a ref no match has, in one
// read transaction.
func (s *Store) LoadMany(_ context.Context, kind string, refs []string) ([][]byte, error) {
	out := make([][]byte, len(refs))
	now := s.clock().Unix()
	err := s.view(kind, "", func(tx *bbolt.Tx) error {
		name := []byte(kind)
		b := tx.Bucket(name)
		for i, ref := range refs {
			e, ok, err := get(b, name, []byte(ref), now)
			if err != nil {
				return err
			}
			if ok {
				out[i] = append([]byte{}, e.state...)
			}
		}
		return nil
	})
	if err != nil {
		return nil, s.report(err)
	}
	return out, nil
}

// Save creates a match (under a new random ref when ref is empty, or in
// the place of an expired one), or writes an existing one if it is still
// at version. Concurrent saves share one transaction and one sync to disk
// (a group commit, commit.go), and Save answers once its own is on disk.
func (s *Store) Save(_ context.Context, kind, ref string, state []byte, version uint64, expires time.Time) (string, error) {
	if ref == "" {
		var b [12]byte
		rand.Read(b[:])
		ref = hex.EncodeToString(b[:])
	}
	err := s.enqueue(&write{kind: kind, ref: ref, state: state, version: version, expires: expires, done: make(chan error, 1)})
	return ref, s.report(err)
}
