package arena

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"text/tabwriter"
	"time"
)

// Series is a run of matches between bots for the ladder. Match i (from
// 0) has seed Seed+i and seats Players bots round-robin from URLs: those
// at (i*Players + j) mod len(URLs) for j from 0, so every bot plays about
// as often and in every seat.
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
		m := &Match{Seed: s.Seed + uint64(i), Width: s.Width, Height: s.Height, Timeout: s.Timeout, Client: s.Client}
		for j := range s.Players {
			m.URLs = append(m.URLs, s.URLs[(i*s.Players+j)%len(s.URLs)])
		}
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
