package arena

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/agentgames/bundle/play/ratings"
)

func ladderNear(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// ladderAt is a ladder whose bots stand at the ELO given, new otherwise.
func ladderAt(elo map[string]float64) *Ladder {
	l := &Ladder{}
	for _, b := range slices.Sorted(maps.Keys(elo)) {
		l.Standings = append(l.Standings, Standing{Bot: b, Elo: elo[b], Rating: ratings.New()})
	}
	return l
}

func cloneLadder(l *Ladder) *Ladder {
	c := &Ladder{Standings: slices.Clone(l.Standings), Applied: slices.Clone(l.Applied)}
	if l.Pairs != nil {
		c.Pairs = map[string]map[string]Pair{}
		for a, m := range l.Pairs {
			c.Pairs[a] = maps.Clone(m)
		}
	}
	return c
}

func TestK(t *testing.T) {
	for _, c := range []struct{ rating, k float64 }{
		{-50, 80}, {999.999, 80}, {1000, 50}, {1500, 50}, {1999.999, 50},
		{2000, 30}, {2400, 30}, {2400.001, 20}, {3000, 20},
	} {
		if k := K(c.rating); k != c.k {
			t.Errorf("K(%v) = %v, want %v", c.rating, k, c.k)
		}
	}
}

// The fights below are worked by hand from the card. Two ratings 400
// apart expect 1/(1+10) = 1/11 (the lower) and 10/11 (the higher); two
// equal ones expect 1/2. The wanted ELOs are Go constant expressions, so
// exact until their conversion to float64.
var handFights = []struct {
	name  string
	start map[string]float64 // bots on the ladder before the fight; others are new, at 1500
	bots  []string
	out   [][]int
	elo   []float64 // each seat's ELO after
	wdl   [][3]int  // each seat's duels won, drawn, lost
	ranks []int     // each seat's Weng-Lin place
}{
	// 1500 beats 1500: K 50, expected 1/2, so 1500 ± 50 * 1/2.
	{"duel at 1500", nil, []string{"a", "b"}, [][]int{{1}, {0}},
		[]float64{1525, 1475}, [][3]int{{1, 0, 0}, {0, 0, 1}}, []int{1, 2}},
	// 900 (K 80, expects 1/11) beats 1300 (K 50, expects 10/11):
	// 900 + 80 * 10/11 and 1300 - 50 * 10/11.
	{"below 1000", map[string]float64{"lo": 900, "mid": 1300}, []string{"lo", "mid"}, [][]int{{1}, {0}},
		[]float64{900 + 800.0/11, 1300 - 500.0/11}, [][3]int{{1, 0, 0}, {0, 0, 1}}, []int{1, 2}},
	// 2000 (K 30, not 50) loses to 2400 (K 30, not 20): 2000 - 30 * 1/11,
	// 2400 + 30 * (1 - 10/11).
	{"at 2000 and 2400", map[string]float64{"p": 2000, "q": 2400}, []string{"p", "q"}, [][]int{{0}, {1}},
		[]float64{2000 - 30.0/11, 2400 + 30.0/11}, [][3]int{{0, 0, 1}, {1, 0, 0}}, []int{2, 1}},
	// 2400 (K 30) beats 2800 (K 20): 2400 + 30 * 10/11, 2800 - 20 * 10/11.
	{"above 2400", map[string]float64{"p": 2400, "r": 2800}, []string{"r", "p"}, [][]int{{0}, {1}},
		[]float64{2800 - 200.0/11, 2400 + 300.0/11}, [][3]int{{0, 0, 1}, {1, 0, 0}}, []int{2, 1}},
	// 2500 (K 20) and 2100 (K 30) die together: 2500 + 20 * (1/2 - 10/11)
	// = 2500 - 90/11, 2100 + 30 * (1/2 - 1/11) = 2100 + 135/11.
	{"draw across bands", map[string]float64{"s": 2500, "t": 2100}, []string{"s", "t"}, [][]int{{0, 1}},
		[]float64{2500 - 90.0/11, 2100 + 135.0/11}, [][3]int{{0, 1, 0}, {0, 1, 0}}, []int{1, 1}},
	// Tron, four new bots: a and b die in round 1, c in round 3, d wins.
	// Round 1 from 1500 each: a-b draw (0 each); a and b each lose to c
	// and to d (-25 twice each; c and d +25 twice each): 1450 1450 1550
	// 1550. Round 3 from 1550 each: c loses to d: 1525 and 1575.
	{"tron of four", nil, []string{"a", "b", "c", "d"}, [][]int{{0, 1}, {2}, {3}},
		[]float64{1450, 1450, 1525, 1575}, [][3]int{{0, 1, 2}, {0, 1, 2}, {2, 0, 1}, {3, 0, 0}}, []int{3, 3, 2, 1}},
	// x at 1100 loses to y and z, at 1500 each: x moves by 2 * 50 *
	// (0 - 1/11) = -100/11, y and z each by 50 * (1 - 10/11) = +50/11.
	// Then y loses to z, equal: ∓ 25.
	{"one by one", map[string]float64{"x": 1100, "y": 1500, "z": 1500}, []string{"x", "y", "z"}, [][]int{{0}, {1}, {2}},
		[]float64{1100 - 100.0/11, 1500 + 50.0/11 - 25, 1500 + 50.0/11 + 25},
		[][3]int{{0, 0, 2}, {1, 0, 1}, {2, 0, 0}}, []int{3, 2, 1}},
	// As above, but y and z are both still in at the end: they draw, equal,
	// for 0.
	{"two winners", map[string]float64{"x": 1100, "y": 1500, "z": 1500}, []string{"x", "y", "z"}, [][]int{{0}, {1, 2}},
		[]float64{1100 - 100.0/11, 1500 + 50.0/11, 1500 + 50.0/11},
		[][3]int{{0, 0, 2}, {1, 1, 0}, {1, 1, 0}}, []int{2, 1, 1}},
	// All three die together: x draws twice, 2 * 50 * (1/2 - 1/11) =
	// +450/11; y and z each draw x, 50 * (1/2 - 10/11) = -225/11, and
	// each other, equal, for 0.
	{"all out together", map[string]float64{"x": 1100, "y": 1500, "z": 1500}, []string{"x", "y", "z"}, [][]int{{0, 1, 2}},
		[]float64{1100 + 450.0/11, 1500 - 225.0/11, 1500 - 225.0/11},
		[][3]int{{0, 2, 0}, {0, 2, 0}, {0, 2, 0}}, []int{1, 1, 1}},
	// Three at 1990 (K 50): u loses to v and w, -50 and +25 each; then
	// v and w stand at 2015, where K is 30: v loses to w, ∓ 15.
	{"K from the round's start", map[string]float64{"u": 1990, "v": 1990, "w": 1990}, []string{"u", "v", "w"}, [][]int{{0}, {1}, {2}},
		[]float64{1940, 2000, 2030}, [][3]int{{0, 0, 2}, {1, 0, 1}, {2, 0, 0}}, []int{3, 2, 1}},
}

func TestRecordByHand(t *testing.T) {
	for _, f := range handFights {
		t.Run(f.name, func(t *testing.T) {
			l := ladderAt(f.start)
			o := Outcome{Fight: "f1", Bots: f.bots, Out: f.out}
			if ok, err := l.Record(o); !ok || err != nil {
				t.Fatalf("Record: %v, %v", ok, err)
			}
			teams := make([][]ratings.Rating, len(f.bots))
			for i := range teams {
				teams[i] = []ratings.Rating{ratings.New().Drift()} // the arena's ratings drift (Tau) before each fight
			}
			wl := ratings.Rate(teams, f.ranks)
			for i, b := range f.bots {
				s, _ := l.Standing(b)
				if !ladderNear(s.Elo, f.elo[i]) || [3]int{s.Wins, s.Draws, s.Losses} != f.wdl[i] || s.Fights != 1 {
					t.Errorf("%s: ELO %v, duels %v, fights %d; want %v, %v, 1", b, s.Elo, [3]int{s.Wins, s.Draws, s.Losses}, s.Fights, f.elo[i], f.wdl[i])
				}
				if !ladderNear(s.Rating.Mu, wl[i][0].Mu) || !ladderNear(s.Rating.Sigma, wl[i][0].Sigma) {
					t.Errorf("%s: rating %+v, want %+v (place %d)", b, s.Rating, wl[i][0], f.ranks[i])
				}
			}
			// The same fight with its seats reversed, and rotated, gives
			// the same ladder, to the bit.
			n := len(f.bots)
			for _, perm := range [][]int{seatsReversed(n), seatsRotated(n)} {
				p := ladderAt(f.start)
				if _, err := p.Record(permuteSeats(o, perm)); err != nil {
					t.Fatal(err)
				}
				if d := cmp.Diff(l, p); d != "" {
					t.Errorf("seats %v: (-in order +permuted)\n%s", perm, d)
				}
			}
		})
	}
}

func seatsReversed(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = n - 1 - i
	}
	return p
}

