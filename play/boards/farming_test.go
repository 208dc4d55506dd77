package boards_test

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"
	"testing"
	"time"

	tidelive "github.com/agentgames/bundle/games/tidebreakers/live"
	tronlive "github.com/agentgames/bundle/games/tron/live"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/agents"
	"github.com/agentgames/bundle/play/boards"
	"github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/play/ratings"
	"github.com/agentgames/bundle/store/memory"
)

// farm is one way to rate an agent up without being better than the
// bots: a function that seats match m of the hour, given the farmer, its
// accomplices and the bots it beats (every bot but the strongest, which
// it never meets), placed in the order it answers (the first seat wins).
type farm func(m int, farmer *play.AgentRef, crew []*play.AgentRef, weak []string, seats int) []live.RatedSeat

// farms are the ways TestFarmingIsBounded tries.
var farms = map[string]farm{
	// The farmer in every seat, one key: the losing seats feed the
	// winning one.
	"self": func(_ int, f *play.AgentRef, _ []*play.AgentRef, _ []string, seats int) []live.RatedSeat {
		return fill(seats, func(int) live.RatedSeat { return live.RatedSeat{Agent: f} })
	},
	// The farmer against anonymous players of its own.
	"anonymous": func(_ int, f *play.AgentRef, _ []*play.AgentRef, _ []string, seats int) []live.RatedSeat {
		return fill(seats, func(i int) live.RatedSeat {
			if i == 0 {
				return live.RatedSeat{Agent: f}
			}
			return live.RatedSeat{}
		})
	},
	// The farmer beats its accomplices, taking turns, all hour.
	"crew": func(m int, f *play.AgentRef, crew []*play.AgentRef, _ []string, seats int) []live.RatedSeat {
		return fill(seats, func(i int) live.RatedSeat {
			if i == 0 {
				return live.RatedSeat{Agent: f}
			}
			return live.RatedSeat{Agent: crew[(m*(seats-1)+i)%len(crew)]}
		})
	},
	// The accomplices first beat each other in a ladder (each beats the
	// ones after it), so that the farmer then beats raised ratings.
	"ladder": func(m int, f *play.AgentRef, crew []*play.AgentRef, _ []string, seats int) []live.RatedSeat {
		all := append([]*play.AgentRef{f}, crew...)
		top := len(all) - 1 - m%len(all)
		return fill(seats, func(i int) live.RatedSeat {
			return live.RatedSeat{Agent: all[(top+i)%len(all)]}
		})
	},
	// The farmer beats the weaker bots in every seat, all hour.
	"bots": func(m int, f *play.AgentRef, _ []*play.AgentRef, weak []string, seats int) []live.RatedSeat {
		return fill(seats, func(i int) live.RatedSeat {
			if i == 0 {
				return live.RatedSeat{Agent: f}
			}
			return live.RatedSeat{Bot: weak[(m+i)%len(weak)]}
		})
	},
	// Both: accomplices and weaker bots around the farmer.
	"mixed": func(m int, f *play.AgentRef, crew []*play.AgentRef, weak []string, seats int) []live.RatedSeat {
		return fill(seats, func(i int) live.RatedSeat {
			switch {
			case i == 0:
				return live.RatedSeat{Agent: f}
			case i%2 == 1:
				return live.RatedSeat{Bot: weak[(m+i)%len(weak)]}
			}
			return live.RatedSeat{Agent: crew[(m+i)%len(crew)]}
		})
	},
}

// fill is a match of n seats placed in seat order.
func fill(n int, seat func(int) live.RatedSeat) []live.RatedSeat {
	out := make([]live.RatedSeat, n)
	for i := range out {
		out[i] = seat(i)
		out[i].Place = i + 1
	}
	return out
}

// TestFarmingIsBounded plays an hour of each farm on every board of
// ratings of both live games, with every limit one address has: twice
// the agents one client may register in an hour (the limit's window may
// straddle the hour), and as many matches as it may create in an hour,
// each ending a second apart. No agent of the farm may end listed above
// the ordinal of the game's strongest bot. It logs the best ordinal each
// farm reaches.
func TestFarmingIsBounded(t *testing.T) {
	const hour = time.Hour
	matches := live.DefaultCreatesPerMinute * int(hour/time.Minute)
	crewSize := 2*agents.DefaultCreatesPerHour - 1
	for game, anchors := range map[string]map[string]ratings.Rating{"tron": tronlive.Game.Anchors, "tidebreakers": tidelive.Game.Anchors} {
		strongest := slices.MaxFunc(slices.Collect(maps.Keys(anchors)), func(a, b string) int {
			return cmp.Compare(anchors[a].Ordinal(), anchors[b].Ordinal())
		})
		var weak []string
		for bot := range anchors {
			if bot != strongest {
				weak = append(weak, bot)
			}
		}
		slices.Sort(weak)
		for _, name := range slices.Sorted(maps.Keys(farms)) {
			for seats := boards.MinSeats; seats <= boards.MaxSeats; seats++ {
				t.Run(fmt.Sprintf("%s/%s/%d", game, name, seats), func(t *testing.T) {
					t.Parallel()
					now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
					b := boards.New(&memory.Store{}, func() time.Time { return now }, (&ledgers{}).last)
					r := b.Rater(game, anchors)
					ctx := context.Background()
					farmer := &play.AgentRef{ID: "farmer", Name: "Farmer"}
					crew := make([]*play.AgentRef, crewSize)
					for i := range crew {
						crew[i] = &play.AgentRef{ID: fmt.Sprintf("crew%02d", i), Name: fmt.Sprintf("Crew %d", i)}
					}
					for m := range matches {
						now = now.Add(time.Second)
						if err := r.Rated(ctx, fmt.Sprintf("M%09d", m), farms[name](m, farmer, crew, weak, seats)); err != nil {
							t.Fatal(err)
						}
					}
					board, err := r.Ratings(ctx, seats, boards.FirstPage)
					if err != nil {
						t.Fatal(err)
					}
					bar := anchors[strongest].Ordinal()
					best := slices.IndexFunc(board.Standings, func(s boards.RatingStanding) bool { return s.Agent != "" })
					if best < 0 {
						t.Logf("no agent of the farm listed (%d unlisted); %s at %.2f", board.Unlisted, strongest, bar)
						return
					}
					if s := board.Standings[best]; s.Ordinal >= bar {
						t.Errorf("%s is listed at ordinal %.2f, above %s's %.2f", s.Name, s.Ordinal, strongest, bar)
					} else {
						t.Logf("best listed ordinal %.2f (%s), %s at %.2f; %d lines, %d unlisted", s.Ordinal, s.Name, strongest, bar, board.Listed, board.Unlisted)
					}
				})
			}
		}
	}
}
