// Package storetest is the one test suite every play.Store passes: the
// memory store, the bbolt file and DynamoDB run the same checks.
package storetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/agentgames/bundle/play"
)

// Run checks a store that open makes fresh for each check.
func Run(t *testing.T, open func(t *testing.T) play.Store) {
	t.Run("create and load", func(t *testing.T) { createAndLoad(t, open(t)) })
	t.Run("conditional writes", func(t *testing.T) { conditional(t, open(t)) })
	t.Run("concurrent writers", func(t *testing.T) { concurrent(t, open(t)) })
	t.Run("many at once", func(t *testing.T) { loadMany(t, open(t)) })
}

// loadMany: a store that reads many matches at once answers each ref's
// latest state in order, nil for a ref no match of that game has, over
// more refs than one batch of DynamoDB's takes.
func loadMany(t *testing.T, s play.Store) {
	m, ok := s.(play.ManyLoader)
	if !ok {
		t.Fatalf("%T reads one match at a time", s)
	}
	ctx := context.Background()
	var refs []string
	for i := range 130 {
		ref := fmt.Sprintf("m%03d", i)
		if i%3 != 2 {
			if _, err := s.Save(ctx, "g", ref, []byte(ref), 0); err != nil {
				t.Fatal(err)
			}
		}
		refs = append(refs, ref)
	}
	if _, err := s.Save(ctx, "g", "m000", []byte("m000 again"), 1); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Save(ctx, "other", "m002", []byte("another game's"), 0); err != nil {
		t.Fatal(err)
	}
	states, err := m.LoadMany(ctx, "g", refs)
	if err != nil || len(states) != len(refs) {
		t.Fatalf("%d states, %v", len(states), err)
	}
	for i, st := range states {
		want := refs[i]
		switch {
		case i == 0:
			want = "m000 again"
		case i%3 == 2:
			if st != nil {
				t.Errorf("%s: %q, want none", refs[i], st)
			}
			continue
		}
		if string(st) != want {
			t.Errorf("%s: %q, want %q", refs[i], st, want)
		}
	}
}

func code(err error) play.Code {
	var pe *play.Error
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}

func createAndLoad(t *testing.T, s play.Store) {
	ctx := context.Background()
	ref, err := s.Save(ctx, "g", "", []byte("one"), 0)
	if err != nil || ref == "" {
		t.Fatalf("create: %q %v", ref, err)
	}
	state, v, err := s.Load(ctx, "g", ref)
	if err != nil || string(state) != "one" || v != 1 {
		t.Fatalf("load: %q %d %v", state, v, err)
	}
	if other, _ := s.Save(ctx, "g", "", []byte("two"), 0); other == ref {
		t.Error("two new matches got one ref")
	}
	if _, _, err := s.Load(ctx, "h", ref); code(err) != play.CodeNoMatch {
		t.Errorf("a ref of game g loads under game h: %v", err)
	}
	if _, _, err := s.Load(ctx, "g", "nothing"); code(err) != play.CodeNoMatch {
		t.Errorf("an unknown ref: %v", err)
	}
	if _, err := s.Save(ctx, "g", "ABCD", []byte("named"), 0); err != nil {
		t.Fatalf("create under a chosen ref: %v", err)
	}
	if _, err := s.Save(ctx, "g", "ABCD", []byte("again"), 0); code(err) != play.CodeConflict {
		t.Errorf("a chosen ref taken twice: %v", err)
	}
	if state, _, _ := s.Load(ctx, "g", "ABCD"); string(state) != "named" {
		t.Errorf("the second create changed the match: %q", state)
	}
}

func conditional(t *testing.T, s play.Store) {
	ctx := context.Background()
	ref, _ := s.Save(ctx, "g", "", []byte("v1"), 0)
	if _, err := s.Save(ctx, "g", ref, []byte("v2"), 1); err != nil {
		t.Fatal(err)
	}
	for _, stale := range []uint64{1, 3, 0} {
		if _, err := s.Save(ctx, "g", ref, []byte("lost"), stale); code(err) != play.CodeConflict {
			t.Errorf("a write at version %d (the match is at 2): %v", stale, err)
		}
	}
	if state, v, _ := s.Load(ctx, "g", ref); string(state) != "v2" || v != 2 {
		t.Errorf("after lost writes: %q %d", state, v)
	}
}

// concurrent has 100 writers each append its number to one match, loading
// again after every lost race: every number lands exactly once.
func concurrent(t *testing.T, s play.Store) {
	ctx := context.Background()
	ref, err := s.Save(ctx, "g", "", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	const writers = 100
	var wg sync.WaitGroup
	conflicts := make([]int, writers)
	for w := range writers {
		wg.Go(func() {
			for {
				state, v, err := s.Load(ctx, "g", ref)
				if err != nil {
					t.Error(err)
					return
				}
				_, err = s.Save(ctx, "g", ref, append(bytes.Clone(state), fmt.Sprintf("%d,", w)...), v)
				if err == nil {
					return
				}
				if code(err) != play.CodeConflict {
					t.Error(err)
					return
				}
				conflicts[w]++
			}
		})
	}
	wg.Wait()
	state, v, _ := s.Load(ctx, "g", ref)
	got := strings.Split(strings.TrimSuffix(string(state), ","), ",")
	slices.Sort(got)
	got = slices.Compact(got)
	if len(got) != writers || v != writers+1 {
		t.Errorf("%d distinct writers landed at version %d, want %d at %d: %s", len(got), v, writers, writers+1, state)
	}
	t.Logf("%d writers, %d lost races retried", writers, sum(conflicts))
}

func sum(xs []int) (n int) {
	for _, x := range xs {
		n += x
	}
	return n
}
