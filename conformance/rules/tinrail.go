// Tinrail's referee: it plays matches with three agents over the seeds and
// judges every answer from the answer before it, the action sent, and the
// rules of docs/tinrail.md (and the card), re-deriving the position itself.
//
// Agents (one check a seed and an agent; opponent "easy", "wise" and the
// default cycle with the seed and the agent, the token's field name,
// "state" or "stateToken", with the seed):
//   - random: a uniformly random action of legalActions;
//   - adversarial: sends invalid actions among its placements (type other
//     than place, tileIndex or rotation out of range, a field missing, a
//     tileIndex beyond a shrunken hand) and plays towards head-on meetings,
//     G-Bot's elimination, positions where G-Bot's reply may bring both
//     engines to face one cell, and the table's edge;
//   - cautious: keeps its engine on the table when it can, where most new
//     tiles would keep it there, so its matches last until the pile runs
//     out, hands shrink and, at times, all 35 tiles are placed.
//
// Every agent, once the match is over, sends one more placement, which must
// be refused with game_over.
//
// What each answer is held to:
//   - init: an empty board, your engine at cell 32 port 4 and G-Bot's at
//     cell 3 port 0, three distinct hand tiles, G-Bot 3, pile 29, the seed
//     echoed, the opponent as asked (wise by default);
//   - your placement (events[0]): by you, the hand tile at tileIndex, the
//     rotation sent, into the cell your engine faced;
//   - every ride, re-derived by following the strands of the documented tile
//     table: which engines ride (those on the table facing the cell), from
//     where, where each rests or that it rode off (each ride followed on its
//     own, a head-on meeting or not), how many tiles it crossed (the docs do
//     not define the ride's tiles; it is read as tiles entered, a tile
//     crossed twice counting twice), head-on meetings (a strand used in both
//     directions by the two rides) and eliminations;
//   - G-Bot's reply (events[1]): present exactly when the match went on and
//     G-Bot held a tile, laid into the cell its engine faced, a tile never
//     seen before, a rotation 0..3; against Easy it never takes a rotation of
//     that tile that is worse for its engine (off the table, then a draw)
//     than another rotation of the same tile; against Wise never an immediate
//     loss or draw when another rotation of that tile wins or draws at once;
//   - the view afterwards: the board is the previous board plus the tiles
//     laid (tile, rotation, and strands equal to the tile table turned by the
//     rotation), both engines (on the table, cell and port; row and col
//     matching the cell), placements, tilesSurvived, pile and G-Bot's hand
//     size (each side draws after its placement while the pile lasts, not
//     after one that ends the match), your hand (the placed tile removed, the
//     gap closed, the drawn tile appended, every tile id new and the four
//     rotations as the table says);
//   - legalActions: exactly every tileIndex of your hand at every rotation
//     while the match is open, none once it is over;
//   - the end: gameOver, turn, result (outcome, ending, tilesSurvived,
//     multiplier) and score as the documented formula gives them, and score 0
//     while the match is open. A head-on meeting must end as head_on: both
//     rides then also leave the table (each follows the other's track back
//     to its start at the edge), and were both_off_table to win, head_on
//     could never be an ending;
//   - refusals: ok false, the documented code (invalid_action,
//     illegal_action, game_over), a reason, the previous legalActions and
//     gameOver, and the token sent, unchanged; the match goes on from it.
//
// What the API does not let a referee check, and why:
//   - which tile you draw and which G-Bot holds or lays: the pile order and
//     G-Bot's hand are hidden (only counts are shown), so a drawn or laid
//     tile is held only to being one not seen before;
//   - G-Bot's choice beyond the rotations of the tile it laid: its other
//     hand tiles are hidden, so whether Easy preferred another safe tile, or
//     Wise's expectimax value, cannot be recomputed; and its tie-breaks need
//     the seed's generator, which the rules level does not assume;
//   - where an engine that left the table is shown (its cell and port): the
//     docs do not say, so only onTable is judged then;
//   - the order of legalActions and of view.board: not documented; they are
//     judged as sets without repeats;
//   - your hand once the match is over: the docs do not say whether it is
//     still shown, so it may be empty or the derived hand;
//   - the observation text: the docs list what it says but not how, so it
//     is not parsed (the view carries the same facts as JSON).

package rules

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/conformance/check"
)

