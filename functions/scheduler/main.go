// Command scheduler is the Lambda function that beats the arena's
// schedule (package play/arena, Arena.Tick): EventBridge Scheduler
// invokes it every minute; each invocation puts every active bot not in
// a fight into one, chosen from the ratings, sends each fight to the SQS
// queue FIGHT_QUEUE names (the runner function reads it), and sends
// again the fights under way that no runner has held for two leases.
// It writes what it did as a CloudWatch embedded-metric log line
// (namespace AgentGamesBundle/Arena, the dimension FunctionName): the
// fights launched, under way and stuck, which the template's alarm on
// stuck fights reads. Its reserved concurrency is 1: two ticks at once
// could put a bot in two fights. Its records are in the DynamoDB table
// MATCHES_TABLE names. Build it as bootstrap for provided.al2023 with
// -tags lambda.norpc (see the Makefile).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"time"

	"github.com/aws/aws-lambda-go/lambda"

	"github.com/agentgames/bundle/functions/internal/awsenv"
	"github.com/agentgames/bundle/functions/internal/fights"
	"github.com/agentgames/bundle/functions/internal/function"
	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/internal/assemble"
	"github.com/agentgames/bundle/play/arena"
	"github.com/agentgames/bundle/store/dynamo"
)

func main() {
	table := os.Getenv("MATCHES_TABLE")
	cfg, err := awsenv.Config()
	settings, serr := fights.Arena()
	if err = errors.Join(err, serr); err != nil || table == "" || settings == nil {
		function.Fail("cannot start: MATCHES_TABLE must name the matches table, FIGHT_QUEUE the fights' queue, and AWS credentials must load",
			errors.Join(err, errors.New("MATCHES_TABLE or FIGHT_QUEUE is not set")))
	}
	store := dynamo.New(function.DynamoDB(cfg), table, time.Now)
	p, err := assemble.New(assemble.Config{Games: games.All(), Live: games.Live(), Matches: store, Ledger: store, Arena: settings})
	if err != nil {
		function.Fail("cannot start", err)
	}
	a := p.Arena.WithQueue(fights.NewQueue(cfg))
	lambda.Start(func(ctx context.Context) error {
		t, err := a.Tick(ctx)
		if t != nil {
			metrics(t)
		}
		return err
	})
}

// metrics writes what a tick did to standard output as one line of
// CloudWatch's embedded metric format, which CloudWatch Logs turns into
// the metrics FightsLaunched, FightsRunning and FightsStuck.
func metrics(t *arena.Ticked) {
	type metric struct {
		Name string `json:"Name"`
		Unit string `json:"Unit"`
	}
	line := map[string]any{
		"_aws": map[string]any{
			"Timestamp": time.Now().UnixMilli(),
			"CloudWatchMetrics": []any{map[string]any{
				"Namespace":  "AgentGamesBundle/Arena",
				"Dimensions": [][]string{{"FunctionName"}},
				"Metrics":    []metric{{"FightsLaunched", "Count"}, {"FightsRunning", "Count"}, {"FightsStuck", "Count"}},
			}},
		},
		"FunctionName":   os.Getenv("AWS_LAMBDA_FUNCTION_NAME"),
		"FightsLaunched": t.Launched,
		"FightsRunning":  t.Running,
		"FightsStuck":    t.Stuck,
	}
	data, _ := json.Marshal(line)
	os.Stdout.Write(append(data, '\n'))
}
