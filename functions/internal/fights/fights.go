// Package fights is what the functions that run the arena share (the
// live, MCP and fight functions): the arena's settings from the
// environment, and the hand-off of each fight to the fight function.
// Apart from package function so that the game and catalog functions do
// not link the Lambda client, whose package initialization every cold
// start would pay.
package fights

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/lambda"
	"github.com/aws/aws-sdk-go-v2/service/lambda/types"

	"github.com/agentgames/bundle/functions/internal/awsenv"
	"github.com/agentgames/bundle/internal/assemble"
	"github.com/agentgames/bundle/internal/egress"
	"github.com/agentgames/bundle/play/arena"
)

// Event is what the fight function is invoked with: the code of the
// fight to drive.
type Event struct {
	Fight string `json:"fight"`
}

// Arena is the arena a function runs when FIGHT_FUNCTION names the
// function that drives its fights (nil otherwise: the function runs no
// arena): its calls to bots strict, unless ARENA_ALLOW_HTTP or
// ARENA_ALLOW_PRIVATE is "true" (a test's arena of bots on loopback).
func Arena() *assemble.Arena {
	if os.Getenv("FIGHT_FUNCTION") == "" {
		return nil
	}
	return &assemble.Arena{Calls: egress.Policy{AllowHTTP: os.Getenv("ARENA_ALLOW_HTTP") == "true", AllowPrivate: os.Getenv("ARENA_ALLOW_PRIVATE") == "true"}}
}

// Starter hands each fight to the function FIGHT_FUNCTION names,
// invoked asynchronously (Lambda queues the event and answers at once)
// with an Event: what an arena on Lambda starts its fights with
// (arena.Arena.WithQueue).
func Starter(cfg aws.Config) arena.QueueFunc {
	client := lambda.NewFromConfig(cfg, func(o *lambda.Options) { o.BaseEndpoint = awsenv.Endpoint("Lambda") })
	name := os.Getenv("FIGHT_FUNCTION")
	return func(ctx context.Context, code string) error {
		payload, err := json.Marshal(Event{Fight: code})
		if err != nil {
			return err
		}
		_, err = client.Invoke(ctx, &lambda.InvokeInput{FunctionName: aws.String(name), InvocationType: types.InvocationTypeEvent, Payload: payload})
		if err != nil {
			return fmt.Errorf("invoking %s for fight %s: %w", name, code, err)
		}
		return nil
	}
}
