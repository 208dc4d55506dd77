// Package fights is what the functions that run the arena share (the
// live, MCP, scheduler and runner functions): the arena's settings from
// the environment, and the queue that carries each fight to the runner
// function, an SQS queue. Apart from package function so that the game
// and catalog functions do not link the SQS client, whose package
// initialization every cold start would pay.
package fights

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/agentgames/bundle/functions/internal/awsenv"
	"github.com/agentgames/bundle/functions/internal/function"
	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/internal/assemble"
	"github.com/agentgames/bundle/internal/egress"
	"github.com/agentgames/bundle/play/arena"
	"github.com/agentgames/bundle/play/wire"
	"github.com/agentgames/bundle/store/dynamo"
)

// Message is a fight's message on the queue: the code of the fight to
// drive.
type Message struct {
	Fight string `json:"fight"`
}

// Arena is the arena a function runs when FIGHT_QUEUE names the queue of
// its fights (nil otherwise: the function runs no arena): its calls to
// bots strict, unless ARENA_ALLOW_HTTP or ARENA_ALLOW_PRIVATE is "true"
// (a test's arena of bots on loopback); ARENA_LEASE (a Go duration) the
// lease a runner holds a fight for, 30s when unset; ARENA_OPTIONS the
// options of each game's scheduled fights, a JSON object of objects by
// game ({"tron":{"width":30,"height":30}}). A setting that does not read
// is an error: the function does not start.
func Arena() (*assemble.Arena, error) {
	if os.Getenv("FIGHT_QUEUE") == "" {
		return nil, nil
	}
	a := &assemble.Arena{Calls: egress.Policy{AllowHTTP: os.Getenv("ARENA_ALLOW_HTTP") == "true", AllowPrivate: os.Getenv("ARENA_ALLOW_PRIVATE") == "true"}}
	if v := os.Getenv("ARENA_LEASE"); v != "" {
		lease, err := time.ParseDuration(v)
		if err != nil || lease < time.Second {
			return nil, fmt.Errorf("ARENA_LEASE %q is not a duration of a second or more", v)
		}
		a.Settings.Lease = lease
	}
	if v := os.Getenv("ARENA_OPTIONS"); v != "" {
		options, err := arena.ReadScheduleOptions(v)
		if err != nil {
			return nil, fmt.Errorf("ARENA_OPTIONS: %w", err)
		}
		a.Settings.Options = options
	}
	return a, nil
}

// Queue is the SQS queue FIGHT_QUEUE names (its URL): what an arena on
// Lambda hands its fights to (arena.Arena.WithQueue), the runner
// function reading it.
type Queue struct {
	client *sqs.Client
	url    string
}

// NewQueue is the queue FIGHT_QUEUE names, reached with cfg.
func NewQueue(cfg aws.Config) *Queue {
	return &Queue{client: sqs.NewFromConfig(cfg, func(o *sqs.Options) { o.BaseEndpoint = awsenv.Endpoint("SQS") }), url: os.Getenv("FIGHT_QUEUE")}
}

// Send sends one message a fight, ten to a request (SendMessageBatch's
// most); an error names the fights not sent.
func (q *Queue) Send(ctx context.Context, codes ...string) error {
	for len(codes) > 0 {
		batch := codes[:min(10, len(codes))]
		codes = codes[len(batch):]
		entries := make([]types.SendMessageBatchRequestEntry, len(batch))
		for i, code := range batch {
			body, err := json.Marshal(Message{Fight: code})
			if err != nil {
				return err
			}
			entries[i] = types.SendMessageBatchRequestEntry{Id: aws.String(strconv.Itoa(i)), MessageBody: aws.String(string(body))}
		}
		out, err := q.client.SendMessageBatch(ctx, &sqs.SendMessageBatchInput{QueueUrl: aws.String(q.url), Entries: entries})
		if err != nil {
			return fmt.Errorf("sending fights %v to the queue: %w", batch, err)
		}
		if len(out.Failed) > 0 {
			return fmt.Errorf("the queue refused %d of fights %v (entry %s first: %s)", len(out.Failed), batch,
				aws.ToString(out.Failed[0].Id), aws.ToString(out.Failed[0].Message))
		}
	}
	return nil
}

// ReadMessage reads a message of the queue: exactly {"fight": code}, read
// as strictly as a request (wire.ReadObject: one object, no key twice).
func ReadMessage(body string) (*Message, error) {
	o, err := wire.ReadObject([]byte(body), "")
	if err == nil {
		err = o.Only("a fight's message", "fight")
	}
	var m Message
	if err == nil {
		m.Fight, err = o.String("fight")
	}
	if err == nil && m.Fight == "" {
		err = fmt.Errorf("a fight's message names no fight")
	}
	if err != nil {
		return nil, err
	}
	return &m, nil
}

// Start assembles the arena of a function that runs nothing else (the
// scheduler and the runner): its records and the fights' matches in the
// DynamoDB table MATCHES_TABLE names, the runs of every game, its fights
// sent to the queue FIGHT_QUEUE names, which it answers too. A function
// whose environment does not say all that fails to start.
func Start() (*arena.Arena, *Queue) {
	table := os.Getenv("MATCHES_TABLE")
	cfg, err := awsenv.Config()
	settings, serr := Arena()
	if err = errors.Join(err, serr); err != nil || table == "" || settings == nil {
		function.Fail("cannot start: MATCHES_TABLE must name the matches table, FIGHT_QUEUE the fights' queue, and AWS credentials must load",
			errors.Join(err, errors.New("MATCHES_TABLE or FIGHT_QUEUE is not set")))
	}
	store := dynamo.New(function.DynamoDB(cfg), table, time.Now)
	p, err := assemble.New(assemble.Config{Games: games.All(), Live: games.Live(), Matches: store, Ledger: store, Arena: settings})
	if err != nil {
		function.Fail("cannot start", err)
	}
	queue := NewQueue(cfg)
	return p.Arena.WithQueue(queue), queue
}
