package live

import (
	"bytes"
	"container/list"
	"slices"
	"sync"
)

// A Server keeps the matches it has last read or written decoded, so that
// a request on a match the same process served before skips decoding it
// (a live Tron match would otherwise walk every cell of its trails). The
// store stays the truth: every request still loads the match, and a kept
// match stands in for the stored bytes only while the store holds exactly
// the bytes it was decoded from, at the same version. Each request plays
// on a clone of it (Match.clone), so that a request that fails or loses a
// race leaves it as it was, and a kept match is never changed: readers
// of the answer it was kept from may still be reading it.

// DefaultKept is how many matches a Server keeps decoded unless told
// otherwise (WithKept): a 100x100 live Tron match, the largest, costs
// about 30 KB kept (its stored bytes and its grid), so 1,024 cost 30 MB
// at most.
const DefaultKept = 1024

// cache is the matches a Server keeps, the least recently used dropped
// first past max.
type cache struct {
	mu     sync.Mutex
	max    int
	byCode map[string]*list.Element
	order  list.List // of *kept, the most recently used first
}

// kept is a match as decoded from data, its stored bytes at version.
type kept struct {
	code    string
	data    []byte
	version uint64
	m       *Match
}

// newCache keeps up to max matches; 0 keeps none.
func newCache(max int) *cache {
	return &cache{max: max, byCode: map[string]*list.Element{}}
}

// get answers a clone of the match kept for code if it was decoded from
// data at version, else nil.
func (c *cache) get(code string, data []byte, version uint64) *Match {
	c.mu.Lock()
	e, ok := c.byCode[code]
	var k *kept
	if ok {
		k = e.Value.(*kept)
		c.order.MoveToFront(e)
	}
	c.mu.Unlock()
	if k == nil || k.version != version || !bytes.Equal(k.data, data) {
		return nil
	}
	return k.m.clone()
}

// put keeps m, decoded from data at version, for code; m must not change
// from then on.
func (c *cache) put(code string, data []byte, version uint64, m *Match) {
	if c.max <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	k := &kept{code: code, data: data, version: version, m: m}
	if e, ok := c.byCode[code]; ok {
		e.Value = k
		c.order.MoveToFront(e)
		return
	}
	c.byCode[code] = c.order.PushFront(k)
	for c.order.Len() > c.max {
		last := c.order.Back()
		delete(c.byCode, last.Value.(*kept).code)
		c.order.Remove(last)
	}
}

// clone is a copy of m that a request may change without changing m:
// what a request changes in place (the seats, the pending moves, the
// table) is copied, and what it only appends to or replaces (the log,
// the stored state, the options) is shared, clipped so that an append
// copies.
func (m *Match) clone() *Match {
	c := *m
	c.Seats = slices.Clone(m.Seats)
	c.Pending = slices.Clone(m.Pending)
	c.Log = slices.Clip(m.Log)
	c.State = slices.Clip(m.State)
	if m.Table != nil {
		c.Table = m.Table.Clone()
	}
	c.resolved = 0
	return &c
}
