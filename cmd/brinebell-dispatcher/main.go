// Command brinebell-dispatcher plays Brinebell over HTTP with the simple
// dispatcher of package agents/dispatcher, an example for agent authors.
//
//	go run ./cmd/brinebell-dispatcher -base-url http://127.0.0.1:8080 -seed 7 -v
//	go run ./cmd/brinebell-dispatcher -base-url http://127.0.0.1:8080 -runs 200
//
// With -runs it plays seeds first..first+runs-1 and reports the mean score.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/agentgames/bundle/agents/dispatcher"
)

func main() {
	base := flag.String("base-url", "http://127.0.0.1:8080", "the server's base URL")
	seed := flag.Uint64("seed", 7, "the (first) seed")
	runs := flag.Int("runs", 1, "how many seeds to play, from -seed up")
	bankAt := flag.Int("bank-at", 18000, "bank once the clock reaches this tick, 10 minutes of play by default (0: play until five give up, which may be never)")
	verbose := flag.Bool("v", false, "print every action and the final observation")
	flag.Parse()
	c := &client{base: strings.TrimRight(*base, "/"), http: &http.Client{Timeout: 30 * time.Second}}
	p := dispatcher.Policy{BankAt: *bankAt, MaxStep: 60}
	total := 0
	start := time.Now()
	for i := range *runs {
		s := *seed + uint64(i)
		r, err := play(c, p, s, *verbose)
		if err != nil {
			fmt.Fprintf(os.Stderr, "seed %d: %v\n", s, err)
			os.Exit(1)
		}
		total += r.Score
		fmt.Printf("seed %d: score %d, %s at tick %d, %d delivered, in %d actions\n", s, r.Score, r.Reason, r.Clock, r.Deliveries, r.actions)
	}
	fmt.Printf("%d runs, mean score %.1f (%s)\n", *runs, float64(total)/float64(*runs), time.Since(start).Round(time.Millisecond))
}

// result is how a run ended.
type result struct {
	Reason     string `json:"reason"`
	Score      int    `json:"score"`
	Deliveries int    `json:"deliveries"`
	Clock      int    `json:"clock"`
	actions    int
}

// play runs one seed to its end and answers its result.
func play(c *client, p dispatcher.Policy, seed uint64, verbose bool) (result, error) {
	body, err := c.get(fmt.Sprintf("/api/games/brinebell/init?seed=%d", seed))
	for steps := 0; err == nil; steps++ {
		var env *dispatcher.Envelope
		if env, err = dispatcher.Decode(body); err != nil {
			break
		}
		var raw struct {
			StateToken  string  `json:"stateToken"`
			Observation string  `json:"observation"`
			Reason      string  `json:"reason"`
			Result      *result `json:"result"`
		}
		json.Unmarshal(body, &raw)
		if !env.OK {
			return result{}, fmt.Errorf("action refused: %s", raw.Reason)
		}
		action, more := p.Next(env)
		if !more {
			if verbose {
				fmt.Print(raw.Observation)
			}
			if raw.Result == nil {
				return result{}, fmt.Errorf("the run ended without a result")
			}
			raw.Result.actions = steps
			return *raw.Result, nil
		}
		if verbose {
			fmt.Printf("tick %d: %s\n", env.View.Clock, action)
		}
		req, _ := json.Marshal(map[string]any{"stateToken": raw.StateToken, "action": action})
		body, err = c.post("/api/games/brinebell/action", req)
	}
	return result{}, err
}

type client struct {
	base string
	http *http.Client
}

func (c *client) get(path string) ([]byte, error) { return c.do(http.MethodGet, path, nil) }

func (c *client) post(path string, body []byte) ([]byte, error) {
	return c.do(http.MethodPost, path, body)
}

func (c *client) do(method, path string, body []byte) ([]byte, error) {
	req, err := http.NewRequest(method, c.base+path, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err == nil && res.StatusCode != http.StatusOK {
		err = fmt.Errorf("HTTP %d: %s", res.StatusCode, data)
	}
	return data, err
}
