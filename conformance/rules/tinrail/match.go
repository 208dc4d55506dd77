package tinrail

// This file holds a Tinrail match under judgement: playing it, and judging
// each placement, its rides, G-Bot's reply and the position after it.

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/rules"
)

// match is one match in play: where it is sent and what the referee
// knows of it.
type match struct {
	*rules.Match
	w *world
}

// play plays one match with agent a and judges every answer.
func play(ctx context.Context, t check.Target, seed uint64, opponent, field string, a agent) error {
	shown := cmp.Or(opponent, "wise")
	name := fmt.Sprintf("seed %d, %s agent, opponent %s", seed, a.name, cmp.Or(opponent, "default (wise)"))
	m := &match{Match: rules.NewMatch(ctx, t, "tinrail", name), w: newWorld(shown)}
	m.Field = field
	query := map[string]string{"seed": strconv.FormatUint(seed, 10)}
	if opponent != "" {
		query["opponent"] = opponent
	}
	var ans answer
	e, err := m.Open(query, &ans)
	if err != nil {
		return err
	}
	if err := m.judge(e, &ans); err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(seed, uint64(len(a.name))))
	for !m.w.over {
		bad, act := a.plan(m.w, rng)
		for _, b := range bad {
			if err := m.Refuse(json.RawMessage(b.action), b.code); err != nil {
				return err
			}
		}
		if err := m.play(act); err != nil {
			return err
		}
	}
	return m.AfterEnd(json.RawMessage(`{"type":"place","tileIndex":0,"rotation":0}`))
}

// play sends a legal placement and judges the answer.
func (m *match) play(a action) error {
	raw, _ := json.Marshal(a)
	var ans answer
	e, err := m.Play(raw, &ans)
	if err != nil {
		return err
	}
	w := m.w
	headOn, err := m.placement(&ans, 0, 0, w.hand[a.TileIndex], a.Rotation)
	if err != nil {
		return err
	}
	w.hand = slices.Delete(w.hand, a.TileIndex, a.TileIndex+1)
	w.settle(0, headOn)
	want := 1
	if !w.over {
		want = 2
		if len(ans.Events) < 2 {
			return m.Fail("events", "G-Bot replies inside your action while the match goes on", "2 events", len(ans.Events))
		}
		e := ans.Events[1]
		if e.By != "gbot" {
			return m.Fail("events[1].by", "your placement comes first, then G-Bot's", "gbot", e.By)
		}
		if e.Tile < 0 || e.Tile > 34 || w.seen[e.Tile] {
			return m.Fail("events[1].tile", "G-Bot lays a tile from its own hand, one never seen before", "an unseen tile id", e.Tile)
		}
		if e.Rotation < 0 || e.Rotation > 3 {
			return m.Fail("events[1].rotation", "a rotation is 0..3", "0..3", e.Rotation)
		}
		if err := m.policy(e); err != nil {
			return err
		}
		w.gbotHand--
		headOn, err := m.placement(&ans, 1, 1, e.Tile, e.Rotation)
		if err != nil {
			return err
		}
		w.settle(1, headOn)
	}
	if len(ans.Events) != want {
		return m.Fail("events", "events list your placement, then G-Bot's reply if the match went on", want, len(ans.Events))
	}
	return m.judge(e, &ans)
}

