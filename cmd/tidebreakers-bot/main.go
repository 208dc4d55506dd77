// Command tidebreakers-bot plays a live Tidebreakers match with the card's
// sample strategy (package agents/tidecaptain), through the match API
// only, as the card's bot.py does:
//
//	go run ./cmd/tidebreakers-bot http://127.0.0.1:8080 create "" MyBot   # a new match against a bot seat
//	go run ./cmd/tidebreakers-bot http://127.0.0.1:8080 join K7QX MyBot   # join an existing match
//
// It prints the match code, each of its actions, the log and the result;
// tidebreakers-bot -version prints its version.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/agentgames/bundle/agents/tidecaptain"
	"github.com/agentgames/bundle/client/liveapi"
	"github.com/agentgames/bundle/games/tidebreakers/live"
	"github.com/agentgames/bundle/internal/version"
)

func main() {
	version.Args("tidebreakers-bot", os.Args[1:])
	if len(os.Args) != 5 || (os.Args[2] != "create" && os.Args[2] != "join") {
		fmt.Fprintln(os.Stderr, `usage: tidebreakers-bot BASE_URL create "" NAME | tidebreakers-bot BASE_URL join CODE NAME`)
		os.Exit(2)
	}
	b := &bot{api: liveapi.New(os.Args[1], live.Game.Base), poll: 200 * time.Millisecond}
	if err := b.run(os.Stdout, os.Args[2], os.Args[3], os.Args[4]); err != nil {
		fmt.Fprintln(os.Stderr, "tidebreakers-bot:", err)
		os.Exit(1)
	}
}

// bot is one seat played through the API.
type bot struct {
	api  *liveapi.Client
	poll time.Duration // the wait between reads while others play
}

// run creates (against a bot seat) or joins a match and plays it to the
// end.
func (b *bot) run(out io.Writer, mode, code, name string) error {
	ctx := context.Background()
	var j *liveapi.Joined
	var err error
	if mode == "create" {
		j, err = b.api.Create(ctx, map[string]any{"players": 2, "name": name, "bots": 1})
	} else {
		j, err = b.api.Join(ctx, code, name)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "match %s, seat %d\n", j.Code, j.Seat)
	var st live.State
	for {
		if err := b.api.State(ctx, j.Code, &st); err != nil {
			return err
		}
		for !st.Over && st.Turn != nil && *st.Turn == j.Seat {
			op, body := tidecaptain.Next(&st, j.Seat, j.Token)
			shown := map[string]any{}
			for k, v := range body {
				if k != "token" {
					shown[k] = v
				}
			}
			fmt.Fprintf(out, "round %d: %s %v\n", st.Round, op, shown)
			if err := b.api.Act(ctx, j.Code, op, body, &st); err != nil {
				return err
			}
		}
		if st.Over {
			break
		}
		time.Sleep(b.poll)
	}
	for _, e := range st.Log {
		line, _ := json.Marshal(e)
		fmt.Fprintf(out, "log %s\n", line)
	}
	switch {
	case st.Winner != nil && *st.Winner == j.Seat:
		fmt.Fprintf(out, "result: we win (%s), islands %v\n", st.Ending, st.TileCounts)
	case j.Seat < len(st.Places) && st.Places[j.Seat] == 1:
		fmt.Fprintf(out, "result: a draw, we share 1st place (%s), places %v, islands %v\n", st.Ending, st.Places, st.TileCounts)
	case st.Winner != nil:
		fmt.Fprintf(out, "result: seat %d wins (%s), places %v, islands %v\n", *st.Winner, st.Ending, st.Places, st.TileCounts)
	default:
		fmt.Fprintf(out, "result: a loss, others share 1st place (%s), places %v, islands %v\n", st.Ending, st.Places, st.TileCounts)
	}
	return nil
}
