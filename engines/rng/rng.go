// Package rng is the one random generator every engine draws from.
//
// The generator is SplitMix64 (Steele, Lea and Flood, 2014). It is small
// enough to reimplement in a few lines in any language with unsigned 64-bit
// arithmetic (all operations below wrap modulo 2^64):
//
//	mix(z):  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
//	         z = (z ^ (z >> 27)) * 0x94D049BB133111EB
//	         return z ^ (z >> 31)
//	next():  state = state + 0x9E3779B97F4A7C15; return mix(state)
//
// A game never uses one sequence for everything. Each purpose (the deck, a
// bot's choice on a given turn, the arrivals of a run) has its own stream,
// identified by a 64-bit stream number, and a stream starts from
//
//	state = mix(seed ^ mix(stream))
//
// so drawing more from one stream never shifts another.
//
// Bounded integers use rejection: Intn(n) draws x = next() until
// x >= (2^64 mod n), then answers x mod n. Computed in 64 bits,
// 2^64 mod n is (0 - n) mod n. Every value of 0..n-1 is then exactly
// equally likely.
//
// Shuffles are Fisher–Yates from the back: for i from len-1 down to 1,
// j = Intn(i+1), swap a[i] and a[j].
//
// Test vectors are committed in golden/rng/vectors.json.
package rng

const (
	gamma = 0x9E3779B97F4A7C15
	mulA  = 0xBF58476D1CE4E5B9
	mulB  = 0x94D049BB133111EB
)

// Mix is SplitMix64's output function, a bijection of 64-bit words.
func Mix(z uint64) uint64 {
	z = (z ^ (z >> 30)) * mulA
	z = (z ^ (z >> 27)) * mulB
	return z ^ (z >> 31)
}

// Stream is one SplitMix64 sequence. Its zero value is a valid stream
// starting from state 0; use New to derive one from a seed and a purpose.
type Stream struct {
	state uint64
}

// New starts the stream numbered stream of the given seed.
func New(seed, stream uint64) Stream {
	return Stream{state: Mix(seed ^ Mix(stream))}
}

// Resume continues a stream from a state saved with State.
func Resume(state uint64) Stream {
	return Stream{state: state}
}

// State is the stream's position, enough to Resume it later.
func (s *Stream) State() uint64 {
	return s.state
}

// Uint64 advances the stream and returns its next word.
func (s *Stream) Uint64() uint64 {
	s.state += gamma
	return Mix(s.state)
}

// Intn returns a uniform integer in [0, n). It panics if n <= 0, which is a
// programming error in an engine, never a consequence of player input.
func (s *Stream) Intn(n int) int {
	if n <= 0 {
		panic("rng: Intn of a non-positive bound")
	}
	bound := uint64(n)
	threshold := -bound % bound
	for {
		if x := s.Uint64(); x >= threshold {
			return int(x % bound)
		}
	}
}

// Range returns a uniform integer in [lo, hi], both ends included.
func (s *Stream) Range(lo, hi int) int {
	return lo + s.Intn(hi-lo+1)
}

// Shuffle permutes n elements with Fisher–Yates from the back, calling swap
// for each exchange, exactly as the package documentation describes.
func (s *Stream) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, s.Intn(i+1))
	}
}
