// Command mcp serves every game to a local agent as Model Context Protocol
// tools over stdio: the agent host starts it and speaks MCP on its
// standard input and output (see README.md for the host's configuration).
// Live matches (Tidebreakers', Tron's) and the ledgers of ranked matches are kept in
// memory, for as long as the process runs, or with -data in a file
// (created with its folder; one process at a time holds it, so the local
// server's file is not for sharing). The loop's matches live in their
// tokens either way.
// Set TOKEN_KEYS to keep state tokens valid across restarts; without it
// tokens are sealed with a key made at start. It logs JSON to stderr only,
// since stdout is the protocol; -version prints its version.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/games/tidebreakers/live"
	"github.com/agentgames/bundle/internal/assemble"
	"github.com/agentgames/bundle/internal/assemble/mcpassemble"
	"github.com/agentgames/bundle/internal/keys"
	"github.com/agentgames/bundle/internal/version"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/store/bolt"
	"github.com/agentgames/bundle/store/memory"
)

func main() {
	data := flag.String("data", "", "the file live matches and ranked ledgers are kept in (created with its folder); empty: in memory")
	version.Flag(flag.CommandLine, "mcp")
	flag.Parse()
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	slog.SetDefault(log)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, *data, log)
	stop()
	if err != nil {
		log.Error("mcp stopped", "err", err)
		os.Exit(1)
	}
}

// run serves every game over stdio until the client closes the
// connection or ctx ends.
func run(ctx context.Context, data string, log *slog.Logger) error {
	ring, err := keys.FromEnv(true, func(msg string) { log.Warn(msg) })
	if err != nil {
		return err
	}
	var matches play.Ledger = &memory.Store{Clock: time.Now}
	if data != "" {
		file, err := bolt.Open(data, time.Now)
		if errors.Is(err, bolt.ErrInUse) {
			return fmt.Errorf("%w: -data picks it (the local server's file is not for sharing)", err)
		} else if err != nil {
			return err
		}
		defer file.Close()
		matches = file
	}
	p, err := mcpassemble.New(assemble.Config{Keys: ring, Games: games.All(), Live: games.Live(), Ledger: matches, Matches: matches, CreatesPerMinute: live.DefaultCreatesPerMinute}, nil)
	if err != nil {
		return err
	}
	log.Info("serving every game over MCP on stdio", "data", data, "version", version.String("mcp"))
	return p.MCP.Run(ctx, &mcp.StdioTransport{})
}
