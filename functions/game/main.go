// Command game is the Lambda function of one game: GET
// /api/games/{slug}/init and POST /api/games/{slug}/action behind an API
// Gateway HTTP API, for the game whose slug the GAME variable names (the
// SAM template sets it per function). Build it as bootstrap for
// provided.al2023 with -tags lambda.norpc (see the Makefile).
package main

import (
	"log/slog"
	"os"

	"github.com/agentgames/bundle/functions/internal/function"
	"github.com/agentgames/bundle/games"
)

func main() {
	g := games.Named(os.Getenv("GAME"))
	if g == nil {
		slog.Error("cannot start: GAME must name a game of the registry", "GAME", os.Getenv("GAME"))
		os.Exit(1)
	}
	function.Run(g)
}
