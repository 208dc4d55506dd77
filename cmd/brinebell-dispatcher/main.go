// Command brinebell-dispatcher plays Brinebell over HTTP with the sample
// dispatcher agent (package agents/dispatcher), against any server.
//
//	go run ./cmd/brinebell-dispatcher -base-url http://127.0.0.1:8080 -seed 7 -v
//	go run ./cmd/brinebell-dispatcher -base-url http://127.0.0.1:8080 -runs 200
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/agentgames/bundle/agents/dispatcher"
	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/games/brinebell"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/internal/version"
)

func main() {
	base := flag.String("base-url", "http://127.0.0.1:8080", "the server's base URL")
	seed := flag.Uint64("seed", 7, "the (first) seed")
	runs := flag.Int("runs", 1, "how many seeds to play, from -seed up")
	bankAt := flag.Int("bank-at", 18000, "bank once the clock reaches this tick, 10 minutes of play by default (0: play until five give up, which may be never)")
	verbose := flag.Bool("v", false, "print every action and the final observation")
	record := flag.String("record", "", "write each run as a compact transcript (every answer, as patches between whole answers: the golden files' format 3, which the replay viewer at /view/ opens) to this file, seed-numbered when -runs is over 1")
	version.Flag(flag.CommandLine, "brinebell-dispatcher")
	flag.Parse()
	t := client.NewHTTP(*base)
	p := dispatcher.Policy{BankAt: *bankAt, MaxStep: 60}
	total := 0
	start := time.Now()
	for i := range *runs {
		s := *seed + uint64(i)
		r, actions, err := run(context.Background(), t, p, s, *verbose, recordFile(*record, s, *runs))
		if err != nil {
			fmt.Fprintf(os.Stderr, "seed %d: %v\n", s, err)
			os.Exit(1)
		}
		total += r.Score
		fmt.Printf("seed %d: score %d, %s at tick %d, %d delivered, in %d actions\n", s, r.Score, r.Reason, r.Clock, r.Deliveries, actions)
	}
	fmt.Printf("%d runs, mean score %.1f (%s)\n", *runs, float64(total)/float64(*runs), time.Since(start).Round(time.Millisecond))
}

// recordFile is where the run of seed is recorded: none when record is
// empty, record itself for a single run, else record with the seed
// before its extension.
func recordFile(record string, seed uint64, runs int) string {
	if record == "" || runs == 1 {
		return record
	}
	ext := filepath.Ext(record)
	return strings.TrimSuffix(record, ext) + "-seed" + strconv.FormatUint(seed, 10) + ext
}

// run plays one seed to its end and answers its result and how many
// actions it took; it writes the run's transcript to record, unless
// empty.
func run(ctx context.Context, t client.Transport, p dispatcher.Policy, seed uint64, verbose bool, record string) (*brinebell.Result, int, error) {
	query := map[string]string{"seed": strconv.FormatUint(seed, 10)}
	s, err := client.Start(ctx, t, "brinebell", query)
	if err != nil {
		return nil, 0, err
	}
	s.Field = "stateToken"
	if record != "" {
		rec, err := s.Record(query)
		if err != nil {
			return nil, 0, err
		}
		defer func() {
			data, err := rec.Compact(golden.Checkpoint).Marshal()
			if err == nil {
				err = os.WriteFile(record, data, 0o644)
			}
			if err != nil {
				fmt.Fprintln(os.Stderr, "brinebell-dispatcher: recording:", err)
			}
		}()
	}
	for steps := 0; ; steps++ {
		a := s.Last
		if !a.OK {
			return nil, steps, fmt.Errorf("action refused: %s: %s", a.Code, a.Reason)
		}
		var v brinebell.View
		if err := a.View(&v); err != nil {
			return nil, steps, err
		}
		action, more := p.Next(&v)
		if !more {
			var end struct {
				Observation string            `json:"observation"`
				Result      *brinebell.Result `json:"result"`
			}
			json.Unmarshal(a.Body, &end)
			if verbose {
				fmt.Print(end.Observation)
			}
			if end.Result == nil {
				return nil, steps, fmt.Errorf("the run ended without a result")
			}
			return end.Result, steps, nil
		}
		if verbose {
			fmt.Printf("tick %d: %s\n", v.Clock, dispatcher.JSON(action))
		}
		if _, err := s.Act(ctx, dispatcher.JSON(action)); err != nil {
			return nil, steps, err
		}
	}
}
