package brinebell

import (
	"testing"

	"github.com/agentgames/bundle/engines/rng"
)

// hoard orders every free ferry to a fresh service wherever most
// passengers wait, ignoring where its riders are bound, so that ferries
// fill up and stay full while queues grow.
func hoard(s *State, r *rng.Stream) []Action {
	var acts []Action
	per, _ := s.waitingCounts()
	for f, fe := range s.ferries {
		if fe.mode != Idle {
			continue
		}
		best := fe.dock
		for d := range s.docks {
			if per[d] > per[best] {
				best = d
			}
		}
		acts = append(acts, Action{Kind: Order, Ferry: f, Dock: best})
	}
	return append(acts, Action{Kind: Advance, Ticks: 1 + r.Intn(10)})
}

// largestEncoding plays many seeds with greedy, hoarding and lazy phases
// and returns the largest encoding seen and the state with most waiting
// passengers among late states that can still run MaxAdvance ticks.
func largestEncoding(t testing.TB, seeds uint64) (size int, crowded *State) {
	most := -1
	for seed := range seeds {
		r := rng.New(seed, 95)
		switchAt := 2000 + r.Intn(8000)
		mode := r.Intn(3)
		s := New(seed)
		apply(t, s, Action{Kind: Start})
		for !s.Finished() && s.clock < 20000 {
			var acts []Action
			switch {
			case s.clock < switchAt:
				acts = greedyOrders(s, &r, 20)
			case mode == 0:
				acts = hoard(s, &r)
			case mode == 1:
				acts = []Action{{Kind: Advance, Ticks: 1 + r.Intn(10)}}
			default:
				acts = greedyOrders(s, &r, 20)
				if r.Intn(4) == 0 {
					acts = hoard(s, &r)
				}
			}
			for _, a := range acts {
				apply(t, s, a)
				size = max(size, len(encode(t, s)))
			}
			_, waiting := s.waitingCounts()
			if waiting > most && len(s.ferries) == 2 && !s.Finished() {
				c := s.Clone()
				if out := apply(t, c, Action{Kind: Advance, Ticks: MaxAdvance}); !out.Finished {
					most, crowded = waiting, s.Clone()
				}
			}
		}
	}
	return size, crowded
}

func TestEncodingSize(t *testing.T) {
	size, crowded := largestEncoding(t, 300)
	_, waiting := crowded.waitingCounts()
	t.Logf("largest encoding %d bytes; most crowded playable state: %d waiting, %d passengers, %d events, %d bytes",
		size, waiting, len(crowded.passengers), len(crowded.events), len(encode(t, crowded)))
	if size > 1024 {
		t.Fatalf("encoding reached %d bytes", size)
	}
}
