package brinebell

import (
	"testing"

	"github.com/agentgames/bundle/engines/rng"
)

func TestExpiryComesBeforeTheExchange(t *testing.T) {
	s := bare(3, 1)
	serviceAt(s, 0, Orchard)
	id := put(s, Traveller, Waiting, Orchard, BellQuay, -1)
	setPatience(s, id, 2)
	advance(t, s, 1)
	if p, _ := find(s, id); p.Status != Departed {
		t.Fatalf("boarded with no patience left: %+v", p)
	}
}

func TestArrivalDrainsOnItsSpawnTick(t *testing.T) {
	s := New(21)
	apply(t, s, Action{Kind: Start})
	due := s.gen.due
	advance(t, s, due-1)
	if _, ok := find(s, 2); ok {
		t.Fatal("arrival before its due tick")
	}
	advance(t, s, 1)
	p, ok := find(s, 2)
	if !ok || p.SpawnTick != due || p.Patience != p.MaxPatience-2 {
		t.Fatalf("arrival at %d: %+v", due, p)
	}
}

func TestFifthDepartureFinishesAfterTheTick(t *testing.T) {
	s := bare(3, 1)
	s.departures = 3
	serviceAt(s, 0, Orchard)
	put(s, Traveller, Riding, BellQuay, Orchard, 0)
	for range 2 {
		id := put(s, Traveller, Waiting, Shellbank, BellQuay, -1)
		setPatience(s, id, 10)
	}
	out := apply(t, s, Action{Kind: Advance, Ticks: 90})
	if out.Ticks != 5 || !out.Finished || s.Clock() != 105 || s.Reason() != TooManyDepartures || s.Departures() != 5 {
		t.Fatalf("outcome %+v clock %d reason %d departures %d", out, s.Clock(), s.Reason(), s.Departures())
	}
	s = bare(3, 1)
	s.departures = 4
	serviceAt(s, 0, Orchard)
	put(s, Traveller, Riding, BellQuay, Orchard, 0)
	w := put(s, Traveller, Waiting, Orchard, BellQuay, -1)
	id := put(s, Traveller, Waiting, Shellbank, BellQuay, -1)
	setPatience(s, id, 1)
	out = apply(t, s, Action{Kind: Advance, Ticks: 90})
	if out.Ticks != 1 || !s.Finished() || s.Score() != 140 {
		t.Fatalf("the finishing tick did not complete its exchange: %+v score %d", out, s.Score())
	}
	if p, _ := find(s, w); p.Status != Riding {
		t.Fatal("the finishing tick did not board")
	}
}

func TestRetirementAfter60Ticks(t *testing.T) {
	s := bare(3, 1)
	serviceAt(s, 0, Orchard)
	id := put(s, Traveller, Riding, BellQuay, Orchard, 0)
	advance(t, s, 1)
	advance(t, s, RetireTicks-1)
	if _, ok := find(s, id); !ok || len(eventsOf(s, EventDeliver, 101)) != 1 {
		t.Fatalf("retired before %d ticks", RetireTicks)
	}
	advance(t, s, 1)
	if _, ok := find(s, id); ok || len(eventsOf(s, EventDeliver, 101)) != 0 {
		t.Fatalf("still listed %d ticks later", RetireTicks)
	}
}

// TestUnlocks checks that Lantern opens with passenger 8, Windmill with
// passenger 16 and Ferry B joins idle at Lantern with passenger 24, each on
// the tick that passenger is first due and before it appears.
func TestUnlocks(t *testing.T) {
	for seed := range uint64(50) {
		wantBefore := map[int]int{8: 3, 16: 4, 24: 5}
		seen := map[int]bool{}
		s := New(seed)
		apply(t, s, Action{Kind: Start})
		r := rng.New(seed, 99)
		for !s.Finished() && s.gen.next <= 24 {
			next, docks, ferries := s.gen.next, s.docks, len(s.ferries)
			due := s.gen.due
			for _, a := range greedyOrders(s, &r, 40) {
				if a.Kind == Advance {
					a.Ticks = min(a.Ticks, due-s.Clock())
				}
				apply(t, s, a)
			}
			if s.Clock() != due {
				continue
			}
			if want, ok := wantBefore[next]; ok && !seen[next] {
				seen[next] = true
				if docks != want || s.docks != min(5, want+1) || len(s.ferries) != 1+b2i(next >= 24) {
					t.Fatalf("seed %d passenger %d: docks %d -> %d ferries %d", seed, next, docks, s.docks, len(s.ferries))
				}
				if ferries == 1 && next == 24 {
					fe := s.Ferries()[1]
					if fe.Mode != Idle || fe.Dock != Lantern {
						t.Fatalf("Ferry B joined as %+v", fe)
					}
				}
			} else if s.docks != docks || len(s.ferries) != ferries {
				t.Fatalf("seed %d: unlock at passenger %d", seed, next)
			}
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
