package tinrail

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/agentgames/bundle/engines"
	"github.com/agentgames/bundle/engines/rng"
)

// snapshot is the state's encoding, which covers every field; it also
// encodes states UnmarshalBinary would refuse, such as one where G-Bot is to
// move.
func snapshot(s *State) []byte {
	b, _ := s.MarshalBinary()
	return b
}

// TestPlaceByGBotRefusesAnIndexOutsideItsHand: with G-Bot to move, Place
// checks G-Bot's hand, and a refusal changes nothing.
func TestPlaceByGBotRefusesAnIndexOutsideItsHand(t *testing.T) {
	full := New(7, Wise)
	if _, err := full.Place(0, 0); err != nil || full.Over() || full.Turn() != GBot {
		t.Fatalf("seed 7: the player's first placement must leave G-Bot to move (err %v)", err)
	}
	tests := []struct {
		name       string
		s          *State
		index, rot int
	}{
		{"below G-Bot's hand", full, -1, 0},
		{"past G-Bot's full hand", full, HandSize, 0},
		{"past G-Bot's shrunk hand", shrunk(t, GBot), HandSize - 1, 0},
		{"bad rotation", full, 0, Rotations},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.s.Turn() != GBot || tt.s.Over() {
				t.Fatal("G-Bot must be to move")
			}
			before := snapshot(tt.s)
			beforeView := tt.s.SeatView(GBot)
			pl, err := tt.s.Place(tt.index, tt.rot)
			var ill *engines.Illegal
			if !errors.As(err, &ill) || ill.Code != engines.CodeIllegalAction || pl.Rides != nil {
				t.Fatalf("Place(%d, %d) = %+v, %v; want refusal %q", tt.index, tt.rot, pl, err, engines.CodeIllegalAction)
			}
			if !bytes.Equal(before, snapshot(tt.s)) || tt.s.SeatView(GBot) != beforeView || tt.s.Turn() != GBot {
				t.Error("a refused placement changed the state")
			}
		})
	}
	if want := fmt.Sprintf("tileIndex %d is outside your hand: it holds %d tiles, indices 0..%d", HandSize, HandSize, HandSize-1); func() string {
		_, err := full.Place(HandSize, 0)
		return err.Error()
	}() != want {
		t.Errorf("reason differs from %q", want)
	}
}

// TestPlaceAlternatesSeats: each Place lays the mover's tile, from its own
// hand, into the cell its engine faces, and hands the turn to the other side.
func TestPlaceAlternatesSeats(t *testing.T) {
	for seed := range uint64(50) {
		s := New(seed, Opponent(seed%2))
		for !s.Over() {
			who := s.Turn()
			at, _ := s.Engine(who)
			hand := s.hands[who]
			i, r := int(seed)%hand.Len(), int(seed)%Rotations
			pl, err := s.Place(i, r)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if pl.Player != who || pl.Tile != hand.At(i) || pl.Rotation != r || pl.Cell != at.Cell {
				t.Fatalf("seed %d: placement %+v, want side %d's tile %d at %d in cell %d", seed, pl, who, hand.At(i), r, at.Cell)
			}
			if err := s.check(); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			if !s.Over() && s.Turn() != who.Other() {
				t.Fatalf("seed %d: the turn did not pass", seed)
			}
		}
	}
}

