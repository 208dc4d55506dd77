package live_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentgames/bundle/games/tron/live"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/storetest"
)

// TestRoundUnderLoad: on every store (memory, bbolt, DynamoDB), 100 moves
// at once for one round of a three-seat match, 50 from each of two
// seats: each seat's move lands once and every other request is refused
// as already_moved (or told to try again); the round waits for the third
// seat, whose move resolves it, once: every trail one cell longer.
func TestRoundUnderLoad(t *testing.T) {
	storetest.Each(t, func(t *testing.T, store play.Store) {
		ctx := context.Background()
		s := live.NewServer(store, time.Now).WithCreateLimit(0)
		a, err := live.Create(ctx, s, live.Setup{Players: 3, Bot: "easy", Width: 20, Height: 20})
		if err != nil {
			t.Fatal(err)
		}
		joined := []*live.Joined{a}
		for range 2 {
			j, err := s.Join(ctx, a.Code, "")
			if err != nil {
				t.Fatal(err)
			}
			joined = append(joined, j)
		}
		st, err := get(ctx, s, a.Code)
		if err != nil || st.Phase != "playing" {
			t.Fatalf("the match: %+v, %v", st, err)
		}
		var wg sync.WaitGroup
		var landed [2]atomic.Int32
		for i := range 100 {
			wg.Go(func() {
				seat := i % 2
				switch _, err := moveIn(ctx, s, a.Code, joined[seat].Token, safe(st, seat)); {
				case err == nil:
					landed[seat].Add(1)
				case !play.IsCode(err, play.CodeAlreadyMoved) && !play.IsCode(err, play.CodeConflict):
					t.Errorf("move %d: %v", i, err)
				}
			})
		}
		wg.Wait()
		mid, err := get(ctx, s, a.Code)
		if err != nil {
			t.Fatal(err)
		}
		if landed[0].Load() != 1 || landed[1].Load() != 1 || mid.Round != 0 || !mid.Seats[0].Moved || !mid.Seats[1].Moved || mid.Seats[2].Moved {
			t.Fatalf("landed %d and %d; round %d, seats %+v; want one move each, the round waiting for seat 2",
				landed[0].Load(), landed[1].Load(), mid.Round, mid.Seats)
		}
		end, err := moveIn(ctx, s, a.Code, joined[2].Token, safe(st, 2))
		if err != nil {
			t.Fatal(err)
		}
		if end.Round != 1 {
			t.Fatalf("after seat 2's move: round %d, want 1", end.Round)
		}
		for p, seat := range end.Seats {
			if seat.Alive && len(seat.Trail) != len(st.Seats[p].Trail)+1 || seat.Moved {
				t.Errorf("seat %d after the round: %+v (before: %+v)", p, seat, st.Seats[p])
			}
		}
	})
}
