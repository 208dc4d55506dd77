package bots

import (
	"encoding/binary"
	"hash/fnv"

	"github.com/agentgames/bundle/engines/rng"
	"github.com/agentgames/bundle/engines/tron"
)

// WiseMixed is Wise playing a mixed strategy over its near-ties: in a duel
// or a crowd, the moves valued within nearTie of the best are its
// candidates, and one draw from the stream picks among them (drawNear).
// Filling its own space, it plays as Wise: no rival can meet it there. The
// bots of a match play it with their seat's stream of the round, so with a
// seed the caller does not know, neither the bot endpoint nor this code
// foresees their moves. The bot endpoint, with no match, plays it with
// BoardStream.
func WiseMixed(s *tron.State, p int, rs *rng.Stream) tron.Dir { return wise(s, p, rs) }

// nearTie is how far below the best value a move may be valued and still
// be a candidate of WiseMixed: 2, one cell of territory changing hands.
// Wider margins mix more, and from 16 on cost duels on small grids.
const nearTie = 2

// drawNear is the move candidates[rs.Intn(len(candidates))], candidates
// being the safe moves valued within nearTie of the best, in the arena's
// order.
func drawNear(safe []tron.Dir, values []int, rs *rng.Stream) tron.Dir {
	best := values[first(values)]
	var candidates []tron.Dir
	for i, v := range values {
		if v >= best-nearTie {
			candidates = append(candidates, safe[i])
		}
	}
	return candidates[rs.Intn(len(candidates))]
}

// BoardStream is the stream a bot with no match to draw from (the bot
// endpoint) draws from for cycle p: stream p of the seed FNV-1a 64 of the
// grid's width and height, then of every trail of s its seat and length
// and its cells head first, each number as 2 bytes big-endian. The same
// board always gets the same draws, however the message that carried it
// was spaced.
func BoardStream(s *tron.State, p int) rng.Stream {
	h := fnv.New64a()
	var buf [4]byte
	put := func(a, b int) {
		binary.BigEndian.PutUint16(buf[:2], uint16(a))
		binary.BigEndian.PutUint16(buf[2:], uint16(b))
		h.Write(buf[:])
	}
	put(s.Width(), s.Height())
	for q := range s.Players() {
		t := s.Trail(q)
		put(q, len(t))
		for _, c := range t {
			put(c.X, c.Y)
		}
	}
	return rng.New(h.Sum64(), uint64(p))
}