// placement checks events[i], a tile laid by side, lays it in the world
// and checks its rides; it answers whether they met head on.
func (m *match) placement(ans *answer, i, side, tile, rotation int) (headOn bool, err error) {
	path := fmt.Sprintf("events[%d]", i)
	if len(ans.Events) <= i {
		return headOn, m.Fail("events", "an action's events list each tile laid", i+1, len(ans.Events))
	}
	e := ans.Events[i]
	w := m.w
	cell := w.at[side].Cell
	switch {
	case e.By != sides[side]:
		return headOn, m.Fail(path+".by", "your placement comes first, then G-Bot's", sides[side], e.By)
	case e.Cell != cell:
		return headOn, m.Fail(path+".cell", "a tile goes into the cell its placer's engine faces", cell, e.Cell)
	case e.Tile != tile:
		return headOn, m.Fail(path+".tile", "the tile laid is the hand tile at tileIndex", tile, e.Tile)
	case e.Rotation != rotation:
		return headOn, m.Fail(path+".rotation", "the tile is laid at the rotation sent", rotation, e.Rotation)
	}
	trips, headOn := w.place(side, tile, rotation)
	if e.HeadOn != headOn {
		return headOn, m.Fail(path+".headOn", "two rides that use one strand in opposite directions meet head on", headOn, e.HeadOn)
	}
	var want []string
	for s, tr := range trips {
		if tr != nil {
			want = append(want, sides[s])
		}
	}
	var got []string
	for _, r := range e.Rides {
		got = append(got, r.Engine)
	}
	if !slices.Equal(want, got) {
		return headOn, m.Fail(path+".rides", "every engine on the table facing the cell rides, yours first", want, got)
	}
	for j, r := range e.Rides {
		tr := trips[slices.Index(sides[:], r.Engine)]
		rp := fmt.Sprintf("%s.rides[%d]", path, j)
		var to any = "null"
		if !tr.off {
			to = tr.to
		}
		switch {
		case r.From != tr.from:
			return headOn, m.Fail(rp+".from", "a ride starts at the engine's notch", tr.from, r.From)
		case r.OffTable != tr.off:
			return headOn, m.Fail(rp+".offTable", "a ride that crosses the table's edge leaves the table", tr.off, r.OffTable)
		case !tr.off && (r.To == nil || *r.To != tr.to), tr.off && r.To != nil:
			return headOn, m.Fail(rp+".to", "a ride follows the strands to the edge of the first empty cell", to, showNotch(r.To))
		case r.Tiles != tr.tiles:
			return headOn, m.Fail(rp+".tiles", "a ride counts every tile it crosses", tr.tiles, r.Tiles)
		case r.Eliminated != (tr.off || headOn):
			return headOn, m.Fail(rp+".eliminated", "an engine is eliminated when it leaves the table or meets the other head on", tr.off || headOn, r.Eliminated)
		}
	}
	return headOn, nil
}

func showNotch(n *notch) any {
	if n == nil {
		return "null"
	}
	return *n
}

// policy holds G-Bot's placement to what its level promises, as far as the
// rotations of the tile it laid show it.
func (m *match) policy(e event) error {
	var fates [4]int
	for r := range 4 {
		sim := m.w.clone()
		sim.place(1, e.Tile, r)
		fates[r] = fate(sim)
	}
	chose := fates[e.Rotation]
	best := slices.Max(fates[:])
	if m.w.opponent == "wise" {
		// Wise values an immediate end exactly: a win 1000, a draw -50, a
		// loss -1000; a placement that lets the match go on may be worth
		// anything in between, or 1000.
		best = -1
		for _, f := range fates {
			if f != 2 {
				best = max(best, f)
			}
		}
	}
	names := []string{"G-Bot off the table", "a draw", "both ride on", "you off the table"}
	switch {
	case m.w.opponent == "easy" && min(best, 2) > min(chose, 2):
		return m.Fail("events[1].rotation", "Easy G-Bot keeps its engine on the table (else draws) when a rotation of its tile does",
			names[best], fmt.Sprintf("rotation %d: %s", e.Rotation, names[chose]))
	case m.w.opponent == "wise" && chose < 2 && best > chose:
		return m.Fail("events[1].rotation", "Wise G-Bot takes no immediate loss or draw when another rotation of its tile wins or draws at once",
			names[best], fmt.Sprintf("rotation %d: %s", e.Rotation, names[chose]))
	}
	return nil
}

