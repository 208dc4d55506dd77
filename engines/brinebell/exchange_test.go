package brinebell

import (
	"slices"
	"testing"
)

// serviceAt puts ferry f in service at dock d with its exchange due on the
// next tick.
func serviceAt(s *State, f, d int) {
	fe := &s.ferries[f]
	fe.mode, fe.dock, fe.dest, fe.left, fe.queue = InService, d, -1, ServiceTicks, -1
}

func TestDeliveryBeforeFIFOBoarding(t *testing.T) {
	s := bare(3, 1)
	serviceAt(s, 0, Orchard)
	r1 := put(s, Traveller, Riding, BellQuay, Orchard, 0)
	r2 := put(s, Courier, Riding, BellQuay, Orchard, 0)
	r3 := put(s, Cart, Riding, BellQuay, Shellbank, 0)
	s.clock++
	w1 := put(s, Traveller, Waiting, Orchard, BellQuay, -1)
	w2 := put(s, Traveller, Waiting, Orchard, Shellbank, -1)
	w3 := put(s, Traveller, Waiting, Orchard, Shellbank, -1)
	advance(t, s, 1)
	fe := s.Ferries()[0]
	if !slices.Equal(fe.Riders, []int{r3, w1, w2}) || fe.SeatsTaken != 4 {
		t.Fatalf("riders %v seats %d", fe.Riders, fe.SeatsTaken)
	}
	for _, id := range []int{r1, r2} {
		if p, _ := find(s, id); p.Status != Delivered {
			t.Fatalf("passenger %d not delivered: %+v", id, p)
		}
	}
	if p, _ := find(s, w3); p.Status != Waiting {
		t.Fatal("boarded past the seats")
	}
}

func TestFIFOIsSpawnTickThenID(t *testing.T) {
	s := bare(3, 1)
	serviceAt(s, 0, BellQuay)
	a := put(s, Traveller, Waiting, BellQuay, Orchard, -1)
	b := put(s, Traveller, Waiting, BellQuay, Orchard, -1)
	s.clock++
	c := put(s, Traveller, Waiting, BellQuay, Orchard, -1)
	d := put(s, Traveller, Waiting, BellQuay, Orchard, -1)
	put(s, Traveller, Waiting, BellQuay, Orchard, -1)
	advance(t, s, 1)
	got := s.Ferries()[0].Riders
	if !slices.Equal(got, []int{a, b, c, d}) {
		t.Fatalf("riders %v, want %v", got, []int{a, b, c, d})
	}
}

func TestCartSkippedWhenItDoesNotFit(t *testing.T) {
	cases := []struct {
		name     string
		riders   []PassengerKind
		waiting  []PassengerKind
		boarding []bool
		skips    int // EventSkip records: carts left behind with one seat free
	}{
		{"one seat: cart skipped, traveller boards", []PassengerKind{Traveller, Traveller, Traveller}, []PassengerKind{Cart, Traveller, Courier}, []bool{false, true, false}, 1},
		{"two seats: cart boards", []PassengerKind{Traveller, Traveller}, []PassengerKind{Cart, Traveller}, []bool{true, false}, 0},
		{"two seats: traveller then cart skipped then courier", []PassengerKind{Cart}, []PassengerKind{Traveller, Cart, Courier}, []bool{true, false, true}, 1},
		{"full: nobody", []PassengerKind{Cart, Cart}, []PassengerKind{Traveller}, []bool{false}, 0},
		{"empty: two carts", nil, []PassengerKind{Cart, Cart, Traveller}, []bool{true, true, false}, 0},
		{"full: a cart is not skipped", []PassengerKind{Cart, Cart}, []PassengerKind{Cart}, []bool{false}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := bare(3, 1)
			serviceAt(s, 0, BellQuay)
			for _, k := range c.riders {
				put(s, k, Riding, Orchard, Shellbank, 0)
			}
			var ids []int
			for _, k := range c.waiting {
				ids = append(ids, put(s, k, Waiting, BellQuay, Orchard, -1))
			}
			advance(t, s, 1)
			for i, id := range ids {
				if p, _ := find(s, id); (p.Status == Riding) != c.boarding[i] {
					t.Fatalf("passenger %d (%d): %+v", i, c.waiting[i], p)
				}
			}
			skips := eventsOf(s, EventSkip, s.clock)
			if len(skips) != c.skips {
				t.Fatalf("%d skip events, want %d", len(skips), c.skips)
			}
			for _, e := range skips {
				if p, _ := find(s, e.Passenger); p.Kind != Cart || p.Status != Waiting || e.Ferry != 0 || e.Dock != BellQuay {
					t.Fatalf("skip event %+v names %+v", e, p)
				}
			}
		})
	}
}

