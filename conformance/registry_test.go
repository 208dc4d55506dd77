package conformance_test

import (
	"slices"
	"testing"

	"github.com/agentgames/bundle/conformance"
	"github.com/agentgames/bundle/conformance/check"
	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/golden"
)

// TestRegistryIsTheGames: the suite knows exactly the games the bundle
// serves (games.All), each with a protocol spec of its slug, a referee and
// golden cases, and every one of them has checks at every level: a game
// added to the bundle and not to the suite fails here, not silently.
func TestRegistryIsTheGames(t *testing.T) {
	var served []string
	for _, g := range games.All() {
		served = append(served, g.Info().Slug)
	}
	slices.Sort(served)
	if got := conformance.Slugs(); !slices.Equal(got, served) {
		t.Fatalf("the suite knows %v, the bundle serves %v", got, served)
	}
	for _, g := range conformance.Games {
		if g.Protocol.Slug != g.Slug || g.Referee == nil {
			t.Errorf("%s: protocol spec of %q, referee %v", g.Slug, g.Protocol.Slug, g.Referee != nil)
		}
		for _, level := range check.Levels {
			cs, err := conformance.Checks(conformance.Options{Games: []string{g.Slug}, Levels: []string{level}, Seeds: 1})
			if err != nil || len(cs) == 0 {
				t.Errorf("%s has no %s checks: %v", g.Slug, level, err)
			}
			for _, c := range cs {
				if c.Game != g.Slug || c.Level != level {
					t.Errorf("%s/%s lists %s of %s/%s", g.Slug, level, c.Ref(), c.Game, c.Level)
				}
			}
		}
		if cases, err := golden.Load(golden.Files, g.Slug); err != nil || len(cases) == 0 {
			t.Errorf("%s: %d golden cases, %v", g.Slug, len(cases), err)
		}
	}
}
