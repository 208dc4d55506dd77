// Package tinrail is Tinrail's referee at the rules level: it plays
// matches with three agents over the seeds and judges every answer from
// the answer before it, the action sent, and the rules of docs/tinrail.md
// (and the card), re-deriving the position itself.
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
package tinrail

import (
	"context"
	"fmt"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/conformance/rules"
)

// Referee is Tinrail's referee, its rules checks: a match a seed and an agent.
func Referee(seeds int) []check.Check {
	var out []check.Check
	for i := range seeds {
		seed := uint64(1 + i)
		field := []string{"state", "stateToken"}[i%2]
		for j, a := range agents {
			opponent := []string{"easy", "wise", ""}[(i+j)%3]
			out = append(out, check.Check{
				Game:  "tinrail",
				Level: check.Rules,
				Name:  fmt.Sprintf("%s agent, seed %d", a.name, seed),
				Run: func(ctx context.Context, t check.Target) error {
					return play(ctx, t, seed, opponent, field, a)
				},
				BundleOnly: rules.LoopOpen,
			})
		}
	}
	return out
}

// The wire format, read into the referee's own types.
type (
	action struct {
		Type      string `json:"type"`
		TileIndex int    `json:"tileIndex"`
		Rotation  int    `json:"rotation"`
	}
	notch struct {
		Cell int `json:"cell"`
		Port int `json:"port"`
	}
	engine struct {
		Cell    int  `json:"cell"`
		Row     int  `json:"row"`
		Col     int  `json:"col"`
		Port    int  `json:"port"`
		OnTable bool `json:"onTable"`
	}
	placed struct {
		Cell     int     `json:"cell"`
		Row      int     `json:"row"`
		Col      int     `json:"col"`
		Tile     int     `json:"tile"`
		Rotation int     `json:"rotation"`
		Strands  [][]int `json:"strands"`
	}
	handTile struct {
		TileIndex int       `json:"tileIndex"`
		Tile      int       `json:"tile"`
		Rotations [][][]int `json:"rotations"`
	}
	view struct {
		Opponent      string     `json:"opponent"`
		Placements    int        `json:"placements"`
		TilesSurvived int        `json:"tilesSurvived"`
		Pile          int        `json:"pile"`
		GBotHand      int        `json:"gbotHand"`
		You           engine     `json:"you"`
		GBot          engine     `json:"gbot"`
		Board         []placed   `json:"board"`
		Hand          []handTile `json:"hand"`
	}
	result struct {
		Outcome       string `json:"outcome"`
		Ending        string `json:"ending"`
		TilesSurvived int    `json:"tilesSurvived"`
		Multiplier    string `json:"multiplier"`
		Score         int    `json:"score"`
	}
	rideView struct {
		Engine     string `json:"engine"`
		From       notch  `json:"from"`
		To         *notch `json:"to"`
		OffTable   bool   `json:"offTable"`
		Eliminated bool   `json:"eliminated"`
		Tiles      int    `json:"tiles"`
	}
	event struct {
		By       string     `json:"by"`
		Tile     int        `json:"tile"`
		Rotation int        `json:"rotation"`
		Cell     int        `json:"cell"`
		Rides    []rideView `json:"rides"`
		HeadOn   bool       `json:"headOn"`
	}
	// answer is what an answer holds beside the envelope.
	answer struct {
		LegalActions []action `json:"legalActions"`
		Result       *result  `json:"result"`
		View         *view    `json:"view"`
		Events       []event  `json:"events"`
	}
)

func (n notch) String() string { return fmt.Sprintf("cell %d port %d", n.Cell, n.Port) }

func (a action) String() string {
	return fmt.Sprintf(`{"type":%q,"tileIndex":%d,"rotation":%d}`, a.Type, a.TileIndex, a.Rotation)
}