func TestRidersStayUntilTheirDestination(t *testing.T) {
	s := bare(3, 1)
	serviceAt(s, 0, Orchard)
	id := put(s, Traveller, Riding, BellQuay, Shellbank, 0)
	advance(t, s, 1)
	if p, _ := find(s, id); p.Status != Riding {
		t.Fatalf("rider left at the wrong dock: %+v", p)
	}
}

func TestPatienceDrain(t *testing.T) {
	s := bare(3, 1)
	w := put(s, Traveller, Waiting, BellQuay, Orchard, -1)
	r := put(s, Traveller, Riding, BellQuay, Orchard, 0)
	advance(t, s, 10)
	pw, _ := find(s, w)
	pr, _ := find(s, r)
	if pw.Patience != pw.MaxPatience-20 || pr.Patience != pr.MaxPatience-10 {
		t.Fatalf("waiting %d/%d riding %d/%d", pw.Patience, pw.MaxPatience, pr.Patience, pr.MaxPatience)
	}
}

func TestRiderPatienceStopsAtZero(t *testing.T) {
	s := bare(3, 1)
	id := put(s, Cart, Riding, BellQuay, Orchard, 0)
	setPatience(s, id, 2)
	for _, want := range []int{1, 0, 0} {
		advance(t, s, 1)
		if p, _ := find(s, id); p.Patience != want || p.Status != Riding {
			t.Fatalf("rider %+v, want patience %d", p, want)
		}
	}
}

func TestWaitingDepartureAtZero(t *testing.T) {
	for _, start := range []int{1, 2} {
		s := bare(3, 1)
		s.streak = 13
		s.score = 500
		id := put(s, Traveller, Waiting, Orchard, BellQuay, -1)
		setPatience(s, id, start)
		advance(t, s, 1)
		p, _ := find(s, id)
		if p.Status != Departed || p.Patience != 0 || p.ResolvedTick != 101 || s.Departures() != 1 || s.Streak() != 0 || s.Score() != 500 {
			t.Fatalf("patience %d: %+v departures %d streak %d score %d", start, p, s.Departures(), s.Streak(), s.Score())
		}
		if len(s.Queues()[Orchard].Waiting) != 0 || len(eventsOf(s, EventDeparture, 101)) != 1 {
			t.Fatal("departed passenger still queued or unreported")
		}
	}
}

func TestRidingZeroStillDeliversForBase(t *testing.T) {
	s := bare(3, 1)
	serviceAt(s, 0, Orchard)
	s.clock = 300
	id := put(s, Courier, Riding, BellQuay, Orchard, 0)
	setPatience(s, id, 0)
	advance(t, s, 1)
	if p, _ := find(s, id); p.Status != Delivered || s.Score() != 160 {
		t.Fatalf("%+v score %d", p, s.Score())
	}
}

func TestPatienceBonusThresholds(t *testing.T) {
	cases := []struct{ p, m, want int }{
		{1920, 1920, 40}, {1280, 1920, 40}, {1279, 1920, 20}, {640, 1920, 20}, {639, 1920, 0}, {0, 1920, 0},
		{1080, 1620, 40}, {1079, 1620, 20}, {540, 1620, 20}, {539, 1620, 0},
		{1667, 2500, 40}, {1666, 2500, 20}, {834, 2500, 20}, {833, 2500, 0},
	}
	for _, c := range cases {
		if got := patienceBonus(c.p, c.m); got != c.want {
			t.Errorf("bonus(%d of %d) = %d, want %d", c.p, c.m, got, c.want)
		}
	}
}

func TestMultiplier(t *testing.T) {
	for streak, want := range map[int]int{0: 1, 7: 1, 8: 2, 15: 2, 16: 3, 23: 3, 500: 3} {
		if got := Multiplier(streak); got != want {
			t.Errorf("Multiplier(%d) = %d, want %d", streak, got, want)
		}
	}
}

