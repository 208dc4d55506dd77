package client_test

import (
	"context"
	"testing"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/client/inproc"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestRecord: a session that records a golden case's match keeps every
// answer, each of which has the digest the case pins, and its actions.
func TestRecord(t *testing.T) {
	ctx := context.Background()
	tr := inproc.Handler{Handler: testserver.New(t)}
	for _, game := range []string{"tinrail", "brinebell"} {
		cases, err := golden.Load(golden.Files, game)
		if err != nil {
			t.Fatal(err)
		}
		c := cases[0]
		s, err := client.Start(ctx, tr, game, c.Query)
		if err != nil {
			t.Fatal(err)
		}
		s.Field = c.Field()
		rec, err := s.Record(c.Query)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range c.Steps[1:] {
			if _, err := s.Act(ctx, st.Action); err != nil {
				t.Fatal(err)
			}
		}
		if !rec.Full || rec.Game != game || len(rec.Steps) != len(c.Steps) {
			t.Fatalf("%s: recorded %d steps of %d", c.Ref(), len(rec.Steps), len(c.Steps))
		}
		for i, st := range rec.Steps {
			d, err := golden.Digest(st.Answer)
			if err != nil || d != c.Steps[i].Digest || st.Digest != d || string(st.Action) != string(c.Steps[i].Action) {
				t.Fatalf("%s step %d: digest %s (kept %s, %v), want %s", c.Ref(), i, d, st.Digest, err, c.Steps[i].Digest)
			}
		}
		if _, err := rec.Marshal(); err != nil {
			t.Errorf("%s: the transcript does not write: %v", c.Ref(), err)
		}
	}
}
