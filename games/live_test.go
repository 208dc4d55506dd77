package games_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	bundle "github.com/agentgames/bundle"
	"github.com/agentgames/bundle/games"
)

// TestLiveRegistry holds the registry of live games to the games: each is
// a game of the registry's loop games too, its slug, store kind, tool
// prefix and API base its own, its API's every path in openapi.yaml, its
// page a folder of web/, every bot it seats an anchor on its boards of
// ratings, its words for a model all there, and its seats playable by
// bots called by URL (the arena's Bots).
func TestLiveRegistry(t *testing.T) {
	seen := map[string]string{}
	unique := func(what, v, slug string) {
		if other, ok := seen[what+" "+v]; ok {
			t.Errorf("%s and %s share the %s %q", other, slug, what, v)
		}
		seen[what+" "+v] = slug
	}
	contract := string(bundle.OpenAPI)
	for _, g := range games.Live() {
		if games.Named(g.Slug) == nil {
			t.Errorf("live game %s is no game of games.All", g.Slug)
		}
		unique("slug", g.Slug, g.Slug)
		unique("store kind", g.Rules.Kind(), g.Slug)
		unique("base", g.Base, g.Slug)
		unique("tool prefix", g.Tools.Prefix, g.Slug)
		unique("act tool", g.Tools.Act, g.Slug)
		paths := []string{g.Base, g.Base + "/{code}", g.Base + "/{code}/join", g.Base + "/{code}/transcript"}
		for _, op := range g.Ops {
			paths = append(paths, g.Base+"/{code}/"+op)
		}
		for _, p := range paths {
			if !strings.Contains(contract, "\n  "+p+":\n") {
				t.Errorf("%s: openapi.yaml has no path %s", g.Slug, p)
			}
		}
		if _, err := fs.Stat(bundle.Web, "web/"+g.Page+"/index.html"); g.Page == "" || err != nil {
			t.Errorf("%s: its page web/%s has no index.html: %v", g.Slug, g.Page, err)
		}
		for _, bot := range g.Rules.Policies() {
			if _, ok := g.Anchors[bot]; !ok {
				t.Errorf("%s: bot %s has no anchor on the boards of ratings", g.Slug, bot)
			}
		}
		if g.Bots == nil {
			t.Errorf("%s: its descriptor has no Bots: the arena cannot seat bots by URL in its matches", g.Slug)
		}
		if g.Title == "" || g.Guide == "" || g.Tools.Texts == nil || g.Tools.About == "" || g.Tools.State == "" || g.Tools.Move == "" || g.Tools.Intro == "" || g.Tools.Use == "" {
			t.Errorf("%s: its descriptor lacks words: %+v", g.Slug, g.Tools)
		}
	}
}

// TestEdgesNameNoGame: the edges (HTTP, Lambda, MCP) and the assembly
// import no game's package: every game reaches them through the
// registries (games.All, games.Live) a program hands them.
func TestEdgesNameNoGame(t *testing.T) {
	for _, dir := range []string{"../transport", "../internal/assemble"} {
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || strings.Contains(path, "test/") {
				return err
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				if slices.Contains([]string{"github.com/agentgames/bundle/games", "github.com/agentgames/bundle/engines"}, p) ||
					strings.HasPrefix(p, "github.com/agentgames/bundle/games/") || strings.HasPrefix(p, "github.com/agentgames/bundle/engines/") {
					t.Errorf("%s imports %s", path, p)
				}
			}
			return nil
		})
	}
}
