package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/agentgames/bundle/agents/dispatcher"
	"github.com/agentgames/bundle/client/inproc"
	"github.com/agentgames/bundle/golden"
	"github.com/agentgames/bundle/internal/testserver"
)

// TestRecord: a run recorded with -record is a whole transcript of it,
// the init and every action, each answer kept, in the golden files'
// format; runs of several seeds go to files named by seed.
func TestRecord(t *testing.T) {
	file := filepath.Join(t.TempDir(), "run.json")
	tr := inproc.Handler{Handler: testserver.New(t)}
	r, actions, err := run(context.Background(), tr, dispatcher.Policy{BankAt: 600, MaxStep: 60}, 7, false, file)
	if err != nil || r == nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var c golden.Case
	if err := json.Unmarshal(data, &c); err != nil || !c.Full || c.Game != "brinebell" || c.Query["seed"] != "7" || len(c.Steps) != actions+1 {
		t.Fatalf("the transcript: %v, full %v, game %s, query %v, %d steps for %d actions", err, c.Full, c.Game, c.Query, len(c.Steps), actions)
	}
	for i, st := range c.Steps {
		if st.Answer == nil || (i > 0) != (st.Action != nil) {
			t.Fatalf("step %d: action %s, answer kept %v", i, st.Action, st.Answer != nil)
		}
	}
	if got := recordFile("out/run.json", 9, 3); got != "out/run-seed9.json" {
		t.Errorf("recordFile for several runs: %s", got)
	}
}
