// Package engines holds what every game engine shares: the error an engine
// answers when the rules refuse an action, and the codes it may carry. The
// engines themselves live in the subpackages, one per game; they hold rules
// only (no HTTP, JSON wire types, clocks or global randomness) and draw every
// random choice from package rng.
package engines

// Illegal is an action the rules refuse. The engine that returns it has
// changed nothing. Code is one of the codes below, each listed in
// openapi.yaml; Reason is a sentence for the player.
type Illegal struct {
	Code   string
	Reason string
}

func (e *Illegal) Error() string { return e.Reason }

// Codes of actions the rules refuse. Package play lists each with its
// meaning; a code an engine uses must be here.
const (
	// CodeIllegalAction: the action is well formed but the rules forbid it now.
	CodeIllegalAction = "illegal_action"
	// CodeGameOver: the game has finished; no action is legal.
	CodeGameOver = "game_over"
	// CodeNotStarted: an action other than start before the start.
	CodeNotStarted = "not_started"
	// CodeAlreadyStarted: start after the start.
	CodeAlreadyStarted = "already_started"
)
