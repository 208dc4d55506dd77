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
	"log/slog"
	"os"
	"time"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/games/tidebreakers/live"
	"github.com/agentgames/bundle/internal/keys/lambdakeys"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/dynamo"
	"github.com/agentgames/bundle/store/token"
	"github.com/agentgames/bundle/transport/lambdaedge"
	"github.com/agentgames/bundle/transport/mcpedge"
)

func main() {
	ctx := context.Background()
	ring, err := lambdakeys.Load(ctx)
	if err != nil {
		slog.Error("cannot start", "err", err)
		os.Exit(1)
	}
	table := os.Getenv("MATCHES_TABLE")
	cfg, err := config.LoadDefaultConfig(ctx)
	if err != nil || table == "" {
		slog.Error("cannot start: MATCHES_TABLE must name the matches table and AWS credentials must load", "err", err)
		os.Exit(1)
	}
	matches := dynamo.New(dynamodb.NewFromConfig(cfg), table, time.Now)
	svc := play.NewService(token.Store{Keys: ring}, time.Now, games.All()...).WithLedger(matches)
	srv := mcpedge.New(svc, live.NewServer(matches, time.Now))
	lambda.Start(lambdaedge.Handler(mcpedge.Handler(srv)))
}
