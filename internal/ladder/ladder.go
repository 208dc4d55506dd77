// Package ladder measures a game's built-in bots against each other: every
// bot plays every other over seeded matches, seats turning so that no seat
// or opening favours either, and the results are counted with their 95 %
// intervals and rated by the model the boards of ratings use. cmd/ladder
// prints it; the docs quote it.
package ladder

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"math"
	"runtime"
	"slices"
	"sync"

	"github.com/agentgames/bundle/play/ratings"
)

// Game plays matches between bots.
type Game interface {
	// Bots names the bots, in the order the table lists them.
	Bots() []string
	// Match plays one match from seed with the named bot in each seat and
	// answers every seat's place (1 the best; seats that tie share it).
	Match(seed uint64, seats []string) ([]int, error)
}

// Line is one pairing's results: Bot's matches against Rivals (one of
// each seat but Bot's; several copies of one bot, or a mix).
type Line struct {
	Bot, Rivals                 string
	Wins, Draws, Losses         int
	WinRate, DrawRate, LossRate Interval
}

// Matches is the number of matches the line counts.
func (l Line) Matches() int { return l.Wins + l.Draws + l.Losses }

// Interval is a proportion and its 95 % Wilson score interval.
type Interval struct{ P, Low, High float64 }

// Wilson is k successes of n as a proportion with its 95 % Wilson score
// interval (which, unlike the normal one, stays within 0 and 1 and holds
// for proportions near them).
func Wilson(k, n int) Interval {
	if n == 0 {
		return Interval{0, 0, 1}
	}
	const z = 1.959963984540054
	p, fn := float64(k)/float64(n), float64(n)
	d := 1 + z*z/fn
	c := (p + z*z/(2*fn)) / d
	h := z * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn)) / d
	return Interval{p, max(0, c-h), min(1, c+h)}
}

// Ladder is a whole run: every line, and every bot's rating from all the
// matches played, taken seed by seed across the lines.
type Ladder struct {
	Players, Matches int
	Lines            []Line
	Ratings          map[string]ratings.Rating
}

