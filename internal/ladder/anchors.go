package ladder

import (
	"cmp"
	"math"
	"slices"

	"github.com/agentgames/bundle/play/ratings"
)

// AnchorSigma is the sigma of a bot's fixed rating.
const AnchorSigma = 1.0

// Anchors are fixed ratings for the bots of a two-seat ladder, base at mu
// at: the bots in the order of their ratings, each gap between two
// neighbours the smallest that has the rating model (Weng-Lin's
// Plackett-Luce, two players of sigma AnchorSigma) predict the stronger's
// score against the weaker, a draw counting half, at the low end of its
// 95 % interval over their head-to-head matches (both lines); no gap when
// that low end is even. A bot that wins every match gets a finite gap
// this way, wider the more matches were played.
func (l *Ladder) Anchors(base string, at float64) map[string]ratings.Rating {
	if l.Players != 2 {
		return nil
	}
	names := make([]string, 0, len(l.Ratings))
	for b := range l.Ratings {
		names = append(names, b)
	}
	slices.SortFunc(names, func(a, b string) int {
		return cmp.Or(cmp.Compare(l.Ratings[b].Ordinal(), l.Ratings[a].Ordinal()), cmp.Compare(a, b))
	})
	c := math.Sqrt(2*AnchorSigma*AnchorSigma + 2*ratings.Beta*ratings.Beta)
	mu := map[string]float64{names[0]: 0}
	for i := 1; i < len(names); i++ {
		strong, weak := names[i-1], names[i]
		half, n := 0, 0
		for _, x := range l.Lines {
			switch {
			case x.Bot == strong && x.Rivals == weak:
				half, n = half+2*x.Wins+x.Draws, n+2*x.Matches()
			case x.Bot == weak && x.Rivals == strong:
				half, n = half+2*x.Losses+x.Draws, n+2*x.Matches()
			}
		}
		gap := 0.0
		if p := Wilson(half, n).Low; p > 0.5 {
			gap = c * math.Log(p/(1-p))
		}
		mu[weak] = mu[strong] - gap
	}
	out := map[string]ratings.Rating{}
	for b, m := range mu {
		out[b] = ratings.Rating{Mu: math.Round((at+m-mu[base])*10) / 10, Sigma: AnchorSigma}
	}
	return out
}
