package protocol

import (
	"bytes"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"time"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/livewire"
	rtron "github.com/agentgames/bundle/conformance/rules/tron"
)

// This file holds how the live Tron checks play a round and judge it: a
// move kept hidden until the round resolves, and the round as the rules
// level's Tron model makes it (rtron.Resolve) from the moves sent.

// tronPlay plays a round of a match in state s: it sends send's moves (at
// least one) in seat order, pending being those s shows moved already,
// sent earlier. Each move but the last must be kept hidden
// (tronHiddenMove); the last must answer the round resolved as the rules
// make it from every move (for some move of each bot), as GET must then.
// It answers that state.
func (c *liveClient) tronPlay(s *livewire.TronState, pending, send map[int]string) (*livewire.TronState, error) {
	moves := map[int]string{}
	maps.Copy(moves, pending)
	at := s
	seats := slices.Sorted(maps.Keys(send))
	for _, p := range seats[:len(seats)-1] {
		var err error
		if at, err = c.tronHiddenMove(at, p, send[p]); err != nil {
			return nil, err
		}
		moves[p] = send[p]
	}
	last := seats[len(seats)-1]
	from := c.t.Now()
	got, _, err := c.tronMove(last, send[last])
	if err != nil {
		return nil, err
	}
	moves[last] = send[last]
	return c.tronResolved(s, moves, got, from, c.t.Now())
}

// tronHiddenMove sends seat's move in a round of s that it does not
// complete: the answer must be s with only the seat's moved flag set and
// no direction anywhere, as a watcher's GET must then. It answers that
// state.
func (c *liveClient) tronHiddenMove(s *livewire.TronState, seat int, dir string) (*livewire.TronState, error) {
	want := rtron.Clone(s)
	want.Seats[seat].Moved = true
	got, body, err := c.tronMove(seat, dir)
	if err != nil {
		return nil, err
	}
	if err := c.tronHidden(want, got, body, dir, "the move's answer"); err != nil {
		return nil, err
	}
	if got, body, err = c.tronRead("GET", c.base+"/"+c.code, c.base+"/{code}", nil, "GET "+c.base+"/{code} answers the public state"); err != nil {
		return nil, err
	}
	return got, c.tronHidden(want, got, body, dir, "a watcher's GET")
}

// tronHidden requires answer, got as decoded from body, to be want and to
// name no direction dir.
func (c *liveClient) tronHidden(want, got *livewire.TronState, body []byte, dir, answer string) error {
	if bytes.Contains(body, []byte(`"`+dir+`"`)) {
		return c.fail("", "a move stays hidden until its round resolves: "+answer+" names no direction", "no "+dir, check.Brief(string(body), 200))
	}
	return c.tronExpect("a move stays hidden until its round resolves: "+answer+" shows only that the seat moved (the round, the trails and the deadline as they were)", want, got)
}

// tronResolved requires got, the answer of the move that completed a
// round of s, sent between from and to, to be the round resolved with
// moves (by seat): each bot's move, hidden, is any that makes it so;
// then a GET must answer the same.
func (c *liveClient) tronResolved(s *livewire.TronState, moves map[int]string, got *livewire.TronState, from, to time.Time) (*livewire.TronState, error) {
	var first, match *livewire.TronState
	for _, all := range tronBotMoves(s, moves, got) {
		want := rtron.Next(s, all)
		if !want.Over {
			want.Deadline = got.Deadline // judged below
		}
		if first == nil {
			first = want
		}
		if reflect.DeepEqual(want, got) {
			match = want
			break
		}
	}
	if match == nil {
		return nil, c.tronExpect(fmt.Sprintf("once every living cycle has moved (%s) the round resolves as the rules make it: each survivor's trail grows by the cell it enters, its new head, listed first; "+
			"a cycle entering a wall, any trail, or a cell another enters too is out, its trail gone, and logged; under two alive, the match is over with places, 1 the best, one round's dead sharing one",
			rtron.MovesText(moves)), first, got)
	}
	if !match.Over {
		if err := c.tronDeadlineIn(got, from, to); err != nil {
			return nil, err
		}
	}
	again, err := c.tronGet()
	if err != nil {
		return nil, err
	}
	return got, c.tronExpect("GET answers the state the last move answered", got, again)
}

// tronBotMoves are the sets of moves a round of s may have resolved with:
// moves, and a direction for each living bot, the one its trail in got
// shows first.
func tronBotMoves(s *livewire.TronState, moves map[int]string, got *livewire.TronState) []map[int]string {
	out := []map[int]string{moves}
	for p, seat := range s.Seats {
		if !seat.Bot || !seat.Alive {
			continue
		}
		dirs := slices.Clone(rtron.Directions)
		head, _ := seat.Head()
		if now, ok := tronSeatAt(got, p).Head(); ok {
			slices.SortStableFunc(dirs, func(a, b string) int { return tronTo(head, now, b) - tronTo(head, now, a) })
		}
		var next []map[int]string
		for _, m := range out {
			for _, d := range dirs {
				m2 := maps.Clone(m)
				m2[p] = d
				next = append(next, m2)
			}
		}
		out = next
	}
	return out
}

// tronTo is 1 when d leads from cell to next, else 0.
func tronTo(cell, next [2]int, d string) int {
	if tronStep(cell, d) == next {
		return 1
	}
	return 0
}

// tronSafe chooses a move for each living seat of seats, in order, that
// enters a free cell no move chosen before enters (when one can): the one
// with the longest straight run of free cells, ties in the order x+, x-,
// y+, y-.
func tronSafe(s *livewire.TronState, seats ...int) map[int]string {
	taken := map[[2]int]bool{}
	for _, seat := range s.Seats {
		for _, cell := range seat.Trail {
			taken[cell] = true
		}
	}
	free := func(c [2]int) bool { return rtron.Inside(s, c) && !taken[c] }
	out := map[int]string{}
	for _, p := range seats {
		head, ok := s.Seats[p].Head()
		if !ok {
			continue
		}
		best, run := "", -1
		for _, d := range rtron.Directions {
			n := 0
			for cell := tronStep(head, d); free(cell); cell = tronStep(cell, d) {
				n++
			}
			if n > run {
				best, run = d, n
			}
		}
		out[p] = best
		taken[tronStep(head, best)] = true
	}
	return out
}

// tronStep is the cell next to c in direction d.
func tronStep(c [2]int, d string) [2]int { return [2]int(rtron.Step(rtron.Cell(c), d)) }
