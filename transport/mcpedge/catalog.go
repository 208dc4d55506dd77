package mcpedge

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	bundle "github.com/agentgames/bundle"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/wire"
)

// game is one game in list_games and game_rules. list_games answers its
// own object, not GET /api/games's: the index's URLs name HTTP paths, and
// an MCP server may have no address (over stdio).
type game struct {
	Slug        string `json:"slug"`
	Name        string `json:"name"`
	Genre       string `json:"genre"`
	Description string `json:"description"`
	Goal        string `json:"goal"`
	// Options documents every argument of the start tool.
	Options   map[string]string `json:"options"`
	StartTool string            `json:"startTool"`
	ActTool   string            `json:"actTool"`
	Docs      string            `json:"docs"`
}

// rules is what game_rules answers: the game, its action grammar and its
// spec (what start sends too), and its docs as text.
type rules struct {
	game
	ActionSchema json.RawMessage `json:"actionSchema"`
	Spec         any             `json:"spec"`
	Text         string          `json:"text"`
}

func describe(g play.Game) game {
	info := g.Info()
	return game{Slug: info.Slug, Name: info.Name, Genre: info.Genre, Description: info.Description, Goal: info.Goal,
		Options: info.OptionDocs(), StartTool: startTool(info.Slug), ActTool: actTool(info.Slug), Docs: docsURI(info.Slug)}
}

// readOnly marks the tools that only read.
var readOnly = &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true}

// addCatalog adds list_games and game_rules.
func addCatalog(srv *Server, svc *play.Service) {
	var slugs []string
	for _, g := range svc.Games() {
		slugs = append(slugs, g.Info().Slug)
	}
	srv.addTool(&mcp.Tool{
		Name:         "list_games",
		Title:        "List the games",
		Description:  "Lists every game served here: what it is, its goal, its start and act tools and its options.",
		InputSchema:  map[string]any{"type": "object", "additionalProperties": false},
		OutputSchema: outputSchema("McpGameList"),
		Annotations:  readOnly,
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		m, err := members(req.Params.Arguments)
		for name := range m {
			err = play.Errorf(play.CodeInvalidRequest, "list_games takes no arguments, not %s", wire.Quote(name))
		}
		if err != nil {
			return failed(ctx, req.Params.Name, err), nil
		}
		games := []game{}
		for _, g := range svc.Games() {
			games = append(games, describe(g))
		}
		return result(ctx, req.Params.Name, map[string]any{"games": games}, nil, func(map[string]any) string { return gamesText(games) })
	})
	srv.addTool(&mcp.Tool{
		Name:        "game_rules",
		Title:       "Read a game's rules",
		Description: "Answers a game's rules (its docs), its action grammar as JSON Schema and its spec: read it before a first match.",
		InputSchema: map[string]any{
			"type":                 "object",
			"properties":           map[string]any{"game": map[string]any{"type": "string", "enum": slugs, "description": "the game's slug"}},
			"required":             []string{"game"},
			"additionalProperties": false,
		},
		OutputSchema: outputSchema("McpGameRules"),
		Annotations:  readOnly,
	}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		r, err := readRules(svc, req.Params.Arguments)
		return result(ctx, req.Params.Name, r, err, func(r *rules) string {
			return r.Text + "\n\n## Action grammar (JSON Schema of act_" + r.Slug + "'s \"action\")\n\n" + string(r.ActionSchema)
		})
	})
}

// readRules answers game_rules.
func readRules(svc *play.Service, args json.RawMessage) (*rules, error) {
	m, err := members(args)
	if err != nil {
		return nil, err
	}
	for name := range m {
		if name != "game" {
			return nil, play.Errorf(play.CodeInvalidRequest, "game_rules takes one argument, game, not %s", wire.Quote(name))
		}
	}
	var slug string
	if raw, ok := m["game"]; !ok || json.Unmarshal(raw, &slug) != nil {
		return nil, play.Errorf(play.CodeInvalidRequest, "game_rules needs the game's slug as \"game\"; list_games lists them")
	}
	g, err := svc.Game(slug)
	if err != nil {
		return nil, err
	}
	text, err := fs.ReadFile(bundle.Docs, "docs/"+slug+".md")
	if err != nil {
		return nil, fmt.Errorf("docs for %s: %w", slug, err)
	}
	return &rules{game: describe(g), ActionSchema: g.Info().ActionSchema, Spec: g.Spec(), Text: string(text)}, nil
}

// gamesText is list_games for a model to read.
func gamesText(games []game) string {
	var b strings.Builder
	for _, g := range games {
		fmt.Fprintf(&b, "- %s (%s): %s Goal: %s Tools: %s, %s. Rules: game_rules {\"game\":%q} or the resource %s.\n",
			g.Name, g.Slug, g.Description, g.Goal, g.StartTool, g.ActTool, g.Slug, g.Docs)
	}
	return b.String()
}
