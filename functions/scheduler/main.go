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
	"os"
	"time"

	"github.com/aws/aws-lambda-go/lambda"

	"github.com/agentgames/bundle/functions/internal/fights"
	"github.com/agentgames/bundle/play/arena"
)

func main() {
	a, _ := fights.Start()
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
