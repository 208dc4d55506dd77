package protocol

import (
	"fmt"

	"github.com/agentgames/bundle/conformance/livewire"
	rtron "github.com/agentgames/bundle/conformance/rules/tron"
)

// tronSince: after two rounds of two players' cycles, the state read
// since a round (GET ?since=R) is the state with every trail cut to the
// cells laid after round R, head first (since the round: none; since the
// round before: the heads; since 0: all but the start cells; since a
// round to come: none), its since saying R; a move sent with ?since=R
// answers its state so, whether it keeps the move hidden or resolves the
// round; a since that is no round is refused, invalid_request, and its
// move is not played.
func tronSince(c *liveClient) error {
	s, err := c.tronTwoRounds()
	if err != nil {
		return err
	}
	for _, since := range []int{s.Round, s.Round - 1, 0, s.Round + 3} {
		got, _, err := c.tronRead("GET", fmt.Sprintf("%s/%s?since=%d", c.base, c.code, since), c.base+"/{code}", nil, "GET "+c.base+"/{code}?since=R answers the public state since round R")
		if err != nil {
			return err
		}
		if err := c.tronExpect(fmt.Sprintf("read since round %d, every trail holds only the cells laid after it, head first, and since says %d", since, since), tronCut(s, since), got); err != nil {
			return err
		}
	}
	moves := tronSafe(s, 0, 1)
	for _, bad := range []string{"-1", "x", "2.5"} {
		if err := c.refused(fmt.Sprintf("%s/%s/move?since=%s", c.base, c.code, bad), c.base+"/{code}/move", c.moveBody(0, moves[0]), "invalid_request",
			"since is a round, a whole number: a move sent with another is refused and not played"); err != nil {
			return err
		}
	}
	round := s.Round
	sinceMove := func(seat int, want *livewire.TronState, rule string) error {
		got, _, err := c.tronRead("POST", fmt.Sprintf("%s/%s/move?since=%d", c.base, c.code, round), c.base+"/{code}/move", c.moveBody(seat, moves[seat]),
			"a move sent with ?since=R answers the public state since round R")
		if err != nil {
			return err
		}
		if want.Deadline != nil && got.Deadline != nil {
			want.Deadline = got.Deadline // the next round's, judged by the other checks
		}
		return c.tronExpect(rule, tronCut(want, round), got)
	}
	hidden := rtron.Clone(s)
	hidden.Seats[0].Moved = true
	if err := sinceMove(0, hidden, fmt.Sprintf("a move sent with ?since=%d that the round waits on answers the state since round %d: no trail's cell, the seat moved", round, round)); err != nil {
		return err
	}
	return sinceMove(1, rtron.Next(s, moves), fmt.Sprintf("the move that resolves the round, sent with ?since=%d, answers the state since round %d: every living cycle's new head alone", round, round))
}

// tronCut is s read since round since: every trail cut to the cells laid
// after it (one a round, the head first).
func tronCut(s *livewire.TronState, since int) *livewire.TronState {
	out := rtron.Clone(s)
	for p := range out.Seats {
		t := out.Seats[p].Trail
		out.Seats[p].Trail = t[:min(len(t), max(out.Round-since, 0))]
	}
	out.Since = &since
	return out
}
