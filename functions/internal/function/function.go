// Package function is what every Lambda function of the bundle runs: the
// HTTP handler for its games, keys from TOKEN_KEYS, behind API Gateway.
package function

import (
	"log/slog"
	"os"

	"github.com/aws/aws-lambda-go/lambda"

	bundle "github.com/agentgames/bundle"
	"github.com/agentgames/bundle/internal/httpapi"
	"github.com/agentgames/bundle/internal/keys"
	"github.com/agentgames/bundle/internal/lambdaedge"
	"github.com/agentgames/bundle/internal/play"
)

// Run serves the games on Lambda until the runtime stops it. TOKEN_KEYS
// must be set: every instance has to open every other instance's tokens.
func Run(games ...play.Game) {
	ring, err := keys.FromEnv(false, nil)
	if err != nil {
		slog.Error("cannot start", "err", err)
		os.Exit(1)
	}
	h, err := httpapi.New(play.NewService(ring, games...), bundle.OpenAPI)
	if err != nil {
		slog.Error("cannot start", "err", err)
		os.Exit(1)
	}
	lambda.Start(lambdaedge.Handler(h))
}
