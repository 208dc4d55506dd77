// Command live is the Lambda function of live matches: Tidebreakers' (the
// card's match API, /api/matches...) and Tron's (/api/games/tron/matches...)
// behind an API Gateway HTTP API, the
// matches kept in the DynamoDB table MATCHES_TABLE names. Any instance
// serves any request: a match lives in the table, every write conditional
// on its version. A seat taken with an agent's key is credited to the
// agent, whose rating the match moves when it ends, in the same table.
// LIVE_CREATES_PER_MINUTE bounds the matches one client
// creates in a minute. With FIGHT_QUEUE set (an SQS queue's URL) it
// serves the arena's API too (/api/arena...), each fight launched sent to
// that queue, which the runner function reads. Build it as bootstrap for provided.al2023 with
// -tags lambda.norpc (see the Makefile).
package main

import (
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
	"github.com/agentgames/bundle/transport/lambdaedge"
)

func main() {
	table := os.Getenv("MATCHES_TABLE")
	cfg, err := awsenv.Config()
	if err != nil || table == "" {
		slog.Error("cannot start: MATCHES_TABLE must name the matches table and AWS credentials must load", "err", err)
		os.Exit(1)
	}
	settings, err := fights.Arena()
	if err != nil {
		function.Fail("cannot start", err)
	}
	store := dynamo.New(function.DynamoDB(cfg), table, time.Now)
	// The table is the ledger too: the agents whose keys take seats, and
	// the ratings a match that ends moves, are kept there.
	p, err := assemble.New(assemble.Config{Games: games.All(), Live: games.Live(), Matches: store, Ledger: store, CreatesPerMinute: function.CreatesPerMinute(),
		Arena: settings})
	if err != nil {
		function.Fail("cannot start", err)
	}
	if p.Arena != nil {
		p.Arena.WithQueue(fights.NewQueue(cfg))
	}
	lambda.Start(lambdaedge.Handler(p.HTTP()))
}
