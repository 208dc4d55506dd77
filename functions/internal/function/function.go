// Package function is what every Lambda function of the bundle runs: the
// HTTP handler for its games over sealed tokens, with keys from TOKEN_KEYS,
// behind API Gateway.
package function

import (
	"log/slog"
	"os"
	"time"

	"github.com/aws/aws-lambda-go/lambda"

	bundle "github.com/agentgames/bundle"
	"github.com/agentgames/bundle/internal/keys"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/token"
	"github.com/agentgames/bundle/transport/httpapi"
	"github.com/agentgames/bundle/transport/lambdaedge"
)

// Run serves the games on Lambda until the runtime stops it. TOKEN_KEYS
// must be set: every instance has to open every other instance's tokens.
func Run(games ...play.Game) {
	ring, err := keys.FromEnv(false, nil)
	if err != nil {
		slog.Error("cannot start", "err", err)
		os.Exit(1)
	}
	svc := play.NewService(token.Store{Keys: ring}, time.Now, games...)
	lambda.Start(lambdaedge.Handler(httpapi.New(svc, bundle.OpenAPI)))
}
