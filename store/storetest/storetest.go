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
	"time"

	"github.com/agentgames/bundle/play"
)

// Run checks a store that open makes fresh for each check, telling the
// time by clock.
func Run(t *testing.T, open func(t *testing.T, clock func() time.Time) play.Store) {
	t.Run("create and load", func(t *testing.T) { createAndLoad(t, open(t, time.Now)) })
	t.Run("conditional writes", func(t *testing.T) { conditional(t, open(t, time.Now)) })
	t.Run("concurrent writers", func(t *testing.T) { concurrent(t, open(t, time.Now)) })
	t.Run("many at once", func(t *testing.T) { loadMany(t, open(t, time.Now)) })
	t.Run("sorted index", func(t *testing.T) { index(t, open(t, time.Now)) })
	t.Run("expiry", func(t *testing.T) {
		c := &Clock{At: time.Unix(1_800_000_000, 0)}
		expiry(t, open(t, c.Now), c)
	})
}

// Clock is a clock a test sets.
type Clock struct {
	mu sync.Mutex
	At time.Time
}

// Now answers the time the clock is set to.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.At
}

// Add moves the clock on by d.
func (c *Clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.At = c.At.Add(d)
}

// expiry: an entry loads until the moment it expires, then loads as none,
// one at a time or many at once; an expired entry cannot be written at its
// old version, and a create takes its ref. An entry without an expiry
// stays.
func expiry(t *testing.T, s play.Store, c *Clock) {
	ctx := context.Background()
	soon := c.Now().Add(time.Hour)
	if _, err := s.Save(ctx, "g", "brief", []byte("brief"), 0, soon); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Save(ctx, "g", "kept", []byte("kept"), 0, time.Time{}); err != nil {
		t.Fatal(err)
	}
	c.Add(time.Hour - time.Second)
	if state, _, err := s.Load(ctx, "g", "brief"); err != nil || string(state) != "brief" {
		t.Fatalf("a second before it expires: %q %v", state, err)
	}
	c.Add(time.Second)
	if _, _, err := s.Load(ctx, "g", "brief"); code(err) != play.CodeNoMatch {
		t.Errorf("an expired entry loads: %v", err)
	}
	if m, ok := s.(play.ManyLoader); ok {
		if got, err := m.LoadMany(ctx, "g", []string{"brief", "kept"}); err != nil || got[0] != nil || string(got[1]) != "kept" {
			t.Errorf("many at once after the expiry: %q %v", got, err)
		}
	}
	if _, err := s.Save(ctx, "g", "brief", []byte("late"), 1, soon.Add(time.Hour)); code(err) != play.CodeConflict {
		t.Errorf("a write to an expired entry at its old version: %v", err)
	}
	if _, err := s.Save(ctx, "g", "brief", []byte("anew"), 0, soon.Add(time.Hour)); err != nil {
		t.Errorf("a create in an expired entry's place: %v", err)
	}
	if state, v, err := s.Load(ctx, "g", "brief"); err != nil || string(state) != "anew" || v != 1 {
		t.Errorf("the new entry: %q %d %v", state, v, err)
	}
	c.Add(10 * 365 * 24 * time.Hour)
	if state, _, err := s.Load(ctx, "g", "kept"); err != nil || string(state) != "kept" {
		t.Errorf("an entry without an expiry, ten years on: %q %v", state, err)
	}
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
			if _, err := s.Save(ctx, "g", ref, []byte(ref), 0, time.Time{}); err != nil {
				t.Fatal(err)
			}
		}
		refs = append(refs, ref)
	}
	if _, err := s.Save(ctx, "g", "m000", []byte("m000 again"), 1, time.Time{}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Save(ctx, "other", "m002", []byte("another game's"), 0, time.Time{}); err != nil {
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
	ref, err := s.Save(ctx, "g", "", []byte("one"), 0, time.Time{})
	if err != nil || ref == "" {
		t.Fatalf("create: %q %v", ref, err)
	}
	state, v, err := s.Load(ctx, "g", ref)
	if err != nil || string(state) != "one" || v != 1 {
		t.Fatalf("load: %q %d %v", state, v, err)
	}
	copy(state, "ONE") // what Load answers is the caller's to change
	if state, _, _ := s.Load(ctx, "g", ref); string(state) != "one" {
		t.Fatalf("changing what Load answered changed the match: %q", state)
	}
	if other, _ := s.Save(ctx, "g", "", []byte("two"), 0, time.Time{}); other == ref {
		t.Error("two new matches got one ref")
	}
	if _, _, err := s.Load(ctx, "h", ref); code(err) != play.CodeNoMatch {
		t.Errorf("a ref of game g loads under game h: %v", err)
	}
	if _, _, err := s.Load(ctx, "g", "nothing"); code(err) != play.CodeNoMatch {
		t.Errorf("an unknown ref: %v", err)
	}
	if _, err := s.Save(ctx, "g", "ABCD", []byte("named"), 0, time.Time{}); err != nil {
		t.Fatalf("create under a chosen ref: %v", err)
	}
	if _, err := s.Save(ctx, "g", "ABCD", []byte("again"), 0, time.Time{}); code(err) != play.CodeConflict {
		t.Errorf("a chosen ref taken twice: %v", err)
	}
	if state, _, _ := s.Load(ctx, "g", "ABCD"); string(state) != "named" {
		t.Errorf("the second create changed the match: %q", state)
	}
}

func conditional(t *testing.T, s play.Store) {
	ctx := context.Background()
	ref, _ := s.Save(ctx, "g", "", []byte("v1"), 0, time.Time{})
	if _, err := s.Save(ctx, "g", ref, []byte("v2"), 1, time.Time{}); err != nil {
		t.Fatal(err)
	}
	for _, stale := range []uint64{1, 3, 0} {
		if _, err := s.Save(ctx, "g", ref, []byte("lost"), stale, time.Time{}); code(err) != play.CodeConflict {
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
	ref, err := s.Save(ctx, "g", "", nil, 0, time.Time{})
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
				_, err = s.Save(ctx, "g", ref, append(bytes.Clone(state), fmt.Sprintf("%d,", w)...), v, time.Time{})
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
