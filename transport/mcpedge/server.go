// Package mcpedge is the Model Context Protocol edge of the bundle: every
// game's loop, every live game's matches, and the agents, the
// leaderboards of their ranked runs and the ratings of their live matches
// as MCP tools, each game's docs as resources, served by the official Go
// SDK over any of its transports (stdio in cmd/mcp; stateless Streamable
// HTTP at /mcp on the local server and on Lambda, through Handler).
//
// It adds nothing to an answer: a tool hands its arguments to the same
// play.Service (or live server) the HTTP edge serves, and its structured
// result is exactly the HTTP answer's JSON object. Refused actions are
// ordinary tool results (ok false, the reason, the legal actions); a
// request the service cannot act on is a tool error carrying the HTTP
// answer's { error: { code, message } }, made by httpapi.WriteError, the
// one place errors become answers.
package mcpedge

import (
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentgames/bundle/internal/version"
	"github.com/agentgames/bundle/play"
	"github.com/agentgames/bundle/play/live"
)

// New builds the MCP server of svc's games and of the matches of the live
// games lives serve (their tools made from each game's descriptor); with
// ag's registry, boards and raters, of agents, the boards of their ranked
// runs and the ratings of their live matches (see Agents); with hs, of
// matches behind handles (see Handles).
func New(svc *play.Service, lives []*live.Server, ag Agents, hs *Handles) *Server {
	srv := &Server{Server: mcp.NewServer(&mcp.Implementation{Name: "agentgames", Title: "Agent game bundle", Version: version.String("mcp")},
		&mcp.ServerOptions{Instructions: instructions(svc, lives, ag, hs != nil)}), tools: map[string]mcp.ToolHandler{}}
	addCatalog(srv, svc)
	for _, g := range svc.Games() {
		addLoop(srv, svc, ag.Registry, hs, g)
	}
	for _, l := range lives {
		if hs != nil {
			hs.acts[l.Game().Slug] = l.Game().Tools.Act
		}
		addLive(srv, l, ag, hs)
	}
	addAgents(srv, svc, ag)
	addRatings(srv, svc, ag)
	addArena(srv, ag)
	addResources(srv.Server, svc, lives, ag, hs != nil)
	addPrompts(srv.Server, svc, hs != nil)
	return srv
}

// Server is the bundle's MCP server, which the SDK serves over any of its
// transports, and its tools' handlers by name, which Handler's front calls
// itself for a plain tools/call (see direct).
type Server struct {
	*mcp.Server
	tools map[string]mcp.ToolHandler
}

// addTool adds the tool t, served by h.
func (s *Server) addTool(t *mcp.Tool, h mcp.ToolHandler) {
	s.Server.AddTool(t, h)
	s.tools[t.Name] = h
}
