package tron_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/agentgames/bundle/engines/rng"
	"github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/engines/tron/bots"
)

// policy chooses cycle p's direction.
type policy func(s *tron.State, p int) tron.Dir

// randomPolicy takes a random direction one time in blunder (never when
// blunder is 0), else a random one among those whose target is free (any
// when none is).
func randomPolicy(r *rand.Rand, blunder int) policy {
	return func(s *tron.State, p int) tron.Dir {
		if blunder > 0 && r.IntN(blunder) == 0 {
			return tron.Dir(r.IntN(4))
		}
		h := s.Head(p)
		var free []tron.Dir
		for d := range tron.Dir(4) {
			if x, y := tron.Step(h.X, h.Y, d); s.Free(x, y) {
				free = append(free, d)
			}
		}
		if len(free) == 0 {
			return tron.Dir(r.IntN(4))
		}
		return free[r.IntN(len(free))]
	}
}

// easyPolicy is the package bots' Easy, with the stream its signature asks
// for.
func easyPolicy(seed uint64) policy {
	rs := rng.New(seed, 7)
	return func(s *tron.State, p int) tron.Dir { return bots.Easy(s, p, &rs) }
}

// facts is what the public API shows of a match, but for its cells.
type facts struct {
	seed                                  uint64
	width, height, players, round, living int
	over                                  bool
	alive                                 [tron.MaxPlayers]bool
	died, rank                            [tron.MaxPlayers]int
}

// view is what the public API shows of a match.
type view struct {
	facts
	trails [tron.MaxPlayers][]tron.Cell
	owners []int
}

func viewOf(s *tron.State) view {
	v := view{facts: facts{seed: s.Seed(), width: s.Width(), height: s.Height(), players: s.Players(),
		round: s.Round(), living: s.Living(), over: s.Over()}}
	for p := range s.Players() {
		v.alive[p], v.died[p], v.rank[p], v.trails[p] = s.Alive(p), s.Died(p), s.Rank(p), s.Trail(p)
	}
	for y := range s.Height() {
		for x := range s.Width() {
			v.owners = append(v.owners, s.Owner(x, y))
		}
	}
	return v
}

func (v view) equal(u view) bool {
	for p := range tron.MaxPlayers {
		if !slices.Equal(v.trails[p], u.trails[p]) {
			return false
		}
	}
	return v.facts == u.facts && slices.Equal(v.owners, u.owners)
}

// checkRound fails the test unless the match s, just after a round that
// died answered and that was played from alive, is consistent: Living and
// Over agree with Alive; a living cycle never died and its trail holds
// Round+1 cells (it grew every round), head first, a 4-connected path on
// the grid each of whose cells is marked with its owner; a dead cycle's
// trail is empty and it died in 1..Round, in this round exactly when died
// lists it; no other cell is marked; Free agrees with Owner and refuses
// cells off the grid; and the match is within its bound (every round
// starts with two living trails of Round cells each, so 2 x Round fits in
// the grid).
func checkRound(t *testing.T, s *tron.State, alive [tron.MaxPlayers]bool, died []int) {
	t.Helper()
	w, h := s.Width(), s.Height()
	living, cells := 0, 0
	for p := range s.Players() {
		tr := s.Trail(p)
		if !s.Alive(p) {
			if len(tr) != 0 || s.Died(p) < 1 || s.Died(p) > s.Round() {
				t.Fatalf("round %d: dead cycle %d has trail %v, died in round %d", s.Round(), p, tr, s.Died(p))
			}
			if inRound := alive[p]; inRound != slices.Contains(died, p) || inRound != (s.Died(p) == s.Round()) {
				t.Fatalf("round %d: cycle %d died in round %d, Play answered %v", s.Round(), p, s.Died(p), died)
			}
			continue
		}
		living++
		if !alive[p] || slices.Contains(died, p) || s.Died(p) != 0 || len(tr) != s.Round()+1 || s.Head(p) != tr[0] || s.Rank(p) != 1 {
			t.Fatalf("round %d: living cycle %d: was alive %v, died %d, %d cells, head %v, trail head %v, rank %d",
				s.Round(), p, alive[p], s.Died(p), len(tr), s.Head(p), tr[0], s.Rank(p))
		}
		for i, c := range tr {
			if c.X < 0 || c.Y < 0 || c.X >= w || c.Y >= h || s.Owner(c.X, c.Y) != p {
				t.Fatalf("round %d: cycle %d's cell %v is off the grid or not its own", s.Round(), p, c)
			}
			if i > 0 {
				if dx, dy := c.X-tr[i-1].X, c.Y-tr[i-1].Y; dx*dx+dy*dy != 1 {
					t.Fatalf("round %d: cycle %d's trail jumps from %v to %v", s.Round(), p, tr[i-1], c)
				}
			}
		}
		cells += len(tr)
	}
	marked := 0
	for y := range h {
		for x := range w {
			o := s.Owner(x, y)
			if o < -1 || o >= s.Players() || s.Free(x, y) != (o == -1) {
				t.Fatalf("round %d: cell (%d,%d) owner %d, free %v", s.Round(), x, y, o, s.Free(x, y))
			}
			if o >= 0 {
				marked++
			}
		}
	}
	if marked != cells {
		t.Fatalf("round %d: %d cells marked, living trails hold %d", s.Round(), marked, cells)
	}
	for _, c := range []tron.Cell{{-1, 0}, {0, -1}, {w, 0}, {0, h}, {w - 1, h}, {w, h - 1}} {
		if s.Free(c.X, c.Y) {
			t.Fatalf("off-grid cell %v is free", c)
		}
	}
	if s.Living() != living || s.Over() != (living < 2) {
		t.Fatalf("round %d: Living %d, Over %v, %d cycles alive", s.Round(), s.Living(), s.Over(), living)
	}
	if 2*s.Round() > w*h {
		t.Fatalf("round %d on a %dx%d grid", s.Round(), w, h)
	}
}