// Tinrail is Tinrail's referee, its rules checks: a match a seed and an agent.
func Tinrail(seeds int) []check.Check {
	var out []check.Check
	for i := range seeds {
		seed := uint64(1 + i)
		field := []string{"state", "stateToken"}[i%2]
		for j, a := range tinrailAgents {
			opponent := []string{"easy", "wise", ""}[(i+j)%3]
			out = append(out, check.Check{
				Game:  "tinrail",
				Level: check.Rules,
				Name:  fmt.Sprintf("%s agent, seed %d", a.name, seed),
				Run: func(ctx context.Context, t check.Target) error {
					return tinrailPlay(ctx, t, seed, opponent, field, a)
				},
			})
		}
	}
	return out
}

// The wire format, read into the referee's own types.
type (
	tinrailAction struct {
		Type      string `json:"type"`
		TileIndex int    `json:"tileIndex"`
		Rotation  int    `json:"rotation"`
	}
	tinrailNotch struct {
		Cell int `json:"cell"`
		Port int `json:"port"`
	}
	tinrailEngine struct {
		Cell    int  `json:"cell"`
		Row     int  `json:"row"`
		Col     int  `json:"col"`
		Port    int  `json:"port"`
		OnTable bool `json:"onTable"`
	}
	tinrailPlaced struct {
		Cell     int     `json:"cell"`
		Row      int     `json:"row"`
		Col      int     `json:"col"`
		Tile     int     `json:"tile"`
		Rotation int     `json:"rotation"`
		Strands  [][]int `json:"strands"`
	}
	tinrailHandTile struct {
		TileIndex int       `json:"tileIndex"`
		Tile      int       `json:"tile"`
		Rotations [][][]int `json:"rotations"`
	}
	tinrailView struct {
		Opponent      string            `json:"opponent"`
		Placements    int               `json:"placements"`
		TilesSurvived int               `json:"tilesSurvived"`
		Pile          int               `json:"pile"`
		GBotHand      int               `json:"gbotHand"`
		You           tinrailEngine     `json:"you"`
		GBot          tinrailEngine     `json:"gbot"`
		Board         []tinrailPlaced   `json:"board"`
		Hand          []tinrailHandTile `json:"hand"`
	}
	tinrailResult struct {
		Outcome       string `json:"outcome"`
		Ending        string `json:"ending"`
		TilesSurvived int    `json:"tilesSurvived"`
		Multiplier    string `json:"multiplier"`
		Score         int    `json:"score"`
	}
	tinrailRide struct {
		Engine     string        `json:"engine"`
		From       tinrailNotch  `json:"from"`
		To         *tinrailNotch `json:"to"`
		OffTable   bool          `json:"offTable"`
		Eliminated bool          `json:"eliminated"`
		Tiles      int           `json:"tiles"`
	}
	tinrailEvent struct {
		By       string        `json:"by"`
		Tile     int           `json:"tile"`
		Rotation int           `json:"rotation"`
		Cell     int           `json:"cell"`
		Rides    []tinrailRide `json:"rides"`
		HeadOn   bool          `json:"headOn"`
	}
	tinrailAnswer struct {
		OK           bool            `json:"ok"`
		Code         string          `json:"code"`
		Reason       string          `json:"reason"`
		State        string          `json:"state"`
		Seed         *uint64         `json:"seed"`
		LegalActions []tinrailAction `json:"legalActions"`
		Score        int             `json:"score"`
		GameOver     bool            `json:"gameOver"`
		Result       *tinrailResult  `json:"result"`
		Turn         string          `json:"turn"`
		View         *tinrailView    `json:"view"`
		Events       []tinrailEvent  `json:"events"`
	}
)

func (n tinrailNotch) String() string { return fmt.Sprintf("cell %d port %d", n.Cell, n.Port) }

func (a tinrailAction) String() string {
	return fmt.Sprintf(`{"type":%q,"tileIndex":%d,"rotation":%d}`, a.Type, a.TileIndex, a.Rotation)
}

// tinrailMatch is one match in play: where it is sent and what the referee
// knows of it.
type tinrailMatch struct {
	ctx    context.Context
	loop   *client.HTTP
	name   string
	field  string
	step   int
	action json.RawMessage
	token  string
	legal  []tinrailAction
	w      *tinrailWorld
}

func (m *tinrailMatch) fail(path, rule string, want, got any) *check.Failure {
	return &check.Failure{Match: m.name, Step: m.step, Action: m.action, Path: path, Rule: rule,
		Want: check.Brief(fmt.Sprint(want), 200), Got: check.Brief(fmt.Sprint(got), 200)}
}

