package rules

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/agentgames/bundle/conformance/check"
)

// This file holds the agents Brinebell's referee plays with, and the
// sealed-seed replay.

// brinebellLegal is a move in the grammar, written plainly.
func brinebellLegal(a brinebellAction) brinebellMove {
	raw, _ := json.Marshal(a)
	return brinebellMove{raw: raw, act: &a}
}

func brinebellOrder(f, d int) brinebellMove {
	return brinebellLegal(brinebellAction{Type: "order", Ferry: brinebellPtr(f), Dock: brinebellPtr(d)})
}

func brinebellAdvance(n int) brinebellMove {
	return brinebellLegal(brinebellAction{Type: "advance", Ticks: brinebellPtr(n)})
}

// brinebellRandomMove starts, then plays a random legal action from the
// answer's legalActions, advancing by a random tick count within its
// actionRanges half the time; it banks rarely after tick 1000, and past
// the clock cap.
func brinebellRandomMove(r *brinebellReferee) brinebellMove {
	s := r.sim
	switch {
	case !s.started:
		return brinebellLegal(brinebellAction{Type: "start"})
	case s.clock >= brinebellClockCap || s.clock > 1000 && r.rng.IntN(500) == 0:
		return brinebellLegal(brinebellAction{Type: "bank"})
	case r.rng.IntN(100) < 55:
		lo, hi := 1, 1
		for _, rg := range r.last.ActionRanges {
			if rg.Type == "advance" && rg.Field == "ticks" {
				lo, hi = rg.Min, rg.Max
			}
		}
		return brinebellAdvance(lo + r.rng.IntN(hi-lo+1))
	}
	var orders []brinebellAction
	for _, a := range r.last.LegalActions {
		if a.Type == "order" {
			orders = append(orders, a)
		}
	}
	return brinebellLegal(orders[r.rng.IntN(len(orders))])
}

// brinebellUngrammatical are actions the grammar refuses (invalid_action
// in every phase).
var brinebellUngrammatical = []string{
	`{"type":"advance","ticks":0}`, `{"type":"advance","ticks":91}`, `{"type":"advance","ticks":-3}`,
	`{"type":"advance","ticks":2.5}`, `{"type":"advance","ticks":"30"}`, `{"type":"advance"}`,
	`{"type":"order","ferry":2,"dock":0}`, `{"type":"order","ferry":0,"dock":5}`, `{"type":"order","ferry":0,"dock":-1}`,
	`{"type":"order","ferry":0}`, `{"type":"bank","ticks":1}`, `{"type":"order","ferry":0,"dock":1,"ticks":3}`,
	`{"type":"wait"}`, `{"Type":"bank"}`, `{"type":"BANK"}`,
}

// brinebellEdgeMove is a greedy dispatcher that mixes in refused actions
// of every kind, orders to a ferry's own dock or destination, queue
// changes, extreme tick counts and a whole number written 90.0; before
// the start and after the end it probes with actions the phase refuses.
func brinebellEdgeMove(r *brinebellReferee) brinebellMove {
	s := r.sim
	switch {
	case s.finished:
		probes := []brinebellMove{brinebellAdvance(30), brinebellLegal(brinebellAction{Type: "bank"}), brinebellOrder(0, 0),
			brinebellLegal(brinebellAction{Type: "start"})}
		return probes[r.rng.IntN(len(probes))]
	case !s.started && r.step < 4:
		return []brinebellMove{brinebellAdvance(30), brinebellLegal(brinebellAction{Type: "bank"}), brinebellOrder(0, 1),
			{raw: json.RawMessage(`{"type":"advance","ticks":0}`)}}[r.step]
	case !s.started:
		return brinebellLegal(brinebellAction{Type: "start"})
	}
	f := r.rng.IntN(len(s.ferries))
	fe := s.ferries[f]
	switch x := r.rng.IntN(100); {
	case x < 12:
		return brinebellMove{raw: json.RawMessage(brinebellUngrammatical[r.rng.IntN(len(brinebellUngrammatical))])}
	case x < 18:
		refused := []brinebellMove{brinebellLegal(brinebellAction{Type: "start"})}
		if len(s.ferries) == 1 {
			refused = append(refused, brinebellOrder(1, 0))
		}
		if n := s.openDocks(); n < brinebellDocks {
			refused = append(refused, brinebellOrder(0, n+r.rng.IntN(brinebellDocks-n)))
		}
		return refused[r.rng.IntN(len(refused))]
	case x < 26 && fe.mode == "sailing":
		return brinebellOrder(f, fe.dest)
	case x < 26:
		return brinebellOrder(f, fe.dock)
	case x < 32 && fe.mode != "idle":
		return brinebellOrder(f, r.rng.IntN(s.openDocks()))
	case x < 34:
		return brinebellMove{raw: json.RawMessage(`{"type":"advance","ticks":90.0}`), act: &brinebellAction{Type: "advance", Ticks: brinebellPtr(90)}}
	case s.clock >= brinebellClockCap:
		return brinebellLegal(brinebellAction{Type: "bank"})
	}
	if m, ok := brinebellGreedy(s); ok {
		return m
	}
	return brinebellAdvance([]int{1, 2, 60, 89, 90, 90, 1 + r.rng.IntN(brinebellMaxTicks)}[r.rng.IntN(7)])
}

// brinebellGreedy orders an idle ferry: to its first rider's destination,
// else a service where people wait (its own dock first, else the longest
// line).
func brinebellGreedy(s *brinebellSim) (brinebellMove, bool) {
	per, _ := s.waiting()
	for f, fe := range s.ferries {
		if fe.mode != "idle" {
			continue
		}
		for _, p := range s.pass {
			if p.status == "riding" && p.ferry == f {
				return brinebellOrder(f, p.dest), true
			}
		}
		best := fe.dock
		for d := range brinebellDocks {
			if per[d] > per[best] {
				best = d
			}
		}
		if per[best] > 0 {
			return brinebellOrder(f, best), true
		}
	}
	return brinebellMove{}, false
}

// brinebellSealed plays a run on a seed the server picks, then replays
// its actions on the seed the last answer reports: every answer of the
// replay is judged, and the replay must end where the run ended.
func brinebellSealed(ctx context.Context, t check.Target) error {
	run, err := brinebellPlay(ctx, t, nil, 99, brinebellAgents[0])
	if err != nil {
		return err
	}
	seed := *run.last.Seed
	replay, err := brinebellOpen(ctx, t, &seed, 0, "replay")
	if err != nil {
		return err
	}
	replay.match = fmt.Sprintf("seed %d (picked by the server), replay", seed)
	for _, m := range run.played {
		if err := replay.send(m); err != nil {
			return err
		}
	}
	if d := check.DiffOf("view", run.last.View, replay.last.View); d != nil {
		return replay.fail(nil, d.Path, "the seed reported at the end is the run's seed: replaying the run's actions on it gives the same run", d.Want, d.Got, d.Detail)
	}
	return nil
}
