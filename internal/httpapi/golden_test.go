package httpapi

import (
	"encoding/json"
	"net/url"
	"testing"

	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/golden"
)

// contractClient is a conformance client that checks every answer against
// the OpenAPI contract and keeps each game's longest state token.
type contractClient struct {
	t       *testing.T
	h       *Server
	longest map[string]int
}

func (c *contractClient) Init(game string, query map[string]string) (int, []byte, error) {
	q := url.Values{}
	for k, v := range query {
		q.Set(k, v)
	}
	return c.keep(game, do(c.t, c.h, "GET", "/api/games/"+game+"/init?"+q.Encode(), ""))
}

func (c *contractClient) Action(game string, body []byte) (int, []byte, error) {
	return c.keep(game, do(c.t, c.h, "POST", "/api/games/"+game+"/action", string(body)))
}

func (c *contractClient) keep(game string, e exchange) (int, []byte, error) {
	var env struct{ State string }
	json.Unmarshal(e.body, &env)
	c.longest[game] = max(c.longest[game], len(env.State))
	return e.status, e.body, nil
}

// TestGoldenAnswersKeepTheContract replays every golden transcript and
// validates each answer against openapi.yaml; it also holds the state
// tokens to their size budgets.
func TestGoldenAnswersKeepTheContract(t *testing.T) {
	ts, err := conformance.Load(golden.Files, "")
	if err != nil {
		t.Fatal(err)
	}
	c := &contractClient{t: t, h: newServer(t), longest: map[string]int{}}
	for i := range ts {
		if err := conformance.Replay(&ts[i], c); err != nil {
			t.Error(err)
		}
	}
	budget := map[string]int{"tinrail": 300, "brinebell": 2048}
	for game, n := range c.longest {
		t.Logf("%s: longest state token %d bytes", game, n)
		if n >= budget[game] {
			t.Errorf("%s state token reached %d bytes, budget %d", game, n, budget[game])
		}
	}
}
