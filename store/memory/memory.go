// Package memory keeps matches in a map, with a version per match and
// conditional writes: the semantics every database store of the bundle
// keeps, for tests and single-process use.
package memory

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"sync"
	"time"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/wire"
)

// Store is a play.Store in memory, and a play.Indexer. Its zero value
// is ready, and keeps every entry; with a Clock, an entry past its
// expiry loads as none (and is dropped when its ref is written again).
type Store struct {
	Clock   func() time.Time
	mu      sync.Mutex
	matches map[string]entry
	indexes map[string]*index // index.go
}

type entry struct {
	state   []byte
	version uint64
	expires time.Time
}

// get answers the live entry under key.
func (s *Store) get(key string) (entry, bool) {
	e, ok := s.matches[key]
	if ok && !e.expires.IsZero() && s.Clock != nil && !s.Clock().Before(e.expires) {
		return entry{}, false
	}
	return e, ok
}

// Load answers a match and its version.
func (s *Store) Load(_ context.Context, kind, ref string) ([]byte, uint64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.get(kind + "/" + ref)
	if !ok {
		return nil, 0, play.Errorf(play.CodeNoMatch, "no %s entry is called %s", kind, wire.Quote(ref))
	}
	return append([]byte{}, e.state...), e.version, nil
}

// LoadMany answers the states of refs, nil for a ref no match has.
func (s *Store) LoadMany(_ context.Context, kind string, refs []string) ([][]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([][]byte, len(refs))
	for i, ref := range refs {
		if e, ok := s.get(kind + "/" + ref); ok {
			out[i] = append([]byte{}, e.state...)
		}
	}
	return out, nil
}

// Save creates a match (under a new random ref when ref is empty), or
// writes an existing one if it is still at version.
func (s *Store) Save(_ context.Context, kind, ref string, state []byte, version uint64, expires time.Time) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.matches == nil {
		s.matches = map[string]entry{}
	}
	if ref == "" {
		var b [12]byte
		rand.Read(b[:])
		ref = hex.EncodeToString(b[:])
	}
	e, ok := s.get(kind + "/" + ref)
	if version == 0 && !ok {
		s.matches[kind+"/"+ref] = entry{state: bytes.Clone(state), version: 1, expires: expires}
		return ref, nil
	}
	if !ok || e.version != version {
		return "", play.Errorf(play.CodeConflict, "the %s entry %s changed since it was loaded; load it again", kind, ref)
	}
	s.matches[kind+"/"+ref] = entry{state: bytes.Clone(state), version: version + 1, expires: expires}
	return ref, nil
}
