package tronarena

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/agentgames/bundle/play/arena"
)

// The arena's ELO, play/arena's (the bundle's own arena keeps its ladder
// for good, this one a series at a time): every bot starts at
// StartRating, and a result moves a rating by K(rating) x (score -
// expected), where expected is 1 / (1 + 10^((opponent - rating) /
// EloFactor)).
const (
	StartRating = arena.StartElo
	EloFactor   = arena.EloFactor
)

// K is the arena's ELO factor for a rating: 80 below 1000, 50 below 2000,
// 30 up to 2400, 20 above.
func K(rating float64) float64 { return arena.K(rating) }

// Entry is a bot on the ladder. Games counts its matches; Wins, Draws and
// Losses count its duels, as the ratings do.
type Entry struct {
	URL    string  `json:"url"`
	Name   string  `json:"name,omitempty"`
	Rating float64 `json:"rating"`
	Games  int     `json:"games"`
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
}

// Ladder is the arena's ELO ladder of bots, by URL.
type Ladder struct {
	entries map[string]*Entry
}

// NewLadder is an empty ladder.
func NewLadder() *Ladder { return &Ladder{entries: map[string]*Entry{}} }

// entry is url's entry, added at StartRating if new.
func (l *Ladder) entry(url string) *Entry {
	e := l.entries[url]
	if e == nil {
		e = &Entry{URL: url, Rating: StartRating}
		l.entries[url] = e
	}
	return e
}

// Rating is url's rating (StartRating for a bot not on the ladder).
func (l *Ladder) Rating(url string) float64 {
	if e := l.entries[url]; e != nil {
		return e.Rating
	}
	return StartRating
}

// Record records a round where the bots died died, and survivors (alive
// at the round's start) did not: every pair of died draws, and every one
// of died loses to every survivor. All the round's duels are computed
// from the ratings at the start of the round, K included, and their
// changes are then added up and applied together, so the order of the
// bots does not matter.
func (l *Ladder) Record(died, survivors []string) {
	delta := map[string]float64{}
	duel := func(a, b string, scoreA float64) {
		ra, rb := l.entry(a).Rating, l.entry(b).Rating
		ea := 1 / (1 + math.Pow(10, (rb-ra)/EloFactor))
		delta[a] += K(ra) * (scoreA - ea)
		delta[b] += K(rb) * (ea - scoreA)
	}
	for i, a := range died {
		for _, b := range died[i+1:] {
			duel(a, b, 0.5)
			l.entry(a).Draws++
			l.entry(b).Draws++
		}
		for _, w := range survivors {
			duel(a, w, 0)
			l.entry(a).Losses++
			l.entry(w).Wins++
		}
	}
	for u, d := range delta {
		l.entries[u].Rating += d
	}
}

// Entries is the ladder, best rating first (ties by URL).
func (l *Ladder) Entries() []Entry {
	out := make([]Entry, 0, len(l.entries))
	for _, e := range l.entries {
		out = append(out, *e)
	}
	slices.SortFunc(out, func(a, b Entry) int {
		return cmp.Or(cmp.Compare(b.Rating, a.Rating), strings.Compare(a.URL, b.URL))
	})
	return out
}
