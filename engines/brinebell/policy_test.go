package brinebell

import (
	"testing"

	"github.com/agentgames/bundle/engines/rng"
)

// apply plays a and fails the test when it is refused.
func apply(t testing.TB, s *State, a Action) Outcome {
	t.Helper()
	out, err := s.Apply(a)
	if err != nil {
		t.Fatalf("%+v refused: %v", a, err)
	}
	return out
}

// advance runs n ticks in steps of at most MaxAdvance.
func advance(t testing.TB, s *State, n int) {
	t.Helper()
	for n > 0 && !s.Finished() {
		k := min(n, MaxAdvance)
		apply(t, s, Action{Kind: Advance, Ticks: k})
		n -= k
	}
}

// target picks where a free ferry should go: the destination of its most
// impatient rider, else the dock with the most waiting that the other
// ferry is not heading for.
func target(s *State, f int) int {
	best, bestPatience := -1, 1<<30
	busy := -1
	for g, fe := range s.ferries {
		if g != f {
			busy = fe.dock
			if fe.mode == Sailing {
				busy = fe.dest
			}
		}
	}
	for _, p := range s.passengers {
		if p.status == Riding && p.ferry == f && p.patience < bestPatience {
			best, bestPatience = p.dest, p.patience
		}
	}
	if best >= 0 {
		return best
	}
	per, _ := s.waitingCounts()
	best = s.ferries[f].dock
	for d := range s.docks {
		if d != busy && per[d] > per[best] {
			best = d
		}
	}
	return best
}

// greedyOrders gives orders to every ferry that is idle or in service
// without a queued destination, then the next advance of 1..step ticks.
func greedyOrders(s *State, r *rng.Stream, step int) []Action {
	var acts []Action
	for f, fe := range s.ferries {
		switch {
		case fe.mode == Idle:
			acts = append(acts, Action{Kind: Order, Ferry: f, Dock: target(s, f)})
		case fe.mode == InService && fe.queue < 0 && fe.left < ServiceTicks:
			if d := target(s, f); d != fe.dock {
				acts = append(acts, Action{Kind: Order, Ferry: f, Dock: d})
			}
		}
	}
	return append(acts, Action{Kind: Advance, Ticks: 1 + r.Intn(step)})
}

// randomAction is a uniformly chosen action, legal or not.
func randomAction(r *rng.Stream) Action {
	switch r.Intn(10) {
	case 0:
		return Action{Kind: Kind(r.Intn(6)), Ferry: r.Intn(3) - 1, Dock: r.Intn(7) - 1, Ticks: r.Intn(100) - 5}
	case 1, 2, 3, 4:
		return Action{Kind: Order, Ferry: r.Intn(2), Dock: r.Intn(NumDocks)}
	case 5:
		if r.Intn(100) == 0 {
			return Action{Kind: Bank}
		}
		return Action{Kind: Start}
	}
	return Action{Kind: Advance, Ticks: 1 + r.Intn(MaxAdvance)}
}

// playGreedy starts seed and plays the greedy policy for up to ticks ticks,
// calling visit after every action.
func playGreedy(t testing.TB, seed uint64, ticks int, visit func(*State)) *State {
	t.Helper()
	s := New(seed)
	apply(t, s, Action{Kind: Start})
	r := rng.New(seed, 99)
	for s.Clock() < ticks && !s.Finished() {
		for _, a := range greedyOrders(s, &r, 30) {
			apply(t, s, a)
			if visit != nil {
				visit(s)
			}
		}
	}
	return s
}
