package ladder

import (
	"fmt"
	"maps"
	"slices"

	"github.com/agentgames/bundle/engines/rng"
	tb "github.com/agentgames/bundle/engines/tidebreakers"
	"github.com/agentgames/bundle/engines/tidebreakers/captains"
	"github.com/agentgames/bundle/engines/tinrail"
	"github.com/agentgames/bundle/engines/tinrail/gbot"
	"github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/engines/tron/bots"
)

// Tidebreakers is the ladder of Tidebreakers' captains (sample, strong,
// random), and with sparring its sparring captains too (rusher, hunter,
// turtle). Each decision draws from the match's stream for it
// (State.BotStream), as the served matches' captains do.
func Tidebreakers(sparring bool) Game {
	g := tidebreakersLadder{names: captains.Names(), policies: map[string]captains.Policy{}}
	for _, n := range g.names {
		g.policies[n], _ = captains.Named(n)
	}
	if sparring {
		more := captains.Sparring()
		g.names = append(g.names, slices.Sorted(maps.Keys(more))...)
		maps.Copy(g.policies, more)
	}
	return g
}

type tidebreakersLadder struct {
	names    []string
	policies map[string]captains.Policy
}

func (g tidebreakersLadder) Bots() []string { return g.names }

// maxActions bounds a Tidebreakers match: 60 rounds of 4 captains, each
// at most a supply and an expedition, with room to spare.
const maxActions = 4 * tb.MaxRounds * 8

func (g tidebreakersLadder) Match(seed uint64, seats []string) ([]int, error) {
	s, err := tb.New(seed, len(seats))
	if err != nil {
		return nil, err
	}
	for range maxActions {
		if s.Over() {
			places := make([]int, len(seats))
			for i := range places {
				places[i] = s.Place(i)
			}
			return places, nil
		}
		rs := s.BotStream()
		p := s.Turn()
		if a := g.policies[seats[p]](s, &rs); s.Apply(p, a) != nil {
			return nil, fmt.Errorf("%s played %v, refused", seats[p], a)
		}
	}
	return nil, fmt.Errorf("no end after %d actions", maxActions)
}

// Tron is the ladder of Tron's bots (safe, easy, wise; wise as the bots of
// a match play it) on a side by side grid, and with sparring the sparring
// bot first too. A bot's move in round r draws from the stream 2^32 +
// 4r + seat of the match's seed, as the served matches' bots do.
func Tron(side int, sparring bool) Game {
	g := tronLadder{side: side, names: []string{"safe", "easy", "wise"},
		policies: map[string]bots.Policy{"safe": bots.Safe, "easy": bots.Easy, "wise": bots.WiseMixed}}
	if sparring {
		g.names = append(g.names, "first")
		g.policies["first"] = bots.First
	}
	return g
}

type tronLadder struct {
	side     int
	names    []string
	policies map[string]bots.Policy
}

func (g tronLadder) Bots() []string { return g.names }

func (g tronLadder) Match(seed uint64, seats []string) ([]int, error) {
	s, err := tron.New(seed, g.side, g.side, len(seats))
	if err != nil {
		return nil, err
	}
	for !s.Over() {
		var moves [tron.MaxPlayers]tron.Dir
		for p, name := range seats {
			if s.Alive(p) {
				rs := rng.New(seed, 1<<32+uint64(s.Round())*4+uint64(p))
				moves[p] = g.policies[name](s, p, &rs)
			}
		}
		s.Play(moves)
	}
	places := make([]int, len(seats))
	for i := range places {
		places[i] = s.Rank(i)
	}
	return places, nil
}

// Tinrail is the ladder of Tinrail's G-Bots (easy, wise) facing each other
// as a live match seats them: the card's deal, seat 0 first, each choosing
// from its own seat's view with the stream of its turn (State.BotStream),
// as the live matches' and the stateless game's G-Bot do.
func Tinrail() Game { return tinrailLadder{} }

type tinrailLadder struct{}

func (tinrailLadder) Bots() []string { return []string{"easy", "wise"} }

func (tinrailLadder) Match(seed uint64, seats []string) ([]int, error) {
	if len(seats) != 2 {
		return nil, fmt.Errorf("a Tinrail match has 2 seats, not %d", len(seats))
	}
	s := tinrail.New(seed, tinrail.Wise)
	for !s.Over() {
		p := s.Turn()
		v := s.SeatView(p)
		rs := s.BotStream()
		level := tinrail.Wise
		if seats[p] == "easy" {
			level = tinrail.Easy
		}
		i, r := gbot.Choose(level, &v, &rs)
		if _, err := s.Place(i, r); err != nil {
			return nil, err
		}
	}
	switch s.Result() {
	case tinrail.Win:
		return []int{1, 2}, nil
	case tinrail.Loss:
		return []int{2, 1}, nil
	}
	return []int{1, 1}, nil
}