// tinrailPlay plays one match with agent a and judges every answer.
func tinrailPlay(ctx context.Context, t check.Target, seed uint64, opponent, field string, a tinrailAgent) error {
	shown := opponent
	if shown == "" {
		shown = "wise"
	}
	m := &tinrailMatch{ctx: ctx, loop: t.Loop(), field: field, w: tinrailNewWorld(shown),
		name: fmt.Sprintf("seed %d, %s agent, opponent %s", seed, a.name, cmp.Or(opponent, "default (wise)"))}
	query := map[string]string{"seed": strconv.FormatUint(seed, 10)}
	if opponent != "" {
		query["opponent"] = opponent
	}
	status, body, err := m.loop.Init(ctx, "tinrail", query)
	if err != nil {
		return m.fail("", "the server answers", "an HTTP answer", err.Error())
	}
	ans, err := m.read(status, body, true)
	if err != nil {
		return err
	}
	if ans.Seed == nil || *ans.Seed != seed {
		return m.fail("seed", "init echoes the seed the caller chose", seed, tinrailOpt(ans.Seed))
	}
	if err := m.judge(ans); err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(seed, uint64(len(a.name))))
	for !m.w.over {
		bad, act := a.plan(m.w, rng)
		for _, b := range bad {
			if err := m.refuse(b); err != nil {
				return err
			}
		}
		if err := m.play(act); err != nil {
			return err
		}
	}
	return m.refuse(tinrailBad{`{"type":"place","tileIndex":0,"rotation":0}`, "game_over"})
}

func tinrailOpt(p *uint64) string {
	if p == nil {
		return "none"
	}
	return strconv.FormatUint(*p, 10)
}

// read decodes an answer that must be accepted (ok true) or refused.
func (m *tinrailMatch) read(status int, body []byte, accepted bool) (*tinrailAnswer, error) {
	if status != 200 {
		return nil, m.fail("", "the loop answers HTTP 200", 200, fmt.Sprintf("%d %s", status, check.Brief(string(body), 120)))
	}
	var ans tinrailAnswer
	if err := json.Unmarshal(body, &ans); err != nil {
		return nil, m.fail("", "the answer reads as the documented envelope", "a Tinrail envelope", err.Error())
	}
	if ans.OK != accepted {
		return nil, m.fail("ok", "an action is accepted exactly when it is legal", accepted,
			fmt.Sprintf("%v (code %q, reason %q)", ans.OK, ans.Code, check.Brief(ans.Reason, 80)))
	}
	return &ans, nil
}

// send posts action with the current token.
func (m *tinrailMatch) send(action string, accepted bool) (*tinrailAnswer, error) {
	m.step++
	m.action = json.RawMessage(action)
	status, body, err := m.loop.Act(m.ctx, "tinrail", m.field, m.token, m.action)
	if err != nil {
		return nil, m.fail("", "the server answers", "an HTTP answer", err.Error())
	}
	return m.read(status, body, accepted)
}

// refuse sends an action the rules refuse and holds the refusal to
// changing nothing.
func (m *tinrailMatch) refuse(b tinrailBad) error {
	ans, err := m.send(b.action, false)
	if err != nil {
		return err
	}
	switch {
	case ans.Code != b.code:
		return m.fail("code", "a refusal names the documented code", b.code, ans.Code)
	case ans.Reason == "":
		return m.fail("reason", "a refusal says why", "a reason", `""`)
	case ans.State != m.token:
		return m.fail("state", "a refusal answers the token sent, unchanged (nothing happened)", check.Brief(m.token, 40), check.Brief(ans.State, 40))
	case ans.GameOver != m.w.over:
		return m.fail("gameOver", "a refusal changes nothing", m.w.over, ans.GameOver)
	}
	return m.sameLegal(ans.LegalActions, m.legal, "a refusal repeats the legal actions")
}