func TestExchangeScoring(t *testing.T) {
	cases := []struct {
		name       string
		kinds      []PassengerKind
		patience   []int // fraction of max in thirds: 3 full, 1 one third, 0 empty
		streak     int
		deliveries int
		wantScore  int
		wantStreak int
	}{
		{"one traveller full patience", []PassengerKind{Traveller}, []int{3}, 0, 0, 140, 1},
		{"courier at one third", []PassengerKind{Courier}, []int{1}, 0, 0, 180, 1},
		{"cart empty", []PassengerKind{Cart}, []int{0}, 0, 0, 180, 1},
		{"three together", []PassengerKind{Traveller, Courier, Traveller}, []int{3, 3, 0}, 0, 0, 100 + 40 + 160 + 40 + 100 + 80, 3},
		{"multiplier 2 sampled before", []PassengerKind{Traveller, Traveller}, []int{3, 3}, 7, 0, 1 * (280 + 40), 9},
		{"multiplier 2", []PassengerKind{Traveller, Traveller}, []int{3, 3}, 8, 0, 2 * (280 + 40), 10},
		{"multiplier capped at 3", []PassengerKind{Traveller}, []int{3}, 40, 0, 3 * 140, 41},
		{"milestone outside the multiplier", []PassengerKind{Traveller, Traveller}, []int{3, 3}, 16, 19, 3*(280+40) + 300, 18},
		{"no milestone below 20", []PassengerKind{Traveller}, []int{3}, 0, 18, 140, 1},
		{"milestone exactly at 40", []PassengerKind{Traveller}, []int{3}, 0, 39, 140 + 300, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := bare(3, 1)
			serviceAt(s, 0, Orchard)
			s.streak, s.deliveries, s.score = c.streak, c.deliveries, 1000
			for i, k := range c.kinds {
				id := put(s, k, Riding, BellQuay, Orchard, 0)
				m := MaxPatience(k, id)
				p := (m*c.patience[i] + 2) / 3
				if p > 0 && p < m {
					p++ // the tick's drain takes one before delivery
				}
				setPatience(s, id, p)
			}
			advance(t, s, 1)
			if s.Score() != 1000+c.wantScore || s.Streak() != c.wantStreak || s.Deliveries() != c.deliveries+len(c.kinds) {
				t.Fatalf("score %d (want %d) streak %d deliveries %d", s.Score()-1000, c.wantScore, s.Streak(), s.Deliveries())
			}
		})
	}
}

func TestEmptyExchangeScoresNothing(t *testing.T) {
	s := bare(3, 1)
	serviceAt(s, 0, Orchard)
	s.streak = 5
	put(s, Traveller, Riding, BellQuay, Shellbank, 0)
	advance(t, s, 1)
	if s.Score() != 0 || s.Streak() != 5 || len(eventsOf(s, EventExchange, 101)) != 0 {
		t.Fatalf("score %d streak %d", s.Score(), s.Streak())
	}
}

func TestMultiplierSampledPerBoatAInBeforeB(t *testing.T) {
	s := bare(5, 2)
	serviceAt(s, 0, Orchard)
	serviceAt(s, 1, Orchard)
	s.streak = 6
	put(s, Traveller, Riding, BellQuay, Orchard, 0)
	put(s, Traveller, Riding, BellQuay, Orchard, 0)
	put(s, Traveller, Riding, BellQuay, Orchard, 1)
	advance(t, s, 1)
	ex := eventsOf(s, EventExchange, 101)
	if len(ex) != 2 || ex[0].Ferry != 0 || ex[0].Multiplier != 1 || ex[1].Ferry != 1 || ex[1].Multiplier != 2 {
		t.Fatalf("exchanges %+v", ex)
	}
	if s.Score() != 320+280 || s.Streak() != 9 {
		t.Fatalf("score %d streak %d", s.Score(), s.Streak())
	}
}

func TestAExchangesBeforeB(t *testing.T) {
	s := bare(5, 2)
	serviceAt(s, 0, Lantern)
	serviceAt(s, 1, Lantern)
	for range 3 {
		put(s, Traveller, Riding, BellQuay, Orchard, 1)
	}
	w1 := put(s, Cart, Waiting, Lantern, Orchard, -1)
	w2 := put(s, Cart, Waiting, Lantern, Orchard, -1)
	w3 := put(s, Traveller, Waiting, Lantern, Orchard, -1)
	advance(t, s, 1)
	want := map[int]int{w1: 0, w2: 0, w3: 1}
	for id, f := range want {
		if p, _ := find(s, id); p.Ferry != f {
			t.Fatalf("passenger %d on ferry %d, want %d", id, p.Ferry, f)
		}
	}
}
