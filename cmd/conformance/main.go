// Command conformance checks a running implementation of the games against
// the golden cases and reports, for each, ok or the first differing field;
// then it sends the golden exchanges of bot endpoints (golden/bots) and
// checks every reply.
//
//	go run ./cmd/conformance -base-url http://127.0.0.1:8080 [-game tinrail] [-run seed009]
//	go run ./cmd/conformance -print tinrail/easy-seed009-cautious
//
// It carries the reference engines: -print writes any case as a readable
// transcript rebuilt from its seed and actions, and a difference at a step
// whose answer the case keeps only as a digest is still reported field by
// field. It exits 1 when any case fails.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/golden"
)

func main() {
	base := flag.String("base-url", "http://127.0.0.1:8080", "the implementation's base URL")
	game := flag.String("game", "", "check only this game's cases (default: every game)")
	only := flag.String("run", "", "check only cases whose name contains this")
	print := flag.String("print", "", "print the case game/name as a readable transcript, and check nothing")
	flag.Parse()
	ref, err := conformance.Reference()
	if err != nil {
		fmt.Fprintln(os.Stderr, "conformance:", err)
		os.Exit(2)
	}
	if *print != "" {
		os.Exit(printCase(ref, *print))
	}
	os.Exit(run(client.NewHTTP(*base), ref, *base, *game, *only))
}

func printCase(ref client.Transport, name string) int {
	game, _, _ := strings.Cut(name, "/")
	cases, err := conformance.Load(golden.Files, game)
	if err != nil {
		fmt.Fprintln(os.Stderr, "conformance:", err)
		return 2
	}
	for i := range cases {
		if cases[i].Ref() == name {
			if err := conformance.Print(context.Background(), os.Stdout, &cases[i], ref); err != nil {
				fmt.Fprintln(os.Stderr, "conformance:", err)
				return 1
			}
			return 0
		}
	}
	fmt.Fprintf(os.Stderr, "conformance: no case %q; cases are named game/name, as the check lists them\n", name)
	return 2
}

func run(impl, ref client.Transport, base, game, only string) int {
	cases, err := conformance.Load(golden.Files, game)
	if err != nil {
		fmt.Fprintln(os.Stderr, "conformance:", err)
		return 2
	}
	start := time.Now()
	passed, failed := 0, 0
	for i := range cases {
		c := &cases[i]
		if !strings.Contains(c.Name, only) {
			continue
		}
		t0 := time.Now()
		if err := conformance.Replay(context.Background(), c, impl, ref); err != nil {
			failed++
			fmt.Printf("FAIL %s (%d steps): %v\n", c.Ref(), len(c.Steps), err)
			continue
		}
		passed++
		fmt.Printf("ok   %s (%d steps, %s)\n", c.Ref(), len(c.Steps), time.Since(t0).Round(time.Millisecond))
	}
	if b, ok := impl.(botEndpoint); ok {
		p, f, err := exchanges(b, game, only)
		if err != nil {
			fmt.Fprintln(os.Stderr, "conformance:", err)
			return 2
		}
		passed, failed = passed+p, failed+f
	}
	fmt.Printf("%d passed, %d failed against %s in %s\n", passed, failed, base, time.Since(start).Round(time.Millisecond))
	if failed > 0 || passed == 0 {
		return 1
	}
	return 0
}

// botEndpoint is an implementation that serves games' bot endpoints.
type botEndpoint interface {
	Bot(ctx context.Context, game, query string, message []byte) (int, []byte, error)
}

// exchanges sends the golden exchanges' messages to the bot endpoints and
// checks each reply, reporting as run does.
func exchanges(b botEndpoint, game, only string) (passed, failed int, err error) {
	all, err := conformance.LoadExchanges(golden.Files, game)
	if err != nil {
		return 0, 0, err
	}
	for _, x := range all {
		for _, e := range x.Exchanges {
			if !strings.Contains(e.Name, only) {
				continue
			}
			ref := "bots/" + x.Game + ": " + e.Name
			status, body, err := b.Bot(context.Background(), x.Game, e.Query, []byte(e.Message))
			if err == nil {
				err = e.Check(status, body)
			}
			if err != nil {
				failed++
				fmt.Printf("FAIL %s: %v\n", ref, err)
				continue
			}
			passed++
			fmt.Printf("ok   %s\n", ref)
		}
	}
	return passed, failed, nil
}