// TestSeatViewHidesTheOtherHand is the hidden-information rule: the view of a
// side, and the stream its bot draws from, are the same in two matches that
// differ only in how the tiles that side has not seen are split between the
// other hand and the pile, and in the pile's order. A bot, which sees nothing
// else, therefore cannot peek.
func TestSeatViewHidesTheOtherHand(t *testing.T) {
	changed := 0
	for seed := range uint64(40) {
		s := New(seed, Opponent(seed%2))
		rs := rng.New(seed, 3)
		for !s.Over() {
			me := s.Turn()
			view, stream := s.SeatView(me), s.BotStream()
			for k := range uint64(3) {
				c := s.Clone()
				hidden := append(c.hands[me.Other()].Tiles(), c.pile...)
				mix := rng.New(seed, 100+k)
				mix.Shuffle(len(hidden), func(a, b int) { hidden[a], hidden[b] = hidden[b], hidden[a] })
				n := c.hands[me.Other()].Len()
				c.hands[me.Other()] = Hand{}
				for _, tl := range hidden[:n] {
					c.hands[me.Other()].add(tl)
				}
				c.pile = hidden[n:]
				if err := c.check(); err != nil {
					t.Fatal(err)
				}
				if c.hands[me.Other()] != s.hands[me.Other()] {
					changed++
				}
				if c.SeatView(me) != view {
					t.Fatalf("seed %d: side %d's view changed with the tiles it cannot see", seed, me)
				}
				if got := c.BotStream(); got.State() != stream.State() {
					t.Fatalf("seed %d: side %d's stream changed with the tiles it cannot see", seed, me)
				}
			}
			n := s.HandLen(me) * Rotations
			k := rs.Intn(n)
			s.Place(k/Rotations, k%Rotations)
		}
	}
	if changed < 500 {
		t.Fatalf("only %d reshuffles changed the other hand", changed)
	}
}

// TestSeatViewShowsWhatTheSeatMayKnow: the view holds the position, the
// seat, its own hand, the unseen tiles and the other hand's size.
func TestSeatViewShowsWhatTheSeatMayKnow(t *testing.T) {
	s := New(11, Wise)
	s.Place(0, 1)
	for _, me := range []Player{You, GBot} {
		v := s.SeatView(me)
		pos := v.Position()
		if v.Seat() != me || pos != s.pos || v.Hand() != s.hands[me] || v.TheirHandLen() != s.HandLen(me.Other()) {
			t.Fatalf("side %d: view %+v does not match the state", me, v)
		}
		unseen := v.Unseen()
		want := append(s.hands[me.Other()].Tiles(), s.pile...)
		if len(unseen) != len(want) {
			t.Fatalf("side %d: %d unseen tiles, want %d", me, len(unseen), len(want))
		}
		in := map[Tile]bool{}
		for _, tl := range want {
			in[tl] = true
		}
		for i, tl := range unseen {
			if !in[tl] || (i > 0 && unseen[i-1] >= tl) {
				t.Fatalf("side %d: unseen %v, want %v in ascending order", me, unseen, want)
			}
		}
	}
}

// TestBotStream: the stream of a decision is 2^32 + tiles placed.
func TestBotStream(t *testing.T) {
	s := New(5, Easy)
	for !s.Over() {
		want := rng.New(5, 1<<32+uint64(s.Placements()))
		if got := s.BotStream(); got.State() != want.State() {
			t.Fatalf("after %d placements: stream state %d, want %d", s.Placements(), got.State(), want.State())
		}
		s.Place(0, 0)
	}
}

// TestPositionPlaceMatchesTheMatch: playing a placement on the view's
// position gives the position the match reaches, and Fate reads it.
func TestPositionPlaceMatchesTheMatch(t *testing.T) {
	for seed := range uint64(30) {
		s := New(seed, Wise)
		rs := rng.New(seed, 9)
		for !s.Over() {
			me := s.Turn()
			v := s.SeatView(me)
			k := rs.Intn(s.HandLen(me) * Rotations)
			p := v.Position()
			p.Place(me, v.Hand().At(k/Rotations), k%Rotations)
			s.Place(k/Rotations, k%Rotations)
			if p != s.pos {
				t.Fatalf("seed %d: Position.Place and State.Place disagree", seed)
			}
			for _, side := range []Player{You, GBot} {
				at, on := s.Engine(side)
				if p.At(side) != at || p.Out(side) == on {
					t.Fatalf("seed %d: engine %d at %v out %v, state says %v on %v", seed, side, p.At(side), p.Out(side), at, on)
				}
			}
			wantFate := map[Result]Fate{Ongoing: FateSurvives, Win: FateWins, Loss: FateLoses, Draw: FateDraws}[s.Result()]
			if s.Ending() == TilesExhausted {
				wantFate = FateSurvives
			}
			if got := p.Fate(You); got != wantFate {
				t.Fatalf("seed %d: Fate(You) = %d with result %v ending %v", seed, got, s.Result(), s.Ending())
			}
		}
	}
}