// judge holds an accepted answer to the derived world, and then takes it
// as the match's current position.
func (m *match) judge(e *rules.Envelope, ans *answer) error {
	w := m.w
	v := ans.View
	if v == nil {
		return m.Fail("view", "an accepted answer carries the view", "a view", "none")
	}
	for _, c := range []struct {
		path      string
		rule      string
		want, got int
	}{
		{"view.placements", "placements count the tiles laid", w.placements, v.Placements},
		{"view.tilesSurvived", "tilesSurvived counts the placements after which your engine was on the table", w.survived, v.TilesSurvived},
		{"view.pile", "the placer draws from the pile while it lasts, unless the match ended", w.pile, v.Pile},
		{"view.gbotHand", "G-Bot holds 3, lays one a turn and draws while the pile lasts", w.gbotHand, v.GBotHand},
		{"view.board", "the board holds every tile laid", w.placements, len(v.Board)},
	} {
		if c.want != c.got {
			return m.Fail(c.path, c.rule, c.want, c.got)
		}
	}
	if v.Opponent != w.opponent {
		return m.Fail("view.opponent", "the opponent is the one asked for (wise by default)", w.opponent, v.Opponent)
	}
	for s, en := range []engine{v.You, v.GBot} {
		path := "view." + sides[s]
		switch {
		case en.OnTable == w.out[s]:
			return m.Fail(path+".onTable", "an engine leaves the table when it rides off it or meets the other head on", !w.out[s], en.OnTable)
		case en.Cell < 0 || en.Cell > 35 || en.Row != en.Cell/6 || en.Col != en.Cell%6:
			return m.Fail(path, "row and col are the cell's (cell = row*6 + col)", fmt.Sprintf("row %d col %d", en.Cell/6, en.Cell%6), fmt.Sprintf("cell %d row %d col %d", en.Cell, en.Row, en.Col))
		case !w.out[s] && (notch{en.Cell, en.Port}) != w.at[s]:
			return m.Fail(path, "an engine waits where its last ride left it", w.at[s], notch{en.Cell, en.Port})
		}
	}
	if err := m.judgeBoard(v.Board); err != nil {
		return err
	}
	if err := m.judgeHand(v.Hand); err != nil {
		return err
	}
	var want, got []string
	for _, a := range w.legal() {
		want = append(want, a.String())
	}
	for _, a := range ans.LegalActions {
		got = append(got, a.String())
	}
	if f := rules.SetBreak("legalActions", "legalActions are every tileIndex of your hand at every rotation, none once the match is over", want, got); f != nil {
		return m.Place(f)
	}
	return m.judgeEnd(e, ans)
}

// judgeBoard holds the board to the tiles laid, each with its strands.
func (m *match) judgeBoard(board []placed) error {
	var at [36]bool
	for i, p := range board {
		path := fmt.Sprintf("view.board[%d]", i)
		if p.Cell < 0 || p.Cell > 35 || at[p.Cell] {
			return m.Fail(path+".cell", "the board lists each tiled cell once", "a new cell 0..35", p.Cell)
		}
		at[p.Cell] = true
		v := m.w.board[p.Cell]
		switch {
		case v < 0:
			return m.Fail(path+".cell", "a tile is only where one was laid", "an empty cell", fmt.Sprintf("tile %d at cell %d", p.Tile, p.Cell))
		case p.Row != p.Cell/6 || p.Col != p.Cell%6:
			return m.Fail(path, "row and col are the cell's (cell = row*6 + col)", fmt.Sprintf("row %d col %d", p.Cell/6, p.Cell%6), fmt.Sprintf("row %d col %d", p.Row, p.Col))
		case p.Tile != v/4 || p.Rotation != v%4:
			return m.Fail(path, "a tile stays as it was laid", fmt.Sprintf("tile %d rotation %d", v/4, v%4), fmt.Sprintf("tile %d rotation %d", p.Tile, p.Rotation))
		}
		if err := m.strands(path+".strands", p.Strands, p.Tile, p.Rotation); err != nil {
			return err
		}
	}
	return nil
}

