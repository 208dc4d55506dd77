// Command tron-arena runs botsArena Tron matches between bots over HTTP
// and ranks them on the arena's ELO ladder:
//
//	tron-arena -bots http://a/,http://b/ -matches 10 -results out.json
//
// It prints each match's log and the final ladder; -h lists the flags and
// -version prints its version.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"

	"github.com/agentgames/bundle/games/tron/arena"
	"github.com/agentgames/bundle/internal/version"
)

func main() {
	version.Args("tron-arena", os.Args[1:])
	series, results, err := arena.ParseFlags(os.Args[1:], os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err != nil {
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, series, results); err != nil {
		fmt.Fprintln(os.Stderr, "tron-arena:", err)
		os.Exit(1)
	}
}

// run plays the series, prints the ladder and writes the results file.
func run(ctx context.Context, series *arena.Series, results string) error {
	rep, err := series.Run(ctx, os.Stdout)
	if err != nil {
		return err
	}
	if err := rep.WriteLadder(os.Stdout); err != nil {
		return err
	}
	if results == "" {
		return nil
	}
	data, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(results, append(data, '\n'), 0o644)
}