func seatsRotated(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = (i + 1) % n
	}
	return p
}

// permuteSeats seats o's seat i at perm[i], and lists each group backwards.
func permuteSeats(o Outcome, perm []int) Outcome {
	q := Outcome{Fight: o.Fight, Bots: make([]string, len(o.Bots))}
	for i, b := range o.Bots {
		q.Bots[perm[i]] = b
	}
	for _, g := range o.Out {
		var h []int
		for _, s := range slices.Backward(g) {
			h = append(h, perm[s])
		}
		q.Out = append(q.Out, h)
	}
	return q
}

// phpDuels are duels run through botsArena's own DUEL class: src/DUEL.php
// of github.com/gnieark/botsArena at commit
// f42353f4c76d847de1a730e013fd52c798b39765 (the file last changed by
// bdee84f9ab118ab51775cfbd3857eae6027d2e50), under PHP 8.2.36 (Debian's
// php-cli), by phpDriver:
//
//	go test ./play/arena -run TestDuelPHPRun -v
//
// logs them as below, from testdata/botsarena/DUEL.php (copied unchanged,
// a test fixture under the GPL-3.0 beside its text). Each duel is r1 against r2, r1 scoring
// score; k1 and k2 are get_k's answers, rank1 and rank2 the DUEL's after
// the duel, and back DUEL(r2, r1)'s rank1 after 1 - score: r2 moved from
// r1 as it stood before the duel. DUEL moves rank2 from rank1 after the
// duel, so rank2 is not what Record answers (the design, and Record, move
// both sides from the ratings before the duel, so that the order of the
// two does not matter): it is r2 facing rank1.
var phpDuels = []struct{ r1, r2, score, k1, k2, rank1, rank2, back float64 }{
	{1500, 1500, 1, 50, 50, 1525, 1476.7957963472552, 1475},
	{2000, 2400, 0, 30, 30, 1997.2727272727273, 2402.6885976713024, 2402.7272727272725},
	{900, 1300, 1, 80, 50, 972.7272727272727, 1256.596887215571, 1254.5454545454545},
	{2500, 2100, 0.5, 20, 30, 2491.818181818182, 2112.1536828672074, 2112.2727272727275},
	{2400, 2800, 1, 30, 20, 2427.2727272727275, 2782.0948795839004, 2781.818181818182},
	{1234.5, 1876.25, 0, 50, 50, 1233.2868138155472, 1877.4549466855221, 1877.4631861844528},
	{999.9, 1000, 0.5, 80, 50, 999.911512925147, 999.993632843279, 999.992804421783},
	{1999, 2401, 1, 50, 20, 2044.5018959905758, 2383.276669902752, 2382.7992416037696},
	{1500, 1100, 0, 50, 50, 1454.5454545454545, 1144.2513849078828, 1145.4545454545455},
	{3000, 700, 0, 20, 80, 2980.0000355655247, 779.999840379366, 779.9998577379001},
}

