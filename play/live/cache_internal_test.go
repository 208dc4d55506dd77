package live

import "testing"

// TestCacheKeeps: the cache answers a kept match only for the very bytes
// and version it was decoded from, as a clone, and drops the least
// recently used past its bound.
func TestCacheKeeps(t *testing.T) {
	c := newCache(2)
	a, b, d := &Match{Code: "A"}, &Match{Code: "B"}, &Match{Code: "D"}
	c.put("A", []byte("a1"), 1, a)
	c.put("B", []byte("b1"), 1, b)
	for _, miss := range []struct {
		name, code, data string
		version          uint64
	}{
		{"another version", "A", "a1", 2},
		{"other bytes", "A", "a2", 1},
		{"another match", "C", "a1", 1},
	} {
		if m := c.get(miss.code, []byte(miss.data), miss.version); m != nil {
			t.Errorf("%s: got a kept match", miss.name)
		}
	}
	m := c.get("A", []byte("a1"), 1)
	if m == nil || m == a || m.Code != "A" {
		t.Fatalf("a kept match: %+v, want a clone of A", m)
	}
	c.put("D", []byte("d1"), 1, d) // B is the least recently used
	if c.get("B", []byte("b1"), 1) != nil {
		t.Error("B is still kept past the bound")
	}
	if c.get("A", []byte("a1"), 1) == nil || c.get("D", []byte("d1"), 1) == nil {
		t.Error("A or D is not kept")
	}
	z := newCache(0)
	z.put("A", []byte("a1"), 1, a)
	if z.get("A", []byte("a1"), 1) != nil {
		t.Error("a cache of 0 keeps a match")
	}
}