// play sends a legal placement and judges the answer.
func (m *tinrailMatch) play(a tinrailAction) error {
	raw, _ := json.Marshal(a)
	ans, err := m.send(string(raw), true)
	if err != nil {
		return err
	}
	w := m.w
	headOn, err := m.placement(ans, 0, 0, w.hand[a.TileIndex], a.Rotation)
	if err != nil {
		return err
	}
	w.hand = slices.Delete(w.hand, a.TileIndex, a.TileIndex+1)
	w.settle(0, headOn)
	want := 1
	if !w.over {
		want = 2
		if len(ans.Events) < 2 {
			return m.fail("events", "G-Bot replies inside your action while the match goes on", "2 events", len(ans.Events))
		}
		e := ans.Events[1]
		if e.By != "gbot" {
			return m.fail("events[1].by", "your placement comes first, then G-Bot's", "gbot", e.By)
		}
		if e.Tile < 0 || e.Tile > 34 || w.seen[e.Tile] {
			return m.fail("events[1].tile", "G-Bot lays a tile from its own hand, one never seen before", "an unseen tile id", e.Tile)
		}
		if e.Rotation < 0 || e.Rotation > 3 {
			return m.fail("events[1].rotation", "a rotation is 0..3", "0..3", e.Rotation)
		}
		if err := m.policy(e); err != nil {
			return err
		}
		w.gbotHand--
		headOn, err := m.placement(ans, 1, 1, e.Tile, e.Rotation)
		if err != nil {
			return err
		}
		w.settle(1, headOn)
	}
	if len(ans.Events) != want {
		return m.fail("events", "events list your placement, then G-Bot's reply if the match went on", want, len(ans.Events))
	}
	return m.judge(ans)
}

// placement checks events[i], a tile laid by side, lays it in the world
// and checks its rides; it answers whether they met head on.
func (m *tinrailMatch) placement(ans *tinrailAnswer, i, side, tile, rotation int) (headOn bool, err error) {
	path := fmt.Sprintf("events[%d]", i)
	if len(ans.Events) <= i {
		return headOn, m.fail("events", "an action's events list each tile laid", i+1, len(ans.Events))
	}
	e := ans.Events[i]
	w := m.w
	cell := w.at[side].Cell
	switch {
	case e.By != tinrailSides[side]:
		return headOn, m.fail(path+".by", "your placement comes first, then G-Bot's", tinrailSides[side], e.By)
	case e.Cell != cell:
		return headOn, m.fail(path+".cell", "a tile goes into the cell its placer's engine faces", cell, e.Cell)
	case e.Tile != tile:
		return headOn, m.fail(path+".tile", "the tile laid is the hand tile at tileIndex", tile, e.Tile)
	case e.Rotation != rotation:
		return headOn, m.fail(path+".rotation", "the tile is laid at the rotation sent", rotation, e.Rotation)
	}
	trips, headOn := w.place(side, tile, rotation)
	if e.HeadOn != headOn {
		return headOn, m.fail(path+".headOn", "two rides that use one strand in opposite directions meet head on", headOn, e.HeadOn)
	}
	var want []string
	for s, tr := range trips {
		if tr != nil {
			want = append(want, tinrailSides[s])
		}
	}
	var got []string
	for _, r := range e.Rides {
		got = append(got, r.Engine)
	}
	if !slices.Equal(want, got) {
		return headOn, m.fail(path+".rides", "every engine on the table facing the cell rides, yours first", want, got)
	}
	for j, r := range e.Rides {
		tr := trips[slices.Index(tinrailSides[:], r.Engine)]
		rp := fmt.Sprintf("%s.rides[%d]", path, j)
		var to any = "null"
		if !tr.off {
			to = tr.to
		}
		switch {
		case r.From != tr.from:
			return headOn, m.fail(rp+".from", "a ride starts at the engine's notch", tr.from, r.From)
		case r.OffTable != tr.off:
			return headOn, m.fail(rp+".offTable", "a ride that crosses the table's edge leaves the table", tr.off, r.OffTable)
		case !tr.off && (r.To == nil || *r.To != tr.to), tr.off && r.To != nil:
			return headOn, m.fail(rp+".to", "a ride follows the strands to the edge of the first empty cell", to, tinrailShowNotch(r.To))
		case r.Tiles != tr.tiles:
			return headOn, m.fail(rp+".tiles", "a ride counts every tile it crosses", tr.tiles, r.Tiles)
		case r.Eliminated != (tr.off || headOn):
			return headOn, m.fail(rp+".eliminated", "an engine is eliminated when it leaves the table or meets the other head on", tr.off || headOn, r.Eliminated)
		}
	}
	return headOn, nil
}

func tinrailShowNotch(n *tinrailNotch) any {
	if n == nil {
		return "null"
	}
	return *n
}