// roundTrip fails the test unless s encodes to bytes that decode to a
// match showing the same through the public API and encoding to the same
// bytes. It answers the encoding.
func roundTrip(t testing.TB, s *tron.State) []byte {
	t.Helper()
	b, err := s.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var u tron.State
	if err := u.UnmarshalBinary(b); err != nil {
		t.Fatalf("seed %d round %d: %v", s.Seed(), s.Round(), err)
	}
	if !viewOf(&u).equal(viewOf(s)) {
		t.Fatalf("seed %d round %d: decodes to\n%+v\nwant\n%+v", s.Seed(), s.Round(), viewOf(&u), viewOf(s))
	}
	again, err := u.MarshalBinary()
	if err != nil || !bytes.Equal(again, b) {
		t.Fatalf("seed %d round %d: encodes again as %x (%v), was %x", s.Seed(), s.Round(), again, err, b)
	}
	return b
}

// run plays a match to its end with one policy per cycle, checking it
// after every round with checkRound when check is set, and its encoding at
// rounds 0, 1, every 97th and the last. It answers the final encoding.
func run(t *testing.T, s *tron.State, pols []policy, check bool) []byte {
	t.Helper()
	roundTrip(t, s)
	for !s.Over() {
		var m [tron.MaxPlayers]tron.Dir
		var alive [tron.MaxPlayers]bool
		for p := range s.Players() {
			if alive[p] = s.Alive(p); alive[p] {
				m[p] = pols[p](s, p)
			}
		}
		died := s.Play(m)
		if check {
			checkRound(t, s, alive, died)
		}
		if s.Round() == 1 || s.Round()%97 == 0 {
			roundTrip(t, s)
		}
		if s.Round() > s.Width()*s.Height() {
			t.Fatalf("seed %d: %d rounds on a %dx%d grid", s.Seed(), s.Round(), s.Width(), s.Height())
		}
	}
	return roundTrip(t, s)
}

// TestRandomPlay plays 200 seeds for each count of players and grid side
// 5, 7, 20 and 100 with random policies, from reckless (every direction
// at random) to careful (a random free direction whenever there is one),
// and checks the invariants of checkRound after every round, that every
// match ends, and that the encoding round-trips along the way; the
// encoding of a whole 100x100 match stays under 4 KB, the documented bound.
func TestRandomPlay(t *testing.T) {
	const limit = 4000
	largest, rounds := 0, 0
	for _, side := range []int{5, 7, 20, 100} {
		for players := tron.MinPlayers; players <= tron.MaxPlayers; players++ {
			for seed := range uint64(200) {
				s, err := tron.New(seed, side, side, players)
				if err != nil {
					t.Fatal(err)
				}
				r := rand.New(rand.NewPCG(seed, uint64(side*10+players)))
				blunder := []int{1, 4, 64, 0}[seed%4]
				pols := make([]policy, players)
				for p := range pols {
					pols[p] = randomPolicy(r, blunder)
				}
				b := run(t, s, pols, true)
				if side == 100 {
					if len(b) > limit {
						t.Errorf("seed %d, %d players: %d rounds encode in %d bytes", seed, players, s.Round(), len(b))
					}
					largest, rounds = max(largest, len(b)), max(rounds, s.Round())
				}
			}
		}
	}
	t.Logf("random 100x100 matches: largest encoding %d bytes, longest match %d rounds", largest, rounds)
}

