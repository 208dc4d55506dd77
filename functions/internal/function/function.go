// Package function is what every Lambda function of the bundle runs: the
// HTTP handler for its games over sealed tokens, behind API Gateway, with
// keys from the Secrets Manager secret TOKEN_KEYS_SECRET names (or
// TOKEN_KEYS), read once at a cold start.
package function

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"

	"github.com/agentgames/bundle/functions/internal/awsenv"
	allgames "github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/internal/assemble"
	"github.com/agentgames/bundle/internal/keys/lambdakeys"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/store/dynamo"
	"github.com/agentgames/bundle/transport/lambdaedge"
)

// Run serves the games on Lambda until the runtime stops it.
func Run(games ...play.Game) {
	cfg, _ := Config(context.Background(), games...)
	p, err := assemble.New(cfg)
	if err != nil {
		Fail("cannot start", err)
	}
	lambda.Start(lambdaedge.Handler(p.HTTP()))
}

// Config is the server of games as a function assembles it. The keys
// must be configured (no random key as the local server makes one): every
// instance has to open every other instance's tokens. With MATCHES_TABLE
// set, ranked matches keep their ledgers in that DynamoDB table, whose
// store it answers too (nil without one). It ends the process when the
// function cannot start.
func Config(ctx context.Context, games ...play.Game) (assemble.Config, *dynamo.Store) {
	awsConfig := sync.OnceValues(awsenv.Config)
	ring, err := lambdakeys.Load(ctx, awsConfig, func(o *secretsmanager.Options) { o.BaseEndpoint = awsenv.Endpoint("Secrets Manager") })
	if err != nil {
		Fail("cannot start", err)
	}
	c := assemble.Config{Keys: ring, Games: games, Live: allgames.Live()}
	table := os.Getenv("MATCHES_TABLE")
	if table == "" {
		return c, nil
	}
	cfg, err := awsConfig()
	if err != nil {
		Fail("cannot start: the AWS configuration for MATCHES_TABLE does not load", err)
	}
	store := dynamo.New(DynamoDB(cfg), table, time.Now)
	c.Ledger = store
	return c, store
}

// DynamoDB is the DynamoDB client of cfg, at the endpoint the
// environment sets, if any (a local table's, in tests).
func DynamoDB(cfg aws.Config) *dynamodb.Client {
	return dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) { o.BaseEndpoint = awsenv.Endpoint("DynamoDB") })
}

// CreatesPerMinute is how many live matches one client may create in a
// minute, as LIVE_CREATES_PER_MINUTE says (live.DefaultCreatesPerMinute
// when unset; 0 for no limit). It ends the process when the setting is no
// number.
func CreatesPerMinute() int {
	v := os.Getenv("LIVE_CREATES_PER_MINUTE")
	if v == "" {
		return live.DefaultCreatesPerMinute
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		Fail("cannot start: LIVE_CREATES_PER_MINUTE must be a whole number, 0 or more", fmt.Errorf("LIVE_CREATES_PER_MINUTE=%q", v))
	}
	return n
}

// Fail logs why the function cannot start, and ends it.
func Fail(msg string, err error) {
	slog.Error(msg, "err", err)
	os.Exit(1)
}
