// Command mcp is the Lambda function of the MCP server: every game's tools
// and the live Tidebreakers matches' over Streamable HTTP at /mcp, behind
// an API Gateway HTTP API. It is stateless (no MCP session: the token
// carries the match), so any instance answers any request. Tokens seal
// under the keys of the Secrets Manager secret TOKEN_KEYS_SECRET names (or
// TOKEN_KEYS), read once at a cold start; live matches and ranked ledgers
// are kept in the DynamoDB table MATCHES_TABLE names, and
// LIVE_CREATES_PER_MINUTE bounds the matches one client creates in a
// minute; MCP_ALLOWED_ORIGINS lists (comma-separated) the web origins
// whose pages may call it besides its own; with FIGHT_QUEUE set, its
// arena tools launch fights sent to that SQS queue, which the runner
// function reads. Build it as bootstrap
// for provided.al2023 with -tags lambda.norpc (see the Makefile).
package main

import (
	"context"
	"errors"
	"os"

	"github.com/aws/aws-lambda-go/lambda"

	"github.com/agentgames/bundle/functions/internal/awsenv"
	"github.com/agentgames/bundle/functions/internal/fights"
	"github.com/agentgames/bundle/functions/internal/function"
	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/internal/assemble/mcpassemble"
	"github.com/agentgames/bundle/transport/lambdaedge"
	"github.com/agentgames/bundle/transport/mcpedge"
)

func main() {
	cfg, matches := function.Config(context.Background(), games.All()...)
	if matches == nil {
		function.Fail("cannot start: MATCHES_TABLE must name the matches table", errors.New("MATCHES_TABLE is not set"))
	}
	settings, err := fights.Arena()
	if err != nil {
		function.Fail("cannot start", err)
	}
	cfg.Matches, cfg.CreatesPerMinute, cfg.Arena = matches, function.CreatesPerMinute(), settings
	p, err := mcpassemble.New(cfg, mcpedge.ParseOrigins(os.Getenv("MCP_ALLOWED_ORIGINS")))
	if err != nil {
		function.Fail("cannot start", err)
	}
	if p.Arena != nil {
		awsCfg, err := awsenv.Config()
		if err != nil {
			function.Fail("cannot start: the AWS configuration for FIGHT_QUEUE does not load", err)
		}
		p.Arena.WithQueue(fights.NewQueue(awsCfg))
	}
	lambda.Start(lambdaedge.Handler(p.Handler))
}
