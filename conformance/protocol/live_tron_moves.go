package protocol

import (
	"fmt"
	"slices"
	"time"

	"github.com/agentgames/bundle/conformance/livewire"
	rtron "github.com/agentgames/bundle/conformance/rules/tron"
)

// tronHiddenMoves: two rounds of two players' cycles: each first move is
// answered with the state showing only that the seat moved, for the mover
// and a watcher alike; the second resolves the round, each trail growing
// by one cell in the direction sent, the moved flags cleared, the round
// counted and a new deadline roundMillis ahead.
func tronHiddenMoves(c *liveClient) error {
	_, err := c.tronTwoRounds()
	return err
}

// tronTwoRounds starts a match of two players' cycles and plays two
// rounds of it, each as tronPlay judges it, with safe moves: it answers
// the state after them.
func (c *liveClient) tronTwoRounds() (*livewire.TronState, error) {
	s, err := c.tronStart(2, nil)
	if err != nil {
		return nil, err
	}
	for range 2 {
		if s, err = c.tronPlay(s, nil, tronSafe(s, 0, 1)); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// tronAlreadyMoved: a seat's second move in a round, another direction or
// the same, answers already_moved and changes nothing; the round then
// resolves with its first.
func tronAlreadyMoved(c *liveClient) error {
	s, err := c.tronStart(2, nil)
	if err != nil {
		return err
	}
	moves := tronSafe(s, 0, 1)
	moved, err := c.tronHiddenMove(s, 0, moves[0])
	if err != nil {
		return err
	}
	other := rtron.Directions[(slices.Index(rtron.Directions, moves[0])+1)%4]
	for _, dir := range []string{other, moves[0]} {
		if err := c.refuseAct("move", c.moveBody(0, dir), "already_moved", "a cycle moves once a round: a second move is refused, the first stands"); err != nil {
			return err
		}
	}
	_, err = c.tronPlay(moved, map[int]string{0: moves[0]}, map[int]string{1: moves[1]})
	return err
}

// tronDeadline: a match of 1-second rounds starts with its deadline a
// second ahead; one cycle moves, the other stays silent, and 1.2 seconds
// after the start the round has resolved with the move it had: the silent
// cycle is out, logged silent, the match over with its places, and every
// move answers match_over.
func tronDeadline(c *liveClient) error {
	s, err := c.tronStart(2, map[string]any{"roundMillis": 1000})
	if err != nil {
		return err
	}
	started := c.t.Now()
	move := tronSafe(s, 0)[0]
	moved, err := c.tronHiddenMove(s, 0, move)
	if err != nil {
		return err
	}
	if err := c.t.Sleep(c.ctx, started.Add(1200*time.Millisecond).Sub(c.t.Now())); err != nil {
		return err
	}
	got, err := c.tronGet()
	if err != nil {
		return err
	}
	if err := c.tronExpect(fmt.Sprintf("at the round's deadline (1 s) it resolves with the moves it has (seat 0 %s): a cycle that has not moved is out, logged silent", move),
		rtron.Next(moved, map[int]string{0: move}), got); err != nil {
		return err
	}
	for p := range 2 {
		if err := c.refuseAct("move", c.moveBody(p, move), "match_over", "no move is taken once the match is over"); err != nil {
			return err
		}
	}
	return nil
}
