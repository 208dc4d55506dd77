// Package mcpedge is the Model Context Protocol edge of the bundle: every
// game's loop, the live Tidebreakers and Tron matches, and the agents, the
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
)

// New builds the MCP server of svc's games and, when live is not nil, of
// live Tidebreakers matches, when tron is not nil, of live Tron matches;
// with ag's registry, boards and raters, of agents, the boards of their
// ranked runs and the ratings of their live matches (see Agents); with
// hs, of matches behind handles (see Handles).
func New(svc *play.Service, live Live, tron TronLive, ag Agents, hs *Handles) *mcp.Server {
	srv := mcp.NewServer(&mcp.Implementation{Name: "agentgames", Title: "Agent game bundle", Version: version.String("mcp")},
		&mcp.ServerOptions{Instructions: instructions(svc, live != nil, tron != nil, ag, hs != nil)})
	addCatalog(srv, svc)
	for _, g := range svc.Games() {
		addLoop(srv, svc, ag.Registry, hs, g)
	}
	if live != nil {
		addLive(srv, live, ag, hs)
	}
	if tron != nil {
		addTronLive(srv, tron, ag, hs)
	}
	addAgents(srv, svc, ag)
	addRatings(srv, svc, ag)
	addResources(srv, svc, ag, hs != nil)
	addPrompts(srv, svc, hs != nil)
	return srv
}
