package brinebell

import (
	"reflect"
	"testing"

	"github.com/agentgames/bundle/engines/rng"
)

func TestMaxPatienceTiers(t *testing.T) {
	cases := []struct{ id, traveller, courier, cart int }{
		{0, 2160, 1620, 2700}, {7, 2160, 1620, 2700},
		{8, 2040, 1530, 2550}, {15, 2040, 1530, 2550},
		{16, 2040, 1530, 2550}, {23, 2040, 1530, 2550},
		{24, 1920, 1440, 2400}, {35, 1920, 1440, 2400},
		{36, 1920, 1440, 2400}, {100000, 1920, 1440, 2400},
	}
	for _, c := range cases {
		got := [3]int{MaxPatience(Traveller, c.id), MaxPatience(Courier, c.id), MaxPatience(Cart, c.id)}
		if got != [3]int{c.traveller, c.courier, c.cart} {
			t.Errorf("id %d: %v", c.id, got)
		}
	}
	intervals := []struct{ id, lo, hi int }{{2, 120, 150}, {8, 105, 135}, {16, 96, 120}, {24, 75, 96}, {35, 75, 96}, {36, 60, 81}, {5000, 60, 81}}
	for _, c := range intervals {
		if lo, hi, _ := tier(c.id); lo != c.lo || hi != c.hi {
			t.Errorf("id %d: interval %d..%d", c.id, lo, hi)
		}
	}
}

func TestBlockLayout(t *testing.T) {
	var starts []int
	for id := 0; id < 60; id = blockEnd(id) {
		starts = append(starts, id)
		if blockStart(id) != id || blockStart(blockEnd(id)-1) != id {
			t.Fatalf("blockStart disagrees at %d", id)
		}
	}
	want := []int{0, 2, 8, 14, 16, 22, 24, 30, 36, 42, 48, 54}
	if !reflect.DeepEqual(starts, want) {
		t.Fatalf("block starts %v, want %v", starts, want)
	}
}

// TestBlockPlans draws the plans of the first fifteen blocks of thousands
// of seeds, realising each one with random origins that respect the
// three-in-a-row limit, and checks every planning constraint.
func TestBlockPlans(t *testing.T) {
	var pairAt, origins [NumDocks]int
	for seed := range uint64(3000) {
		g := newArrivals(seed)
		g.next, g.last, g.run = 2, BellQuay, 2
		r := rng.New(seed, 98)
		for range 15 {
			first := g.next
			g.planBlock()
			size := blockEnd(first) - first
			docks := docksFor(first)
			var kinds []PassengerKind
			last, run, pairs, id := g.last, g.run, 0, first
			for j, b := range g.plan {
				lo, hi, _ := tier(id)
				switch {
				case b.origin < 0 || b.origin >= docks || b.dest < 0 || b.dest >= docks || b.origin == b.dest:
					t.Fatalf("seed %d block %d: route %+v with %d docks", seed, first, b, docks)
				case b.interval < lo || b.interval > hi:
					t.Fatalf("seed %d block %d: interval %d", seed, first, b.interval)
				}
				if b.origin == last {
					run += b.size
				} else {
					last, run = b.origin, b.size
				}
				if run > maxOrigin {
					t.Fatalf("seed %d block %d: four in a row from %d", seed, first, last)
				}
				if b.size == 2 {
					pairs++
					pairAt[j]++
				}
				origins[b.origin]++
				kinds = append(kinds, b.kinds[:b.size]...)
				id += b.size
			}
			if id != first+size {
				t.Fatalf("seed %d block %d: plan covers %d", seed, first, id-first)
			}
			count := map[PassengerKind]int{}
			for _, k := range kinds {
				count[k]++
			}
			if size == 6 && (pairs != 1 || len(g.plan) != 5 || count[Courier] != 1 || count[Cart] != 1) ||
				size == 2 && (pairs != 0 || count[Traveller] != 2) {
				t.Fatalf("seed %d block %d: %d pairs, kinds %v", seed, first, pairs, count)
			}
			for _, b := range g.plan {
				for range b.size {
					o := b.origin
					if r.Intn(3) == 0 {
						o = r.Intn(docks)
					}
					if o == g.last && g.run == maxOrigin {
						o = (o + 1) % docks
					}
					if o == g.last {
						g.run++
					} else {
						g.last, g.run = o, 1
					}
					g.next++
				}
			}
		}
	}
	for d := range NumDocks {
		if pairAt[d] == 0 || origins[d] == 0 {
			t.Fatalf("pair positions %v origins %v never vary", pairAt, origins)
		}
	}
}