// phpDriver runs the DUEL class named by its argument over the duels on
// its input, one "r1 r2 score" a line, printing a JSON line a duel:
// [k1, k2, rank1, rank2, back].
const phpDriver = `<?php
ini_set('serialize_precision', '-1');
require $argv[1];
$k = new ReflectionMethod('DUEL', 'get_k');
$k->setAccessible(true);
$play = function ($d, $s) {
  if ($s == 1) $d->oneWinsAgainstTwo(); elseif ($s == 0) $d->twoWinsAgainstOne(); else $d->drawGame();
};
while (($line = fgets(STDIN)) !== false) {
  [$r1, $r2, $s] = array_map('floatval', explode(' ', trim($line)));
  $f = new DUEL($r1, $r2); $play($f, $s);
  $b = new DUEL($r2, $r1); $play($b, 1 - $s);
  echo json_encode([$k->invoke($f, $r1), $k->invoke($f, $r2), $f->rank1, $f->rank2, $b->rank1]), "\n";
}
`

func TestDuelPHP(t *testing.T) {
	for _, d := range phpDuels {
		if K(d.r1) != d.k1 || K(d.r2) != d.k2 {
			t.Errorf("%v vs %v: K %v and %v, DUEL's %v and %v", d.r1, d.r2, K(d.r1), K(d.r2), d.k1, d.k2)
		}
		if e := d.score - (d.rank1-d.r1)/d.k1; !ladderNear(eloExpected(d.r1, d.r2), e) {
			t.Errorf("%v vs %v: expected %v, DUEL's %v", d.r1, d.r2, eloExpected(d.r1, d.r2), e)
		}
		if sequential := d.r2 + K(d.r2)*(1-d.score-eloExpected(d.r2, d.rank1)); !ladderNear(sequential, d.rank2) {
			t.Errorf("%v vs %v: r2 facing rank1 %v, DUEL's rank2 %v", d.r1, d.r2, sequential, d.rank2)
		}
		l := ladderAt(map[string]float64{"one": d.r1, "two": d.r2})
		out := map[float64][][]int{1: {{1}, {0}}, 0.5: {{0, 1}}, 0: {{0}, {1}}}[d.score]
		if _, err := l.Record(Outcome{Fight: "f", Bots: []string{"one", "two"}, Out: out}); err != nil {
			t.Fatal(err)
		}
		one, _ := l.Standing("one")
		two, _ := l.Standing("two")
		if !ladderNear(one.Elo, d.rank1) || !ladderNear(two.Elo, d.back) {
			t.Errorf("%v vs %v scoring %v: %v and %v, DUEL's %v and %v", d.r1, d.r2, d.score, one.Elo, two.Elo, d.rank1, d.back)
		}
	}
}