// Run plays, for players seats, matches seeded matches of every bot
// against each other bot (players-1 copies of it), then, with more than
// two seats, of every bot against a mix of the others (the others in
// turn, match m's k-th rival the (m+k)-th of them); seat s of match m
// goes to the measured bot when m % players == s. It spreads the matches
// over the machine's cores; the results depend on the seeds alone.
func Run(g Game, players, matches int) (*Ladder, error) {
	names := g.Bots()
	type job struct {
		line  int
		seed  uint64
		seats []string
		hero  int
	}
	l := &Ladder{Players: players, Matches: matches, Ratings: map[string]ratings.Rating{}}
	var jobs []job
	add := func(bot string, rivals []string, label string) {
		for m := range matches {
			hero := m % players
			seats := make([]string, 0, players)
			for s, k := 0, 0; s < players; s++ {
				if s == hero {
					seats = append(seats, bot)
				} else {
					seats = append(seats, rivals[(m+k)%len(rivals)])
					k++
				}
			}
			jobs = append(jobs, job{len(l.Lines), uint64(m), seats, hero})
		}
		l.Lines = append(l.Lines, Line{Bot: bot, Rivals: label})
	}
	for _, a := range names {
		for _, b := range names {
			if a == b {
				continue
			}
			label := b
			if players > 2 {
				label = fmt.Sprintf("%d %s", players-1, b)
			}
			add(a, []string{b}, label)
		}
	}
	if players > 2 && len(names) > 2 {
		for _, a := range names {
			var others []string
			for _, b := range names {
				if b != a {
					others = append(others, b)
				}
			}
			add(a, others, "mixed")
		}
	}
	places := make([][]int, len(jobs))
	errs := make([]error, len(jobs))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.NumCPU() {
		wg.Go(func() {
			for i := range next {
				places[i], errs[i] = g.Match(jobs[i].seed, jobs[i].seats)
			}
		})
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, j := range jobs {
		if errs[i] != nil {
			return nil, fmt.Errorf("ladder: %v seed %d: %w", j.seats, j.seed, errs[i])
		}
		line := &l.Lines[j.line]
		switch outcome(places[i], j.hero) {
		case win:
			line.Wins++
		case draw:
			line.Draws++
		default:
			line.Losses++
		}
	}
	// Ratings move match by match, seed by seed across the lines, so that
	// no pairing weighs more for coming first.
	for m := range matches {
		for line := range l.Lines {
			i := line*matches + m
			l.rate(jobs[i].seats, places[i])
		}
	}
	for i := range l.Lines {
		line := &l.Lines[i]
		n := line.Matches()
		line.WinRate, line.DrawRate, line.LossRate = Wilson(line.Wins, n), Wilson(line.Draws, n), Wilson(line.Losses, n)
	}
	return l, nil
}

type result uint8

const (
	win result = iota
	draw
	loss
)

// outcome is what places mean for seat: a win placed 1st alone, a draw
// sharing 1st place.
func outcome(places []int, seat int) result {
	if places[seat] != 1 {
		return loss
	}
	for s, p := range places {
		if s != seat && p == 1 {
			return draw
		}
	}
	return win
}

// rate moves the ratings of the bots of one match, in the order the
// matches were listed, each bot of the match one player (copies of a bot
// are rated as one, from the rating before the match, their changes
// added).
func (l *Ladder) rate(seats []string, places []int) {
	teams := make([][]ratings.Rating, len(seats))
	for i, b := range seats {
		r, ok := l.Ratings[b]
		if !ok {
			r = ratings.New()
		}
		teams[i] = []ratings.Rating{r}
	}
	after := ratings.Rate(teams, places)
	next := map[string]ratings.Rating{}
	for i, b := range seats {
		before := teams[i][0]
		r, ok := next[b]
		if !ok {
			r = before
		}
		r.Mu += after[i][0].Mu - before.Mu
		r.Sigma *= after[i][0].Sigma / before.Sigma
		next[b] = r
	}
	for b, r := range next {
		l.Ratings[b] = r
	}
}

// Print writes the ladder as a table: a line per pairing with its wins,
// draws and losses, each rate with its 95 % interval; then the bots by
// rating.
func (l *Ladder) Print(w io.Writer) {
	fmt.Fprintf(w, "%d seats, %d seeded matches a line, seats turning; rates with their 95 %% Wilson intervals\n\n", l.Players, l.Matches)
	fmt.Fprintf(w, "%-10s %-12s %5s %5s %5s  %-20s %-20s %-20s\n", "bot", "against", "wins", "draws", "losses", "win rate", "draw rate", "loss rate")
	pct := func(i Interval) string {
		return fmt.Sprintf("%5.1f%% [%4.1f, %5.1f]", 100*i.P, 100*i.Low, 100*i.High)
	}
	for _, x := range l.Lines {
		fmt.Fprintf(w, "%-10s %-12s %5d %5d %5d  %-20s %-20s %-20s\n", x.Bot, x.Rivals, x.Wins, x.Draws, x.Losses, pct(x.WinRate), pct(x.DrawRate), pct(x.LossRate))
	}
	names := make([]string, 0, len(l.Ratings))
	for b := range l.Ratings {
		names = append(names, b)
	}
	slices.SortFunc(names, func(a, b string) int {
		return cmp.Or(cmp.Compare(l.Ratings[b].Ordinal(), l.Ratings[a].Ordinal()), cmp.Compare(a, b))
	})
	fmt.Fprintf(w, "\nRatings from every match above (Weng-Lin, each bot from mu 25, sigma 8.333):\n")
	for _, b := range names {
		r := l.Ratings[b]
		fmt.Fprintf(w, "%-10s mu %6.2f  sigma %5.2f  ordinal %6.2f\n", b, r.Mu, r.Sigma, r.Ordinal())
	}
}

// PrintAnchors writes Anchors(base, at), strongest first.
func (l *Ladder) PrintAnchors(w io.Writer, base string, at float64) {
	a := l.Anchors(base, at)
	names := slices.SortedFunc(maps.Keys(a), func(x, y string) int { return cmp.Or(cmp.Compare(a[y].Mu, a[x].Mu), cmp.Compare(x, y)) })
	fmt.Fprintf(w, "\nAnchors (%s at %g; each gap from the neighbours' head-to-head score, at the low end of its interval):\n", base, at)
	for _, b := range names {
		fmt.Fprintf(w, "%-10s mu %5.1f  sigma %.0f\n", b, a[b].Mu, a[b].Sigma)
	}
}
