package brinebell

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/agentgames/bundle/conformance/check"
)

// This file holds the agents Brinebell's referee plays with, and the
// sealed-seed replay.

// legalMove is a move in the grammar, written plainly.
func legalMove(a action) move {
	raw, _ := json.Marshal(a)
	return move{raw: raw, act: &a}
}

func order(f, d int) move {
	return legalMove(action{Type: "order", Ferry: ptr(f), Dock: ptr(d)})
}

func advanceBy(n int) move {
	return legalMove(action{Type: "advance", Ticks: ptr(n)})
}

// randomMove starts, then plays a random legal action from the
// answer's legalActions, advancing by a random tick count within its
// actionRanges half the time; it banks rarely after tick 1000, and past
// the clock cap.
func randomMove(r *referee) move {
	s := r.sim
	switch {
	case !s.started:
		return legalMove(action{Type: "start"})
	case s.clock >= clockCap || s.clock > 1000 && r.rng.IntN(500) == 0:
		return legalMove(action{Type: "bank"})
	case r.rng.IntN(100) < 55:
		lo, hi := 1, 1
		for _, rg := range r.last.ActionRanges {
			if rg.Type == "advance" && rg.Field == "ticks" {
				lo, hi = rg.Min, rg.Max
			}
		}
		return advanceBy(lo + r.rng.IntN(hi-lo+1))
	}
	var orders []action
	for _, a := range r.last.LegalActions {
		if a.Type == "order" {
			orders = append(orders, a)
		}
	}
	return legalMove(orders[r.rng.IntN(len(orders))])
}

// ungrammatical are actions the grammar refuses (invalid_action
// in every phase).
var ungrammatical = []string{
	`{"type":"advance","ticks":0}`, `{"type":"advance","ticks":91}`, `{"type":"advance","ticks":-3}`,
	`{"type":"advance","ticks":2.5}`, `{"type":"advance","ticks":"30"}`, `{"type":"advance"}`,
	`{"type":"order","ferry":2,"dock":0}`, `{"type":"order","ferry":0,"dock":5}`, `{"type":"order","ferry":0,"dock":-1}`,
	`{"type":"order","ferry":0}`, `{"type":"bank","ticks":1}`, `{"type":"order","ferry":0,"dock":1,"ticks":3}`,
	`{"type":"wait"}`, `{"Type":"bank"}`, `{"type":"BANK"}`,
}

// edgeMove is a greedy dispatcher that mixes in refused actions
// of every kind, orders to a ferry's own dock or destination, queue
// changes, extreme tick counts and a whole number written 90.0; before
// the start and after the end it probes with actions the phase refuses.
func edgeMove(r *referee) move {
	s := r.sim
	switch {
	case s.finished:
		probes := []move{advanceBy(30), legalMove(action{Type: "bank"}), order(0, 0),
			legalMove(action{Type: "start"})}
		return probes[r.rng.IntN(len(probes))]
	case !s.started && r.Step < 4:
		return []move{advanceBy(30), legalMove(action{Type: "bank"}), order(0, 1),
			{raw: json.RawMessage(`{"type":"advance","ticks":0}`)}}[r.Step]
	case !s.started:
		return legalMove(action{Type: "start"})
	}
	f := r.rng.IntN(len(s.ferries))
	fe := s.ferries[f]
	switch x := r.rng.IntN(100); {
	case x < 12:
		return move{raw: json.RawMessage(ungrammatical[r.rng.IntN(len(ungrammatical))])}
	case x < 18:
		refused := []move{legalMove(action{Type: "start"})}
		if len(s.ferries) == 1 {
			refused = append(refused, order(1, 0))
		}
		if n := s.openDocks(); n < docks {
			refused = append(refused, order(0, n+r.rng.IntN(docks-n)))
		}
		return refused[r.rng.IntN(len(refused))]
	case x < 26 && fe.mode == "sailing":
		return order(f, fe.dest)
	case x < 26:
		return order(f, fe.dock)
	case x < 32 && fe.mode != "idle":
		return order(f, r.rng.IntN(s.openDocks()))
	case x < 34:
		return move{raw: json.RawMessage(`{"type":"advance","ticks":90.0}`), act: &action{Type: "advance", Ticks: ptr(90)}}
	case s.clock >= clockCap:
		return legalMove(action{Type: "bank"})
	}
	if m, ok := greedy(s); ok {
		return m
	}
	return advanceBy([]int{1, 2, 60, 89, 90, 90, 1 + r.rng.IntN(maxTicks)}[r.rng.IntN(7)])
}

// greedy orders an idle ferry: to its first rider's destination,
// else a service where people wait (its own dock first, else the longest
// line).
func greedy(s *sim) (move, bool) {
	per, _ := s.waiting()
	for f, fe := range s.ferries {
		if fe.mode != "idle" {
			continue
		}
		for _, p := range s.pass {
			if p.status == "riding" && p.ferry == f {
				return order(f, p.dest), true
			}
		}
		best := fe.dock
		for d := range docks {
			if per[d] > per[best] {
				best = d
			}
		}
		if per[best] > 0 {
			return order(f, best), true
		}
	}
	return move{}, false
}

// sealed plays a run on a seed the server picks, then replays
// its actions on the seed the last answer reports: every answer of the
// replay is judged, and the replay must end where the run ended.
func sealed(ctx context.Context, t check.Target) error {
	run, err := play(ctx, t, nil, 99, agents[0])
	if err != nil {
		return err
	}
	seed := *run.Last.Seed
	replay, err := open(ctx, t, &seed, 0, "replay")
	if err != nil {
		return err
	}
	replay.Name = fmt.Sprintf("seed %d (picked by the server), replay", seed)
	for _, m := range run.played {
		if err := replay.send(m); err != nil {
			return err
		}
	}
	if d := check.DiffOf("view", run.last.View, replay.last.View); d != nil {
		f := replay.Fail(d.Path, "the seed reported at the end is the run's seed: replaying the run's actions on it gives the same run", d.Want, d.Got)
		f.Detail = d.Detail
		return f
	}
	return nil
}
