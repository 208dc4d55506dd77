package ratings_test

import (
	"math"
	"testing"

	"github.com/agentgames/bundle/play/ratings"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// TestPublishedValues holds Rate to the example the OpenSkill authors
// publish (openskill.js, openskill.py and openskill.ex READMEs): a1, a2
// win against b1, b2.
func TestPublishedValues(t *testing.T) {
	a1, a2 := ratings.New(), ratings.Rating{Mu: 32.444, Sigma: 5.123}
	b1, b2 := ratings.Rating{Mu: 43.381, Sigma: 2.421}, ratings.Rating{Mu: 25.188, Sigma: 6.211}
	got := ratings.Rate([][]ratings.Rating{{a1, a2}, {b1, b2}}, []int{1, 2})
	want := [][]ratings.Rating{
		{{Mu: 28.669648436582808, Sigma: 8.071520788025197}, {Mu: 33.83086971107981, Sigma: 5.062772998705765}},
		{{Mu: 43.071274808241974, Sigma: 2.4166900452721256}, {Mu: 23.149503312339064, Sigma: 6.1378606973362135}},
	}
	for i := range want {
		for j := range want[i] {
			if !near(got[i][j].Mu, want[i][j].Mu) || !near(got[i][j].Sigma, want[i][j].Sigma) {
				t.Errorf("team %d player %d: %+v, want %+v", i, j, got[i][j], want[i][j])
			}
		}
	}
	if o := (ratings.Rating{Mu: 43.071274808241974, Sigma: 2.4166900452721256}).Ordinal(); !near(o, 35.821204672425594) {
		t.Errorf("ordinal %v, want 35.821204672425594 as published", o)
	}
}

// TestPublishedFreeForAll holds Rate to the free-for-all values the
// OpenSkill authors publish for newcomers (openskill.js's Plackett-Luce
// tests): 2 to 5 players in one match, placed in seat order.
func TestPublishedFreeForAll(t *testing.T) {
	for _, want := range [][]ratings.Rating{
		{{Mu: 27.63523138347365, Sigma: 8.065506316323548}, {Mu: 22.36476861652635, Sigma: 8.065506316323548}},
		{{Mu: 27.868876552746237, Sigma: 8.204837030780652}, {Mu: 25.717219138186557, Sigma: 8.057829747583874}, {Mu: 21.413904309067206, Sigma: 8.057829747583874}},
		{{Mu: 27.795084971874736, Sigma: 8.263160757613477}, {Mu: 26.552824984374855, Sigma: 8.179213704945203},
			{Mu: 24.68943500312503, Sigma: 8.083731307186588}, {Mu: 20.96265504062538, Sigma: 8.083731307186588}},
		{{Mu: 27.666666666666668, Sigma: 8.290556877154474}, {Mu: 26.833333333333332, Sigma: 8.240145629781066}, {Mu: 25.72222222222222, Sigma: 8.179996679645559},
			{Mu: 24.055555555555557, Sigma: 8.111796013701358}, {Mu: 20.72222222222222, Sigma: 8.111796013701358}},
	} {
		teams, ranks := make([][]ratings.Rating, len(want)), make([]int, len(want))
		for i := range want {
			teams[i], ranks[i] = []ratings.Rating{ratings.New()}, i+1
		}
		got := ratings.Rate(teams, ranks)
		for i := range want {
			if !near(got[i][0].Mu, want[i].Mu) || !near(got[i][0].Sigma, want[i].Sigma) {
				t.Errorf("%d players, place %d: %+v, want %+v", len(want), i+1, got[i][0], want[i])
			}
		}
	}
}

// TestFreeForAll: in a match of four newcomers, the winner rises most and
// the last falls most, every sigma shrinks, and players who tie for a
// place move alike; a match of one, or ranks that do not fit, change
// nothing.
func TestFreeForAll(t *testing.T) {
	n := ratings.New()
	four := [][]ratings.Rating{{n}, {n}, {n}, {n}}
	got := ratings.Rate(four, []int{1, 2, 3, 4})
	for i := 1; i < 4; i++ {
		if got[i][0].Mu >= got[i-1][0].Mu {
			t.Errorf("place %d's mu %v not below place %d's %v", i+1, got[i][0].Mu, i, got[i-1][0].Mu)
		}
	}
	for i := range got {
		if got[i][0].Sigma >= n.Sigma {
			t.Errorf("place %d's sigma %v did not shrink", i+1, got[i][0].Sigma)
		}
	}
	if got[0][0].Mu <= n.Mu || got[3][0].Mu >= n.Mu {
		t.Errorf("first %v and last %v", got[0][0], got[3][0])
	}
	tied := ratings.Rate(four, []int{1, 2, 2, 4})
	if !near(tied[1][0].Mu, tied[2][0].Mu) || !near(tied[1][0].Sigma, tied[2][0].Sigma) {
		t.Errorf("a shared place: %+v and %+v", tied[1][0], tied[2][0])
	}
	if one := ratings.Rate([][]ratings.Rating{{n}}, []int{1}); one[0][0] != n {
		t.Errorf("a match of one changed %+v", one)
	}
	if bad := ratings.Rate(four, []int{1, 2}); bad[0][0] != n {
		t.Errorf("ranks that do not fit changed %+v", bad)
	}
}

func TestDrift(t *testing.T) {
	r := ratings.Rating{Mu: 30, Sigma: 0.1}.Drift()
	if r.Mu != 30 || math.Abs(r.Sigma-math.Sqrt(0.01+ratings.Tau*ratings.Tau)) > 1e-12 {
		t.Errorf("Drift = %+v, want mu 30 and sigma sqrt(0.1² + ratings.Tau²)", r)
	}
	// A player who always beats an equal keeps a sigma that no longer
	// shrinks once the drift balances a match's evidence.
	a, b := ratings.New(), ratings.New()
	for range 2000 {
		out := ratings.Rate([][]ratings.Rating{{a.Drift()}, {b.Drift()}}, []int{1, 2})
		a, b = out[0][0], out[1][0]
	}
	if a.Sigma < ratings.Tau {
		t.Errorf("after 2000 matches sigma %v fell below ratings.Tau %v", a.Sigma, ratings.Tau)
	}
}
