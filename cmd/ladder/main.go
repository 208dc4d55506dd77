// Command ladder measures a game's built-in bots against each other over
// seeded matches and prints the table: for every bot against every other,
// its wins, draws and losses with their 95 % intervals, then the bots'
// ratings from all those matches (package internal/ladder).
//
//	go run ./cmd/ladder -game tidebreakers -matches 500
//	go run ./cmd/ladder -game tidebreakers -players 4 -sparring
//	go run ./cmd/ladder -game tron -side 30 -matches 500 -sparring
//
// -sparring adds the simple bots the built-in ones are tested against
// (Tidebreakers: rusher, hunter, turtle; Tron: first). The results depend
// on the seeds alone (matches 0 to N-1), so anyone reproduces them. With
// two seats it prints the anchors the bots' fixed ratings are set from
// (the base bot at 25, a newcomer's mu; see ladder.Anchors).
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/agentgames/bundle/internal/ladder"
	"github.com/agentgames/bundle/internal/version"
)

func main() {
	version.Args("ladder", os.Args[1:])
	game := flag.String("game", "tidebreakers", "the game: tidebreakers, tron or tinrail")
	players := flag.Int("players", 2, "seats a match (2 to 4)")
	matches := flag.Int("matches", 200, "seeded matches a line")
	side := flag.Int("side", 30, "Tron: the grid's side (5 to 100)")
	sparring := flag.Bool("sparring", false, "add the sparring bots")
	flag.Parse()
	var g ladder.Game
	switch *game {
	case "tidebreakers":
		g = ladder.Tidebreakers(*sparring)
	case "tron":
		g = ladder.Tron(*side, *sparring)
	case "tinrail":
		g = ladder.Tinrail()
	default:
		fail(fmt.Errorf("no game %q: tidebreakers, tron or tinrail", *game))
	}
	if *players < 2 || *players > 4 || *matches < 1 {
		fail(fmt.Errorf("-players is 2 to 4 and -matches at least 1"))
	}
	start := time.Now()
	l, err := ladder.Run(g, *players, *matches)
	if err != nil {
		fail(err)
	}
	fmt.Printf("%s", *game)
	if *game == "tron" {
		fmt.Printf(", %dx%d", *side, *side)
	}
	fmt.Printf(": ")
	l.Print(os.Stdout)
	if *players == 2 {
		l.PrintAnchors(os.Stdout, base[*game], 25)
	}
	fmt.Printf("\n%d matches in %s\n", *matches*len(l.Lines), time.Since(start).Round(time.Millisecond))
}

// base is the bot each game's anchors are measured from, at 25, a
// newcomer's mu: the card's sample strategy, the arena's sample bot.
var base = map[string]string{"tidebreakers": "sample", "tron": "easy", "tinrail": "easy"}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "ladder:", err)
	os.Exit(2)
}
