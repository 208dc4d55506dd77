package conformance

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/protocol"
	"github.com/agentgames/bundle/conformance/rules"
	"github.com/agentgames/bundle/golden"
)

// Options choose what a run checks.
type Options struct {
	// Games and Levels name what to check; empty means every one.
	Games, Levels []string
	// Seeds is how many seeds each referee of the rules level plays
	// (rules.DefaultSeeds when 0; fewer than 0 is a usage error).
	Seeds int
	// Only keeps the checks whose name contains it.
	Only string
	// Exact makes the golden level compare the observation text and the
	// order of legal actions byte for byte too (see Replay).
	Exact bool
	// Profile is what the checks hold the implementation to: this
	// bundle's contract (the default) or only what the cards fix.
	Profile check.Profile
}

// UsageError is a request for something the suite does not have: an
// unknown game or level.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// Checks are the checks opts asks for, level by level and game by game.
// An unknown game or level is a *UsageError; so is a choice that leaves
// nothing to check.
func Checks(opts Options) ([]check.Check, error) {
	if opts.Seeds < 0 {
		return nil, &UsageError{fmt.Sprintf("%d seeds: a referee plays 1 seed or more", opts.Seeds)}
	}
	games, err := choose("game", opts.Games, Slugs())
	if err != nil {
		return nil, err
	}
	levels, err := choose("level", opts.Levels, check.Levels)
	if err != nil {
		return nil, err
	}
	var out []check.Check
	for _, level := range levels {
		for _, game := range games {
			cs, err := levelChecks(level, game, opts)
			if err != nil {
				return nil, err
			}
			for _, c := range cs {
				if strings.Contains(c.Name, opts.Only) {
					out = append(out, profiled(c, opts.Profile))
				}
			}
		}
	}
	if len(out) == 0 {
		return nil, &UsageError{fmt.Sprintf("no check of %s at level %s has a name containing %q",
			strings.Join(games, ", "), strings.Join(levels, ", "), opts.Only)}
	}
	return out, nil
}

// profiled is c as profile runs it: under the cards' profile, a check of
// the bundle's contract alone answers a skip saying what the cards leave
// open, and every other check runs with the profile on its target.
func profiled(c check.Check, profile check.Profile) check.Check {
	if profile == check.Bundle {
		return c
	}
	run := c.Run
	if c.BundleOnly != "" {
		reason := "the cards leave open what it checks: " + c.BundleOnly
		c.Run = func(context.Context, check.Target) error { return &check.Skip{Reason: reason} }
		c.Wait = 0
		return c
	}
	c.Run = func(ctx context.Context, t check.Target) error {
		t.Profile = profile
		return run(ctx, t)
	}
	return c
}

// choose checks names against the known ones; none means all.
func choose(what string, names, known []string) ([]string, error) {
	if len(names) == 0 {
		return known, nil
	}
	for _, n := range names {
		if !slices.Contains(known, n) {
			return nil, &UsageError{fmt.Sprintf("unknown %s %q; the %ss are %s", what, n, what, strings.Join(known, ", "))}
		}
	}
	return names, nil
}

func levelChecks(level, game string, opts Options) ([]check.Check, error) {
	g, _ := GameOf(game)
	switch level {
	case check.Protocol:
		return protocol.Checks(g.Protocol), nil
	case check.Rules:
		seeds := opts.Seeds
		if seeds <= 0 {
			seeds = rules.DefaultSeeds
		}
		return g.Referee(seeds), nil
	}
	return goldenChecks(game, g.Plays, opts.Exact)
}

// What the golden level holds that the cards leave open.
const (
	goldenOpen = "the golden cases follow this bundle's documented generators, bots and views " +
		"(the cards fix no generator, and the Tron and Tidebreakers cards no bot policy)"
	botsOpen = "POST /api/bots/{game} is this bundle's route for its bot (the Tron card fixes the arena's messages, not where a server answers them)"
)

// goldenChecks replay game's golden cases (exactly, or comparing facts
// only) and send its bot exchanges, whose bot plays one of plays.
func goldenChecks(game string, plays []string, exact bool) ([]check.Check, error) {
	cases, err := golden.Load(golden.Files, game)
	if err != nil {
		return nil, err
	}
	ref := sync.OnceValues(Reference)
	var out []check.Check
	for i := range cases {
		c := &cases[i]
		out = append(out, check.Check{Game: game, Level: check.Golden, Name: c.Name,
			Run: func(ctx context.Context, t check.Target) error {
				r, err := ref()
				if err != nil {
					return err
				}
				return Replay(ctx, c, t.Loop(), r, exact)
			}, BundleOnly: goldenOpen})
	}
	all, err := LoadExchanges(golden.Files, game)
	if err != nil {
		return nil, err
	}
	for _, x := range all {
		for _, e := range x.Exchanges {
			out = append(out, check.Check{Game: game, Level: check.Golden, Name: golden.BotsDir + "/" + e.Name,
				Run: func(ctx context.Context, t check.Target) error {
					status, body, err := t.Loop().Bot(ctx, x.Game, e.Query, []byte(e.Message))
					if err == nil {
						err = e.Check(status, body, plays)
					}
					if err != nil {
						return &check.Failure{Match: "bot endpoint of " + x.Game + ": " + e.Name, Step: -1, Rule: err.Error()}
					}
					return nil
				}, BundleOnly: botsOpen})
		}
	}
	return out, nil
}

// Result is how one check went.
type Result struct {
	Game, Level, Name string
	Err               error
	Started           time.Time // when the check began
	Took              time.Duration
}

// Skipped is why the check was skipped, or "" when it ran to a pass or a
// failure.
func (r Result) Skipped() string {
	var s *check.Skip
	if errors.As(r.Err, &s) {
		return s.Reason
	}
	return ""
}

// Ref names the result's check as game/level/name.
func (r Result) Ref() string { return r.Game + "/" + r.Level + "/" + r.Name }

// Failure is the result's failure placed in its match, or nil when the
// check passed; an error that is not a *check.Failure is given as its
// rule.
func (r Result) Failure() *check.Failure {
	if r.Err == nil || r.Skipped() != "" {
		return nil
	}
	var f *check.Failure
	if errors.As(r.Err, &f) {
		return f
	}
	return &check.Failure{Step: -1, Rule: r.Err.Error()}
}

// waitingFirst orders check indexes so that the checks that wait on the
// server's clock start first, the longest wait first, the rest in order.
func waitingFirst(checks []check.Check) []int {
	order := make([]int, len(checks))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(checks[b].Wait, checks[a].Wait) })
	return order
}

// Run runs checks against t, parallel at a time, calling progress (never
// at once) as each finishes; it answers the results in the checks' order.
func Run(ctx context.Context, t check.Target, checks []check.Check, parallel int, progress func(done int, r Result)) []Result {
	results := make([]Result, len(checks))
	next := make(chan int)
	var mu sync.Mutex
	done := 0
	var wg sync.WaitGroup
	for range max(1, parallel) {
		wg.Go(func() {
			for i := range next {
				c := checks[i]
				start := time.Now()
				err := c.Run(ctx, t)
				r := Result{Game: c.Game, Level: c.Level, Name: c.Name, Err: err, Started: start, Took: time.Since(start)}
				mu.Lock()
				results[i] = r
				done++
				if progress != nil {
					progress(done, r)
				}
				mu.Unlock()
			}
		})
	}
	for _, i := range waitingFirst(checks) {
		next <- i
	}
	close(next)
	wg.Wait()
	return results
}
