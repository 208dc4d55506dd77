package protocol

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"github.com/agentgames/bundle/conformance/check"
)

// hiddenSeedCheck: a match whose seed the server picks keeps it sealed
// (no seed in any answer) until the answer that ends it, which reports
// it; and that seed deals the same match: replaying the actions from an
// init with it answers the same, tokens and seed aside.
func hiddenSeedCheck(spec Spec, options string) check.Check {
	game := spec.Slug
	name := "server-picked seed"
	if options != "" {
		name += " " + options
	}
	name += ", random agent"
	return check.Check{Game: game, Level: check.Protocol, Name: name, Run: func(ctx context.Context, t check.Target) error {
		w, err := newWalk(ctx, t, spec, name)
		if err != nil {
			return err
		}
		rng := rand.New(rand.NewPCG(99, 0x9e3779b9))
		a, err := w.init(options)
		if err != nil {
			return err
		}
		answers := []*answer{a}
		var actions []json.RawMessage
		for step := 1; !a.head.GameOver; step++ {
			if a.head.Seed != nil {
				return w.fail("seed", "a seed the server picks stays sealed until the match ends", "absent", a.head.Seed.String())
			}
			if step > maxSteps {
				return nil // a long match: its steps were checked
			}
			next := chooseAction(rng, a, rng.IntN(len(a.head.LegalActions)))
			w.at(step, next)
			if a, err = w.act(a.token(), next); err != nil {
				return err
			}
			if err := w.envelope(a, next); err != nil {
				return err
			}
			answers, actions = append(answers, a), append(actions, next)
		}
		if a.head.Seed == nil {
			return w.fail("seed", "the answer that ends a match whose seed the server picked reports the seed", "a seed", "absent")
		}
		seed := a.head.Seed.String()
		w.match = fmt.Sprintf("%s, replayed with seed %s", name, seed)
		r, err := w.init(joinQuery("seed="+seed, options))
		if err != nil {
			return err
		}
		if err := w.sameAnswer(answers[0], r, "the seed the server reported deals the same match", "seed"); err != nil {
			return err
		}
		for i, act := range actions {
			w.at(i+1, act)
			if r, err = w.act(r.token(), act); err != nil {
				return err
			}
			if err := w.sameAnswer(answers[i+1], r, "the seed the server reported deals the same match", "seed"); err != nil {
				return err
			}
		}
		return nil
	}}
}
