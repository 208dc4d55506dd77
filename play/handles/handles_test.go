package handles

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/agentgames/bundle/play"
	core "github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/store/memory"
)

// seen is a store that keeps every ref and state written to it.
type seen struct {
	play.Store
	writes [][]byte
}

func (s *seen) Save(ctx context.Context, game, ref string, state []byte, version uint64, expires time.Time) (string, error) {
	s.writes = append(s.writes, []byte(ref), state)
	return s.Store.Save(ctx, game, ref, state, version, expires)
}

// TestHandleStoreSeesNothing: what a store is given of a handle's entry
// (its ref and its state) holds neither the handle nor the token behind
// it, in any case; the entry opens with the handle, in any case, a
// handle that differs in one symbol finds nothing, and an entry that does
// not open is store_damaged.
func TestHandleStoreSeesNothing(t *testing.T) {
	ctx := context.Background()
	store := &seen{Store: &memory.Store{}}
	hs := New(store, nil, 0)
	token := "AQF4cB4ihO-CRgEGTFzasbq_0uIJwjInyCCIcZJYq-TezaY8sLYEq4zR"
	handle, err := hs.Create(ctx, Held{Game: "tinrail", State: token})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range store.writes {
		for _, secret := range []string{handle, strings.ToLower(handle), token} {
			if bytes.Contains(w, []byte(secret)) {
				t.Errorf("the store was given %q, which holds %q", w, secret)
			}
		}
	}
	m, _, err := hs.Load(ctx, strings.ToLower(handle))
	if err != nil || m.State != token || m.Game != "tinrail" {
		t.Errorf("the handle in lower case opens %+v, %v", m, err)
	}
	other := []byte(handle)
	other[0] = core.Crockford[(strings.IndexByte(core.Crockford, other[0])+1)%len(core.Crockford)]
	if _, _, err := hs.Load(ctx, string(other)); !play.IsCode(err, play.CodeNoMatch) {
		t.Errorf("a handle one symbol off: %v", err)
	}
	ref, _ := handleKeys(handle)
	for _, damage := range []string{"short", "long enough, but sealed by nobody"} {
		_, version, _ := store.Load(ctx, kind, ref)
		if _, err := store.Save(ctx, kind, ref, []byte(damage), version, time.Time{}); err != nil {
			t.Fatal(err)
		}
		if _, _, err := hs.Load(ctx, handle); !play.IsCode(err, play.CodeStoreDamaged) {
			t.Errorf("an entry that does not open (%s): %v", damage, err)
		}
	}
}

// FuzzCanonicalHandle: any text reads as a handle or not without a
// panic; a handle reads as Length symbols of Crockford's base 32,
// which read as themselves.
func FuzzCanonicalHandle(f *testing.F) {
	for _, s := range []string{"0123456789ABCDEFGHJK", "o123456789abcdefghjk", "iiiiiiiiiiLLLLLLLLLL", "0123456789ABCDEFGHJ!", "", "ü123456789ABCDEFGHJ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, ok := Canonical(s)
		if !ok {
			return
		}
		if len(c) != Length || strings.Trim(c, core.Crockford) != "" {
			t.Fatalf("%q reads as %q", s, c)
		}
		if again, ok := Canonical(c); !ok || again != c {
			t.Fatalf("%q reads as %q, which reads as %q", s, c, again)
		}
	})
}