// TestEasyPlay plays long 100x100 matches of the package bots' Easy
// against itself, 2 to 4 cycles, checking every round, the encoding along
// the way and its size at the end, under the documented 4 KB.
func TestEasyPlay(t *testing.T) {
	const limit = 4000
	type longest struct {
		seed           uint64
		players, round int
		size           int
	}
	var top longest
	for players := tron.MinPlayers; players <= tron.MaxPlayers; players++ {
		for seed := range uint64(20) {
			s, err := tron.New(seed, 100, 100, players)
			if err != nil {
				t.Fatal(err)
			}
			pols := make([]policy, players)
			for p := range pols {
				pols[p] = easyPolicy(seed)
			}
			b := run(t, s, pols, seed%5 == 0)
			if len(b) > limit {
				t.Errorf("seed %d, %d players: %d rounds encode in %d bytes", seed, players, s.Round(), len(b))
			}
			if s.Round() > top.round {
				top = longest{seed, players, s.Round(), len(b)}
			}
		}
	}
	t.Logf("longest Easy match: seed %d, %d players, %d rounds, %d bytes", top.seed, top.players, top.round, top.size)
}

// filler is a space-filling policy: among the free targets, the one whose
// free region (4-connected, as labels has it) is largest, less a penalty
// when another living head is next to it (a clash); then the one with the
// fewest free neighbours (hugging walls and trails); then the arena's order.
func filler(labels func() ([]int, []int)) policy {
	return func(s *tron.State, p int) tron.Dir {
		region, size := labels()
		h := s.Head(p)
		best, bestScore, bestNear := tron.XPlus, -1<<30, 5
		for d := range tron.Dir(4) {
			x, y := tron.Step(h.X, h.Y, d)
			if !s.Free(x, y) {
				continue
			}
			score := size[region[y*s.Width()+x]]
			for q := range s.Players() {
				if q == p || !s.Alive(q) {
					continue
				}
				if o := s.Head(q); abs(o.X-x)+abs(o.Y-y) == 1 {
					score -= s.Width() * s.Height() / 2
				}
			}
			near := 0
			for e := range tron.Dir(4) {
				if a, b := tron.Step(x, y, e); s.Free(a, b) {
					near++
				}
			}
			if score > bestScore || score == bestScore && near < bestNear {
				best, bestScore, bestNear = d, score, near
			}
		}
		return best
	}
}

func abs(a int) int {
	if a < 0 {
		return -a
	}
	return a
}

// regions labels the free cells of s by 4-connected region (from 1; 0 for
// a taken cell) and answers each label's size, computed once per round.
func regions(s *tron.State) func() ([]int, []int) {
	round := -1
	var region, size []int
	return func() ([]int, []int) {
		if s.Round() == round {
			return region, size
		}
		round = s.Round()
		w, h := s.Width(), s.Height()
		region, size = make([]int, w*h), []int{0}
		var stack []int
		for i := range region {
			if region[i] != 0 || !s.Free(i%w, i/w) {
				continue
			}
			id := len(size)
			size = append(size, 0)
			region[i] = id
			stack = append(stack[:0], i)
			for len(stack) > 0 {
				c := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				size[id]++
				for d := range tron.Dir(4) {
					x, y := tron.Step(c%w, c/w, d)
					if s.Free(x, y) && region[y*w+x] == 0 {
						region[y*w+x] = id
						stack = append(stack, y*w+x)
					}
				}
			}
		}
		return region, size
	}
}

// TestLongMatchEncoding plays a 100x100 match of 4 space-filling cycles
// (seed 16, found by trying seeds 0 to 29) and checks its encoding against
// the bound MarshalBinary's comment gives: erased trails free their cells
// for the living, so the moves of a match are bounded by the cells only per
// round (at the start of round r the k living trails hold k x r cells), and
// the moves can reach about 1.58 x width x height: under 4 KB at 100x100.
func TestLongMatchEncoding(t *testing.T) {
	const limit = 4000
	s, err := tron.New(16, 100, 100, 4)
	if err != nil {
		t.Fatal(err)
	}
	labels := regions(s)
	pols := slices.Repeat([]policy{filler(labels)}, 4)
	b := run(t, s, pols, false)
	moves := 0
	for p := range s.Players() {
		if s.Alive(p) {
			moves += s.Round()
		} else {
			moves += s.Died(p)
		}
	}
	var died []string
	for p := range s.Players() {
		died = append(died, fmt.Sprint(s.Died(p)))
	}
	t.Logf("%d rounds, died in rounds %v, %d moves, %d bytes", s.Round(), died, moves, len(b))
	if len(b) > limit {
		t.Errorf("a legal 100x100 match of %d rounds and %d moves encodes in %d bytes, over %d", s.Round(), moves, len(b), limit)
	}
}
