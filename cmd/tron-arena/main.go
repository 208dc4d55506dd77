// Command tron-arena runs botsArena Tron matches between bots over HTTP
// and ranks them on the arena's ELO ladder:
//
//	tron-arena -bots http://a/,http://b/ -matches 10 -results out.json
//
// It prints each match's log and the final ladder. With -live it seats one
// bot in a live Tron match of a server, where agents, humans and the
// server's bots ride the other cycles, and prints its place:
//
//	tron-arena -live http://127.0.0.1:8080 -join K7QXM2PA9H -bot http://a/
//	tron-arena -live http://127.0.0.1:8080 -create -players 3 -bots 1 -bot http://a/
//
// -h lists the flags and -version prints its version.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"

	"github.com/agentgames/bundle/internal/tronarena"
	"github.com/agentgames/bundle/internal/version"
)

func main() {
	version.Args("tron-arena", os.Args[1:])
	cmd, err := parseFlags(os.Args[1:], os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err != nil {
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if cmd.Live != nil {
		_, err = cmd.Live.Run(ctx, os.Stdout)
	} else {
		err = run(ctx, cmd.Series, cmd.Results)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "tron-arena:", err)
		os.Exit(1)
	}
}

// run plays the series, prints the ladder and writes the results file.
func run(ctx context.Context, series *tronarena.Series, results string) error {
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