// TestDuelPHPRun runs botsArena's own DUEL class (testdata/botsarena)
// under php and holds it to phpDuels. Without php it is skipped, unless
// E2E_REQUIRED is set, as make test sets it (scripts/prereqs installs
// php-cli).
func TestDuelPHPRun(t *testing.T) {
	file := "testdata/botsarena/DUEL.php"
	if _, err := exec.LookPath("php"); err != nil {
		if os.Getenv("E2E_REQUIRED") != "" {
			t.Fatal("php is not on PATH: apt-get install php-cli")
		}
		t.Skip("no php on PATH")
	}
	var in strings.Builder
	for _, d := range phpDuels {
		fmt.Fprintf(&in, "%v %v %v\n", d.r1, d.r2, d.score)
	}
	cmd := exec.Command("php", "-r", strings.TrimPrefix(phpDriver, "<?php\n"), "--", file)
	cmd.Stdin = strings.NewReader(in.String())
	got, err := cmd.Output()
	if err != nil {
		t.Fatalf("php: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(got)), "\n")
	if len(lines) != len(phpDuels) {
		t.Fatalf("php answered %d lines for %d duels:\n%s", len(lines), len(phpDuels), got)
	}
	for i, line := range lines {
		var v [5]float64
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		d := phpDuels[i]
		t.Logf("{%v, %v, %v, %v, %v, %v, %v, %v},", d.r1, d.r2, d.score, v[0], v[1], v[2], v[3], v[4])
		want := [5]float64{d.k1, d.k2, d.rank1, d.rank2, d.back}
		for j := range v {
			if !ladderNear(v[j], want[j]) {
				t.Errorf("duel %d: DUEL answers %v, recorded %v", i, v, want)
				break
			}
		}
	}
}

func TestRecordOnce(t *testing.T) {
	var l Ladder
	o := Outcome{Fight: "f0", Bots: []string{"a", "b"}, Out: [][]int{{0}, {1}}}
	if ok, err := l.Record(o); !ok || err != nil {
		t.Fatalf("first Record: %v, %v", ok, err)
	}
	before := cloneLadder(&l)
	if ok, err := l.Record(o); ok || err != nil {
		t.Errorf("second Record: %v, %v; want false, nil", ok, err)
	}
	if d := cmp.Diff(before, &l); d != "" {
		t.Errorf("a fight applied twice changed the ladder (-before +after)\n%s", d)
	}
	var codes []string
	for i := range MaxApplied + 10 {
		codes = append(codes, fmt.Sprint("g", i))
		if _, err := l.Record(Outcome{Fight: codes[i], Bots: []string{"a", "b"}, Out: [][]int{{i % 2}, {1 - i%2}}}); err != nil {
			t.Fatal(err)
		}
	}
	if d := cmp.Diff(codes[10:], l.Applied); d != "" {
		t.Errorf("Applied keeps the last %d codes (-want +got)\n%s", MaxApplied, d)
	}
	if s, _ := l.Standing("a"); s.Fights != MaxApplied+11 {
		t.Errorf("a played %d fights, want %d", s.Fights, MaxApplied+11)
	}
}

func TestRecordRefuses(t *testing.T) {
	l := ladderAt(map[string]float64{"a": 1600, "b": 1400})
	if _, err := l.Record(Outcome{Fight: "f0", Bots: []string{"a", "b", "c"}, Out: [][]int{{2}, {0, 1}}}); err != nil {
		t.Fatal(err)
	}
	ab := []string{"a", "b"}
	for _, c := range []struct {
		name string
		o    Outcome
	}{
		{"no code", Outcome{Bots: ab, Out: [][]int{{0}, {1}}}},
		{"no seat", Outcome{Fight: "f1"}},
		{"one seat", Outcome{Fight: "f1", Bots: []string{"a"}, Out: [][]int{{0}}}},
		{"a bot twice", Outcome{Fight: "f1", Bots: []string{"a", "b", "a"}, Out: [][]int{{0}, {1}, {2}}}},
		{"an empty id", Outcome{Fight: "f1", Bots: []string{"a", ""}, Out: [][]int{{0}, {1}}}},
		{"a seat in no group", Outcome{Fight: "f1", Bots: ab, Out: [][]int{{0}}}},
		{"no group", Outcome{Fight: "f1", Bots: ab}},
		{"a seat in two groups", Outcome{Fight: "f1", Bots: ab, Out: [][]int{{0}, {1, 0}}}},
		{"a seat twice in a group", Outcome{Fight: "f1", Bots: ab, Out: [][]int{{0, 0}, {1}}}},
		{"an empty group", Outcome{Fight: "f1", Bots: ab, Out: [][]int{{0}, {}, {1}}}},
		{"a seat past the last", Outcome{Fight: "f1", Bots: ab, Out: [][]int{{0}, {1, 2}}}},
		{"a negative seat", Outcome{Fight: "f1", Bots: ab, Out: [][]int{{-1}, {0, 1}}}},
	} {
		before := cloneLadder(l)
		if ok, err := l.Record(c.o); ok || err == nil {
			t.Errorf("%s: Record answered %v, %v; want an error", c.name, ok, err)
		}
		if d := cmp.Diff(before, l); d != "" {
			t.Errorf("%s: a refused outcome changed the ladder (-before +after)\n%s", c.name, d)
		}
	}
}

func TestRemove(t *testing.T) {
	var l Ladder
	for i, out := range [][][]int{{{0}, {1, 2}}, {{2}, {0}, {1}}} {
		if _, err := l.Record(Outcome{Fight: fmt.Sprint(i), Bots: []string{"a", "b", "c"}, Out: out}); err != nil {
			t.Fatal(err)
		}
	}
	before := cloneLadder(&l)
	l.Remove("nobody")
	if d := cmp.Diff(before, &l); d != "" {
		t.Errorf("removing a bot not there changed the ladder\n%s", d)
	}
	l.Remove("b")
	want := cloneLadder(before)
	want.Standings = slices.Delete(want.Standings, 1, 2)
	want.Pairs = map[string]map[string]Pair{"a": {"c": before.Pairs["a"]["c"]}, "c": {"a": before.Pairs["c"]["a"]}}
	if d := cmp.Diff(want, &l); d != "" {
		t.Errorf("Remove(b) (-want +got)\n%s", d)
	}
	if want := (Pair{Wins: 1, Losses: 1}); l.Pairs["a"]["c"] != want {
		t.Errorf("a against c: %+v, want %+v", l.Pairs["a"]["c"], want)
	}
	l.Remove("a")
	if len(l.Pairs) != 0 || len(l.Standings) != 1 {
		t.Errorf("with c alone: %+v", l)
	}
}

func TestRankedOrder(t *testing.T) {
	l := &Ladder{Standings: []Standing{
		{Bot: "a", Elo: 1500, Rating: ratings.Rating{Mu: 25, Sigma: 8}},
		{Bot: "b", Elo: 1600, Rating: ratings.Rating{Mu: 20, Sigma: 8}},
		{Bot: "c", Elo: 1500, Rating: ratings.Rating{Mu: 26, Sigma: 8}},
		{Bot: "d", Elo: 1500, Rating: ratings.Rating{Mu: 25, Sigma: 8}},
	}}
	var got []string
	for _, s := range l.Ranked() {
		got = append(got, s.Bot)
	}
	if d := cmp.Diff([]string{"b", "c", "a", "d"}, got); d != "" {
		t.Errorf("Ranked (-want +got)\n%s", d)
	}
	if l.Standings[0].Bot != "a" {
		t.Error("Ranked reordered the ladder's standings")
	}
}

// randomOutcome seats 2 to 6 of bots, in order, and lets them out in
// random groups.
func randomOutcome(r *rand.Rand, code string, bots []string) Outcome {
	n := 2 + r.IntN(5)
	o := Outcome{Fight: code}
	for _, i := range r.Perm(len(bots))[:n] {
		o.Bots = append(o.Bots, bots[i])
	}
	var g []int
	for _, s := range r.Perm(n) {
		if len(g) > 0 && r.IntN(3) == 0 {
			o.Out, g = append(o.Out, g), nil
		}
		g = append(g, s)
	}
	o.Out = append(o.Out, g)
	return o
}

// checkLadder holds a ladder to what every one keeps: standings sorted
// by bot id, with finite ratings, duel wins matching losses, and every
// pair's record mirrored.
func checkLadder(t *testing.T, l *Ladder) {
	t.Helper()
	wins, losses, draws := 0, 0, 0
	for i, s := range l.Standings {
		if i > 0 && l.Standings[i-1].Bot >= s.Bot {
			t.Fatalf("standings out of order: %q then %q", l.Standings[i-1].Bot, s.Bot)
		}
		if math.IsNaN(s.Elo) || math.IsInf(s.Elo, 0) || math.IsNaN(s.Rating.Mu) || math.IsNaN(s.Rating.Sigma) {
			t.Fatalf("%s: %+v", s.Bot, s)
		}
		wins, losses, draws = wins+s.Wins, losses+s.Losses, draws+s.Draws
	}
	if wins != losses || draws%2 != 0 {
		t.Fatalf("duels won %d, lost %d, drawn %d", wins, losses, draws)
	}
	for a, m := range l.Pairs {
		for b, p := range m {
			if q := l.Pairs[b][a]; q != (Pair{Wins: p.Losses, Draws: p.Draws, Losses: p.Wins}) {
				t.Fatalf("%s against %s %+v, mirrored by %+v", a, b, p, q)
			}
		}
	}
	if len(l.Applied) > MaxApplied {
		t.Fatalf("%d codes applied", len(l.Applied))
	}
}

func TestRecordProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	bots := []string{"a", "b", "c", "d", "e", "f", "g", "house:wise"}
	var l Ladder
	fights, together := map[string]int{}, map[[2]string]int{}
	balanced := 0
	for i := range 2000 {
		o := randomOutcome(r, fmt.Sprint("f", i), bots)
		if i > 0 && r.IntN(10) == 0 {
			o.Fight = l.Applied[r.IntN(len(l.Applied))]
		}
		before := cloneLadder(&l)
		ok, err := l.Record(o)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			if d := cmp.Diff(before, &l); d != "" {
				t.Fatalf("fight %s again changed the ladder\n%s", o.Fight, d)
			}
			continue
		}
		checkLadder(t, &l)
		other := cloneLadder(before)
		if _, err := other.Record(permuteSeats(o, r.Perm(len(o.Bots)))); err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(&l, other); d != "" {
			t.Fatalf("fight %+v with its seats shuffled (-in order +shuffled)\n%s", o, d)
		}
		// Between bots of one K band from start to end (a bot's ELO
		// moves at most 50 a duel), every duel's changes cancel out.
		margin, sum, inBand := 50*float64(len(o.Bots)-1), 0.0, true
		for _, b := range o.Bots {
			s, _ := before.Standing(b)
			if s.Bot == "" {
				s.Elo = StartElo
			}
			after, _ := l.Standing(b)
			sum += after.Elo - s.Elo
			inBand = inBand && s.Elo >= 1000+margin && s.Elo < 2000-margin
			fights[b]++
			for _, c := range o.Bots {
				together[[2]string{b, c}]++
			}
		}
		if inBand {
			balanced++
			if !ladderNear(sum, 0) {
				t.Fatalf("fight %+v: ELO changes add up to %v", o, sum)
			}
		}
	}
	if balanced < 1000 {
		t.Errorf("only %d fights checked for balance", balanced)
	}
	for _, s := range l.Standings {
		if s.Fights != fights[s.Bot] {
			t.Errorf("%s played %d fights, counted %d", s.Bot, fights[s.Bot], s.Fights)
		}
		for b, p := range l.Pairs[s.Bot] {
			if n := together[[2]string{s.Bot, b}]; p.Wins+p.Draws+p.Losses != n {
				t.Errorf("%s against %s: %+v in %d fights together", s.Bot, b, p, n)
			}
		}
	}
	ranked := l.Ranked()
	for i := 1; i < len(ranked); i++ {
		if ranked[i-1].Elo < ranked[i].Elo {
			t.Errorf("Ranked puts %v before %v", ranked[i-1], ranked[i])
		}
	}
}

