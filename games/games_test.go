package games_test

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/agentgames/bundle/client"
	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/games"
)

// TestListedActionsAreAccepted plays every game of the registry at random
// from its own legalActions, through the core: an action listed as legal
// is never refused, a match ends or keeps offering actions, and every
// answer carries a state.
func TestListedActionsAreAccepted(t *testing.T) {
	t.Parallel()
	ref, err := conformance.Reference()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, g := range games.All() {
		slug := g.Info().Slug
		for seed := range 40 {
			rnd := rand.New(rand.NewPCG(uint64(seed), 7))
			s, err := client.Start(ctx, ref, slug, map[string]string{"seed": strconv.Itoa(seed)})
			if err != nil {
				t.Fatal(err)
			}
			for step := 0; step < 300 && !s.Last.GameOver; step++ {
				var env struct {
					LegalActions []json.RawMessage `json:"legalActions"`
				}
				json.Unmarshal(s.Last.Body, &env)
				if len(env.LegalActions) == 0 {
					t.Fatalf("%s seed %d step %d: an open match lists no legal action", slug, seed, step)
				}
				a, err := s.Act(ctx, env.LegalActions[rnd.IntN(len(env.LegalActions))])
				if err != nil {
					t.Fatal(err)
				}
				if !a.OK || a.Token == "" {
					t.Fatalf("%s seed %d step %d: a listed action was refused: %s %s", slug, seed, step, a.Code, a.Reason)
				}
			}
		}
	}
}
