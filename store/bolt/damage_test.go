package bolt_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/bolt"
	"github.com/agentgames/bundle/store/storetest"
)

// held is an entry a sample store holds.
type held struct {
	game, ref string
	state     []byte
	version   uint64
}

// sample is the bytes of a store's file and the entries it holds.
type sample struct {
	file    []byte
	entries []held
}

// pageSize is the size of the sample's pages, as its first meta page says.
func (s sample) pageSize() int { return int(binary.NativeEndian.Uint32(s.file[24:])) }

// newSample builds a store of n entries over three games, with states of
// 40 to 400 bytes; a third of them written twice, and n/5 more swept
// away, so that the file has free pages and a freelist.
func newSample(t testing.TB, n int) sample {
	t.Helper()
	path := filepath.Join(t.TempDir(), "matches.db")
	clock := &storetest.Clock{At: time.Unix(1_800_000_000, 0)}
	s, err := bolt.Open(path, clock.Now)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	r := rand.New(rand.NewPCG(1, 2))
	games := []string{"ranked", "tidebreakers-live", "g"}
	entries := make([]held, n)
	for i := range entries {
		state := make([]byte, 40+r.IntN(360))
		for j := range state {
			state[j] = byte(r.Uint32())
		}
		entries[i] = held{games[i%len(games)], fmt.Sprintf("%016x", r.Uint64()), state, 1}
	}
	save := func(f func(i int) error, n int) {
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				if err := f(i); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
	}
	save(func(i int) error {
		e := entries[i]
		_, err := s.Save(ctx, e.game, e.ref, e.state, 0, time.Time{})
		return err
	}, n)
	save(func(i int) error { // these go at the sweep
		_, err := s.Save(ctx, games[i%len(games)], fmt.Sprintf("brief%04d", i), bytes.Repeat([]byte{'b'}, 200), 0, clock.Now().Add(time.Hour))
		return err
	}, n/5)
	save(func(i int) error {
		if i%3 != 0 {
			return nil
		}
		e := &entries[i]
		_, err := s.Save(ctx, e.game, e.ref, append(e.state, "again"...), 1, time.Time{})
		e.state, e.version = append(e.state, "again"...), 2
		return err
	}, n)
	clock.Add(2 * time.Hour)
	if swept, err := s.Sweep(); err != nil || swept != n/5 {
		t.Fatalf("swept %d, %v", swept, err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	file, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sample{file, entries}
}

// damage is a way to damage a file: it answers the damaged copy.
type damage struct {
	family, name string
	do           func(file []byte) []byte
}

// damages are the damage matrix for a sample: truncations, every page
// zeroed, every field of every page's header flipped, every page's count
// lowered by one and to zero, and flips of 1, 30 and 200 random bytes
// under seeds random seeds.
func damages(s sample, seeds int) []damage {
	ps := s.pageSize()
	edit := func(f func(b []byte)) func([]byte) []byte {
		return func(file []byte) []byte {
			b := bytes.Clone(file)
			f(b)
			return b
		}
	}
	ds := []damage{
		{"truncated", "to 0 bytes", func([]byte) []byte { return []byte{} }},
		{"truncated", "to 8192 bytes", func(b []byte) []byte { return bytes.Clone(b[:8192]) }},
		{"truncated", "to half", func(b []byte) []byte { return bytes.Clone(b[:len(b)/2]) }},
		{"truncated", "by a page", func(b []byte) []byte { return bytes.Clone(b[:len(b)-ps]) }},
		{"truncated", "by a byte", func(b []byte) []byte { return bytes.Clone(b[:len(b)-1]) }},
	}
	for p := range len(s.file) / ps {
		ds = append(ds, damage{"page zeroed", fmt.Sprintf("page %d zeroed", p), edit(func(b []byte) { clear(b[p*ps : (p+1)*ps]) })})
		for _, f := range []struct {
			name string
			at   int
		}{{"id", 0}, {"flags", 8}, {"count", 10}, {"overflow", 12}} {
			ds = append(ds, damage{"header flipped", fmt.Sprintf("page %d's %s flipped", p, f.name), edit(func(b []byte) { b[p*ps+f.at] ^= 0xff })})
		}
		if count := binary.NativeEndian.Uint16(s.file[p*ps+10:]); count > 0 {
			for _, to := range []uint16{count - 1, 0} {
				ds = append(ds, damage{"count lowered", fmt.Sprintf("page %d's count lowered to %d", p, to), edit(func(b []byte) {
					binary.NativeEndian.PutUint16(b[p*ps+10:], to)
				})})
			}
		}
	}
	for _, n := range []int{1, 30, 200} {
		for seed := range uint64(seeds) {
			ds = append(ds, damage{fmt.Sprintf("%d bytes flipped", n), fmt.Sprintf("%d bytes flipped, seed %d", n, seed), edit(func(b []byte) {
				r := rand.New(rand.NewPCG(seed, uint64(n)))
				for range n {
					b[r.IntN(len(b))] ^= byte(1 + r.IntN(255))
				}
			})})
		}
	}
	return ds
}

// code is the code of a *play.Error, "" for any other error.
func code(err error) play.Code {
	var pe *play.Error
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}

// readBack opens the damaged file at path: Open must either refuse it
// with a *DamagedError that names it, or open it, and then every entry of
// s must load as it was saved, alone and many at once, or answer
// CodeStoreDamaged. It answers whether Open refused the file, and what
// broke those rules.
func readBack(s sample, path string) (refused bool, broken []string) {
	st, err := bolt.Open(path, time.Now)
	if err != nil {
		var d *bolt.DamagedError
		if !errors.As(err, &d) || d.Path != path || d.Problem == "" || !strings.HasPrefix(err.Error(), "the match store "+path+" is damaged: "+d.Problem+". ") ||
			!strings.Contains(err.Error(), ".damaged") {
			broken = append(broken, fmt.Sprintf("refused with %v", err))
		}
		return true, broken
	}
	defer st.Close()
	ctx := context.Background()
	refs := map[string][]string{}
	for _, e := range s.entries {
		refs[e.game] = append(refs[e.game], e.ref)
		state, version, err := st.Load(ctx, e.game, e.ref)
		if code(err) != play.CodeStoreDamaged && (err != nil || !bytes.Equal(state, e.state) || version != e.version) {
			broken = append(broken, fmt.Sprintf("%s/%s loads as %d %v, saved at version %d", e.game, e.ref, version, err, e.version))
		}
	}
	for game, refs := range refs {
		states, err := st.LoadMany(ctx, game, refs)
		if code(err) == play.CodeStoreDamaged {
			continue
		}
		if err != nil {
			broken = append(broken, fmt.Sprintf("%s, many at once: %v", game, err))
			continue
		}
		for i, state := range states {
			if want := s.entry(game, refs[i]); !bytes.Equal(state, want) {
				broken = append(broken, fmt.Sprintf("%s/%s, many at once: %d bytes, saved %d", game, refs[i], len(state), len(want)))
			}
		}
	}
	return false, broken
}

// openDamaged writes file to a new path and reads it back (readBack),
// failing t on a broken rule or if it takes a minute; it answers whether
// Open refused the file.
func openDamaged(t *testing.T, s sample, file []byte) (refused bool) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "matches.db")
	if err := os.WriteFile(path, file, 0o600); err != nil {
		t.Fatal(err)
	}
	type result struct {
		refused bool
		broken  []string
	}
	done := make(chan result, 1)
	go func() {
		r, b := readBack(s, path)
		done <- result{r, b}
	}()
	select {
	case r := <-done:
		for _, b := range r.broken {
			t.Error(b)
		}
		return r.refused
	case <-time.After(time.Minute):
		t.Fatal("still opening or reading after a minute")
	}
	return false
}

