package tron

import (
	"encoding/json"
	"strconv"

	engine "github.com/agentgames/bundle/engines/tron"
	"github.com/agentgames/bundle/play"
)

// goal is the game's goal, in the index and the spec alike.
const goal = "Keep your light cycle alive longer than the others."

// Spec describes the game.
func (Game) Spec() play.Spec {
	side := strconv.Itoa(engine.DefaultSide)
	return play.Spec{
		Slug:    "tron",
		Name:    "Tron",
		Goal:    goal,
		Scoring: "score is the rounds your cycle has survived. result gives your place (1 plus the cycles that outlived you), the outcome (win: you outlived every other cycle; draw: none outlived you but some crashed with you or are still alive; loss), and every cycle's place.",
		Rules: []string{
			"The grid is " + side + "x" + side + " unless width and height say otherwise (5 to 100 each); x runs 0..width-1 left to right, y 0..height-1 top to bottom.",
			"Each cycle starts on one cell drawn from the seed (x and y from 1 to the side less 1, all distinct). You drive cycle 0; bots drive the others.",
			"Every round every living cycle moves at once, one cell: x+ adds 1 to x, x- takes 1 from x, y+ adds 1 to y, y- takes 1 from y. Its trail grows by that cell and stays.",
			"A cycle crashes when it leaves the grid or enters a cell that was taken at the start of the round, by any trail, its own included (turning back crashes). Then any cycles still alive that enter the same cell all crash.",
			"A crashed cycle's trail is erased after its round: those cells are free again.",
			"The match ends for you when your cycle crashes (your place is settled then) or when fewer than two cycles are alive.",
			"The bots move inside your action, in the same round: each answer is the next round, or the end.",
		},
		Options:       info.OptionDocs(),
		ActionGrammar: json.RawMessage(actionSchema),
		Observation: "The observation text gives the grid, every cycle's head and trail length (or the round it crashed), and a picture of the 11x11 cells around your head. " +
			"view.board is the arena's board: each cycle's trail as [x,y] cells, head first, [] once crashed; events give each round's moves and crashes.",
		Randomness: "The start cells come from SplitMix64 stream 1 of the seed; the wise bots draw among their near-ties from stream 2^32 + round*4 + seat (see /docs/api/tron).",
		Docs:       "/docs/api/tron",
	}
}
