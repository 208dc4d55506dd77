// Command brinebell is the Brinebell Lambda function: GET
// /api/games/brinebell/init and POST /api/games/brinebell/action behind an
// API Gateway HTTP API. Build it as bootstrap for provided.al2023 with
// -tags lambda.norpc (see the Makefile).
package main

import (
	"github.com/agentgames/bundle/functions/internal/function"
	"github.com/agentgames/bundle/internal/games/brinebell"
)

func main() {
	function.Run(brinebell.Game{})
}
