package conformance

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// Policy chooses the next action from the answer just received (step 0 is
// the init's), or says the transcript is complete.
type Policy func(step int, answer []byte) (action json.RawMessage, done bool)

// Record plays t.Game from t.Query through a client, choosing actions with
// the policy, and fills t.Steps with every action and answer. Answers must
// be HTTP 200.
func Record(t *Transcript, c Client, next Policy) error {
	status, body, err := c.Init(t.Game, t.Query)
	if err != nil {
		return err
	}
	t.Steps = []Step{{}}
	field := t.TokenField
	if field == "" {
		field = "state"
	}
	for step := 0; ; step++ {
		if status != http.StatusOK {
			return fmt.Errorf("%s step %d: HTTP %d: %s", t.Name, step, status, body)
		}
		answer, err := Recorded(body)
		if err != nil {
			return err
		}
		var tok struct {
			State string `json:"state"`
		}
		json.Unmarshal(body, &tok)
		t.Steps[len(t.Steps)-1].Answer = answer
		action, done := next(step, body)
		if done {
			return nil
		}
		req, err := json.Marshal(map[string]any{field: tok.State, "action": action})
		if err != nil {
			return err
		}
		t.Steps = append(t.Steps, Step{Action: action})
		if status, body, err = c.Action(t.Game, req); err != nil {
			return err
		}
	}
}
