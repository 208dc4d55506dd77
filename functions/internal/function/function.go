// Package function is what every Lambda function of the bundle runs: the
// HTTP handler for its games over sealed tokens, behind API Gateway, with
// keys from the Secrets Manager secret TOKEN_KEYS_SECRET names (or
// TOKEN_KEYS), read once at a cold start.
package function

import (
	"context"
	"log/slog"
	"os"
	"time"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	bundle "github.com/agentgames/bundle"
	"github.com/agentgames/bundle/internal/keys/lambdakeys"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/dynamo"
	"github.com/agentgames/bundle/store/token"
	"github.com/agentgames/bundle/transport/httpapi"
	"github.com/agentgames/bundle/transport/lambdaedge"
)

// Run serves the games on Lambda until the runtime stops it. The keys must
// be configured (no random key as the local server makes one): every
// instance has to open every other instance's tokens. With MATCHES_TABLE
// set, ranked matches keep their ledgers in that DynamoDB table.
func Run(games ...play.Game) {
	ctx := context.Background()
	ring, err := lambdakeys.Load(ctx)
	if err != nil {
		slog.Error("cannot start", "err", err)
		os.Exit(1)
	}
	svc := play.NewService(token.Store{Keys: ring}, time.Now, games...)
	if table := os.Getenv("MATCHES_TABLE"); table != "" {
		cfg, err := config.LoadDefaultConfig(ctx)
		if err != nil {
			slog.Error("cannot start: the AWS configuration for MATCHES_TABLE does not load", "err", err)
			os.Exit(1)
		}
		svc.WithLedger(dynamo.New(dynamodb.NewFromConfig(cfg), table, time.Now))
	}
	lambda.Start(lambdaedge.Handler(httpapi.New(svc, bundle.OpenAPI)))
}
