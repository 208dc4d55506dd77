package storetest

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/agentgames/bundle/play"
)

// index: a sorted index lists its members in key order a page at a time
// from a key on, keeps the latest seq of each member whatever the order
// writes arrive in, moves and unlists members, counts what it holds and
// lists, keeps its own values, and keeps indexes apart.
func index(t *testing.T, s play.Store) {
	ix, ok := s.(play.Indexer)
	if !ok {
		t.Fatalf("%T keeps no sorted index", s)
	}
	ctx := context.Background()
	put := func(index, member string, seq uint64, key, value string) {
		t.Helper()
		if err := ix.Index(ctx, index, member, seq, key, []byte(value)); err != nil {
			t.Fatalf("Index(%s, %s, %d, %q): %v", index, member, seq, key, err)
		}
	}
	scan := func(index, after string, limit int) (string, play.IndexPage) {
		t.Helper()
		p, err := ix.Scan(ctx, index, after, limit)
		if err != nil {
			t.Fatalf("Scan(%s, %q, %d): %v", index, after, limit, err)
		}
		var out []string
		for _, it := range p.Items {
			out = append(out, it.Member+"@"+it.Key+"="+string(it.Value))
		}
		return fmt.Sprint(out), p
	}
	if got, p := scan("b", "", 10); got != "[]" || p.Members != 0 || p.Listed != 0 {
		t.Errorf("an index nothing was written to: %s %+v", got, p)
	}
	put("b", "ann", 1, "k2", "A1")
	put("b", "bob", 1, "k1", "B1")
	put("b", "cy", 1, "", "C1")
	put("ba", "zed", 1, "k0", "Z1") // an index whose name starts with another's
	value := []byte("D1")
	if err := ix.Index(ctx, "b", "dee", 1, "k3", value); err != nil {
		t.Fatal(err)
	}
	value[0] = 'X' // the store keeps its own copy
	if got, p := scan("b", "", 10); got != "[bob@k1=B1 ann@k2=A1 dee@k3=D1]" || p.Members != 4 || p.Listed != 3 {
		t.Errorf("the index: %s %+v", got, p)
	}
	if got, _ := scan("b", "k1", 1); got != "[ann@k2=A1]" {
		t.Errorf("one after k1: %s", got)
	}
	if got, _ := scan("b", "k15", 10); got != "[ann@k2=A1 dee@k3=D1]" {
		t.Errorf("after a key nobody holds: %s", got)
	}
	if got, _ := scan("b", "k3", 10); got != "[]" {
		t.Errorf("after the last: %s", got)
	}
	put("b", "ann", 1, "k9", "stale") // an equal seq changes nothing
	put("b", "bob", 3, "k4", "B3")    // moves
	put("b", "bob", 2, "k0", "B2")    // an older seq, told late, changes nothing
	put("b", "dee", 2, "", "D2")      // unlisted
	put("b", "cy", 2, "k5", "C2")     // listed
	if got, p := scan("b", "", 10); got != "[ann@k2=A1 bob@k4=B3 cy@k5=C2]" || p.Members != 4 || p.Listed != 3 {
		t.Errorf("after the moves: %s %+v", got, p)
	}
	if got, p := scan("ba", "", 10); got != "[zed@k0=Z1]" || p.Members != 1 || p.Listed != 1 {
		t.Errorf("the other index: %s %+v", got, p)
	}
	// Pages from a key: 250 members read 100 at a time, each once, in order.
	for i := range 250 {
		put("p", fmt.Sprintf("m%03d", i), 1, fmt.Sprintf("%03d", 249-i), "v")
	}
	var read []string
	for after := ""; ; {
		p, err := ix.Scan(ctx, "p", after, 100)
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range p.Items {
			read = append(read, it.Key)
		}
		if len(p.Items) < 100 {
			break
		}
		after = p.Items[len(p.Items)-1].Key
	}
	if len(read) != 250 || !slices.IsSorted(read) || len(slices.Compact(slices.Clone(read))) != 250 {
		t.Errorf("paged: %d keys, sorted %v", len(read), slices.IsSorted(read))
	}
	// Writers racing on one member: the highest seq stays, counted once.
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			if err := ix.Index(ctx, "r", "one", uint64(i+1), fmt.Sprintf("k%d", i), []byte{'v', byte('0' + i)}); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if got, p := scan("r", "", 10); got != "[one@k7=v7]" || p.Members != 1 || p.Listed != 1 {
		t.Errorf("after the race: %s %+v", got, p)
	}
	for _, bad := range []struct{ index, member, key string }{
		{"", "m", "k"}, {"i", "", "k"}, {"i\x00j", "m", "k"}, {"i", "m\x00", "k"}, {"i", "m", "k\x00"},
		{string(make([]byte, play.MaxIndexName+1)), "m", "k"},
	} {
		if err := ix.Index(ctx, bad.index, bad.member, 1, bad.key, nil); err == nil {
			t.Errorf("Index(%q, %q, %q) is taken", bad.index, bad.member, bad.key)
		}
	}
	if err := ix.Index(ctx, "i", "m", 1, "k", make([]byte, play.MaxIndexValue+1)); err == nil {
		t.Error("a value past MaxIndexValue is taken")
	}
	for _, limit := range []int{0, -1, play.MaxScan + 1} {
		if _, err := ix.Scan(ctx, "b", "", limit); err == nil {
			t.Errorf("a scan of %d is taken", limit)
		}
	}
}
