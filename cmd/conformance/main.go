// Command conformance replays the golden transcripts against a running
// implementation and reports, for each, PASS or the first differing field.
//
//	go run ./cmd/conformance -base-url http://127.0.0.1:8080 [-game tinrail] [-run seed009]
//
// It exits 1 when any transcript fails.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/golden"
)

func main() {
	base := flag.String("base-url", "http://127.0.0.1:8080", "the implementation's base URL")
	game := flag.String("game", "", "replay only this game's transcripts (default: every game)")
	only := flag.String("run", "", "replay only transcripts whose name contains this")
	flag.Parse()
	os.Exit(run(*base, *game, *only))
}

func run(base, game, only string) int {
	ts, err := conformance.Load(golden.Files, game)
	if err != nil {
		fmt.Fprintln(os.Stderr, "conformance:", err)
		return 2
	}
	c := conformance.NewHTTPClient(base)
	start := time.Now()
	passed, failed := 0, 0
	for i := range ts {
		t := &ts[i]
		if !strings.Contains(t.Name, only) {
			continue
		}
		t0 := time.Now()
		if err := conformance.Replay(t, c); err != nil {
			failed++
			fmt.Printf("FAIL %s/%s (%d steps): %v\n", t.Game, t.Name, len(t.Steps), err)
			continue
		}
		passed++
		fmt.Printf("ok   %s/%s (%d steps, %s)\n", t.Game, t.Name, len(t.Steps), time.Since(t0).Round(time.Millisecond))
	}
	fmt.Printf("%d passed, %d failed against %s in %s\n", passed, failed, base, time.Since(start).Round(time.Millisecond))
	if failed > 0 || passed == 0 {
		return 1
	}
	return 0
}
