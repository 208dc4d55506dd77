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

// TestLiveRegistryIsTheLiveGames: every live game the bundle serves
// (games.Live) has the core's live checks at the protocol level, and no
// game has live checks that the bundle serves no live game of.
func TestLiveRegistryIsTheLiveGames(t *testing.T) {
	core := []string{"create", "create-refusals", "join", "bots", "no-match", "lobby-refusals", "tokens", "bad-bodies", "lobby-fill"}
	var live []string
	for _, g := range games.Live() {
		live = append(live, g.Slug)
	}
	for _, slug := range conformance.Slugs() {
		cs, err := conformance.Checks(conformance.Options{Games: []string{slug}, Levels: []string{check.Protocol}, Only: "live/"})
		if err != nil && slices.Contains(live, slug) {
			t.Errorf("%s is a live game with no live checks: %v", slug, err)
			continue
		}
		var names []string
		for _, c := range cs {
			names = append(names, c.Name)
		}
		switch {
		case !slices.Contains(live, slug) && len(names) > 0:
			t.Errorf("%s has live checks %v but the bundle serves no live %s", slug, names, slug)
		case slices.Contains(live, slug):
			for _, name := range core {
				if !slices.Contains(names, "live/"+name) {
					t.Errorf("the live game %s lacks the core's check live/%s (it has %v)", slug, name, names)
				}
			}
		}
	}
}
