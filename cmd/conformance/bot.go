package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/internal/egress"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/arena"
	"github.com/agentgames/bundle/play/live"
	"github.com/agentgames/bundle/store/memory"
)

// botLevel is the level that checks a bot at a URL (-bot-url) instead of
// a server: the arena's trial, run here (the calls go from this machine,
// to any address, plain HTTP included: the bot is the author's own).
const botLevel = "bot"

// tryBot tries the bot at url for each of the arena's games in slugs
// (every one when empty), as the arena's trial does (play/arena.Trial),
// and prints every departure from the protocol; it answers the exit
// code: 1 when any trial failed, 2 for a game the arena does not hold.
func tryBot(w io.Writer, url string, slugs []string, options string) int {
	store := &memory.Store{Clock: time.Now}
	var servers []*live.Server
	for _, g := range games.Live() {
		servers = append(servers, live.NewServer(g, store, time.Now))
	}
	a := arena.New(servers, store, time.Now, egress.New(egress.Policy{AllowHTTP: true, AllowPrivate: true}),
		arena.Settings{LaunchesPerMinute: -1})
	if len(slugs) == 0 {
		slugs = a.Games()
	}
	ctx := play.WithAgent(context.Background(), play.AgentRef{ID: "conformance", Name: "conformance"})
	code := 0
	for _, game := range slugs {
		var opts []byte
		if options != "" {
			opts = []byte(options)
		}
		r, err := a.Trial(ctx, game, url, opts)
		if err != nil {
			fmt.Fprintf(w, "FAIL bot/%s: %v\n", game, err)
			if play.IsCode(err, play.CodeUnknownGame) {
				return 2
			}
			code = 1
			continue
		}
		verdict := "ok  "
		if !r.Passed {
			verdict, code = "FAIL", 1
		}
		fmt.Fprintf(w, "%s bot/%s: %d play-turns, %s; replies %d ms on average, %d ms at most\n", verdict, game, r.Calls, r.Ended, r.Mean, r.Slowest)
		for _, d := range r.Departures {
			kind := "note"
			if d.Fatal {
				kind = "fails a fight"
			}
			fmt.Fprintf(w, "     call %d (%s): %s\n", d.Call, kind, d.What)
		}
	}
	return code
}
