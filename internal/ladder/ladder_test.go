package ladder_test

import (
	"bytes"
	"maps"
	"math"
	"strings"
	"testing"

	tidelive "github.com/agentgames/bundle/games/tidebreakers/live"
	tinraillive "github.com/agentgames/bundle/games/tinrail/live"
	tronlive "github.com/agentgames/bundle/games/tron/live"
	"github.com/agentgames/bundle/internal/ladder"
)

// TestWilson holds the interval to values computed apart, in Python from
// Wilson's formula.
func TestWilson(t *testing.T) {
	for _, c := range []struct {
		k, n      int
		low, high float64
	}{
		{0, 10, 0, 0.27753},
		{5, 10, 0.23659, 0.76341},
		{10, 10, 0.72247, 1},
		{71, 100, 0.61461, 0.78985},
	} {
		got := ladder.Wilson(c.k, c.n)
		if math.Abs(got.Low-c.low) > 1e-4 || math.Abs(got.High-c.high) > 1e-4 || got.P != float64(c.k)/float64(c.n) {
			t.Errorf("Wilson(%d, %d) = %+v, want [%.5f, %.5f]", c.k, c.n, got, c.low, c.high)
		}
	}
}

// rankGame is a game whose result the bots decide: "top" beats "mid",
// which beats "low"; copies of one bot tie.
type rankGame struct{}

func (rankGame) Bots() []string { return []string{"top", "mid", "low"} }

func (rankGame) Match(_ uint64, seats []string) ([]int, error) {
	rank := map[string]int{"top": 3, "mid": 2, "low": 1}
	places := make([]int, len(seats))
	for i, a := range seats {
		places[i] = 1
		for _, b := range seats {
			if rank[b] > rank[a] {
				places[i]++
			}
		}
	}
	return places, nil
}

// TestRun: every bot meets every other, the measured bot in each seat in
// turn; lines count wins, draws and losses; with more than two seats a
// mixed line follows; the ratings order the bots by strength.
func TestRun(t *testing.T) {
	l, err := ladder.Run(rankGame{}, 2, 10)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][3]int{"top/mid": {10, 0, 0}, "top/low": {10, 0, 0}, "mid/top": {0, 0, 10}, "mid/low": {10, 0, 0}, "low/top": {0, 0, 10}, "low/mid": {0, 0, 10}}
	if len(l.Lines) != len(want) {
		t.Fatalf("%d lines, want %d", len(l.Lines), len(want))
	}
	for _, x := range l.Lines {
		if got := [3]int{x.Wins, x.Draws, x.Losses}; got != want[x.Bot+"/"+x.Rivals] {
			t.Errorf("%s against %s: %v, want %v", x.Bot, x.Rivals, got, want[x.Bot+"/"+x.Rivals])
		}
	}
	if r := l.Ratings; !(r["top"].Mu > r["mid"].Mu && r["mid"].Mu > r["low"].Mu) {
		t.Errorf("ratings %+v", r)
	}
	four, err := ladder.Run(rankGame{}, 4, 8)
	if err != nil {
		t.Fatal(err)
	}
	last := four.Lines[len(four.Lines)-1]
	if len(four.Lines) != 9 || last.Bot != "low" || last.Rivals != "mixed" || last.Losses != 8 || four.Lines[0].Rivals != "3 mid" {
		t.Errorf("4 seats: %+v", four.Lines)
	}
	var out bytes.Buffer
	l.Print(&out)
	if s := out.String(); !strings.Contains(s, "top        mid             10     0     0  100.0% [72.2, 100.0]") || !strings.Contains(s, "Ratings from every match") {
		t.Errorf("the table:\n%s", s)
	}
}

// seatGame is a game that seat 0 wins, whoever holds it.
type seatGame struct{ rankGame }

func (seatGame) Match(_ uint64, seats []string) ([]int, error) {
	places := make([]int, len(seats))
	for i := range places {
		places[i] = min(i+1, 2)
	}
	return places, nil
}

// TestSeatsTurn: the measured bot holds each seat in turn, so that a game
// seat 0 always wins gives every line as many wins as losses.
func TestSeatsTurn(t *testing.T) {
	for _, players := range []int{2, 4} {
		l, err := ladder.Run(seatGame{}, players, 4*players)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range l.Lines {
			if x.Wins != 4 || x.Losses != 4*players-4 || x.Draws != 0 {
				t.Errorf("%d seats, %s against %s: %d/%d/%d, want 4 wins in %d", players, x.Bot, x.Rivals, x.Wins, x.Draws, x.Losses, 4*players)
			}
		}
	}
}

// TestRealGames: a few matches of each game's ladder play to their end.
func TestRealGames(t *testing.T) {
	for name, g := range map[string]ladder.Game{"tidebreakers": ladder.Tidebreakers(true), "tron": ladder.Tron(12, true)} {
		l, err := ladder.Run(g, 2, 2)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, x := range l.Lines {
			if x.Matches() != 2 {
				t.Errorf("%s: %+v", name, x)
			}
		}
	}
}

// TestTidebreakersAnchors: the captains' fixed ratings are the ones the
// documented ladder measures (100 matches a line, two seats).
func TestTidebreakersAnchors(t *testing.T) {
	l, err := ladder.Run(ladder.Tidebreakers(false), 2, 100)
	if err != nil {
		t.Fatal(err)
	}
	if got := l.Anchors("sample", 25); !maps.Equal(got, tidelive.Game.Anchors) {
		t.Errorf("the ladder measures anchors %v; tidebreakers live.Anchors holds %v", got, tidelive.Game.Anchors)
	}
}

// TestTronAnchors: the fixed ratings of the bots live Tron matches serve
// are the ones the documented ladder measures on a live match's grid
// (100 matches a line, two seats).
func TestTronAnchors(t *testing.T) {
	l, err := ladder.Run(ladder.Tron(tronlive.DefaultSide, false), 2, 100)
	if err != nil {
		t.Fatal(err)
	}
	got := l.Anchors("easy", 25)
	for bot, want := range tronlive.Game.Anchors {
		if got[bot] != want {
			t.Errorf("the ladder measures %s at %v; tron live.Anchors holds %v", bot, got[bot], want)
		}
	}
}

// TestTinrailAnchors: the fixed ratings of the G-Bots live Tinrail matches
// serve are the ones the documented ladder measures (100 matches a line).
func TestTinrailAnchors(t *testing.T) {
	l, err := ladder.Run(ladder.Tinrail(), 2, 100)
	if err != nil {
		t.Fatal(err)
	}
	if got := l.Anchors("easy", 25); !maps.Equal(got, tinraillive.Game.Anchors) {
		t.Errorf("the ladder measures anchors %v; tinrail live.Anchors holds %v", got, tinraillive.Game.Anchors)
	}
}
