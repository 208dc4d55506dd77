// Command tinrail is the Tinrail Lambda function: GET
// /api/games/tinrail/init and POST /api/games/tinrail/action behind an API
// Gateway HTTP API. Build it as bootstrap for provided.al2023 with
// -tags lambda.norpc (see the Makefile).
package main

import (
	"github.com/agentgames/bundle/functions/internal/function"
	"github.com/agentgames/bundle/internal/games/tinrail"
)

func main() {
	function.Run(tinrail.Game{})
}
