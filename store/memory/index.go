package memory

import (
	"bytes"
	"context"

	"github.com/google/btree"

	"github.com/agentgames/bundle/play"
)

// index is a sorted index: its members by name, and its listed members in
// a B-tree by key (google/btree, so that a scan from a key costs its rows
// and a write its depth, however many the index holds).
type index struct {
	members map[string]member
	listed  *btree.BTreeG[play.IndexItem]
}

// member is what an index holds of a member: its seq and key.
type member struct {
	seq uint64
	key string
}

func byKey(a, b play.IndexItem) bool { return a.Key < b.Key }

// Index holds member in index under key with value, if seq is above the
// one it holds.
func (s *Store) Index(_ context.Context, name, who string, seq uint64, key string, value []byte) error {
	if err := play.CheckIndex(name, who, key, value); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.indexes == nil {
		s.indexes = map[string]*index{}
	}
	ix := s.indexes[name]
	if ix == nil {
		ix = &index{members: map[string]member{}, listed: btree.NewG(32, byKey)}
		s.indexes[name] = ix
	}
	old, ok := ix.members[who]
	if ok && old.seq >= seq {
		return nil
	}
	if ok && old.key != "" {
		ix.listed.Delete(play.IndexItem{Key: old.key})
	}
	ix.members[who] = member{seq, key}
	if key != "" {
		ix.listed.ReplaceOrInsert(play.IndexItem{Member: who, Key: key, Value: bytes.Clone(value)})
	}
	return nil
}

// Scan answers up to limit listed members of index after key after.
func (s *Store) Scan(_ context.Context, name, after string, limit int) (play.IndexPage, error) {
	if err := play.CheckScan(name, after, limit); err != nil {
		return play.IndexPage{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	page := play.IndexPage{Items: []play.IndexItem{}}
	ix := s.indexes[name]
	if ix == nil {
		return page, nil
	}
	page.Members, page.Listed = len(ix.members), ix.listed.Len()
	ix.listed.AscendGreaterOrEqual(play.IndexItem{Key: after}, func(it play.IndexItem) bool {
		if it.Key == after {
			return true
		}
		it.Value = bytes.Clone(it.Value)
		page.Items = append(page.Items, it)
		return len(page.Items) < limit
	})
	return page, nil
}
