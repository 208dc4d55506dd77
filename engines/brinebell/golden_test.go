package brinebell

import (
	"reflect"
	"testing"

	"github.com/agentgames/bundle/engines/rng"
)

// TestFirstBlockFollowsTheDocs re-derives the overflow order and the plan
// of the first seeded block with bare rng calls, exactly as the numbered
// steps of docs/brinebell.md describe them.
func TestFirstBlockFollowsTheDocs(t *testing.T) {
	for _, seed := range []uint64{0, 7, 12345, 1 << 63} {
		o := rng.New(seed, 1)
		order := [NumDocks]int{0, 1, 2, 3, 4}
		for i := NumDocks - 1; i > 0; i-- {
			j := o.Intn(i + 1)
			order[i], order[j] = order[j], order[i]
		}
		a := rng.New(seed, 2)
		pair := a.Intn(5)
		kinds := []PassengerKind{Courier, Cart, Traveller, Traveller, Traveller, Traveller}
		for i := 5; i > 0; i-- {
			j := a.Intn(i + 1)
			kinds[i], kinds[j] = kinds[j], kinds[i]
		}
		var plan []batch
		last, run := BellQuay, 2
		for j := range 5 {
			b := batch{size: 1, kinds: [2]PassengerKind{kinds[0]}}
			if j == pair {
				b.size, b.kinds[1] = 2, kinds[1]
			}
			kinds = kinds[b.size:]
			var eligible []int
			for d := range 3 {
				if d != last || run+b.size <= 3 {
					eligible = append(eligible, d)
				}
			}
			b.origin = eligible[a.Intn(len(eligible))]
			var dests []int
			for d := range 3 {
				if d != b.origin {
					dests = append(dests, d)
				}
			}
			b.dest = dests[a.Intn(len(dests))]
			b.interval = 120 + a.Intn(31)
			if b.origin == last {
				run += b.size
			} else {
				last, run = b.origin, b.size
			}
			plan = append(plan, b)
		}
		s := New(seed)
		if s.gen.order != order || !reflect.DeepEqual(s.gen.plan, plan) || s.gen.due != plan[0].interval || s.gen.stream != a {
			t.Fatalf("seed %d: engine %v %+v, docs %v %+v", seed, s.gen.order, s.gen.plan, order, plan)
		}
	}
}

// arrival is how a passenger first appeared.
type arrival struct{ id, tick, kind, origin, dest int }

// TestSeed7Arrivals pins the first arrivals of seed 7 under the greedy
// test policy, the worked example of docs/brinebell.md.
func TestSeed7Arrivals(t *testing.T) {
	s := New(7)
	if s.gen.order != [NumDocks]int{4, 2, 0, 3, 1} {
		t.Fatalf("overflow order %v", s.gen.order)
	}
	var got []arrival
	playGreedy(t, 7, 1300, func(s *State) {
		for _, p := range s.passengers {
			if p.id >= 2+len(got) {
				got = append(got, arrival{p.id, p.spawn, int(p.kind), p.origin, p.dest})
			}
		}
	})
	want := []arrival{
		{2, 122, 0, 1, 0}, {3, 255, 1, 2, 0}, {4, 386, 0, 2, 0}, {5, 386, 0, 2, 0},
		{6, 510, 0, 0, 2}, {7, 654, 2, 0, 1}, {8, 768, 0, 3, 1}, {9, 891, 2, 1, 2},
		{10, 1007, 0, 3, 0}, {11, 1007, 1, 3, 0}, {12, 1119, 0, 1, 2}, {13, 1252, 0, 2, 3},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("seed 7 arrivals:\n%v\nwant\n%v", got, want)
	}
}
