package tinrail

import (
	"encoding/json"
	"fmt"
	"strconv"

	engine "github.com/agentgames/bundle/engines/tinrail"
	"github.com/agentgames/bundle/play"
)

// grid is the board's size as the card writes it.
var grid = strconv.Itoa(engine.Size) + "x" + strconv.Itoa(engine.Size)

// goal is the game's goal, in the index and the spec alike.
var goal = "Keep your engine on the " + grid + " table longer than G-Bot keeps its own. You win as soon as G-Bot's engine is eliminated while yours is still riding."

// adjText writes the port pairing across an edge as a list.
func adjText() string {
	b := []byte{'['}
	for p := range engine.Ports {
		if p > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(engine.Adj(p)), 10)
	}
	return string(append(b, ']'))
}

// Spec describes the game.
func (Game) Spec() play.Spec {
	return play.Spec{
		Slug: "tinrail",
		Name: "Tinrail",
		Goal: goal,
		Scoring: "Scored once, when the match ends. tilesSurvived counts the placements (yours and G-Bot's) after which your engine was still on the table. " +
			"A win scores 100 + 5 x tilesSurvived, a draw 50 + 2 x tilesSurvived, a loss 2 x tilesSurvived. " +
			"The total is multiplied by 1.0 against G-Bot Wise or 0.6 against G-Bot Easy and rounded down; the best possible score is " + strconv.Itoa(engine.MaxScore) + ". The score reads 0 until the end.",
		Rules: []string{
			"Cells are numbered row*" + strconv.Itoa(engine.Size) + " + col, row 0 at the top and col 0 at the left.",
			"Each cell has 8 ports, clockwise from the top-left: 0 and 1 on the top edge (left, right), 2 and 3 on the right edge (upper, lower), 4 and 5 on the bottom edge (right, left), 6 and 7 on the left edge (lower, upper).",
			"Port p meets port ADJ[p] of the neighbouring cell across the same edge, with ADJ = " + adjText() + ". Ports 0-1 face the cell above, 2-3 the cell to the right, 4-5 the cell below, 6-7 the cell to the left; beyond the grid is the table's edge.",
			"A tile joins its 8 ports in 4 pairs (strands). The deck holds " + strconv.Itoa(engine.TileCount) + " tiles, one for every way of pairing the ports up to rotation. Rotation r turns a tile r quarter turns clockwise: strand [a,b] becomes [(a+2r)%8, (b+2r)%8].",
			fmt.Sprintf("Each engine waits at a notch: an empty cell and the port it will enter it by. Yours starts at cell %d entering by port %d; G-Bot's at cell %d entering by port %d.", engine.Start(engine.You).Cell, engine.Start(engine.You).Port, engine.Start(engine.GBot).Cell, engine.Start(engine.GBot).Port),
			"You move first. On your turn you place one tile of your hand, at any rotation, into the cell your engine faces; there is no other cell and no pass. Every tile at every rotation is legal, even one that sends your own engine off the table.",
			"Every engine still on the table that faces the new tile's cell then rides: it enters at its port p, leaves by the strand's other end q, and crosses that edge. Beyond the grid it is eliminated; at an empty cell it stops, now entering that cell by ADJ[q]; at a tiled cell it rides on, entering by ADJ[q].",
			"If both engines ride and their journeys use one strand in opposite directions, they meet head on and both are eliminated.",
			"If exactly one engine is eliminated the match ends and the other side wins; if both are eliminated by one placement the match is a draw.",
			"Otherwise the side that placed draws the top tile of the pile while the pile lasts, and the other side moves. A side with no tile to place (only once all " + strconv.Itoa(engine.TileCount) + " are placed) ends the match in a draw.",
			"G-Bot answers inside your action: each answer is your turn again or the finished match. G-Bot sees only its own hand, the board and which tiles it has not seen.",
			"Your hand keeps its order: placing tileIndex i removes that tile and closes the gap; a drawn tile joins at the end.",
			"An action that is not a valid placement (wrong type, tileIndex outside your hand, rotation not 0-3, or any action after the end) is refused with ok:false; nothing changes and G-Bot does not move.",
		},
		Options:       Game{}.Info().OptionDocs(),
		ActionGrammar: json.RawMessage(actionSchema),
		ActionExample: Action{Type: "place", TileIndex: 0, Rotation: 1},
		Observation: "The observation text states the situation, both engines' notches, a map of the board, every placed tile's strands with its rotation applied, " +
			"and each tile of your hand at all four rotations. The view field carries the same facts as JSON; legalActions lists every legal action; events tells what your last action caused, G-Bot's reply included.",
		Randomness: fmt.Sprintf("The deck is shuffled from the seed with SplitMix64 (stream 1) and Fisher-Yates from the back; you get deck[0..%d], G-Bot deck[%d..%d], the pile is deck[%d..%d] top first. G-Bot's tie-breaks use stream 2^32 + tiles placed. See /docs/api/tinrail.", engine.HandSize-1, engine.HandSize, 2*engine.HandSize-1, 2*engine.HandSize, engine.TileCount-1),
		Docs:       "/docs/api/tinrail",
	}
}
