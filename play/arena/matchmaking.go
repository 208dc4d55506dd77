package arena

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/agentgames/bundle/play/ratings"
)

// The matchmaking rule's bounds.
const (
	// KeptOpponents is how many of a bot's latest scheduled opponents
	// the schedule remembers: the period within which a pair may meet
	// only MaxMeetings times.
	KeptOpponents = 8
	// MaxMeetings is how many times two bots may meet within a bot's
	// last KeptOpponents scheduled fights.
	MaxMeetings = 2
	// Placement is how many fights a bot is new for: until then its
	// opponents are sought a Sigma above and a Sigma below its Mu in
	// turn, where a win or a loss moves a rating that may be far from
	// the skill the most (TestNewcomersSettle measures it).
	Placement = 10
)

// Candidate is a bot the schedule may put in a fight: its id, its
// owner's, and its Weng-Lin rating on the ladder of the fights it would
// play (ratings.New() for a bot not on it yet).
type Candidate struct {
	Bot    string
	Owner  string
	Rating ratings.Rating
	// Fights is how many fights it has on the ladder.
	Fights int
}

// Groups is the matchmaking rule: it chooses the fights of size seats
// among cands, each candidate in at most one, at most most fights. The
// most uncertain rating chooses first (the highest Sigma; a bot new to
// the ladder has the highest of all, so it is placed first); it takes
// the candidates still free whose Mu is closest to its own, or, for a
// bot of fewer than Placement fights, to its Mu a Sigma above and below
// by turns; passing over a bot of an owner
// already in the group (such fights are not rated) and one it has met
// MaxMeetings times among the opponents met answers for it (its latest
// KeptOpponents). A candidate left with no opponent the rule allows is
// left out: it fights a house bot (the caller's choice) or waits for the
// next tick. Ties break by bot id, so that the same candidates make the
// same groups.
func Groups(cands []Candidate, seats, most int, met func(bot string) []string) [][]string {
	order := slices.Clone(cands)
	slices.SortFunc(order, func(a, b Candidate) int {
		return cmp.Or(cmp.Compare(b.Rating.Sigma, a.Rating.Sigma), strings.Compare(a.Bot, b.Bot))
	})
	placed := make(map[string]bool, len(order))
	var out [][]string
	for _, c := range order {
		if len(out) >= most {
			break
		}
		if placed[c.Bot] {
			continue
		}
		group := []Candidate{c}
		target := c.Rating.Mu
		if c.Fights < Placement {
			target += c.Rating.Sigma * float64(1-2*(c.Fights%2))
		}
		for len(group) < seats {
			best, gap := -1, math.Inf(1)
			for i, o := range order {
				if placed[o.Bot] || !allowed(group, o, met) {
					continue
				}
				if d := math.Abs(o.Rating.Mu - target); d < gap || (d == gap && o.Bot < order[best].Bot) {
					best, gap = i, d
				}
			}
			if best < 0 {
				break
			}
			group = append(group, order[best])
			placed[order[best].Bot] = true
		}
		if len(group) < seats {
			for _, g := range group[1:] {
				placed[g.Bot] = false // back in the pool for a later group
			}
			continue
		}
		placed[c.Bot] = true
		ids := make([]string, len(group))
		for i, g := range group {
			ids[i] = g.Bot
		}
		out = append(out, ids)
	}
	return out
}

// allowed reports whether o may join group: not the group's own, of an
// owner none of it has, and met fewer than MaxMeetings times lately by
// each of it.
func allowed(group []Candidate, o Candidate, met func(bot string) []string) bool {
	for _, g := range group {
		if g.Bot == o.Bot || (g.Owner != "" && g.Owner == o.Owner) {
			return false
		}
		n := 0
		for _, m := range met(g.Bot) {
			if m == o.Bot {
				n++
			}
		}
		if n >= MaxMeetings {
			return false
		}
	}
	return true
}
