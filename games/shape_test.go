package games_test

import (
	"context"
	"encoding/json"
	"maps"
	"testing"

	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/golden"
)

// TestAnswerShapes plays every golden case of every game in each answer
// shape. "both" is today's answer, digest for digest; "text" leaves out
// the view and events, "view" the observation, and both send the token
// once; every other field is the same in every shape. It logs the mean
// bytes of an answer in each shape (go test ./games -run AnswerShapes -v).
func TestAnswerShapes(t *testing.T) {
	t.Parallel()
	ref, err := conformance.Reference()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	shared := []string{"ok", "state", "seed", "legalActions", "actionRanges", "score", "gameOver", "result", "turn", "spec", "code", "reason"}
	for _, g := range games.All() {
		slug := g.Info().Slug
		cases, err := golden.Load(golden.Files, slug)
		if err != nil || len(cases) == 0 {
			t.Fatalf("%s: no cases: %v", slug, err)
		}
		bytes := map[string]int{}
		steps := 0
		for _, c := range cases {
			answers := map[string][]map[string]json.RawMessage{}
			for _, shape := range []string{"both", "text", "view"} {
				shaped := c
				shaped.Query = maps.Clone(c.Query)
				shaped.Query["answer"] = shape
				err := conformance.Play(ctx, &shaped, ref, func(i int, body []byte) (bool, error) {
					bytes[shape] += len(body)
					var m map[string]json.RawMessage
					if err := json.Unmarshal(body, &m); err != nil {
						return false, err
					}
					answers[shape] = append(answers[shape], m)
					if shape == "both" {
						d, err := golden.Digest(body)
						if err != nil || d != c.Steps[i].Digest {
							t.Errorf("%s step %d: answer=both differs from the golden answer", c.Ref(), i)
						}
					}
					return true, nil
				})
				if err != nil {
					t.Fatalf("%s, answer=%s: %v", c.Ref(), shape, err)
				}
			}
			steps += len(answers["both"])
			for i, both := range answers["both"] {
				text, view := answers["text"][i], answers["view"][i]
				for _, k := range shared {
					if k != "state" && (string(both[k]) != string(text[k]) || string(both[k]) != string(view[k])) {
						t.Fatalf("%s step %d: %s differs between shapes", c.Ref(), i, k)
					}
				}
				if _, has := text["view"]; has {
					t.Fatalf("%s step %d: answer=text carries a view", c.Ref(), i)
				}
				if _, has := view["observation"]; has {
					t.Fatalf("%s step %d: answer=view carries the observation", c.Ref(), i)
				}
				if _, has := text["events"]; has {
					t.Fatalf("%s step %d: answer=text carries events", c.Ref(), i)
				}
				for _, m := range []map[string]json.RawMessage{text, view} {
					if _, has := m["stateToken"]; has {
						t.Fatalf("%s step %d: a compact answer sends the token twice", c.Ref(), i)
					}
				}
				if both["view"] != nil && string(view["view"]) != string(both["view"]) || both["observation"] != nil && string(text["observation"]) != string(both["observation"]) {
					t.Fatalf("%s step %d: a shape changed what it carries", c.Ref(), i)
				}
			}
		}
		t.Logf("%-12s mean bytes an answer over %4d answers: both %5d, text %5d, view %5d", slug, steps,
			bytes["both"]/steps, bytes["text"]/steps, bytes["view"]/steps)
	}
}
