package arena

import (
	"slices"

	engine "github.com/agentgames/bundle/engines/tron"
)

// The botsArena arena does not end a cycle that leaves the grid. Its PHP
// builds the target cell out of range, which leaves the cell's coordinates
// unset, and the cycle lives on with its head there: [null,null] in the
// boards it sends, in the trail for as long as the cycle lives. To the
// arena's rules that cell is the corner (0,0): it compares cells with
// PHP's ==, for which null equals 0, and adds a move to null as to 0. So
// a cycle leaves the grid only while no trail holds [null,null] or [0,0]
// (else it crashes, as into a taken cell); two cycles leaving in one
// round, or one leaving as another enters (0,0), collide; and from off
// the board x+ leads to (1,0), y+ to (0,1), x- and y- off the board again,
// into the cycle's own cell.

// OffBoard is the cell a board's [null,null] reads as: off the board.
var OffBoard = engine.Cell{X: -1, Y: -1}

// corner is the cell of the grid the arena's rules take OffBoard for.
var corner = engine.Cell{}

// Position is the engine's position of a board read by Trails, for the
// bot of seat me. An OffBoard cell is put in the corner, where it moves,
// blocks and collides as it does in the arena (the engine still ends a
// cycle that leaves the grid). The corner is held once: by me when my
// head is off the board, else by a [0,0] cell, else by the first OffBoard
// cell in seat order, head first; the other claims on it are dropped. A
// board the arena sends holds one claim at most.
func Position(width, height int, trails [][]engine.Cell, me int) (*engine.State, error) {
	holder := slices.IndexFunc(trails, func(t []engine.Cell) bool { return slices.Contains(t, OffBoard) })
	if holder == -1 {
		return engine.FromBoard(width, height, trails)
	}
	mine := len(trails[me]) > 0 && trails[me][0] == OffBoard
	switch {
	case mine:
		holder = me
	case slices.ContainsFunc(trails, func(t []engine.Cell) bool { return slices.Contains(t, corner) }):
		holder = -1
	}
	out := make([][]engine.Cell, len(trails))
	for p, t := range trails {
		out[p] = make([]engine.Cell, 0, len(t))
		for _, c := range t {
			switch {
			case c == OffBoard && p == holder:
				c, holder = corner, -1
			case c == OffBoard, c == corner && mine:
				continue
			}
			out[p] = append(out[p], c)
		}
	}
	return engine.FromBoard(width, height, out)
}
