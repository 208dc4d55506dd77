package brinebell

import "testing"

func TestTravelRing(t *testing.T) {
	cases := []struct{ a, b, want int }{
		{BellQuay, Orchard, 54}, {Orchard, BellQuay, 54}, {Orchard, Shellbank, 54},
		{Shellbank, Lantern, 54}, {Lantern, Windmill, 54}, {Windmill, BellQuay, 54}, {BellQuay, Windmill, 54},
		{BellQuay, Shellbank, 84}, {BellQuay, Lantern, 84}, {Orchard, Lantern, 84},
		{Orchard, Windmill, 84}, {Shellbank, Windmill, 84}, {Shellbank, BellQuay, 84},
	}
	for _, c := range cases {
		if got := Travel(c.a, c.b); got != c.want {
			t.Errorf("Travel(%d,%d) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestStartExchangesOnTheNextTick(t *testing.T) {
	s := New(11)
	apply(t, s, Action{Kind: Start})
	fe := s.Ferries()[0]
	if fe.Mode != InService || fe.Dock != BellQuay || fe.TicksLeft != ServiceTicks || len(fe.Riders) != 0 {
		t.Fatalf("after start: %+v", fe)
	}
	if q := s.Queues()[BellQuay].Waiting; len(q) != 2 {
		t.Fatalf("start travellers: %v", q)
	}
	apply(t, s, Action{Kind: Advance, Ticks: 1})
	fe = s.Ferries()[0]
	if len(fe.Riders) != 2 || fe.TicksLeft != ServiceTicks-1 {
		t.Fatalf("tick 1: %+v", fe)
	}
	for id, dest := range []int{Orchard, Shellbank} {
		if p, _ := find(s, id); p.Status != Riding || p.Destination != dest || p.Origin != BellQuay {
			t.Fatalf("start traveller %d: %+v", id, p)
		}
	}
	advance(t, s, ServiceTicks-1)
	if fe := s.Ferries()[0]; fe.Mode != Idle {
		t.Fatalf("service did not end at tick 24: %+v", fe)
	}
}

// TestServiceToCrossingTiming follows one ferry through a service with a
// queued destination, a crossing and the next exchange, tick by tick.
func TestServiceToCrossingTiming(t *testing.T) {
	s := bare(3, 1)
	apply(t, s, Action{Kind: Order, Ferry: 0, Dock: BellQuay})
	id := put(s, Traveller, Waiting, BellQuay, Shellbank, -1)
	apply(t, s, Action{Kind: Order, Ferry: 0, Dock: Shellbank})
	if fe := s.Ferries()[0]; fe.Mode != InService || fe.Queued != Shellbank {
		t.Fatalf("queue during service: %+v", fe)
	}
	steps := []struct {
		tick int
		mode FerryMode
		left int
	}{
		{101, InService, 23},
		{123, InService, 1},
		{124, Sailing, 84}, // departs at the end of service, does not move this tick
		{125, Sailing, 83},
		{207, Sailing, 1},
		{208, InService, 24}, // arrives; the exchange waits for the next tick
		{209, InService, 23},
	}
	for _, st := range steps {
		advance(t, s, st.tick-s.Clock())
		fe := s.Ferries()[0]
		if fe.Mode != st.mode || fe.TicksLeft != st.left {
			t.Fatalf("tick %d: %+v, want mode %d left %d", st.tick, fe, st.mode, st.left)
		}
	}
	p, _ := find(s, id)
	if p.Status != Delivered || p.ResolvedTick != 209 {
		t.Fatalf("passenger: %+v", p)
	}
}

func TestOrders(t *testing.T) {
	cases := []struct {
		name      string
		mode      FerryMode
		order     int
		wantMode  FerryMode
		wantDest  int
		wantQueue int
	}{
		{"idle elsewhere sails at once", Idle, Shellbank, Sailing, Shellbank, -1},
		{"idle same dock starts service", Idle, BellQuay, InService, -1, -1},
		{"service queues another dock", InService, Orchard, InService, -1, Orchard},
		{"service dock clears the queue", InService, BellQuay, InService, -1, -1},
		{"sailing queues another dock", Sailing, Shellbank, Sailing, Orchard, Shellbank},
		{"sailing origin is just another dock", Sailing, BellQuay, Sailing, Orchard, BellQuay},
		{"sailing destination clears the queue", Sailing, Orchard, Sailing, Orchard, -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := bare(3, 1)
			fe := &s.ferries[0]
			switch c.mode {
			case InService:
				fe.mode, fe.left, fe.queue = InService, 10, Shellbank
			case Sailing:
				fe.mode, fe.dest, fe.left, fe.queue = Sailing, Orchard, 30, Shellbank
			}
			apply(t, s, Action{Kind: Order, Ferry: 0, Dock: c.order})
			got := s.Ferries()[0]
			if got.Mode != c.wantMode || got.Destination != c.wantDest || got.Queued != c.wantQueue {
				t.Fatalf("got %+v", got)
			}
			if c.mode == Sailing && got.TicksLeft != 30 || c.mode == InService && got.TicksLeft != 10 {
				t.Fatalf("order changed the timer: %+v", got)
			}
		})
	}
}

func TestQueueReplacedNotAppended(t *testing.T) {
	s := bare(3, 1)
	apply(t, s, Action{Kind: Order, Ferry: 0, Dock: Orchard})
	apply(t, s, Action{Kind: Order, Ferry: 0, Dock: Shellbank})
	apply(t, s, Action{Kind: Order, Ferry: 0, Dock: BellQuay})
	advance(t, s, 54)
	if fe := s.Ferries()[0]; fe.Dock != Orchard || fe.Queued != BellQuay {
		t.Fatalf("after arrival: %+v", fe)
	}
	advance(t, s, 24)
	if fe := s.Ferries()[0]; fe.Mode != Sailing || fe.Destination != BellQuay || fe.Queued != -1 {
		t.Fatalf("after service: %+v", fe)
	}
}

func TestIdleSameDockServiceBoardsNextTick(t *testing.T) {
	s := bare(3, 1)
	id := put(s, Cart, Waiting, BellQuay, Orchard, -1)
	advance(t, s, 5)
	if p, _ := find(s, id); p.Status != Waiting {
		t.Fatal("an idle ferry boarded")
	}
	apply(t, s, Action{Kind: Order, Ferry: 0, Dock: BellQuay})
	if p, _ := find(s, id); p.Status != Waiting {
		t.Fatal("boarded without a tick")
	}
	advance(t, s, 1)
	if p, _ := find(s, id); p.Status != Riding || p.Ferry != 0 {
		t.Fatalf("fresh service did not board: %+v", p)
	}
}

func TestNewlyDepartedFromOrderMovesNextTick(t *testing.T) {
	s := bare(3, 1)
	apply(t, s, Action{Kind: Order, Ferry: 0, Dock: Orchard})
	if fe := s.Ferries()[0]; fe.TicksLeft != 54 {
		t.Fatalf("at order: %+v", fe)
	}
	advance(t, s, 1)
	if fe := s.Ferries()[0]; fe.TicksLeft != 53 {
		t.Fatalf("after one tick: %+v", fe)
	}
}

func TestLaterArrivalsWaitForAnotherService(t *testing.T) {
	s := bare(3, 1)
	apply(t, s, Action{Kind: Order, Ferry: 0, Dock: BellQuay})
	advance(t, s, 1)
	id := put(s, Traveller, Waiting, BellQuay, Orchard, -1)
	advance(t, s, 23)
	if p, _ := find(s, id); p.Status != Waiting || s.Ferries()[0].Mode != Idle {
		t.Fatalf("a passenger arriving mid-service boarded: %+v", p)
	}
}