// policy holds G-Bot's placement to what its level promises, as far as the
// rotations of the tile it laid show it.
func (m *tinrailMatch) policy(e tinrailEvent) error {
	var fates [4]int
	for r := range 4 {
		sim := m.w.clone()
		sim.place(1, e.Tile, r)
		fates[r] = tinrailFate(sim)
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
		return m.fail("events[1].rotation", "Easy G-Bot keeps its engine on the table (else draws) when a rotation of its tile does",
			names[best], fmt.Sprintf("rotation %d: %s", e.Rotation, names[chose]))
	case m.w.opponent == "wise" && chose < 2 && best > chose:
		return m.fail("events[1].rotation", "Wise G-Bot takes no immediate loss or draw when another rotation of its tile wins or draws at once",
			names[best], fmt.Sprintf("rotation %d: %s", e.Rotation, names[chose]))
	}
	return nil
}

// judge holds an accepted answer to the derived world, and then takes it
// as the match's current position.
func (m *tinrailMatch) judge(ans *tinrailAnswer) error {
	w := m.w
	if ans.State == "" {
		return m.fail("state", "an accepted answer carries the next token", "a token", `""`)
	}
	v := ans.View
	if v == nil {
		return m.fail("view", "an accepted answer carries the view", "a view", "none")
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
			return m.fail(c.path, c.rule, c.want, c.got)
		}
	}
	if v.Opponent != w.opponent {
		return m.fail("view.opponent", "the opponent is the one asked for (wise by default)", w.opponent, v.Opponent)
	}
	for s, e := range []tinrailEngine{v.You, v.GBot} {
		path := "view." + tinrailSides[s]
		switch {
		case e.OnTable == w.out[s]:
			return m.fail(path+".onTable", "an engine leaves the table when it rides off it or meets the other head on", !w.out[s], e.OnTable)
		case e.Cell < 0 || e.Cell > 35 || e.Row != e.Cell/6 || e.Col != e.Cell%6:
			return m.fail(path, "row and col are the cell's (cell = row*6 + col)", fmt.Sprintf("row %d col %d", e.Cell/6, e.Cell%6), fmt.Sprintf("cell %d row %d col %d", e.Cell, e.Row, e.Col))
		case !w.out[s] && (tinrailNotch{e.Cell, e.Port}) != w.at[s]:
			return m.fail(path, "an engine waits where its last ride left it", w.at[s], tinrailNotch{e.Cell, e.Port})
		}
	}
	if err := m.judgeBoard(v.Board); err != nil {
		return err
	}
	if err := m.judgeHand(v.Hand); err != nil {
		return err
	}
	if err := m.sameLegal(ans.LegalActions, w.legal(), "legalActions are every tileIndex of your hand at every rotation, none once the match is over"); err != nil {
		return err
	}
	if err := m.judgeEnd(ans); err != nil {
		return err
	}
	m.token, m.legal = ans.State, ans.LegalActions
	return nil
}

// judgeBoard holds the board to the tiles laid, each with its strands.
func (m *tinrailMatch) judgeBoard(board []tinrailPlaced) error {
	var at [36]bool
	for i, p := range board {
		path := fmt.Sprintf("view.board[%d]", i)
		if p.Cell < 0 || p.Cell > 35 || at[p.Cell] {
			return m.fail(path+".cell", "the board lists each tiled cell once", "a new cell 0..35", p.Cell)
		}
		at[p.Cell] = true
		v := m.w.board[p.Cell]
		switch {
		case v < 0:
			return m.fail(path+".cell", "a tile is only where one was laid", "an empty cell", fmt.Sprintf("tile %d at cell %d", p.Tile, p.Cell))
		case p.Row != p.Cell/6 || p.Col != p.Cell%6:
			return m.fail(path, "row and col are the cell's (cell = row*6 + col)", fmt.Sprintf("row %d col %d", p.Cell/6, p.Cell%6), fmt.Sprintf("row %d col %d", p.Row, p.Col))
		case p.Tile != v/4 || p.Rotation != v%4:
			return m.fail(path, "a tile stays as it was laid", fmt.Sprintf("tile %d rotation %d", v/4, v%4), fmt.Sprintf("tile %d rotation %d", p.Tile, p.Rotation))
		}
		if err := m.strands(path+".strands", p.Strands, p.Tile, p.Rotation); err != nil {
			return err
		}
	}
	return nil
}

