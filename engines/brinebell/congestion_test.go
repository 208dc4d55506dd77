package brinebell

import (
	"reflect"
	"testing"

	"github.com/agentgames/bundle/engines/rng"
)

// oracle is an independent statement of where a due batch's passengers go:
// the whole batch at the first candidate with room for it, or else each
// passenger at the first candidate with room for one, stopping (deferral)
// at the first that fits nowhere. It returns the origins in id order.
func oracle(per [NumDocks]int, total, last, run int, order [NumDocks]int, docks int, b batch) []int {
	cands := []int{b.origin}
	for _, d := range order {
		if d != b.origin && d < docks {
			cands = append(cands, d)
		}
	}
	room := func(d, k int) bool {
		r := 0
		if d == last {
			r = run
		}
		return per[d]+k <= 6 && total+k <= 24 && r+k <= 3
	}
	if b.size == 2 {
		for _, d := range cands {
			if room(d, 2) {
				return []int{d, d}
			}
		}
	}
	var out []int
	for range b.size {
		at := -1
		for _, d := range cands {
			if room(d, 1) {
				at = d
				break
			}
		}
		if at < 0 {
			return out
		}
		out = append(out, at)
		per[at]++
		total++
		if at == last {
			run++
		} else {
			last, run = at, 1
		}
	}
	return out
}

// TestArrivalsUnderCongestion drives the arrival step of thousands of seeds
// directly, with waiting passengers removed at random rates so that docks
// fill, and checks each due batch against the oracle and the generator's
// promises: caps, three in a row, kept destinations, deferral touching
// nothing but the due tick, and random draws only when a block is planned.
func TestArrivalsUnderCongestion(t *testing.T) {
	var overflows, splits, deferrals, swaps, runLimited int
	for seed := range uint64(1500) {
		s := New(seed)
		s.started = true
		r := rng.New(seed, 97)
		keep := 2 + r.Intn(60) // higher keeps passengers longer
		last, run := BellQuay, 2
		for range 300 {
			t0 := s.gen.due
			s.clock = t0
			before := s.Clone()
			per, total := before.waitingCounts()
			b0 := before.gen.plan[0]
			docks := max(before.docks, docksFor(before.gen.next))
			want := oracle(per, total, before.gen.last, before.gen.run, s.gen.order, docks, b0)
			s.arrive(t0)
			spawned := s.passengers[len(before.passengers):]
			if len(spawned) != len(want) {
				t.Fatalf("seed %d tick %d: spawned %d, oracle %d", seed, t0, len(spawned), len(want))
			}
			for i, p := range spawned {
				dest := b0.dest
				if dest == want[i] {
					dest = b0.origin
					swaps++
				}
				if p.id != before.gen.next+i || p.origin != want[i] || p.dest != dest || p.kind != b0.kinds[i] ||
					p.patience != MaxPatience(p.kind, p.id) || p.spawn != t0 || p.dest >= s.docks {
					t.Fatalf("seed %d tick %d: passenger %+v, batch %+v, oracle %v", seed, t0, p, b0, want)
				}
				rerouted := false
				for _, e := range eventsOf(s, EventOverflow, t0) {
					rerouted = rerouted || e.Passenger == p.id && e.Dock == p.origin
				}
				if rerouted != (p.origin != b0.origin) {
					t.Fatalf("seed %d tick %d: passenger %d at %d planned at %d, overflow event %v", seed, t0, p.id, p.origin, b0.origin, rerouted)
				}
				if p.origin != b0.origin {
					overflows++
					if per[b0.origin] < DockCap && total < TotalCap {
						runLimited++
					}
				}
				if p.origin == last {
					run++
				} else {
					last, run = p.origin, 1
				}
				if run > maxOrigin {
					t.Fatalf("seed %d: four in a row from %d", seed, last)
				}
			}
			if b0.size == 2 && (len(spawned) == 1 || len(spawned) == 2 && spawned[0].origin != spawned[1].origin) {
				splits++
			}
			if p, tot := s.waitingCounts(); tot > TotalCap || max(p[0], p[1], p[2], p[3], p[4]) > DockCap {
				t.Fatalf("seed %d: caps exceeded %v %d", seed, p, tot)
			}
			g, g0 := s.gen, before.gen
			switch {
			case len(spawned) < b0.size:
				deferrals++
				rest := b0
				rest.size -= len(spawned)
				copy(rest.kinds[:], b0.kinds[len(spawned):])
				if len(spawned) == 1 {
					rest.kinds[1] = Traveller
				}
				if g.due != t0+DeferTicks || g.stream != g0.stream || g.order != g0.order ||
					!reflect.DeepEqual(g.plan, append([]batch{rest}, g0.plan[1:]...)) {
					t.Fatalf("seed %d tick %d: deferral changed the pending arrivals", seed, t0)
				}
			case len(g0.plan) > 1:
				if g.stream != g0.stream || !reflect.DeepEqual(g.plan, g0.plan[1:]) || g.due != t0+g.plan[0].interval {
					t.Fatalf("seed %d tick %d: completing a batch changed the plan", seed, t0)
				}
			default:
				if g.stream == g0.stream || g.due != t0+g.plan[0].interval || blockStart(g.next) != g.next {
					t.Fatalf("seed %d tick %d: no new block after the last batch", seed, t0)
				}
			}
			kept := s.passengers[:0]
			for _, p := range s.passengers {
				if r.Intn(keep) != 0 {
					kept = append(kept, p)
				}
			}
			s.passengers = kept
		}
	}
	t.Logf("overflows %d (run limit %d) splits %d deferrals %d destination swaps %d", overflows, runLimited, splits, deferrals, swaps)
	if overflows == 0 || splits == 0 || deferrals == 0 || swaps == 0 || runLimited == 0 {
		t.Fatal("a congestion path was never exercised")
	}
}