// judgeHand holds your hand to the derived one: the tiles kept in order,
// then the tiles drawn, each new; while the match is open.
func (m *match) judgeHand(hand []handTile) error {
	w := m.w
	if w.over && len(hand) == 0 {
		return nil
	}
	if len(hand) != len(w.hand) {
		return m.Fail("view.hand", "a hand loses the tile placed and gains the one drawn while the pile lasts", len(w.hand), len(hand))
	}
	for i, h := range hand {
		path := fmt.Sprintf("view.hand[%d]", i)
		switch want := w.hand[i]; {
		case h.TileIndex != i:
			return m.Fail(path+".tileIndex", "a hand tile's tileIndex is its place in the hand", i, h.TileIndex)
		case want < 0 && (h.Tile < 0 || h.Tile > 34 || w.seen[h.Tile]):
			return m.Fail(path+".tile", "a drawn tile is one never seen before (each tile is in the deck once)", "an unseen tile id", h.Tile)
		case want < 0:
			w.hand[i] = h.Tile
			w.seen[h.Tile] = true
		case h.Tile != want:
			return m.Fail(path+".tile", "a hand keeps its order: the placed tile leaves, the rest close the gap, a drawn tile joins at the end", want, h.Tile)
		}
		if len(h.Rotations) != 4 {
			return m.Fail(path+".rotations", "a hand tile is shown at its four rotations", 4, len(h.Rotations))
		}
		for r, ss := range h.Rotations {
			if err := m.strands(fmt.Sprintf("%s.rotations[%d]", path, r), ss, h.Tile, r); err != nil {
				return err
			}
		}
	}
	return nil
}

// strands holds shown strands to tile turned rotation quarter turns.
func (m *match) strands(path string, ss [][]int, tile, rotation int) error {
	want := partners[tile][rotation]
	got := [8]int{-1, -1, -1, -1, -1, -1, -1, -1}
	ok := len(ss) == 4
	for _, s := range ss {
		if len(s) != 2 || s[0] < 0 || s[0] >= s[1] || s[1] > 7 || got[s[0]] >= 0 || got[s[1]] >= 0 {
			ok = false
			break
		}
		got[s[0]], got[s[1]] = s[1], s[0]
	}
	if !ok || got != want {
		var w []string
		for p, q := range want {
			if p < q {
				w = append(w, fmt.Sprintf("%d-%d", p, q))
			}
		}
		return m.Fail(path, "strands are the tile table's, each port p turned to (p+2r)%8, lower port first",
			fmt.Sprintf("tile %d rotation %d: %s", tile, rotation, strings.Join(w, " ")), fmt.Sprint(ss))
	}
	return nil
}

// judgeEnd holds score, gameOver, turn and result to the derived end.
func (m *match) judgeEnd(e *rules.Envelope, ans *answer) error {
	w := m.w
	if !w.over {
		switch {
		case e.GameOver:
			return m.Fail("gameOver", "the match goes on while both engines ride and you hold a tile", false, true)
		case e.Turn != "you":
			return m.Fail("turn", "an open match is your turn again", "you", e.Turn)
		case e.Score == nil || *e.Score != 0:
			return m.Fail("score", "the score reads 0 until the match ends", 0, rules.OrNone(e.Score))
		case ans.Result != nil:
			return m.Fail("result", "result is null while the match is open", "null", *ans.Result)
		}
		return nil
	}
	score := w.score()
	mult := map[string]string{"easy": "0.6", "wise": "1.0"}[w.opponent]
	r := ans.Result
	switch {
	case !e.GameOver:
		return m.Fail("gameOver", "an elimination, or a side to move with no tile, ends the match", true, false)
	case e.Turn != "over":
		return m.Fail("turn", "a finished match's turn is over", "over", e.Turn)
	case r == nil:
		return m.Fail("result", "a finished match has a result", "a result", "null")
	case r.Outcome != w.outcome:
		return m.Fail("result.outcome", "you win when only G-Bot's engine is out, lose when only yours is, draw otherwise", w.outcome, r.Outcome)
	case r.Ending != w.ending:
		return m.Fail("result.ending", "the ending names how the match ended", w.ending, r.Ending)
	case r.TilesSurvived != w.survived:
		return m.Fail("result.tilesSurvived", "tilesSurvived counts the placements after which your engine was on the table", w.survived, r.TilesSurvived)
	case r.Multiplier != mult:
		return m.Fail("result.multiplier", "the multiplier is 1.0 against Wise, 0.6 against Easy", mult, r.Multiplier)
	case r.Score != score:
		return m.Fail("result.score", "win 100+5s, draw 50+2s, loss 2s (s tiles survived), times the multiplier, rounded down", score, r.Score)
	case e.Score == nil || *e.Score != score:
		return m.Fail("score", "the score is the result's once the match ends", score, rules.OrNone(e.Score))
	}
	return nil
}