// FuzzRecord builds an outcome from the fuzz bytes: the first picks the
// fight's code among four, the second the number of seats, one byte a
// seat names its bot (a few ids, the empty one included), and then each
// byte a seat (-1 to past the last) joining the group, or starting the
// next one when its top bit is set.
func FuzzRecord(f *testing.F) {
	f.Add([]byte{2, 2, 1, 2, 1, 0x82})                // f1: a, b; a out first
	f.Add([]byte{3, 4, 1, 2, 3, 4, 1, 2, 0x83, 0x84}) // f2: a, b, c, house:wise; the Tron of four
	f.Add([]byte{1, 2, 1, 2, 1, 0x82})                // f0 again
	f.Add([]byte{2, 3, 1, 1, 2, 1, 2, 3})             // a twice
	f.Add([]byte{2, 2, 1, 2, 0, 0x83})                // seats -1 and 2
	f.Fuzz(func(t *testing.T, data []byte) {
		l := ladderAt(map[string]float64{"a": 900, "b": 2450})
		if _, err := l.Record(Outcome{Fight: "f0", Bots: []string{"a", "b"}, Out: [][]int{{1}, {0}}}); err != nil {
			t.Fatal(err)
		}
		next := func() (byte, bool) {
			if len(data) == 0 {
				return 0, false
			}
			b := data[0]
			data = data[1:]
			return b, true
		}
		code, _ := next()
		n, _ := next()
		o := Outcome{Fight: []string{"", "f0", "f1", "f2"}[code%4]}
		for range n % 9 {
			b, _ := next()
			o.Bots = append(o.Bots, []string{"", "a", "b", "c", "house:wise", "d"}[b%6])
		}
		var g []int
		for b, ok := next(); ok; b, ok = next() {
			if b&0x80 != 0 && g != nil {
				o.Out, g = append(o.Out, g), nil
			}
			g = append(g, int(b&0x7f)%(len(o.Bots)+2)-1)
		}
		if g != nil {
			o.Out = append(o.Out, g)
		}
		before := cloneLadder(l)
		ok, err := l.Record(o)
		if err != nil || !ok {
			if d := cmp.Diff(before, l); d != "" {
				t.Fatalf("Record(%+v) answered %v, %v and changed the ladder\n%s", o, ok, err, d)
			}
			return
		}
		checkLadder(t, l)
		if l.Applied[len(l.Applied)-1] != o.Fight {
			t.Fatalf("Applied %v after %q", l.Applied, o.Fight)
		}
	})
}
