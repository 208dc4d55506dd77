package protocol

import (
	"fmt"
	"slices"
	"strings"
	"time"

	rtron "github.com/agentgames/bundle/conformance/rules/tron"
)

// tronHiddenMoves: two rounds of two players' cycles: each first move is
// answered with the state showing only that the seat moved, for the mover
// and a watcher alike; the second resolves the round, each trail growing
// by one cell in the direction sent, the moved flags cleared, the round
// counted and a new deadline roundMillis ahead.
func tronHiddenMoves(c *liveClient) error {
	s, err := c.tronStart(2, nil)
	if err != nil {
		return err
	}
	for range 2 {
		if s, err = c.tronPlay(s, nil, tronSafe(s, 0, 1)); err != nil {
			return err
		}
	}
	return nil
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
	started := time.Now()
	move := tronSafe(s, 0)[0]
	moved, err := c.tronHiddenMove(s, 0, move)
	if err != nil {
		return err
	}
	if err := liveSleep(c.ctx, time.Until(started.Add(1200*time.Millisecond))); err != nil {
		return err
	}
	got, err := c.tronGet()
	if err != nil {
		return err
	}
	if err := c.tronExpect(fmt.Sprintf("at the round's deadline (1 s) it resolves with the moves it has (seat 0 %s): a cycle that has not moved is out, logged silent", move),
		tronNext(moved, map[int]string{0: move}), got); err != nil {
		return err
	}
	for p := range 2 {
		if err := c.refuseAct("move", c.moveBody(p, move), "match_over", "no move is taken once the match is over"); err != nil {
			return err
		}
	}
	return nil
}

// tronSeatRefusals: a token of no seat, of another match or empty answers
// forbidden, a missing or non-string token invalid_request; none changes
// the match.
func tronSeatRefusals(c *liveClient) error {
	other, err := c.create(2, nil)
	if err != nil {
		return err
	}
	delete(c.seats, other.Token)
	if _, err := c.tronStart(2, nil); err != nil {
		return err
	}
	for _, k := range []struct {
		body       map[string]any
		code, rule string
	}{
		{map[string]any{"token": strings.Repeat("A", 43), "dir": "x+"}, "forbidden", "a token that holds no seat is refused"},
		{map[string]any{"token": other.Token, "dir": "x+"}, "forbidden", "a token of another match holds no seat of this one"},
		{map[string]any{"token": "", "dir": "x+"}, "forbidden", "an empty token holds no seat"},
		{map[string]any{"dir": "x+"}, "invalid_request", "a move names its token"},
		{map[string]any{"token": 7, "dir": "x+"}, "invalid_request", "a token is a string"},
	} {
		if err := c.refuseAct("move", k.body, k.code, k.rule); err != nil {
			return err
		}
	}
	return nil
}

// tronBadBodies: move bodies outside the contract answer 400 (bad_json
// when not one JSON object or a key repeats, invalid_request for a
// direction not one of the four, a missing one, an unknown field) or 413
// over 64 KiB, and change nothing.
func tronBadBodies(c *liveClient) error {
	if _, err := c.tronStart(2, nil); err != nil {
		return err
	}
	tok := fmt.Sprintf("%q", c.tokenOf(0))
	for _, k := range []struct {
		body any
		code string
	}{
		{c.moveBody(0, "z+"), "invalid_request"},
		{c.moveBody(0, "X+"), "invalid_request"},
		{c.moveBody(0, ""), "invalid_request"},
		{map[string]any{"token": c.tokenOf(0), "dir": 1}, "invalid_request"},
		{map[string]any{"token": c.tokenOf(0)}, "invalid_request"},
		{map[string]any{"token": c.tokenOf(0), "dir": "x+", "x": 1}, "invalid_request"},
		{[]byte(`{"token":` + tok + `,"dir":"x+","dir":"y+"}`), "bad_json"},
		{[]byte(`{"token":` + tok + `,"dir":`), "bad_json"},
		{[]byte(`[]`), "bad_json"},
		{[]byte(`{"token":"` + strings.Repeat("x", 70000) + `","dir":"x+"}`), "body_too_large"},
	} {
		if err := c.refuseAct("move", k.body, k.code, "a move body outside the contract is refused"); err != nil {
			return err
		}
	}
	return nil
}
