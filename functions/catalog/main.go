// Command catalog is the Lambda function for everything that is not one
// game's loop: the index, the docs, llms.txt, the contract, and the JSON
// 404 for any other path. It knows every game, to list them.
package main

import (
	"github.com/agentgames/bundle/functions/internal/function"
	"github.com/agentgames/bundle/games"
)

func main() {
	function.Run(games.All()...)
}
