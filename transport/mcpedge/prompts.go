package mcpedge

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgames/bundle/play"
)

// addPrompts adds play_<slug>: a prompt that sets an agent to play a whole
// match of one game through its tools.
func addPrompts(srv *mcp.Server, svc *play.Service, handles bool) {
	next := `the newest "state"`
	if handles {
		next = `the "handle" it answered`
	}
	for _, g := range svc.Games() {
		info := g.Info()
		text := fmt.Sprintf("Play one whole match of %s (%s) through the tools. Goal: %s\n"+
			"Read the rules first (the resource %s, or game_rules {\"game\":%q}). Then call %s (with \"seed\" if you were given one), "+
			"and then %s with %s and one action from \"legalActions\", exactly as listed, until \"gameOver\" is true. "+
			"A refused action changes nothing: read its reason and pick again. End by reporting the score and the result.",
			info.Name, info.Description, info.Goal, docsURI(info.Slug), info.Slug, startTool(info.Slug), actTool(info.Slug), next)
		srv.AddPrompt(&mcp.Prompt{Name: "play_" + info.Slug, Title: "Play a " + info.Name + " match", Description: "Plays one whole " + info.Name + " match to the end."},
			func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
				return &mcp.GetPromptResult{Description: "Play " + info.Name, Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: text}}}}, nil
			})
	}
}