// judgeHand holds your hand to the derived one: the tiles kept in order,
// then the tiles drawn, each new; while the match is open.
func (m *tinrailMatch) judgeHand(hand []tinrailHandTile) error {
	w := m.w
	if w.over && len(hand) == 0 {
		return nil
	}
	if len(hand) != len(w.hand) {
		return m.fail("view.hand", "a hand loses the tile placed and gains the one drawn while the pile lasts", len(w.hand), len(hand))
	}
	for i, h := range hand {
		path := fmt.Sprintf("view.hand[%d]", i)
		switch want := w.hand[i]; {
		case h.TileIndex != i:
			return m.fail(path+".tileIndex", "a hand tile's tileIndex is its place in the hand", i, h.TileIndex)
		case want < 0 && (h.Tile < 0 || h.Tile > 34 || w.seen[h.Tile]):
			return m.fail(path+".tile", "a drawn tile is one never seen before (each tile is in the deck once)", "an unseen tile id", h.Tile)
		case want < 0:
			w.hand[i] = h.Tile
			w.seen[h.Tile] = true
		case h.Tile != want:
			return m.fail(path+".tile", "a hand keeps its order: the placed tile leaves, the rest close the gap, a drawn tile joins at the end", want, h.Tile)
		}
		if len(h.Rotations) != 4 {
			return m.fail(path+".rotations", "a hand tile is shown at its four rotations", 4, len(h.Rotations))
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
func (m *tinrailMatch) strands(path string, ss [][]int, tile, rotation int) error {
	want := tinrailPartners[tile][rotation]
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
		return m.fail(path, "strands are the tile table's, each port p turned to (p+2r)%8, lower port first",
			fmt.Sprintf("tile %d rotation %d: %s", tile, rotation, strings.Join(w, " ")), fmt.Sprint(ss))
	}
	return nil
}

// sameLegal holds a list of legal actions to want, as a set without
// repeats.
func (m *tinrailMatch) sameLegal(got, want []tinrailAction, rule string) error {
	seen := map[tinrailAction]bool{}
	for _, a := range got {
		if seen[a] || !slices.Contains(want, a) {
			return m.fail("legalActions", rule, fmt.Sprintf("%d actions", len(want)), fmt.Sprintf("%v among them", a))
		}
		seen[a] = true
	}
	for _, a := range want {
		if !seen[a] {
			return m.fail("legalActions", rule, fmt.Sprintf("%v among them", a), fmt.Sprintf("%d actions without it", len(got)))
		}
	}
	return nil
}

// judgeEnd holds score, gameOver, turn and result to the derived end.
func (m *tinrailMatch) judgeEnd(ans *tinrailAnswer) error {
	w := m.w
	if !w.over {
		switch {
		case ans.GameOver:
			return m.fail("gameOver", "the match goes on while both engines ride and you hold a tile", false, true)
		case ans.Turn != "you":
			return m.fail("turn", "an open match is your turn again", "you", ans.Turn)
		case ans.Score != 0:
			return m.fail("score", "the score reads 0 until the match ends", 0, ans.Score)
		case ans.Result != nil:
			return m.fail("result", "result is null while the match is open", "null", *ans.Result)
		}
		return nil
	}
	score := w.score()
	mult := map[string]string{"easy": "0.6", "wise": "1.0"}[w.opponent]
	r := ans.Result
	switch {
	case !ans.GameOver:
		return m.fail("gameOver", "an elimination, or a side to move with no tile, ends the match", true, false)
	case ans.Turn != "over":
		return m.fail("turn", "a finished match's turn is over", "over", ans.Turn)
	case r == nil:
		return m.fail("result", "a finished match has a result", "a result", "null")
	case r.Outcome != w.outcome:
		return m.fail("result.outcome", "you win when only G-Bot's engine is out, lose when only yours is, draw otherwise", w.outcome, r.Outcome)
	case r.Ending != w.ending:
		return m.fail("result.ending", "the ending names how the match ended", w.ending, r.Ending)
	case r.TilesSurvived != w.survived:
		return m.fail("result.tilesSurvived", "tilesSurvived counts the placements after which your engine was on the table", w.survived, r.TilesSurvived)
	case r.Multiplier != mult:
		return m.fail("result.multiplier", "the multiplier is 1.0 against Wise, 0.6 against Easy", mult, r.Multiplier)
	case r.Score != score:
		return m.fail("result.score", "win 100+5s, draw 50+2s, loss 2s (s tiles survived), times the multiplier, rounded down", score, r.Score)
	case ans.Score != score:
		return m.fail("score", "the score is the result's once the match ends", score, ans.Score)
	}
	return nil
}
