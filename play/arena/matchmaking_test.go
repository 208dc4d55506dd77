package arena

import (
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/agentgames/bundle/play/ratings"
)

func TestGroups(t *testing.T) {
	r := func(mu, sigma float64) ratings.Rating { return ratings.Rating{Mu: mu, Sigma: sigma} }
	none := func(string) []string { return nil }
	cases := []struct {
		name  string
		cands []Candidate
		seats int
		most  int
		met   func(string) []string
		want  [][]string
	}{
		{"the most uncertain chooses first, the closest mu", []Candidate{
			{"a", "1", r(30, 1), 99}, {"b", "2", r(20, 1), 99}, {"c", "3", r(29, 5), 99}, {"d", "4", r(21, 1), 99},
		}, 2, 10, none, [][]string{{"c", "a"}, {"b", "d"}}},
		{"ties break by id", []Candidate{
			{"d", "1", r(25, 2), 99}, {"c", "2", r(25, 2), 99}, {"b", "3", r(25, 2), 99}, {"a", "4", r(25, 2), 99},
		}, 2, 10, none, [][]string{{"a", "b"}, {"c", "d"}}},
		{"never two bots of one owner", []Candidate{
			{"a", "x", r(25, 3), 99}, {"b", "x", r(25, 2), 99}, {"c", "y", r(10, 1), 99},
		}, 2, 10, none, [][]string{{"a", "c"}}},
		{"a pair met twice lately is kept apart", []Candidate{
			{"a", "1", r(25, 3), 99}, {"b", "2", r(25, 2), 99}, {"c", "3", r(40, 1), 99},
		}, 2, 10, func(bot string) []string {
			if bot == "a" {
				return []string{"b", "c", "b"}
			}
			return nil
		}, [][]string{{"a", "c"}}},
		{"once only is allowed", []Candidate{
			{"a", "1", r(25, 3), 99}, {"b", "2", r(25, 2), 99}, {"c", "3", r(40, 1), 99},
		}, 2, 10, func(bot string) []string {
			if bot == "a" {
				return []string{"b", "c"}
			}
			return nil
		}, [][]string{{"a", "b"}}},
		{"groups of four, at most one", []Candidate{
			{"a", "1", r(10, 1), 99}, {"b", "2", r(20, 1), 99}, {"c", "3", r(30, 1), 99}, {"d", "4", r(40, 1), 99},
			{"e", "5", r(50, 1), 99}, {"f", "6", r(12, 2), 99},
		}, 4, 1, none, [][]string{{"f", "a", "b", "c"}}},
		{"a candidate no rule allows is left out", []Candidate{
			{"a", "x", r(25, 3), 99}, {"b", "x", r(25, 2), 99},
		}, 2, 10, none, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Groups(c.cands, c.seats, c.most, c.met)
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("groups (-want +got):\n%s", diff)
			}
		})
	}
}

// population is a simulated arena of duelling bots of known skill: a
// bot's performance in a fight is its skill and a normal noise of
// deviation ratings.Beta, the model the Weng-Lin ratings assume; the
// better performance wins.
type population struct {
	rng    *rand.Rand
	skill  map[string]float64
	ladder Ladder
	met    map[string][]string
	fights int
	// trail is each bot's rating after each of its fights.
	trail map[string][]ratings.Rating
}

func newPopulation(seed uint64) *population {
	return &population{rng: rand.New(rand.NewPCG(seed, 1)), skill: map[string]float64{}, met: map[string][]string{},
		trail: map[string][]ratings.Rating{}}
}

