// Command fight is the Lambda function that drives the arena's fights
// (package play/arena): invoked asynchronously with {"fight": code} by
// the function that launched the fight, it plays the fight, calling its
// bots, until it is over or the invocation's time is nearly out; then it
// gives up the fight's lease and invokes itself again to go on from the
// store. Its records and the fight's match are in the DynamoDB table
// MATCHES_TABLE names; FIGHT_FUNCTION names the function itself. Build it
// as bootstrap for provided.al2023 with -tags lambda.norpc (see the
// Makefile).
package main

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"time"

	"github.com/aws/aws-lambda-go/lambda"

	"github.com/agentgames/bundle/functions/internal/awsenv"
	"github.com/agentgames/bundle/functions/internal/fights"
	"github.com/agentgames/bundle/functions/internal/function"
	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/internal/assemble"
	"github.com/agentgames/bundle/store/dynamo"
)

// margin is the time an invocation keeps at its end: a bot's call (10 s)
// in flight when the driver stops is cut, and the driver saves the fight
// and hands it on.
const margin = 15 * time.Second

func main() {
	table := os.Getenv("MATCHES_TABLE")
	cfg, err := awsenv.Config()
	arena := fights.Arena()
	if err != nil || table == "" || arena == nil {
		function.Fail("cannot start: MATCHES_TABLE must name the matches table, FIGHT_FUNCTION this function, and AWS credentials must load",
			errors.Join(err, errors.New("MATCHES_TABLE or FIGHT_FUNCTION is not set")))
	}
	store := dynamo.New(function.DynamoDB(cfg), table, time.Now)
	p, err := assemble.New(assemble.Config{Live: games.Live(), Matches: store, Ledger: store, Arena: arena})
	if err != nil {
		function.Fail("cannot start", err)
	}
	start := fights.Starter(cfg)
	a := p.Arena.WithQueue(start)
	lambda.Start(func(ctx context.Context, ev fights.Event) error {
		if ev.Fight == "" {
			slog.Warn("an event that names no fight")
			return nil
		}
		drive := ctx
		if deadline, ok := ctx.Deadline(); ok {
			var cancel context.CancelFunc
			drive, cancel = context.WithDeadline(ctx, deadline.Add(-margin))
			defer cancel()
		}
		if !a.Drive(drive, ev.Fight) || ctx.Err() != nil {
			return nil
		}
		// the time ran out with the fight under way: the next invocation goes on
		return start.Send(ctx, ev.Fight)
	})
}
