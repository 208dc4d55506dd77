package tidebreakers

import (
	"context"
	"fmt"

	"github.com/agentgames/bundle/conformance/check"
)

// liveChecks are the live Tidebreakers match API's rules checks
// (docs/tidebreakers.md "Live matches", the card's agent API), one match a
// seed. Each creates a match through POST /api/matches, joins the seats
// that are not captains, and plays it to its end with random or greedy
// agents in the joined seats, judging every answer from the public state
// before it, the action sent and the documented rules: supply accounting
// and the supply a turn (+1 every 10 rounds), combat arithmetic and
// captures, eliminations, turn order and rounds counted from the opener,
// the 13-island and last-captain wins and the round-60 cap with its
// scoring, every seat's place once over (null before), the log
// (append-only, each entry as the rules make it), and tile_counts and
// strengths. Now and then it sends an action the rules or
// the seats refuse (another seat's token, a token of no seat, a move the
// rules forbid) and requires the documented code and an unchanged match;
// once over, every action answers match_over and a join match_full.
//
// Checks impossible from the public state, and why:
//   - The opening seat is drawn from a seed the server keeps, so only its
//     range is judged; when captains open, the referee finds the opener
//     among the seats before the first joined one.
//   - A captain's supply is not shown (the log holds expeditions only), so
//     in a turn a captain takes inside a request its islands are judged by
//     bounds (at least what they held, at most that plus the turn's supply)
//     and its total strength exactly; its choice of move is not judged
//     (the captains' policies are not rules).
//   - The 9-minute time limit cannot be reached within the suite's time;
//     the referee only requires that no match it plays ends by time_limit.
//   - That tokens are random and kept hashed is not observable.
func liveChecks(seeds int) []check.Check {
	var out []check.Check
	for seed := range seeds {
		setup := liveSetupOf(seed)
		out = append(out, check.Check{Game: "tidebreakers", Level: check.Rules, Name: fmt.Sprintf("live/match-%02d", seed),
			Run: func(ctx context.Context, t check.Target) error { return setup.play(ctx, t) }})
	}
	return out
}