// tick plays one round of the schedule: the groups the rule chooses (or
// random pairs), every fight a duel.
func (p *population) tick(random bool) {
	var cands []Candidate
	for _, b := range slices.Sorted(maps.Keys(p.skill)) {
		st, ok := p.ladder.Standing(b)
		if !ok {
			st.Rating = ratings.New()
		}
		cands = append(cands, Candidate{Bot: b, Owner: b, Rating: st.Rating, Fights: st.Fights})
	}
	var groups [][]string
	if random {
		p.rng.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
		for i := 0; i+1 < len(cands); i += 2 {
			groups = append(groups, []string{cands[i].Bot, cands[i+1].Bot})
		}
	} else {
		groups = Groups(cands, 2, len(cands), func(b string) []string { return p.met[b] })
	}
	for _, g := range groups {
		a, b := g[0], g[1]
		out := [][]int{{0}, {1}} // a goes out first: b wins
		if p.rng.Float64() < 1/(1+math.Exp((p.skill[b]-p.skill[a])/(math.Sqrt2*ratings.Beta))) {
			out = [][]int{{1}, {0}}
		}
		p.fights++
		if _, err := p.ladder.Record(Outcome{Fight: fmt.Sprint(p.fights), Bots: g, Out: out}); err != nil {
			panic(err)
		}
		for i, bot := range g {
			st, _ := p.ladder.Standing(bot)
			p.trail[bot] = append(p.trail[bot], st.Rating)
			p.met[bot] = append(p.met[bot], g[1-i])
			p.met[bot] = p.met[bot][max(0, len(p.met[bot])-KeptOpponents):]
		}
	}
}

// settled is how many fights a bot played before its rating settled
// within one sigma of where it ended: the first n after which every Mu is
// within its Sigma of the end, the mean Mu of its last quarter (a
// rating with dynamics wanders around the skill fight by fight, as much
// as its Sigma).
func settled(trail []ratings.Rating) int {
	last := trail[len(trail)*3/4:]
	end := 0.0
	for _, r := range last {
		end += r.Mu / float64(len(last))
	}
	n := len(trail)
	for n > 0 && math.Abs(trail[n-1].Mu-end) <= trail[n-1].Sigma {
		n--
	}
	return n + 1
}

// placing is what a schedule gives its newcomers, 80 of them: the fights
// each played until settled, and its Mu's distance from its skill after
// 5, 10 and 20 fights.
type placing struct {
	settled []int
	off     [3][]float64
}

// newcomers runs a population of 40 bots of skills spread from 10 to 40
// for 300 ticks, which settles their ratings, then adds 8 newcomers of
// skills from 12 to 38 and runs 100 ticks more, ten times over.
func newcomers(random bool) placing {
	var out placing
	for seed := range uint64(10) {
		p := newPopulation(seed)
		for i := range 40 {
			p.skill[fmt.Sprintf("old%02d", i)] = 10 + 30*float64(i)/39
		}
		for range 300 {
			p.tick(random)
		}
		for i := range 8 {
			p.skill[fmt.Sprintf("new%d", i)] = 12 + 26*float64(i)/7
		}
		for range 100 {
			p.tick(random)
		}
		for i := range 8 {
			bot := fmt.Sprintf("new%d", i)
			trail := p.trail[bot]
			out.settled = append(out.settled, settled(trail))
			for k, n := range []int{5, 10, 20} {
				out.off[k] = append(out.off[k], math.Abs(trail[n-1].Mu-p.skill[bot]))
			}
		}
	}
	slices.Sort(out.settled)
	for k := range out.off {
		slices.Sort(out.off[k])
	}
	return out
}

// TestNewcomersSettle measures the rule as the arena issue asks, on bots
// of known skill: how many fights until a new bot's rating settles
// within one sigma of where it ends, and how far from its skill it
// stands after its first fights; and holds the rule to placing
// newcomers closer than random pairs do.
func TestNewcomersSettle(t *testing.T) {
	rule, random := newcomers(false), newcomers(true)
	med := func(s []float64) float64 { return s[len(s)/2] }
	for _, c := range []struct {
		name string
		p    placing
	}{{"the rule", rule}, {"random pairs", random}} {
		t.Logf("%s: settled after %d fights (median; 90th %d); |mu - skill| median %.1f after 5 fights, %.1f after 10, %.1f after 20",
			c.name, c.p.settled[len(c.p.settled)/2], c.p.settled[len(c.p.settled)*9/10], med(c.p.off[0]), med(c.p.off[1]), med(c.p.off[2]))
	}
	if med(rule.off[1]) > med(random.off[1]) {
		t.Errorf("after 10 fights the rule places newcomers farther from their skill than random pairs")
	}
}
