package mcpedge_test

import (
	"context"
	"encoding/json"
	"io/fs"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	bundle "github.com/agentgames/bundle"
	"github.com/agentgames/bundle/games"
	"github.com/agentgames/bundle/transport/mcpedge/mcptest"
)

// TestCatalog: list_games lists every game with its tools, and
// game_rules answers a game's docs, its action schema and its spec.
func TestCatalog(t *testing.T) {
	cs := newBench(t).inMemory(t)
	var list struct {
		Games []struct {
			Slug, StartTool, ActTool string
			Options                  map[string]string
		} `json:"games"`
	}
	res := call(t, cs, "list_games", map[string]any{})
	structured(t, res, &list)
	text, _ := mcptest.Text(res)
	if len(list.Games) != len(games.All()) {
		t.Fatalf("list_games: %+v", list)
	}
	for i, g := range games.All() {
		info := g.Info()
		got := list.Games[i]
		if got.Slug != info.Slug || got.StartTool != "start_"+info.Slug || got.ActTool != "act_"+info.Slug || len(got.Options) != len(info.Options)+1 {
			t.Errorf("list_games' %s: %+v", info.Slug, got)
		}
		if !strings.Contains(text, info.Name+" ("+info.Slug+")") {
			t.Errorf("list_games' text lacks %s:\n%s", info.Name, text)
		}
		var rules struct {
			ActionSchema json.RawMessage `json:"actionSchema"`
			Spec         json.RawMessage `json:"spec"`
			Text         string          `json:"text"`
		}
		res := call(t, cs, "game_rules", map[string]any{"game": info.Slug})
		structured(t, res, &rules)
		docs, _ := fs.ReadFile(bundle.Docs, "docs/"+info.Slug+".md")
		text, _ := mcptest.Text(res)
		var schema, want any
		json.Unmarshal(rules.ActionSchema, &schema)
		json.Unmarshal(info.ActionSchema, &want)
		if rules.Text != string(docs) || !strings.HasPrefix(text, string(docs)) || !cmp.Equal(schema, want) || len(rules.Spec) < 100 {
			t.Errorf("game_rules %s: %.200s", info.Slug, text)
		}
	}
}

// TestResourcesAndPrompts: every game's docs is a resource, as the file
// reads, besides play.md and the overview; the overview and the server's
// instructions name every game's tools; play_<slug> sets an agent to play.
func TestResourcesAndPrompts(t *testing.T) {
	ctx := context.Background()
	cs := newBench(t).inMemory(t)
	list, err := cs.ListResources(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	uris := map[string]bool{}
	for _, r := range list.Resources {
		uris[r.URI] = true
	}
	read := func(uri string) string {
		t.Helper()
		res, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
		if err != nil || len(res.Contents) != 1 {
			t.Fatalf("%s: %v", uri, err)
		}
		return res.Contents[0].Text
	}
	overview := read("agentgames://overview")
	if got := cs.InitializeResult().Instructions; got != overview {
		t.Errorf("the instructions are not the overview:\n%s", got)
	}
	for _, name := range []string{"play", "tinrail", "brinebell", "tidebreakers", "tron"} {
		uri := "agentgames://docs/" + name
		docs, _ := fs.ReadFile(bundle.Docs, "docs/"+name+".md")
		if !uris[uri] || read(uri) != string(docs) {
			t.Errorf("%s is not docs/%s.md", uri, name)
		}
	}
	for _, g := range games.All() {
		slug := g.Info().Slug
		if !strings.Contains(overview, "start_"+slug) || !strings.Contains(overview, "act_"+slug) {
			t.Errorf("the overview does not name %s's tools", slug)
		}
		p, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "play_" + slug})
		if err != nil || len(p.Messages) != 1 || !strings.Contains(p.Messages[0].Content.(*mcp.TextContent).Text, "start_"+slug) {
			t.Errorf("play_%s: %v %+v", slug, err, p)
		}
	}
}
