// Command runner is the Lambda function that drives the arena's fights
// (package play/arena), fed by the SQS queue FIGHT_QUEUE names: each
// message names one fight ({"fight": code}), sent by whatever launched
// it (the scheduler function, the live or MCP function) or by a runner
// whose time ran out. It drives the fights of a batch at once, each
// until it is over or the invocation's time is nearly out; then it gives
// up the fight's lease and sends the fight to the queue again, to go on
// from the table. Delivery is at least once: a message delivered twice
// finds the fight's lease held, or the fight over, and plays no round
// twice. A message whose fight could not be driven (the table's trouble)
// or handed on is reported failed, so SQS delivers it again, and after
// five receives moves it to the dead-letter queue. Its records and the
// fights' matches are in the DynamoDB table MATCHES_TABLE names. Build it
// as bootstrap for provided.al2023 with -tags lambda.norpc (see the
// Makefile).
package main

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"

	"github.com/agentgames/bundle/functions/internal/fights"
	"github.com/agentgames/bundle/play/arena"
)

// margin is the time an invocation keeps at its end: a bot's call (10 s)
// in flight when the drivers stop is cut, and each driver saves its
// fight and hands it on.
const margin = 15 * time.Second

func main() {
	a, queue := fights.Start()
	lambda.Start(func(ctx context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) {
		return run(ctx, a, queue, ev), nil
	})
}

// run drives the fights of a batch of messages at once, and answers the
// messages to deliver again.
func run(ctx context.Context, a *arena.Arena, queue arena.Queue, ev events.SQSEvent) events.SQSEventResponse {
	drive := ctx
	if deadline, ok := ctx.Deadline(); ok {
		var cancel context.CancelFunc
		drive, cancel = context.WithDeadline(ctx, deadline.Add(-margin))
		defer cancel()
	}
	var mu sync.Mutex
	var out events.SQSEventResponse
	var wg sync.WaitGroup
	for _, r := range ev.Records {
		wg.Go(func() {
			if err := handle(ctx, drive, a, queue, r.Body); err != nil {
				mu.Lock()
				out.BatchItemFailures = append(out.BatchItemFailures, events.SQSBatchItemFailure{ItemIdentifier: r.MessageId})
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return out
}

// handle drives the fight body names under drive, and sends it to the
// queue again if drive ended first; a body that names no fight is
// dropped, never delivered again.
func handle(ctx, drive context.Context, a *arena.Arena, queue arena.Queue, body string) error {
	m, err := fights.ReadMessage(body)
	if err != nil {
		slog.Warn("runner: a message that names no fight, dropped", "err", err)
		return nil
	}
	unfinished, err := a.Drive(drive, m.Fight)
	if err != nil || !unfinished {
		return err
	}
	if err := queue.Send(ctx, m.Fight); err != nil {
		slog.Error("runner: a fight could not be handed on; its message comes again", "fight", m.Fight, "err", err)
		return err
	}
	return nil
}
