package conformancetest

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/client/inproc"
	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/play"
)

// Reference is the reference implementation for the games' golden tests:
// every game in process with no HTTP (as conformance.Reference), which
// also holds every answer's hand-written JSON (play.Encode) to what
// encoding/json writes from the same value.
func Reference(t testing.TB) client.Transport {
	svc, err := conformance.ReferenceService()
	if err != nil {
		t.Fatal(err)
	}
	return checkedService{t: t, svc: svc, Service: inproc.Service{Service: svc}}
}

type checkedService struct {
	inproc.Service
	t   testing.TB
	svc *play.Service
}

// Act applies an action and answers it as inproc.Service does, checking
// its encoding on the way; an error is answered by inproc.Service itself.
func (c checkedService) Act(ctx context.Context, game, field, tok string, action json.RawMessage) (int, []byte, error) {
	answer, err := c.svc.Act(ctx, game, tok, action)
	if err != nil {
		return c.Service.Act(ctx, game, field, tok, action)
	}
	return 200, c.check(answer), nil
}

// Init checks the encoding of a fresh match of the same query.
func (c checkedService) Init(ctx context.Context, game string, query map[string]string) (int, []byte, error) {
	status, body, err := c.Service.Init(ctx, game, query)
	var env play.Envelope
	if err == nil && json.Unmarshal(body, &env) == nil && env.Seed != nil {
		options := map[string]string{}
		for k, v := range query {
			if k != "seed" {
				options[k] = v
			}
		}
		if e, err := c.svc.Init(ctx, game, env.Seed, options); err == nil {
			c.check(e)
		}
	}
	return status, body, err
}

// check answers play.Encode's writing of an answer, having held it to
// encoding/json's.
func (c checkedService) check(answer any) []byte {
	c.t.Helper()
	var fast bytes.Buffer
	if err := play.Encode(&fast, answer); err != nil {
		c.t.Fatal(err)
	}
	var slow bytes.Buffer
	enc := json.NewEncoder(&slow)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(answer); err != nil {
		c.t.Fatal(err)
	}
	if !bytes.Equal(fast.Bytes(), slow.Bytes()) {
		c.t.Errorf("play.Encode and encoding/json differ:\n%s\n%s", fast.Bytes(), slow.Bytes())
	}
	return fast.Bytes()
}
