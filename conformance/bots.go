package conformance

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/golden"
)

// Exchanges is one game's golden exchanges with its bot endpoint
// (POST /api/bots/{game}): what an outside arena sends and what the
// reference bot replied.
type Exchanges struct {
	Format    int        `json:"format"`
	Game      string     `json:"game"`
	Exchanges []Exchange `json:"exchanges"`
}

// Exchange is one message and its reply. Query holds the endpoint's
// options (the grid, say). Message is the body exactly as the arena sends
// it. Reply is the reference bot's reply; any bot must reply an object
// with the same keys, a "name" with any string, and a "play" among Safe:
// the moves that do not lose the round for certain (any move of the game
// when every move loses).
type Exchange struct {
	Name    string          `json:"name"`
	Query   string          `json:"query,omitempty"`
	Message string          `json:"message"`
	Reply   json.RawMessage `json:"reply"`
	Safe    []string        `json:"safe,omitempty"`
}

// LoadExchanges reads golden/bots/<game>.json; an empty game reads every
// game's.
func LoadExchanges(fsys fs.FS, game string) ([]Exchanges, error) {
	pattern := golden.BotsDir + "/*.json"
	if game != "" {
		pattern = golden.BotsDir + "/" + game + ".json"
	}
	names, err := fs.Glob(fsys, pattern)
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	var out []Exchanges
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		var x Exchanges
		if err := json.Unmarshal(data, &x); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if x.Format != golden.Format {
			return nil, fmt.Errorf("%s: format %d, this build reads %d", name, x.Format, golden.Format)
		}
		out = append(out, x)
	}
	return out, nil
}

// Check holds a bot's answer to the exchange's message to what any bot
// may reply; plays are the moves of the game (Game.Plays).
func (e *Exchange) Check(status int, body []byte, plays []string) error {
	if status != 200 {
		return fmt.Errorf("status %d (%s), want 200", status, brief(string(body)))
	}
	var want, got map[string]any
	if err := json.Unmarshal(e.Reply, &want); err != nil {
		return fmt.Errorf("the golden reply: %w", err)
	}
	if err := json.Unmarshal(body, &got); err != nil {
		return fmt.Errorf("the reply is not one JSON object: %s", brief(string(body)))
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			return fmt.Errorf("the reply has %q; want only the keys of %s", k, e.Reply)
		}
	}
	for k := range want {
		v, ok := got[k]
		if !ok {
			return fmt.Errorf("the reply lacks %q: %s", k, brief(string(body)))
		}
		s, isString := v.(string)
		switch {
		case !isString:
			return fmt.Errorf("%q is %s, want a string", k, check.Show(v))
		case k == "play" && len(e.Safe) > 0 && !slices.Contains(e.Safe, s):
			return fmt.Errorf("play %q loses the round; the safe moves are %s", s, strings.Join(e.Safe, ", "))
		case k == "play" && !slices.Contains(plays, s):
			return fmt.Errorf("play %q is not one of %s", s, strings.Join(plays, ", "))
		}
	}
	return nil
}
