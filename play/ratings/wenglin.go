// Package ratings rates players by the matches they play against each
// other, two to four at once: the Weng-Lin Bayesian approximation with
// the Plackett-Luce model (Weng and Lin, "A Bayesian Approximation Method
// for Online Ranking", JMLR 12, 2011, Algorithm 4), as the OpenSkill
// libraries compute it, with their defaults. A rating is a belief about a
// skill: its mean Mu and its deviation Sigma; Ordinal, Mu less three
// Sigma, is what a board sorts by, so that a newcomer starts low and
// rises as its matches make the rating sure.
//
// No Go implementation of the model is served by the module proxy this
// bundle builds from, so it is written here from the paper; a test holds
// it to the values the OpenSkill authors publish.
package ratings

import "math"

// Rating is a belief about a player's skill.
type Rating struct {
	Mu    float64 `json:"mu"`
	Sigma float64 `json:"sigma"`
}

// The model's defaults, OpenSkill's: a newcomer's Mu and Sigma, Beta the
// deviation of a performance around the skill, and Kappa the least share
// of its variance a rating keeps after a match.
const (
	DefaultMu    = 25.0
	DefaultSigma = DefaultMu / 3
	Beta         = DefaultSigma / 2
	Kappa        = 0.0001
)

// Tau is OpenSkill's default dynamics: the deviation a skill may drift
// between two matches, added to Sigma before each (see Drift).
const Tau = DefaultMu / 300

// Drift is r before a match for a ladder whose skills change: its Sigma
// grown by Tau, so that Sigma settles where a match's evidence balances
// the drift instead of shrinking to nothing, and a rating keeps following
// a player that improves.
func (r Rating) Drift() Rating { return Rating{Mu: r.Mu, Sigma: math.Hypot(r.Sigma, Tau)} }

// New is a newcomer's rating.
func New() Rating { return Rating{Mu: DefaultMu, Sigma: DefaultSigma} }

// Ordinal is the rating a board sorts by: Mu less three Sigma, the skill
// the player is 99.7 % sure to have at least.
func (r Rating) Ordinal() float64 { return r.Mu - 3*r.Sigma }

// Rate answers the ratings of teams after a match they played together:
// teams[i] is one team's players' ratings, ranks[i] its place (1 the
// best; teams that tie share a place). Free-for-all matches have teams
// of one. Ratings not in the match do not change; a match of fewer than
// two teams changes nothing.
func Rate(teams [][]Rating, ranks []int) [][]Rating {
	out := make([][]Rating, len(teams))
	for i, t := range teams {
		out[i] = append([]Rating(nil), t...)
	}
	if len(teams) < 2 || len(ranks) != len(teams) {
		return out
	}
	type team struct{ mu, sigmaSq float64 }
	ts := make([]team, len(teams))
	c := 0.0
	for i, t := range teams {
		for _, r := range t {
			ts[i].mu += r.Mu
			ts[i].sigmaSq += r.Sigma * r.Sigma
		}
		c += ts[i].sigmaSq + Beta*Beta
	}
	c = math.Sqrt(c)
	// sumQ[q] adds exp(mu/c) over the teams placed no better than q, and
	// a[q] counts the teams sharing q's place.
	sumQ := make([]float64, len(teams))
	a := make([]float64, len(teams))
	for q := range teams {
		for i := range teams {
			if ranks[i] >= ranks[q] {
				sumQ[q] += math.Exp(ts[i].mu / c)
			}
			if ranks[i] == ranks[q] {
				a[q]++
			}
		}
	}
	for i, ti := range ts {
		e := math.Exp(ti.mu / c)
		omega, delta := 0.0, 0.0
		for q := range teams {
			if ranks[q] > ranks[i] {
				continue
			}
			quotient := e / sumQ[q]
			if q == i {
				omega += (1 - quotient) / a[q]
			} else {
				omega -= quotient / a[q]
			}
			delta += quotient * (1 - quotient) / a[q]
		}
		gamma := math.Sqrt(ti.sigmaSq) / c
		omega *= ti.sigmaSq / c
		delta *= gamma * ti.sigmaSq / (c * c)
		for j, r := range teams[i] {
			share := r.Sigma * r.Sigma / ti.sigmaSq
			out[i][j] = Rating{Mu: r.Mu + share*omega, Sigma: r.Sigma * math.Sqrt(math.Max(1-share*delta, Kappa))}
		}
	}
	return out
}
