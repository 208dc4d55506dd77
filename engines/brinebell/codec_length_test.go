package brinebell

import (
	"testing"

	"github.com/agentgames/bundle/engines/rng"
)

// replan is s with its hidden arrival state drawn again from r: the random
// stream, the overflow order, the due tick, and the plan of the rest of the
// block (split into batches anew, with a pair or, once the block has
// begun, none; with new kinds, routes and intervals), all as the rules
// could have left them. What a player sees of s is
// untouched.
func replan(s *State, r *rng.Stream) *State {
	c := s.Clone()
	g := &c.gen
	g.stream = rng.Resume(r.Uint64())
	r.Shuffle(NumDocks, func(i, j int) { g.order[i], g.order[j] = g.order[j], g.order[i] })
	g.due = c.clock + r.Range(1, 150)
	first, end := g.next, blockEnd(g.next)
	six := end-blockStart(first) == 6
	pair := -1
	if six && end-first >= 2 && (first == blockStart(first) || r.Intn(2) == 0) {
		pair = first + r.Intn(end-first-1)
	}
	g.plan = nil
	for id := first; id < end; {
		b := batch{size: 1}
		if id == pair {
			b.size = 2
		}
		if six {
			for k := range b.size {
				b.kinds[k] = PassengerKind(r.Intn(3))
			}
		}
		docks := docksFor(id)
		b.origin, b.dest = r.Intn(docks), r.Intn(docks-1)
		if b.dest >= b.origin {
			b.dest++
		}
		lo, hi, _ := tier(id)
		b.interval = r.Range(lo, hi)
		g.plan = append(g.plan, b)
		id += b.size
	}
	return c
}

// TestEncodingLengthHidesArrivals: states that differ only in what is
// hidden of the arrivals (the random stream, the overflow order, when the
// next batch is due, and the plan: how the rest of the block splits into
// batches and what they hold) encode to one length. The states come from
// greedy runs, at every action, then left to run down (crowded docks defer
// arrivals); each is compared with twins whose hidden arrival state is
// drawn again.
func TestEncodingLengthHidesArrivals(t *testing.T) {
	r := rng.New(1, 56)
	resplit := 0
	check := func(s *State) {
		want := len(encode(t, s))
		for range 4 {
			c := replan(s, &r)
			if err := c.validate(); err != nil {
				t.Fatalf("tick %d: a twin the rules refuse: %v", s.clock, err)
			}
			if len(c.gen.plan) != len(s.gen.plan) {
				resplit++
			}
			if n := len(encode(t, c)); n != want {
				t.Fatalf("tick %d: a state of %d batches planned encodes to %d bytes, its twin of %d batches to %d",
					s.clock, len(s.gen.plan), want, len(c.gen.plan), n)
			}
		}
	}
	for seed := range uint64(4) {
		check(New(seed))
		s := playGreedy(t, seed, 3000, check)
		for !s.Finished() {
			advance(t, s, MaxAdvance)
			check(s)
		}
	}
	if resplit == 0 {
		t.Fatal("no twin planned another number of batches")
	}
}
