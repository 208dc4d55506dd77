// Command mcp is the Lambda function of the MCP server: every game's tools
// and the live Tidebreakers matches' over Streamable HTTP at /mcp, behind
// an API Gateway HTTP API. It is stateless (no MCP session: the token
// carries the match), so any instance answers any request. Tokens seal
// under the keys of the Secrets Manager secret TOKEN_KEYS_SECRET names (or
// TOKEN_KEYS), read once at a cold start; live matches and ranked ledgers
// are kept in the DynamoDB table MATCHES_TABLE names. Build it as bootstrap
// for provided.al2023 with -tags lambda.norpc (see the Makefile).
package main

import (
	"context"
	"errors"
	"time"

	"github.com/aws/aws-lambda-go/lambda"

	"github.com/agentgames/bundle/functions/internal/function"
	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/games/tidebreakers/live"
	"github.com/agentgames/bundle/transport/lambdaedge"
	"github.com/agentgames/bundle/transport/mcpedge"
)

func main() {
	svc, matches := function.Service(context.Background(), games.All()...)
	if matches == nil {
		function.Fail("cannot start: MATCHES_TABLE must name the matches table", errors.New("MATCHES_TABLE is not set"))
	}
	srv := mcpedge.New(svc, live.NewServer(matches, time.Now))
	lambda.Start(lambdaedge.Handler(mcpedge.Handler(srv)))
}
