package bolt

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	bbolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"github.com/agentgames/bundle/play"
)

// DamagedError is why Open refuses a file: Problem says what is wrong
// with it, and the message says what to do.
type DamagedError struct {
	Path, Problem string
}

func (e *DamagedError) Error() string {
	return fmt.Sprintf("the match store %s is damaged: %s. The server will not use it: "+
		"move it aside to start with an empty store (mv %s %s), or restore it from a backup",
		e.Path, e.Problem, shellQuote(e.Path), shellQuote(e.Path+".damaged"))
}

// ErrInUse is Open's error for a file another process holds (a command
// adds how it picks another file).
var ErrInUse = errors.New("another process has it open (another server?); stop that one, or give this one another file")

// Open opens the store at path, or creates it (and its folder) if there is
// no file there. It checks the file before bbolt reads it (see the package
// doc) and answers a *DamagedError for a damaged one, migrates a file of
// format 1, and sweeps it; clock tells which entries have expired. Only
// one process may hold the file: a second Open waits up to a second, then
// fails.
func Open(path string, clock func() time.Time) (*Store, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	created := false
	if errors.Is(err, fs.ErrNotExist) {
		f, err = os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		created = err == nil
	}
	if err != nil {
		return nil, fmt.Errorf("opening the match store %s: %w", path, err)
	}
	format, err := checkLocked(f, created)
	if err != nil {
		f.Close()
		var newer newerError
		switch {
		case errors.Is(err, ErrInUse):
			return nil, fmt.Errorf("opening the match store %s: %w", path, err)
		case errors.As(err, &newer):
			return nil, fmt.Errorf("the match store %s: %w: run that version, or move the file aside to start with an empty store (mv %s %s)",
				path, err, shellQuote(path), shellQuote(path+".newer"))
		}
		return nil, &DamagedError{path, err.Error()}
	}
	// bbolt takes the file checked, and the lock with it.
	db, err := bbolt.Open(path, 0o600, &bbolt.Options{Timeout: time.Second,
		OpenFile: func(string, int, fs.FileMode) (*os.File, error) { return f, nil }})
	if errors.Is(err, berrors.ErrTimeout) {
		err = ErrInUse
	}
	if err != nil {
		return nil, fmt.Errorf("opening the match store %s: %w", path, err)
	}
	s := &Store{db: db, clock: clock, path: path}
	if err := s.open(format); err != nil {
		db.Close()
		return nil, err
	}
	s.startCommits()
	return s, nil
}

// checkLocked locks f and checks it, and answers its format. An empty file
// Open has just created (created) is a new store, to be given its format
// record as a file of format 1 without entries is; any other empty file
// is damaged.
func checkLocked(f *os.File, created bool) (uint32, error) {
	if err := lock(f, time.Second); err != nil {
		return 0, err
	}
	info, err := f.Stat()
	if err != nil {
		return 0, err
	}
	if created && info.Size() == 0 {
		return 1, nil
	}
	return checkFile(f, info.Size())
}

// open finishes Open on the file bbolt has opened: bbolt's own check,
// then the migration from format 1, and a sweep.
func (s *Store) open(format uint32) error {
	err := s.db.View(func(tx *bbolt.Tx) error {
		var first error
		for err := range tx.Check() { // read to the end: its goroutine ends then
			if first == nil {
				first = err
			}
		}
		return first
	})
	if err != nil {
		return &DamagedError{s.path, "bbolt's check: " + err.Error()}
	}
	if format == 1 {
		if err := s.db.Update(migrate); err != nil {
			return fmt.Errorf("migrating the match store %s to format %d: %w", s.path, Format, err)
		}
	}
	_, err = s.Sweep()
	return err
}

// migrate rewrites every entry of format 1 in Format, to expire Retention
// after its last write as it would have, and records the format. An entry
// shorter than its header goes, as format 1's sweep deleted it.
func migrate(tx *bbolt.Tx) error {
	var names [][]byte
	tx.ForEach(func(name []byte, _ *bbolt.Bucket) error {
		names = append(names, name)
		return nil
	})
	for _, name := range names {
		b := tx.Bucket(name)
		var keys, values [][]byte
		b.ForEach(func(k, v []byte) error {
			keys, values = append(keys, k), append(values, v)
			return nil
		})
		for i, k := range keys {
			v := values[i]
			if len(v) < oldHeader {
				if err := b.Delete(k); err != nil {
					return err
				}
				continue
			}
			written := int64(binary.BigEndian.Uint64(v[8:]))
			e := entry{version: binary.BigEndian.Uint64(v), expires: expiry(time.Unix(written, 0).Add(play.Retention)), state: v[oldHeader:]}
			if err := b.Put(k, encode(name, k, e)); err != nil {
				return err
			}
		}
	}
	m, err := tx.CreateBucketIfNotExists(metaBucket)
	if err != nil {
		return err
	}
	return m.Put(formatKey, formatRecord(Format))
}

// shellQuote quotes path for a POSIX shell, unless it needs none.
func shellQuote(path string) string {
	if path != "" && strings.Trim(path, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-+:@") == "" {
		return path
	}
	return "'" + strings.ReplaceAll(path, "'", `'\''`) + "'"
}
