package tronarena

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"text/tabwriter"
	"time"
)

// Series is a run of matches between bots for the ladder. Match i (from
// 0) has seed Seed+i and seats its bots as seats gives.
type Series struct {
	URLs          []string
	Matches       int
	Players       int
	Seed          uint64
	Width, Height int
	Timeout       time.Duration
	Client        *http.Client // nil is http.DefaultClient
}

// Report is a series' results: its matches and the final ladder.
type Report struct {
	Matches []*Result `json:"matches"`
	Ladder  []Entry   `json:"ladder"`
}

// Run plays the series, the ladder updated round by round, and writes
// "match i/N: " and each match's one-line log to log.
func (s *Series) Run(ctx context.Context, log io.Writer) (*Report, error) {
	l := NewLadder()
	rep := &Report{}
	for i := range s.Matches {
		m := &Match{URLs: s.seats(i), Seed: s.Seed + uint64(i), Width: s.Width, Height: s.Height, Timeout: s.Timeout, Client: s.Client}
		r, err := m.Run(ctx, func(died, survivors []int) {
			l.Record(pick(m.URLs, died), pick(m.URLs, survivors))
		})
		if err != nil {
			return nil, err
		}
		for _, seat := range r.Seats {
			e := l.entry(seat.URL)
			e.Games++
			if seat.Name != "" {
				e.Name = seat.Name
			}
		}
		rep.Matches = append(rep.Matches, r)
		fmt.Fprintf(log, "match %d/%d: %v\n", i+1, s.Matches, r)
	}
	rep.Ladder = l.Entries()
	return rep, nil
}

// seats is match i's bots, seat by seat. The matches take the bots in
// turn, Players at a time: match i takes those at (i*Players + k) mod
// len(URLs) for k from 0. Each time the bots have all come round again,
// every len(URLs)/gcd(len(URLs), Players) matches, the seats turn by one:
// seat j holds the match's bot k = (j + turns) mod Players. So in every
// Players turns, each bot plays as often as the others and as often in
// every seat; with as many bots as players, a turn is one match.
func (s *Series) seats(i int) []string {
	n := len(s.URLs)
	turns := i / (n / gcd(n, s.Players))
	urls := make([]string, s.Players)
	for j := range urls {
		urls[j] = s.URLs[(i*s.Players+(j+turns)%s.Players)%n]
	}
	return urls
}

// gcd is the greatest common divisor of a and b.
func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// pick is urls at the seats.
func pick(urls []string, seats []int) []string {
	out := make([]string, len(seats))
	for i, p := range seats {
		out[i] = urls[p]
	}
	return out
}

// WriteLadder writes the ladder as a table, best first.
func (rep *Report) WriteLadder(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "#\tbot\trating\tgames\tW/D/L")
	for i, e := range rep.Ladder {
		fmt.Fprintf(tw, "%d\t%s\t%.1f\t%d\t%d/%d/%d\n", i+1, Seat{URL: e.URL, Name: e.Name}.Label(), e.Rating, e.Games, e.Wins, e.Draws, e.Losses)
	}
	return tw.Flush()
}
