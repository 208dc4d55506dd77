//go:build unix

package bolt

import (
	"context"
	"encoding/hex"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"

	bbolt "go.etcd.io/bbolt"
)

// benchEntries and benchState are the size of the store the benchmarks
// read: 100,000 entries of about 300 bytes (a 280-byte state).
const (
	benchEntries = 100_000
	benchState   = 280
)

// loop runs body as b.Loop says, and reports the CPU time the process
// spent per op besides the wall time: on a shared machine, the wall time
// counts the time other processes had the CPU too.
func loop(b *testing.B, body func()) {
	cpu := func() time.Duration {
		var u syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &u)
		return time.Duration(u.Utime.Nano() + u.Stime.Nano())
	}
	start, n := cpu(), 0
	for b.Loop() {
		body()
		n++
	}
	b.ReportMetric(float64(cpu()-start)/float64(n), "cpu-ns/op")
}

// bigStore writes a store of benchEntries entries under random 32-digit
// refs to a new file, and answers its path and refs.
func bigStore(b *testing.B) (string, []string) {
	b.Helper()
	path := filepath.Join(b.TempDir(), "matches.db")
	db, err := bbolt.Open(path, 0o600, nil)
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 1))
	refs := make([]string, benchEntries)
	for i := range refs {
		var ref [16]byte
		for j := range ref {
			ref[j] = byte(r.Uint32())
		}
		refs[i] = hex.EncodeToString(ref[:])
	}
	sorted := slices.Sorted(slices.Values(refs)) // bbolt inserts in order fast
	err = db.Update(func(tx *bbolt.Tx) error {
		m, err := tx.CreateBucket(metaBucket)
		if err != nil {
			return err
		}
		if err := m.Put(formatKey, formatRecord(Format)); err != nil {
			return err
		}
		g, err := tx.CreateBucket([]byte("ranked"))
		if err != nil {
			return err
		}
		state := make([]byte, benchState)
		for _, ref := range sorted {
			for j := range state {
				state[j] = byte(r.Uint32())
			}
			if err := g.Put([]byte(ref), encode([]byte("ranked"), []byte(ref), entry{1, 0, state})); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	if err := db.Close(); err != nil {
		b.Fatal(err)
	}
	return path, refs
}

// BenchmarkOpen times Open on a file of 100,000 entries of about 300
// bytes, whole and in parts: the check of the file, bbolt's own check,
// and bbolt's open alone (about what Open cost before it checked).
func BenchmarkOpen(b *testing.B) {
	path, _ := bigStore(b)
	info, _ := os.Stat(path)
	b.Logf("%d entries, %d bytes", benchEntries, info.Size())
	b.Run("Open", func(b *testing.B) {
		loop(b, func() {
			s, err := Open(path, time.Now)
			if err != nil {
				b.Fatal(err)
			}
			s.Close()
		})
	})
	b.Run("checkFile", func(b *testing.B) {
		loop(b, func() {
			f, err := os.Open(path)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := checkFile(f, info.Size()); err != nil {
				b.Fatal(err)
			}
			f.Close()
		})
	})
	b.Run("Tx.Check", func(b *testing.B) {
		db, err := bbolt.Open(path, 0o600, nil)
		if err != nil {
			b.Fatal(err)
		}
		defer db.Close()
		loop(b, func() {
			db.View(func(tx *bbolt.Tx) error {
				for err := range tx.Check() {
					b.Fatal(err)
				}
				return nil
			})
		})
	})
	b.Run("bbolt.Open", func(b *testing.B) {
		loop(b, func() {
			db, err := bbolt.Open(path, 0o600, nil)
			if err != nil {
				b.Fatal(err)
			}
			db.Close()
		})
	})
}

// BenchmarkLoad times a Load of one of 100,000 entries, and the checksum
// it computes on the way, alone.
func BenchmarkLoad(b *testing.B) {
	path, refs := bigStore(b)
	s, err := Open(path, time.Now)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	b.Run("Load", func(b *testing.B) {
		i := 0
		loop(b, func() {
			if _, _, err := s.Load(ctx, "ranked", refs[i%len(refs)]); err != nil {
				b.Fatal(err)
			}
			i += 7919
		})
	})
	b.Run("checksum", func(b *testing.B) {
		v := encode([]byte("ranked"), []byte(refs[0]), entry{1, 0, make([]byte, benchState)})
		b.SetBytes(int64(len(v)))
		bucket, key := []byte("ranked"), []byte(refs[0])
		loop(b, func() {
			if _, ok := decode(bucket, key, v); !ok {
				b.Fatal("fails its checksum")
			}
		})
	})
}