// entry answers the state s holds under game and ref.
func (s sample) entry(game, ref string) []byte {
	for _, e := range s.entries {
		if e.game == game && e.ref == ref {
			return e.state
		}
	}
	return nil
}

// TestDamageMatrix: whatever the damage, Open refuses the file with a
// clear error or every entry reads back exactly (or answers
// store_damaged): never a panic, a fault, a hang, a wrong state or no
// match for an entry the file held.
func TestDamageMatrix(t *testing.T) {
	s := newSample(t, 300)
	refused, total := map[string]int{}, map[string]int{}
	for _, d := range damages(s, 40) {
		t.Run(d.name, func(t *testing.T) {
			total[d.family]++
			if openDamaged(t, s, d.do(s.file)) {
				refused[d.family]++
			}
		})
	}
	for family, n := range total {
		t.Logf("%-20s %3d of %3d refused; the others opened and read back", family, refused[family], n)
	}
}

// TestRefusals: Open's refusal says what is wrong with the file.
func TestRefusals(t *testing.T) {
	s := newSample(t, 60)
	ps := s.pageSize()
	meta := s.file[ps+16:] // the later meta page
	if binary.NativeEndian.Uint64(s.file[16+48:]) > binary.NativeEndian.Uint64(meta[48:]) {
		meta = s.file[16:]
	}
	pages := int(binary.NativeEndian.Uint64(meta[40:]))
	root, freelist := int(binary.NativeEndian.Uint64(meta[16:])), int(binary.NativeEndian.Uint64(meta[32:]))
	firstFree := binary.NativeEndian.Uint64(s.file[freelist*ps+16:])
	e := s.entries[7]
	for _, tt := range []struct {
		name, want string
		damage     func(b []byte) []byte
	}{
		{"empty", "it is empty (0 bytes)", func([]byte) []byte { return nil }},
		{"truncated", fmt.Sprintf("truncated: 8192 bytes, its pages reach %d", pages*ps), func(b []byte) []byte { return b[:8192] }},
		{"not whole pages", fmt.Sprintf("not a whole number of pages: %d bytes, in pages of %d", len(s.file)-1, ps), func(b []byte) []byte { return b[:len(b)-1] }},
		{"a meta page", "meta page 1 fails its checksum", func(b []byte) []byte { b[ps+16+48] ^= 1; return b }},
		{"not bbolt", "meta page 0 is not a bbolt meta page", func([]byte) []byte { return bytes.Repeat([]byte("not bbolt\n"), 2000) }},
		{"the root zeroed", fmt.Sprintf("page %d (the root) calls itself page 0", root), func(b []byte) []byte { clear(b[root*ps : (root+1)*ps]); return b }},
		{"the freelist emptied", fmt.Sprintf("page %d is unreachable: neither in use nor free", firstFree), func(b []byte) []byte {
			binary.NativeEndian.PutUint16(b[freelist*ps+10:], 0)
			return b
		}},
		{"an entry", fmt.Sprintf("entry %s/%s fails its checksum", e.game, e.ref), func(b []byte) []byte {
			b[bytes.Index(b, e.state)+len(e.state)/2] ^= 0x20
			return b
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "matches.db")
			if err := os.WriteFile(path, tt.damage(bytes.Clone(s.file)), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := bolt.Open(path, time.Now)
			var d *bolt.DamagedError
			if !errors.As(err, &d) || d.Problem != tt.want {
				t.Errorf("Open: %v\nwant the problem %q", err, tt.want)
			}
		})
	}
}
