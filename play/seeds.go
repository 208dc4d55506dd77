package play

import (
	"crypto/rand"
	"encoding/binary"
	"sync/atomic"
)

// Seeds is where a server draws the seeds it picks itself (a loop match
// started without one, a live match's deal): injected like the Clock, so
// that a test replays a match seed by seed. A seed drawn is at most
// MaxSeed.
type Seeds func() uint64

// RandomSeeds draws each seed from crypto/rand: what a server that others
// play on must use, since a seed it picks stays private until the match
// is over.
func RandomSeeds() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:]) & MaxSeed
}

// FixedSeeds draws the given seeds in turn, then the last one again
// (safe for concurrent use): a test's source of seeds.
func FixedSeeds(seeds ...uint64) Seeds {
	var drawn atomic.Int64
	return func() uint64 {
		i := drawn.Add(1) - 1
		return seeds[min(i, int64(len(seeds)-1))] & MaxSeed
	}
}
